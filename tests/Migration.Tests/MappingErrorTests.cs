using Grpc.Core;
using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// Valid protobuf whose values no C# type of the contract can hold: the generated adapter answers INVALID_ARGUMENT with
/// the mapper's one-line reason, as for a DateTime out of range, and the sample keeps answering.
/// </summary>
public sealed class MappingErrorTests(SampleHostFixture fixture) : IClassFixture<SampleHostFixture>
{
    [Fact]
    public async Task A_decimal_with_scale_above_28_is_answered_invalid_argument_not_unknown()
    {
        using var channel = EndpointChannel.Create(fixture.Host.Endpoint);
        var client = new ProductCatalog.ProductCatalogClient(channel);
        var request = new ChangePriceRequest { Id = "p-1", NewPrice = new MigrateWcf.Grpc.Decimal { CoefficientLow = 1, Scale = 29 }, Reason = "scale 29" };

        var error = await Assert.ThrowsAsync<RpcException>(async () => await client.ChangePriceAsync(request));

        Assert.Equal(StatusCode.InvalidArgument, error.StatusCode);
        Assert.Equal("migrate_wcf.Decimal has scale 29; System.Decimal holds 0 to 28 digits after the point.", error.Status.Detail);
    }
}
