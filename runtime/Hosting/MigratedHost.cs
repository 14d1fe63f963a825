using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>
/// The process of a migrated service, as the generated host's <c>Program.cs</c> runs it: ASP.NET Core's configuration
/// (<c>appsettings.json</c>, <c>appsettings.{Environment}.json</c>, environment variables, the command line with
/// <see cref="SwitchMappings"/>), the endpoints, limits, TLS and health of <see cref="MigratedHostOptions"/>, logs on
/// stderr, and graceful shutdown on SIGTERM / Ctrl+C (listeners close, calls in flight get
/// <see cref="MigratedHostOptions.ShutdownTimeout"/>, sockets are removed). It prints one line starting with
/// <c>ready </c> on stdout once it accepts calls; a failure is one line on stderr starting with the host's name, and the
/// exit code <see cref="ConfigurationErrorExitCode"/> (the configuration is wrong) or <see cref="StartErrorExitCode"/>
/// (it cannot listen). Keys and defaults: docs/hosting.md.
/// </summary>
public static class MigratedHost
{
    /// <summary>Exit code for a configuration or command line that cannot work (nothing was listened on).</summary>
    public const int ConfigurationErrorExitCode = 2;

    /// <summary>Exit code for a host that could not start listening (an address in use, a file at the socket path).</summary>
    public const int StartErrorExitCode = 1;

    /// <summary>The short switches, each a configuration key: <c>--socket PATH</c> and <c>--http-port N</c>.</summary>
    public static IReadOnlyDictionary<string, string> SwitchMappings { get; } = new Dictionary<string, string>(StringComparer.Ordinal)
    {
        ["--socket"] = MigratedHostOptions.SectionName + ":" + nameof(MigratedHostOptions.Socket),
        ["--http-port"] = MigratedHostOptions.SectionName + ":" + nameof(MigratedHostOptions.HttpPort),
    };

    /// <summary>
    /// Builds, starts and runs the host until it is stopped; returns the process's exit code. <paramref name="configure"/>
    /// registers the services and maps them (the generated <c>AddMigratedServices</c> / <c>MapMigratedServices</c>);
    /// <see cref="GrpcHostSetup.Options"/> starts from configuration, and what <paramref name="configure"/> sets there
    /// (JSON transcoding settings, grpc-dotnet options) applies on top.
    /// </summary>
    public static async Task<int> RunAsync(string[] args, Action<GrpcHostSetup> configure, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(configure);
        var name = Assembly.GetEntryAssembly()?.GetName().Name ?? "host";
        WebApplication app;
        IReadOnlyList<HostEndpoint> endpoints;
        try
        {
            (app, endpoints) = Build(args, configure);
        }
        catch (GrpcHostingException e)
        {
            return Fail(name, StartErrorExitCode, e.Message);
        }
        catch (Exception e)
        {
            // Bad configuration: a wrong key value, a missing certificate, a refused combination. The message says which.
            return Fail(name, ConfigurationErrorExitCode, e.Message);
        }

        await using (app)
        {
            try
            {
                await app.StartAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (Exception e)
            {
                // Kestrel wraps a failed bind ("Failed to bind to address ..."); the cause is the useful part.
                var message = e is GrpcHostingException ? e.Message
                    // Windows refuses Kestrel's first instance of a pipe name another process created in the meantime.
                    : Innermost(e) is UnauthorizedAccessException && OperatingSystem.IsWindows() && endpoints.SingleOrDefault(p => p.Endpoint.Kind == GrpcEndpointKind.NamedPipe) is { } pipe
                        ? NamedPipeCheck.Taken(pipe.Endpoint.PipeName!).Message
                    : $"Cannot listen on {string.Join(" and ", endpoints.Select(p => p.Endpoint))}: {Innermost(e).Message}";
                return Fail(name, StartErrorExitCode, message);
            }

            var logger = app.Services.GetRequiredService<ILoggerFactory>().CreateLogger(typeof(MigratedHost).FullName!);
            foreach (var endpoint in endpoints.Where(p => p.Endpoint.Kind == GrpcEndpointKind.Tcp && !p.Endpoint.IsTls && p.Settings.Insecure && p.Settings.Protocol == HostEndpointProtocol.Grpc))
            {
                logger.LogWarning("Endpoint {Endpoint} ({Url}) is plaintext TCP (Insecure): calls and their data cross it unencrypted and unauthenticated.", endpoint.Name, endpoint.Endpoint);
            }

            foreach (var (service, implementation) in Served(app))
            {
                logger.LogInformation("Serving {Service} by {Implementation}", service, implementation);
            }

            Console.Out.WriteLine(ReadyLine(name, endpoints, app));
            Console.Out.Flush();
            await app.WaitForShutdownAsync(cancellationToken).ConfigureAwait(false);
            return 0;
        }
    }

    private static (WebApplication App, IReadOnlyList<HostEndpoint> Endpoints) Build(string[] args, Action<GrpcHostSetup> configure)
    {
        // The command line provider ignores a switch with nothing after it; a missing value is a mistake to report.
        for (var i = 0; i < args.Length; i++)
        {
            if (SwitchMappings.ContainsKey(args[i]) && (i + 1 == args.Length || args[i + 1].StartsWith("--", StringComparison.Ordinal) || args[i + 1].Trim().Length == 0))
            {
                throw new InvalidOperationException($"{args[i]} needs a value.");
            }
        }

        // Read once before the builder exists for what decides how it is made (the environment).
        var commandLine = new ConfigurationBuilder().AddCommandLine(args, SwitchMappings.ToDictionary()).Build();
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            Args = [],
            // A service's files are beside it, wherever it is started from.
            ContentRootPath = AppContext.BaseDirectory,
            EnvironmentName = commandLine[HostDefaults.EnvironmentKey],
        });
        builder.Configuration.AddCommandLine(args, SwitchMappings.ToDictionary());
        builder.Logging.ClearProviders();
        // stdout carries the ready line only; logs (structured: Logging:Console:FormatterName json) go to stderr.
        builder.Logging.AddConsole(console => console.LogToStandardErrorThreshold = LogLevel.Trace);
        // A failed start is reported in one line; the host's own "Hosting failed to start" log would add a stack trace.
        builder.Logging.AddFilter("Microsoft.Extensions.Hosting.Internal.Host", LogLevel.Critical);

        var options = MigratedHostConfiguration.Read(builder.Configuration);
        var endpoints = HostEndpoint.ResolveAll(options, builder.Environment);
        builder.Services.Configure<HostOptions>(host => host.ShutdownTimeout = options.ShutdownTimeout);

        var setup = new GrpcHostSetup(builder);
        setup.Options.EnableHealthChecks = options.Health.Grpc;
        setup.Options.EnableReflection = options.Reflection;
        setup.Options.BulkLane = options.BulkLane;
        setup.Options.MaxLaneConnections = options.MaxLaneConnections;
        configure(setup);
        var configureGrpc = setup.Options.Grpc;
        setup.Options.Grpc = grpc =>
        {
            grpc.MaxReceiveMessageSize = options.MaxReceiveMessageSize ?? grpc.MaxReceiveMessageSize;
            grpc.MaxSendMessageSize = options.MaxSendMessageSize ?? grpc.MaxSendMessageSize;
            configureGrpc?.Invoke(grpc);
        };

        foreach (var endpoint in endpoints)
        {
            Action<ListenOptions> listen = endpoint.ConfigureListener;
            try
            {
                if (endpoint.Settings.Protocol == HostEndpointProtocol.HttpJson)
                {
                    GrpcServing.ListenHttpJson(builder, endpoint.Endpoint, listen);
                }
                else
                {
                    GrpcServing.Listen(builder, endpoint.Endpoint, listen);
                }
            }
            catch (Exception e) when (e is (IOException and not GrpcHostingException) or UnauthorizedAccessException)
            {
                // The socket's folder could not be made or checked.
                throw new GrpcHostingException($"Cannot listen on {endpoint.Endpoint}: {e.Message}");
            }
        }

        GrpcServing.AddGrpcServing(
            builder,
            setup.Options,
            endpoints.Where(p => p.Settings.Protocol == HostEndpointProtocol.Grpc).Select(p => p.Endpoint).ToList(),
            jsonTranscoding: endpoints.Any(p => p.Settings.Protocol == HostEndpointProtocol.HttpJson));

        var authenticated = endpoints.Where(p => p.AsksForClientCertificate).ToList();
        if (authenticated.Count > 0)
        {
            ClientCertificateCheck.AddSchemes(builder.Services, authenticated);
        }

        var healthPath = options.Health.HttpPath is { Length: > 0 } path ? (path.StartsWith('/') ? path : "/" + path) : null;
        if (healthPath is not null)
        {
            builder.Services.AddHostHealthCheck();
        }

        var app = builder.Build();
        if (authenticated.Count > 0)
        {
            var byName = authenticated.ToDictionary(p => p.Name, StringComparer.OrdinalIgnoreCase);
            app.Use((context, next) => ClientCertificateCheck.RequireAsync(context, next, byName, healthPath));
        }

        setup.ConfigureApp(app);
        app.MapGrpcHostServices();
        if (healthPath is not null)
        {
            app.MapHealthChecks(healthPath);
        }

        return (app, endpoints);
    }

    /// <summary>The ready line: gRPC endpoints, then HTTP + JSON ones, with the ports the server chose for port 0.</summary>
    private static string ReadyLine(string name, IReadOnlyList<HostEndpoint> endpoints, WebApplication app)
    {
        // Kestrel reports its addresses in the order the listeners were configured.
        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()?.Addresses.ToList() ?? [];
        var listened = endpoints.Select((endpoint, i) =>
            endpoint.Endpoint is { Kind: GrpcEndpointKind.Tcp, Port: 0 } tcp && addresses.Count == endpoints.Count
                ? tcp.IsTls ? GrpcEndpoint.Https(tcp.Host!, new Uri(addresses[i]).Port) : GrpcEndpoint.Tcp(tcp.Host!, new Uri(addresses[i]).Port)
                : endpoint.Endpoint).ToList();
        var grpc = listened.Where((_, i) => endpoints[i].Settings.Protocol == HostEndpointProtocol.Grpc).ToList();
        var http = listened.Where((_, i) => endpoints[i].Settings.Protocol == HostEndpointProtocol.HttpJson).ToList();
        return $"ready {name} on {(grpc.Count == 0 ? "no gRPC endpoint" : string.Join(", ", grpc))}"
            + (http.Count == 0 ? string.Empty : "; HTTP + JSON on " + string.Join(", ", http.Select(h => h + "/")));
    }

    /// <summary>Each gRPC service mapped (its full name) with the class that implements it: a generated adapter's type
    /// argument, or the service class itself.</summary>
    private static IEnumerable<(string Service, string Implementation)> Served(WebApplication app) =>
        ((IEndpointRouteBuilder)app).DataSources.SelectMany(source => source.Endpoints)
            .Select(endpoint => endpoint.Metadata.GetMetadata<global::Grpc.AspNetCore.Server.GrpcMethodMetadata>())
            .OfType<global::Grpc.AspNetCore.Server.GrpcMethodMetadata>()
            .Select(method => (method.Method.ServiceName, (method.ServiceType.IsGenericType ? method.ServiceType.GetGenericArguments()[0] : method.ServiceType).FullName ?? method.ServiceType.Name))
            .Distinct()
            .OrderBy(pair => pair.ServiceName, StringComparer.Ordinal);

    private static int Fail(string name, int exitCode, string message)
    {
        Console.Error.WriteLine($"{name}: {message}");
        return exitCode;
    }

    private static Exception Innermost(Exception e) => e.InnerException is { } inner ? Innermost(inner) : e;
}
