using System.Net;
using System.Net.Sockets;
using Google.Protobuf.Reflection;
using Google.Rpc;
using Grpc.AspNetCore.Server;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>What a gRPC host is made of, shared by <see cref="GrpcHostingExtensions.AddGrpcEndpoint"/> and
/// <see cref="MigratedHost"/>: Kestrel's listeners on an endpoint, grpc-dotnet and what the options add to it.</summary>
internal static class GrpcServing
{
    private static readonly string[] RequestLogCategories =
        ["Microsoft.AspNetCore.Hosting.Diagnostics", "Microsoft.AspNetCore.Routing", "Grpc.AspNetCore.Server.ServerCallHandler"];

    internal static WebApplicationBuilder AddGrpcEndpoint(WebApplicationBuilder builder, GrpcEndpoint endpoint, GrpcHostOptions options)
    {
        if (endpoint.IsTls || options.HttpJson?.IsTls == true)
        {
            // A TLS listener needs its certificate: MigratedHost takes it from configuration.
            throw new GrpcHostingException($"Cannot listen on {(endpoint.IsTls ? endpoint : options.HttpJson)} here: serve https:// endpoints with MigratedHost and a certificate in its configuration (docs/hosting.md).");
        }

        Listen(builder, endpoint, Http2Only);
        if (options.HttpJson is { } httpJson)
        {
            ListenHttpJson(builder, httpJson, listen => listen.Protocols = HttpProtocols.Http1);
        }

        AddGrpcServing(builder, options, [endpoint], jsonTranscoding: options.HttpJson is not null);
        return builder;
    }

    /// <summary>Kestrel's HTTP/2-only listener setting (gRPC with prior knowledge: Unix sockets, pipes, plaintext TCP).</summary>
    internal static void Http2Only(ListenOptions listen) => listen.Protocols = HttpProtocols.Http2;

    /// <summary>What a gRPC host needs besides its listeners: grpc-dotnet, the lanes beside each Unix socket (on Windows
    /// beside each named pipe), quiet request logs, JSON transcoding, health and reflection as
    /// <paramref name="options"/> ask.</summary>
    internal static void AddGrpcServing(WebApplicationBuilder builder, GrpcHostOptions options, IReadOnlyList<GrpcEndpoint> grpcEndpoints, bool jsonTranscoding)
    {
        var unixSocketPaths = grpcEndpoints.Select(e => e.UnixSocketPath).OfType<string>().ToList();
        if (options.InlineSocketScheduling)
        {
            builder.WebHost.UseSockets(sockets => sockets.UnsafePreferInlineScheduling = true);
        }

        var grpc = builder.Services.AddGrpc(grpc => options.Grpc?.Invoke(grpc));
        if (OperatingSystem.IsLinux() && unixSocketPaths.Count > 0 && (options.BulkLane || options.CallLane))
        {
            AddLaneConnections(builder.Services, options.MaxLaneConnections);
        }

        if (options.BulkLane && OperatingSystem.IsLinux() && BulkLane.IsSupported)
        {
            foreach (var socketPath in unixSocketPaths)
            {
                AddBulkLane(builder.Services, socketPath, options.BulkLaneThresholdBytes);
            }
        }

        if (options.CallLane && OperatingSystem.IsLinux())
        {
            foreach (var socketPath in unixSocketPaths)
            {
                AddCallLane(builder.Services, LaneListener.UnixSocket(LaneCallServer.SocketPath(socketPath), LaneCallServer.Name));
            }
        }

        if (OperatingSystem.IsWindows() && (options.BulkLane || options.CallLane)
            && grpcEndpoints.Where(e => e.Kind == GrpcEndpointKind.NamedPipe).Select(e => e.PipeName!).ToList() is { Count: > 0 } pipeNames)
        {
            AddLaneConnections(builder.Services, options.MaxLaneConnections);
            foreach (var pipeName in pipeNames)
            {
                if (options.BulkLane && BulkLane.IsSupported)
                {
                    AddBulkLane(builder.Services, pipeName, options.BulkLaneThresholdBytes);
                }

                if (options.CallLane)
                {
                    AddCallLane(builder.Services, LaneListener.NamedPipe(LaneCallServer.SocketPath(pipeName), LaneCallServer.Name));
                }
            }
        }

        MalformedRequests.Use(builder.Services);
        if (jsonTranscoding)
        {
            grpc.AddJsonTranscoding(transcoding =>
            {
                // Every migrated fault's status carries an ErrorInfo (FaultDetailRegistry); transcoding can write a
                // status detail only when its type is registered, and answers 500 with no body otherwise.
                transcoding.TypeRegistry = TypeRegistry.FromMessages(ErrorInfo.Descriptor);
                options.JsonTranscoding?.Invoke(transcoding);
            });
        }

        if (!options.LogRequests)
        {
            foreach (var category in RequestLogCategories)
            {
                builder.Logging.AddFilter(category, category.EndsWith("Diagnostics", StringComparison.Ordinal) ? LogLevel.None : LogLevel.Warning);
            }
        }

        if (options.EnableHealthChecks)
        {
            builder.Services.AddGrpcHostHealth();
        }

        if (options.EnableReflection)
        {
            builder.Services.AddGrpcReflection();
        }
    }

    /// <summary>The bound on the connections of the host's lanes, both lanes and every endpoint together: the first
    /// endpoint's <paramref name="maxConnections"/> holds (null: <see cref="LaneLimits.DefaultMaxConnections"/>).</summary>
    private static void AddLaneConnections(IServiceCollection services, int? maxConnections)
    {
        if (maxConnections is < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(maxConnections), maxConnections, "The lanes' connections bound (MaxLaneConnections) must be at least 1.");
        }

        if (!services.Any(d => d.ServiceType == typeof(LaneConnections)))
        {
            services.AddSingleton(new LaneConnections(new LaneBudget(maxConnections ?? LaneLimits.DefaultMaxConnections())));
        }
    }

    /// <summary>The bulk lane beside a Unix-socket (Windows: named-pipe) endpoint: one lane server and one interceptor per
    /// host, whatever the number of endpoints (each endpoint's socket or pipe gets its lane beside it; the first
    /// endpoint's threshold holds).</summary>
    [System.Runtime.Versioning.SupportedOSPlatform("linux")]
    [System.Runtime.Versioning.SupportedOSPlatform("windows")]
    private static void AddBulkLane(IServiceCollection services, string socketPath, int thresholdBytes)
    {
        if (services.FirstOrDefault(d => d.ServiceType == typeof(BulkLaneSockets))?.ImplementationInstance is BulkLaneSockets sockets)
        {
            sockets.GrpcSocketPaths.Add(socketPath);
            return;
        }

        sockets = new BulkLaneSockets([socketPath]);
        services.AddSingleton(sockets);
        services.AddSingleton(provider => new BulkLaneServer(sockets.GrpcSocketPaths, provider.GetRequiredService<LaneConnections>().Budget, provider.GetRequiredService<ILogger<BulkLaneServer>>()));
        services.AddSingleton<IHostedService>(provider => provider.GetRequiredService<BulkLaneServer>());
        services.AddSingleton(provider => new BulkLaneServerInterceptor(
            provider.GetRequiredService<BulkLaneServer>(), provider.GetRequiredService<Microsoft.Extensions.Options.IOptions<GrpcServiceOptions>>(), thresholdBytes));
        services.Configure<GrpcServiceOptions>(grpc =>
        {
            // First, so that other interceptors and the service see values, never references.
            grpc.Interceptors.Add<BulkLaneServerInterceptor>();
            var registration = grpc.Interceptors[^1];
            grpc.Interceptors.RemoveAt(grpc.Interceptors.Count - 1);
            grpc.Interceptors.Insert(0, registration);
        });
    }

    /// <summary>The local call lane beside a Unix socket or named pipe: its server starts with the host and listens; it
    /// learns the services to call on its first call, once the host's endpoints are mapped.</summary>
    private static void AddCallLane(IServiceCollection services, LaneListener listener)
        => services.AddSingleton<IHostedService>(provider => new LaneCallServer(
            listener,
            () => LaneCallDispatcher.Create(provider, provider.GetRequiredService<EndpointDataSource>().Endpoints
                .Select(e => e.Metadata.GetMetadata<GrpcMethodMetadata>()?.ServiceType)
                .OfType<Type>()
                .Distinct()),
            new LaneCallLimits(LaneCallServer.MaxFrameBytes(provider.GetRequiredService<Microsoft.Extensions.Options.IOptions<GrpcServiceOptions>>().Value.MaxReceiveMessageSize)),
            provider.GetRequiredService<LaneConnections>().Budget,
            provider.GetRequiredService<ILogger<LaneCallServer>>(),
            // WebOperationContext reads the call's HTTP request and response, which a lane call does not have.
            provider.GetService<Microsoft.AspNetCore.Http.IHttpContextAccessor>() is null ? null : "the services use WebOperationContext (AddWcfWebOperations), which needs an HTTP request."));

    /// <summary>The gRPC sockets (Windows: pipes) of a host that get a bulk lane beside them.</summary>
    private sealed record BulkLaneSockets(List<string> GrpcSocketPaths);

    /// <summary>The connections a host's lanes keep open at once, shared by every lane server of the host.</summary>
    private sealed record LaneConnections(LaneBudget Budget);

    /// <summary>Makes Kestrel listen on <paramref name="endpoint"/>; <paramref name="configure"/> sets the listener's
    /// protocols (and TLS for a TCP endpoint).</summary>
    internal static void Listen(WebApplicationBuilder builder, GrpcEndpoint endpoint, Action<ListenOptions> configure)
    {
        if (endpoint.Kind == GrpcEndpointKind.NamedPipe && OperatingSystem.IsWindows())
        {
            // Current user only, one way: with PipeOptions.CurrentUserOnly .NET creates each pipe instance with an ACL
            // granting only the process token's owner, who also owns the pipe, which is what a client's CurrentUserOnly
            // checks. A PipeSecurity of our own beside it is refused by NamedPipeServerStream; without the flag, one
            // owned by the user's SID would fail that client check whenever the token's owner is another SID (an
            // elevated process: Administrators).
            NamedPipeCheck.CheckAvailable(endpoint.PipeName!);
            builder.WebHost.UseNamedPipes(pipes =>
            {
                pipes.CurrentUserOnly = true;
                pipes.PipeSecurity = null;
            });
            builder.WebHost.ConfigureKestrel(kestrel => kestrel.ListenNamedPipe(endpoint.PipeName!, configure));
        }
        else if (endpoint.UnixSocketPath is { } path)
        {
            if (!Socket.OSSupportsUnixDomainSockets)
            {
                // Windows before 10 1803, and Wine: Kestrel would fail with only "Operation is not supported on this platform."
                throw new GrpcHostingException($"Cannot listen on {endpoint}: this system has no Unix domain sockets; use a pipe name (pipe:name) instead.");
            }

            if (OperatingSystem.IsLinux())
            {
                var socketFile = new UnixSocketFile(path);
                socketFile.CheckAvailable();
                socketFile.CheckFolder();
                Func<Socket> bind = socketFile.Bind;
                builder.WebHost.UseSockets(sockets =>
                {
                    var create = sockets.CreateBoundListenSocket;
                    sockets.CreateBoundListenSocket = bindTo => bindTo is UnixDomainSocketEndPoint unix && unix.ToString() == path ? bind() : create(bindTo);
                });
                builder.Services.AddSingleton<IHostedService>(new LifecycleHooks(stopped: socketFile.Remove));
            }

            builder.WebHost.ConfigureKestrel(kestrel => kestrel.ListenUnixSocket(path, configure));
        }
        else
        {
            var address = TcpAddress(endpoint);
            builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(address, endpoint.Port, configure));
        }
    }

    /// <summary>The HTTP + JSON listener: HTTP/1.1, what browsers, curl and REST clients speak (with TLS when
    /// <paramref name="configure"/> adds it).</summary>
    internal static void ListenHttpJson(WebApplicationBuilder builder, GrpcEndpoint endpoint, Action<ListenOptions> configure)
    {
        if (endpoint.Kind != GrpcEndpointKind.Tcp)
        {
            throw new GrpcHostingException($"Cannot serve HTTP + JSON on {endpoint}: it needs a TCP endpoint, e.g. http://127.0.0.1:8080.");
        }

        var address = TcpAddress(endpoint);
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(address, endpoint.Port, configure));
    }

    internal static IPAddress TcpAddress(GrpcEndpoint endpoint) =>
        string.Equals(endpoint.Host, "localhost", StringComparison.OrdinalIgnoreCase) ? IPAddress.Loopback
            : IPAddress.TryParse(endpoint.Host, out var ip) ? ip
            : throw new GrpcHostingException($"Cannot listen on {endpoint}: a server listens on an IP address or localhost.");
}
