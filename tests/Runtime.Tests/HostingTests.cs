using System.IO.Pipes;
using System.Net.Sockets;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using Grpc.Health.V1;
using Grpc.Net.Client;
using Grpc.Reflection.V1Alpha;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using ServingStatus = Grpc.Health.V1.HealthCheckResponse.Types.ServingStatus;

namespace MigrateWcf.Runtime.Tests;

/// <summary>Real Kestrel on real Unix sockets (and a named pipe's socket), called through real grpc-dotnet channels.</summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public class HostingTests
{
    private const UnixFileMode Private = UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute;
    private const UnixFileMode OwnerReadWrite = UnixFileMode.UserRead | UnixFileMode.UserWrite;

    private static Task<GrpcHost> StartEchoAsync(GrpcEndpoint endpoint, Action<GrpcHostOptions>? options = null) =>
        GrpcHost.StartAsync(endpoint, host =>
        {
            host.MapService<EchoService>();
            options?.Invoke(host.Options);
        });

    [Fact]
    public async Task A_missing_socket_directory_is_created_0700_the_socket_is_0600_and_gone_after_shutdown()
    {
        using var temp = TempDirectory.Shared();
        var directory = temp.Combine("private");
        var endpoint = GrpcEndpoint.UnixSocket(Path.Combine(directory, "svc.sock"));
        await using (var host = await StartEchoAsync(endpoint))
        {
            Assert.Equal(Private, File.GetUnixFileMode(directory));
            Assert.Equal(OwnerReadWrite, File.GetUnixFileMode(endpoint.Path!));
            using var channel = EndpointChannel.Create(endpoint);
            Assert.Equal("echo:a", await EchoService.SayAsync(channel, "a"));
        }

        Assert.False(File.Exists(endpoint.Path));
        Assert.Empty(Directory.GetFileSystemEntries(directory));
    }

    [Fact]
    public async Task In_a_directory_others_can_enter_the_socket_is_0600_whenever_seen_and_nothing_else_is_left()
    {
        using var temp = TempDirectory.Shared();
        var endpoint = GrpcEndpoint.UnixSocket(temp.Combine("svc.sock"));
        // Polls the path's mode while the host starts. A window between bind and chmod lasts microseconds, so this may
        // miss one; what it checks for sure is the mode once the socket is there and that nothing else was left.
        var seen = new List<UnixFileMode>();
        using var stop = new CancellationTokenSource();
        var watcher = Task.Run(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                try
                {
                    seen.Add(File.GetUnixFileMode(endpoint.Path!));
                }
                catch (FileNotFoundException)
                {
                }
            }
        });
        await using (var host = await StartEchoAsync(endpoint))
        {
            await Eventually.TrueAsync(() => seen.Count > 0, "the watcher sees the socket");

            await stop.CancelAsync();
            await watcher;
            using var channel = EndpointChannel.Create(endpoint);
            Assert.Equal("echo:b", await EchoService.SayAsync(channel, "b"));
        }

        Assert.All(seen, mode => Assert.Equal(OwnerReadWrite, mode));
        // Only the socket is left behind by nobody: the private directory it was made in is gone too.
        Assert.Empty(Directory.GetFileSystemEntries(temp.Path));
    }

    [TheoryWithSecondUser]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Another_user_cannot_connect(bool directoryOthersCanEnter)
    {
        using var temp = directoryOthersCanEnter ? TempDirectory.Shared() : new TempDirectory();
        var endpoint = GrpcEndpoint.UnixSocket(temp.Combine("svc.sock"));
        await using var host = await StartEchoAsync(endpoint);
        var connect = new[] { "/usr/bin/python3", "-c", "import socket,sys; socket.socket(socket.AF_UNIX).connect(sys.argv[1])", endpoint.Path! };

        var asOwner = await Processes.RunAsync(connect[0], connect[1..]);
        Assert.True(asOwner.ExitCode == 0, "The owner's own probe failed, so the test could not tell a refusal: " + asOwner.StdErr);
        var asNobody = await Processes.RunAsync(SecondUser.SetPriv, [.. SecondUser.AsNobody, .. connect]);
        Assert.NotEqual(0, asNobody.ExitCode);
        Assert.Contains("PermissionError", asNobody.StdErr);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task Calls_that_block_their_thread_do_not_hold_up_other_calls_on_the_same_connection(bool inlineSocketScheduling)
    {
        using var temp = new TempDirectory();
        var gate = new BlockingEchoService.Gate();
        await using var host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), h =>
        {
            h.Services.AddSingleton(gate);
            h.MapService<BlockingEchoService>();
            h.Options.InlineSocketScheduling = inlineSocketScheduling;
        });
        using var channel = EndpointChannel.Create(host.Endpoint);

        // More calls blocking their threads (as synchronous WCF operations do) than there are cores, on one connection.
        var blocking = Enumerable.Range(0, 2 * Environment.ProcessorCount + 2).Select(_ => EchoService.SayAsync(channel, "block")).ToArray();
        try
        {
            await Eventually.TrueAsync(() => gate.Entered == blocking.Length, "every blocking call reached the service");

            Assert.Equal("echo:free", await Eventually.Within(EchoService.SayAsync(channel, "free")));
            Assert.All(blocking, call => Assert.False(call.IsCompleted));
        }
        finally
        {
            gate.Release.Set();
        }

        Assert.All(await Eventually.Within(Task.WhenAll(blocking)), answer => Assert.Equal("echo:block", answer));
    }

    [Fact]
    public async Task A_stale_socket_left_by_a_killed_server_is_replaced()
    {
        using var temp = new TempDirectory();
        var path = temp.Combine("svc.sock");
        // Another process binds the socket and exits without removing it, as a killed server would.
        var stale = await Processes.RunAsync("/usr/bin/python3", "-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", path);
        Assert.Equal(0, stale.ExitCode);
        Assert.True(File.Exists(path));

        await using var host = await StartEchoAsync(GrpcEndpoint.UnixSocket(path));
        using var channel = EndpointChannel.Create(host.Endpoint);
        Assert.Equal("echo:c", await EchoService.SayAsync(channel, "c"));
    }

    [Fact]
    public async Task A_socket_another_server_listens_on_is_not_taken_over()
    {
        using var temp = new TempDirectory();
        var endpoint = GrpcEndpoint.UnixSocket(temp.Combine("svc.sock"));
        await using var first = await StartEchoAsync(endpoint);
        var error = await Assert.ThrowsAsync<GrpcHostingException>(() => StartEchoAsync(endpoint));
        Assert.Contains("another server is listening", error.Message);
        using var channel = EndpointChannel.Create(endpoint);
        Assert.Equal("echo:d", await EchoService.SayAsync(channel, "d"));
    }

    [Theory]
    [InlineData("regular file")]
    [InlineData("directory")]
    [InlineData("symbolic link")]
    public async Task What_is_not_a_socket_at_the_path_is_refused_and_kept(string kind)
    {
        using var temp = new TempDirectory();
        var path = temp.Combine("svc.sock");
        var target = temp.Combine("target.txt");
        File.WriteAllText(target, "keep me");
        switch (kind)
        {
            case "regular file":
                File.WriteAllText(path, "keep me");
                break;
            case "directory":
                Directory.CreateDirectory(path);
                File.WriteAllText(Path.Combine(path, "inside.txt"), "keep me");
                break;
            default:
                File.CreateSymbolicLink(path, target);
                break;
        }

        var error = await Assert.ThrowsAsync<GrpcHostingException>(() => StartEchoAsync(GrpcEndpoint.UnixSocket(path)));
        Assert.Equal($"Cannot listen on unix:{path}: a {kind} is there (it is not removed; delete it or choose another path).", error.Message);
        Assert.Equal("keep me", File.ReadAllText(kind == "directory" ? Path.Combine(path, "inside.txt") : path));
        Assert.Equal("keep me", File.ReadAllText(target));
    }

    [Fact]
    public async Task A_pipe_name_server_is_reachable_through_NamedPipeClientStream_and_the_channel_factory()
    {
        var pipeName = "mwrt-" + Guid.NewGuid().ToString("N")[..12];
        await using (var host = await StartEchoAsync(GrpcEndpoint.Parse(pipeName)))
        {
            Assert.Equal(OwnerReadWrite, File.GetUnixFileMode(GrpcEndpoint.GetPipeSocketPath(pipeName)));

            // A client written for pipes: its transport is .NET's own NamedPipeClientStream.
            var handler = new SocketsHttpHandler
            {
                ConnectCallback = async (_, cancellationToken) =>
                {
                    var pipe = new NamedPipeClientStream(".", pipeName, PipeDirection.InOut, PipeOptions.Asynchronous);
                    await pipe.ConnectAsync(cancellationToken);
                    return pipe;
                },
            };
            using var pipeChannel = GrpcChannel.ForAddress("http://localhost", new GrpcChannelOptions { HttpHandler = handler, DisposeHttpClient = true });
            Assert.Equal("echo:pipe", await EchoService.SayAsync(pipeChannel, "pipe"));

            using var channel = EndpointChannel.Create(GrpcEndpoint.Parse("pipe:" + pipeName));
            Assert.Equal("echo:same", await EchoService.SayAsync(channel, "same"));
        }

        Assert.False(File.Exists(GrpcEndpoint.GetPipeSocketPath(pipeName)));
    }

    [Fact]
    public async Task Tcp_is_listened_on_only_when_asked_for()
    {
        await using (var tcp = await StartEchoAsync(GrpcEndpoint.Tcp("127.0.0.1", 0)))
        {
            Assert.NotEqual(0, tcp.Endpoint.Port);
            using var channel = EndpointChannel.Create(tcp.Endpoint);
            Assert.Equal("echo:tcp", await EchoService.SayAsync(channel, "tcp"));
        }

        using var temp = new TempDirectory();
        await using var unix = await StartEchoAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")));
        var addresses = unix.App.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses;
        Assert.Equal(["http://unix:" + temp.Combine("svc.sock")], addresses);
    }

    [Fact]
    public async Task Health_and_reflection_answer_over_the_socket_when_enabled()
    {
        using var temp = new TempDirectory();
        await using var host = await StartEchoAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o =>
        {
            o.EnableHealthChecks = true;
            o.EnableReflection = true;
        });
        using var channel = EndpointChannel.Create(host.Endpoint);

        var health = new Health.HealthClient(channel);
        Assert.Equal(ServingStatus.Serving, (await health.CheckAsync(new HealthCheckRequest())).Status);
        Assert.Equal(ServingStatus.Serving, (await health.CheckAsync(new HealthCheckRequest { Service = "runtime.tests.Echo" })).Status);
        var unknown = await Assert.ThrowsAsync<RpcException>(() => health.CheckAsync(new HealthCheckRequest { Service = "no.Such" }).ResponseAsync);
        Assert.Equal(StatusCode.NotFound, unknown.StatusCode);

        using var reflection = new ServerReflection.ServerReflectionClient(channel).ServerReflectionInfo();
        await reflection.RequestStream.WriteAsync(new ServerReflectionRequest { ListServices = "" });
        await reflection.RequestStream.CompleteAsync();
        Assert.True(await reflection.ResponseStream.MoveNext(CancellationToken.None));
        var services = reflection.ResponseStream.Current.ListServicesResponse.Service.Select(s => s.Name).ToList();
        Assert.Contains("runtime.tests.Echo", services);
        Assert.Contains("grpc.health.v1.Health", services);
    }

    [Fact]
    public async Task Health_and_reflection_are_off_by_default()
    {
        using var temp = new TempDirectory();
        await using var host = await StartEchoAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")));
        using var channel = EndpointChannel.Create(host.Endpoint);
        var health = await Assert.ThrowsAsync<RpcException>(() => new Health.HealthClient(channel).CheckAsync(new HealthCheckRequest()).ResponseAsync);
        Assert.Equal(StatusCode.Unimplemented, health.StatusCode);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Request_logging_is_off_unless_asked_for(bool logRequests)
    {
        using var temp = new TempDirectory();
        await using var host = await StartEchoAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.LogRequests = logRequests);
        var loggers = host.App.Services.GetRequiredService<ILoggerFactory>();
        // ASP.NET Core creates a per-request activity and log scope only when this category is enabled at some level.
        Assert.Equal(logRequests, loggers.CreateLogger("Microsoft.AspNetCore.Hosting.Diagnostics").IsEnabled(LogLevel.Critical));
        Assert.Equal(logRequests, loggers.CreateLogger("Microsoft.AspNetCore.Routing.EndpointMiddleware").IsEnabled(LogLevel.Information));
        Assert.True(loggers.CreateLogger("Grpc.AspNetCore.Server.ServerCallHandler").IsEnabled(LogLevel.Error));
    }

    [Fact]
    public async Task The_hosting_calls_compose_into_an_application_host()
    {
        using var temp = new TempDirectory();
        var endpoint = GrpcEndpoint.UnixSocket(temp.Combine("app.sock"));
        var builder = WebApplication.CreateSlimBuilder();
        builder.AddGrpcEndpoint(endpoint, o => o.EnableHealthChecks = true);
        await using var app = builder.Build();
        app.MapGrpcService<EchoService>();
        app.MapGrpcHostServices();
        await app.StartAsync();
        using (var channel = EndpointChannel.Create(endpoint))
        {
            Assert.Equal("echo:app", await EchoService.SayAsync(channel, "app"));
            Assert.Equal(ServingStatus.Serving, (await new Health.HealthClient(channel).CheckAsync(new HealthCheckRequest())).Status);
        }

        // Both health answers read one ASP.NET Core check, unhealthy once the host begins to stop (Kestrel refuses new
        // calls by then, so it is read in-process).
        var checks = app.Services.GetRequiredService<Microsoft.Extensions.Diagnostics.HealthChecks.HealthCheckService>();
        Assert.Equal(Microsoft.Extensions.Diagnostics.HealthChecks.HealthStatus.Healthy, (await checks.CheckHealthAsync()).Status);
        await app.StopAsync();
        Assert.False(File.Exists(endpoint.Path));
        Assert.Equal(Microsoft.Extensions.Diagnostics.HealthChecks.HealthStatus.Unhealthy, (await checks.CheckHealthAsync()).Status);
    }
}

/// <summary>Echo whose "block" calls wait on their thread until the test releases them.</summary>
internal sealed class BlockingEchoService(BlockingEchoService.Gate gate) : Protos.Echo.EchoBase
{
    public override Task<StringValue> Say(StringValue request, ServerCallContext context)
    {
        if (request.Value == "block")
        {
            Interlocked.Increment(ref gate.EnteredCount);
            gate.Release.Wait(context.CancellationToken);
        }

        return Task.FromResult(new StringValue { Value = "echo:" + request.Value });
    }

    internal sealed class Gate
    {
        public int EnteredCount;

        public ManualResetEventSlim Release { get; } = new();

        public int Entered => Volatile.Read(ref EnteredCount);
    }
}
