using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// Large messages from other languages: Python (C-core) and Node (grpc-js) callers send benchmarks/PayloadWcf's
/// <c>EchoDocument</c> a document of 1 KiB, 64 KiB, 1 MiB and 16 MiB, built from the .proto files migrate-wcf emitted for
/// it alone, to its generated hosting (benchmarks/PayloadWcf.Migrated, message limits 64 MiB as in the payload
/// benchmark) on a Unix socket, and compare every answer with what they sent, byte for byte.
/// </summary>
public sealed partial class OtherLanguageCallerTests
{
    private const int PayloadLimitBytes = 64 * 1024 * 1024;
    private static readonly int[] PayloadSizes = [1024, 64 * 1024, 1024 * 1024, 16 * 1024 * 1024];

    [Fact]
    public Task Python_GetsEveryPayloadSizeBackByteForByte_FromTheEmittedProtoAlone() =>
        AssertPayloadCallerAsync("/usr/bin/python3", [Script("payload_client.py"), "{socket}", Metadata("PayloadProtos"), Metadata("ProtobufIncludes")], nodePath: null);

    [Fact]
    public Task Node_GetsEveryPayloadSizeBackByteForByte_FromTheEmittedProtoAlone() =>
        AssertPayloadCallerAsync("node", [Script("payload_client.js"), "{socket}", Metadata("PayloadProtos")], nodePath: Metadata("NodeModules"));

    private static async Task AssertPayloadCallerAsync(string program, string[] arguments, string? nodePath)
    {
        using var folder = new SocketFolder();
        await using var host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(folder.Combine("payload.sock")), h =>
        {
            h.Builder.Logging.SetMinimumLevel(LogLevel.Warning);
            h.Options.Grpc = grpc => (grpc.MaxReceiveMessageSize, grpc.MaxSendMessageSize) = (PayloadLimitBytes, PayloadLimitBytes);
            global::PayloadWcf.Grpc.MigratedServices.AddMigratedServices(h.Services);
            h.Configure(app => global::PayloadWcf.Grpc.MigratedServices.MapMigratedServices(app));
        });

        var (exitCode, stdout, stderr) = await RunAsync(program, [.. arguments.Select(a => a == "{socket}" ? host.Endpoint.UnixSocketPath! : a)], nodePath);

        Assert.True(exitCode == 0, $"{program} exited with {exitCode}:\n{stdout}\n{stderr}");
        Assert.Equal(PayloadSizes.Select(size => $"echo {size} same"), stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries));
    }
}
