using Google.Protobuf.WellKnownTypes;

namespace MigrateWcf.Runtime.Tests;

/// <summary>A real Kestrel server on a Unix socket in a fresh temp directory, and a channel to it; both torn down on dispose.</summary>
internal sealed class TestServer : IAsyncDisposable
{
    private TestServer(string directory, GrpcServer server, GrpcChannel channel)
    {
        Directory = directory;
        Server = server;
        Channel = channel;
        Invoker = channel.CreateCallInvoker();
    }

    public string Directory { get; }
    public GrpcServer Server { get; }
    public GrpcChannel Channel { get; }
    public CallInvoker Invoker { get; }
    public string SocketPath => Server.Endpoint.Path!;

    public static string NewTempDirectory()
    {
        // Short paths: a Unix socket path must fit in 108 bytes.
        var path = Path.Combine("/tmp", "mwrt-" + Guid.NewGuid().ToString("N")[..10]);
        System.IO.Directory.CreateDirectory(path);
        return path;
    }

    public static async Task<TestServer> StartAsync(ServerServiceDefinition service, Action<GrpcServerHostOptions>? configure = null, GrpcChannelOptions? channelOptions = null)
    {
        var directory = NewTempDirectory();
        var options = new GrpcServerHostOptions();
        configure?.Invoke(options);
        var server = await GrpcServer.StartAsync(GrpcEndpoint.UnixSocket(Path.Combine(directory, "sock", "grpc.sock")), service, options);
        var channel = GrpcChannel.ForEndpoint(server.Endpoint, channelOptions);
        return new TestServer(directory, server, channel);
    }

    public async ValueTask DisposeAsync()
    {
        Channel.Dispose();
        await Server.DisposeAsync();
        try
        {
            System.IO.Directory.Delete(Directory, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}

/// <summary>Methods of a test service with well-known protobuf wrapper messages (no protoc needed).</summary>
internal static class TestMethods
{
    public const string Service = "test.v1.TestService";

    public static readonly Method<StringValue, StringValue> Echo = new(MethodType.Unary, Service, "Echo", ProtobufMarshaller.For<StringValue>(), ProtobufMarshaller.For<StringValue>());
    public static readonly Method<Int32Value, Int32Value> Count = new(MethodType.ServerStreaming, Service, "Count", ProtobufMarshaller.For<Int32Value>(), ProtobufMarshaller.For<Int32Value>());
    public static readonly Method<Int32Value, Int32Value> Sum = new(MethodType.ClientStreaming, Service, "Sum", ProtobufMarshaller.For<Int32Value>(), ProtobufMarshaller.For<Int32Value>());
    public static readonly Method<StringValue, StringValue> Chat = new(MethodType.DuplexStreaming, Service, "Chat", ProtobufMarshaller.For<StringValue>(), ProtobufMarshaller.For<StringValue>());
    public static readonly Method<BytesValue, BytesValue> Blob = new(MethodType.Unary, Service, "Blob", ProtobufMarshaller.For<BytesValue>(), ProtobufMarshaller.For<BytesValue>());
}
