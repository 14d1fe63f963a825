using System.ServiceModel;
using Grpc.Core;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>
/// WCF code reading an HTTP header through <c>OperationContext.Current.IncomingMessageProperties["httpRequest"]</c> reads
/// the gRPC caller's metadata after migration, in a two-way operation and in a one-way one that runs after its
/// acknowledgement (when the request itself is gone).
/// </summary>
public sealed class IncomingMessagePropertiesTests
{
    private static readonly Metadata Tenant = new() { { "x-tenant", "contoso" } };

    [Fact]
    public async Task A_two_way_operation_reads_the_callers_metadata_as_HTTP_headers()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var raw = new Counter.CounterClient(host.NewChannel());

        var hold = raw.HoldAsync(new HoldRequest { Probe = "tenant" }, Tenant);
        await Eventually.Within(host.Log.Entered("tenant").Task);
        host.Log.Release("tenant").SetResult();
        await Eventually.Within(hold.ResponseAsync);

        Assert.Equal("contoso POST http", host.Log.IncomingRequests["tenant"]);
    }

    [Fact]
    public async Task A_one_way_operation_reads_them_after_the_call_was_acknowledged()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Single);
        var raw = new Counter.CounterClient(host.NewChannel());

        await raw.RecordAsync(new RecordRequest { Entry = "hold" }, Tenant);
        Assert.Equal("hold", await Eventually.Within(host.Log.RecordStarted.Task));
        host.Log.Release("record").SetResult();
        await Eventually.TrueAsync(() => host.Log.Recorded.Contains("hold"), "the one-way work finishes");

        Assert.Equal("contoso POST http", host.Log.IncomingRequests["record"]);
    }

    [Fact]
    public void Outside_a_request_the_properties_are_empty()
    {
        var properties = IncomingHttpRequest.Properties((global::Grpc.Core.ServerCallContext?)null);

        Assert.Empty(properties);
        Assert.Null(properties.Via);
    }
}
