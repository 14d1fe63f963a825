using System.IO.Pipes;
using System.Net.Sockets;
using Google.Protobuf.WellKnownTypes;

namespace MigrateWcf.Runtime.Tests;

public class HostingTests
{
    private static ServerServiceDefinition Echo() => ServerServiceDefinition.CreateBuilder()
        .AddUnaryMethod(TestMethods.Echo, (request, context) => Task.FromResult(new StringValue { Value = "echo:" + request.Value }))
        .Build();

    private static async Task<string> CallEcho(GrpcChannel channel, string text)
    {
        var response = await channel.CreateCallInvoker().AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue { Value = text }).ResponseAsync;
        return response.Value;
    }

    [Fact]
    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    public async Task Socket_directory_is_created_0700_and_socket_is_0600_and_removed_on_shutdown()
    {
        var root = TestServer.NewTempDirectory();
        try
        {
            var socketPath = Path.Combine(root, "private", "svc.sock");
            var endpoint = GrpcEndpoint.UnixSocket(socketPath);
            var server = await GrpcServer.StartAsync(endpoint, Echo());
            try
            {
                Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute, File.GetUnixFileMode(Path.Combine(root, "private")));
                Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(socketPath));
                using var channel = GrpcChannel.ForEndpoint(endpoint);
                Assert.Equal("echo:a", await CallEcho(channel, "a"));
            }
            finally
            {
                await server.DisposeAsync();
            }
            Assert.False(File.Exists(socketPath));
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Fact]
    public async Task A_stale_socket_file_from_a_crashed_server_is_replaced()
    {
        var root = TestServer.NewTempDirectory();
        try
        {
            var socketPath = Path.Combine(root, "svc.sock");
            // Another process binds the socket and exits without unlinking it, as a crashed server would.
            // (.NET's own Socket removes the file on dispose, so it can't leave one behind.)
            using (var process = System.Diagnostics.Process.Start(new System.Diagnostics.ProcessStartInfo("python3")
            {
                ArgumentList = { "-c", "import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1])", socketPath },
                UseShellExecute = false,
            })!)
            {
                await process.WaitForExitAsync();
                Assert.Equal(0, process.ExitCode);
            }
            Assert.True(File.Exists(socketPath));

            await using var server = await GrpcServer.StartAsync(GrpcEndpoint.UnixSocket(socketPath), Echo());
            using var channel = GrpcChannel.ForEndpoint(server.Endpoint);
            Assert.Equal("echo:b", await CallEcho(channel, "b"));
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Fact]
    public async Task A_socket_another_server_listens_on_is_not_taken_over()
    {
        var root = TestServer.NewTempDirectory();
        try
        {
            var endpoint = GrpcEndpoint.UnixSocket(Path.Combine(root, "svc.sock"));
            await using var first = await GrpcServer.StartAsync(endpoint, Echo());
            await Assert.ThrowsAsync<IOException>(() => GrpcServer.StartAsync(endpoint, Echo()));
            using var channel = GrpcChannel.ForEndpoint(endpoint);
            Assert.Equal("echo:c", await CallEcho(channel, "c"));
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    [Fact]
    public void Pipe_names_map_to_the_path_dotnet_named_pipes_use()
    {
        Assert.Equal(Path.Combine(Path.GetTempPath(), "CoreFxPipe_my.pipe"), GrpcEndpoint.GetUnixPipePath("my.pipe"));
        Assert.Equal("/run/x/y.sock", GrpcEndpoint.GetUnixPipePath("/run/x/y.sock"));
        if (!OperatingSystem.IsWindows())
        {
            Assert.Equal(Path.Combine(Path.GetTempPath(), "CoreFxPipe_abc"), GrpcEndpoint.NamedPipe("abc").GetUnixSocketPath());
        }
    }

    [Fact]
    public async Task A_named_pipe_server_is_reachable_through_NamedPipeClientStream()
    {
        var pipeName = "mwrt-" + Guid.NewGuid().ToString("N")[..12];
        var server = await GrpcServer.StartAsync(GrpcEndpoint.NamedPipe(pipeName), Echo());
        try
        {
            if (!OperatingSystem.IsWindows())
            {
                Assert.True(File.Exists(GrpcEndpoint.GetUnixPipePath(pipeName)));
            }

            // A client written for pipes: its transport is .NET's own NamedPipeClientStream.
            var handler = new SocketsHttpHandler
            {
                ConnectCallback = async (_, ct) =>
                {
                    var pipe = new NamedPipeClientStream(".", pipeName, PipeDirection.InOut, PipeOptions.Asynchronous);
                    await pipe.ConnectAsync(ct);
                    return pipe;
                },
            };
            using var pipeChannel = GrpcChannel.ForAddress("http://localhost", new GrpcChannelOptions { HttpHandler = handler, DisposeHttpHandler = true });
            Assert.Equal("echo:pipe", await CallEcho(pipeChannel, "pipe"));

            // And the matching client factory takes the same endpoint description.
            using var channel = GrpcChannel.ForEndpoint(GrpcEndpoint.Parse("pipe:" + pipeName));
            Assert.Equal("echo:same", await CallEcho(channel, "same"));
        }
        finally
        {
            await server.DisposeAsync();
        }
        if (!OperatingSystem.IsWindows()) Assert.False(File.Exists(GrpcEndpoint.GetUnixPipePath(pipeName)));
    }

    [Fact]
    public async Task Tcp_is_available_when_asked_for_with_a_chosen_port()
    {
        await using var server = await GrpcServer.StartAsync(GrpcEndpoint.Tcp("127.0.0.1", 0), Echo());
        Assert.NotEqual(0, server.Endpoint.Port);
        using var channel = GrpcChannel.ForAddress(server.Endpoint.ToString());
        Assert.Equal("echo:tcp", await CallEcho(channel, "tcp"));
    }

    [Fact]
    public async Task Services_map_into_an_application_host_composed_by_hand()
    {
        var root = TestServer.NewTempDirectory();
        try
        {
            var endpoint = GrpcEndpoint.UnixSocket(Path.Combine(root, "app.sock"));
            var builder = Microsoft.AspNetCore.Builder.WebApplication.CreateSlimBuilder();
            builder.WebHost.ListenGrpc(endpoint);
            builder.Services.AddGrpcRuntime(o => o.EnableDetailedErrors = true);
            await using var app = builder.Build();
            app.MapGrpcService(Echo());
            await app.StartAsync();
            using var channel = GrpcChannel.ForEndpoint(endpoint);
            Assert.Equal("echo:app", await CallEcho(channel, "app"));
            await app.StopAsync();
            Assert.False(File.Exists(endpoint.Path));
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }
}
