using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace MigrateWcf.Runtime;

/// <summary>What <see cref="MigratedHost.RunAsync"/> hosts: services to register, endpoints to map, and the options.</summary>
public sealed class GrpcHostSetup
{
    private readonly List<Action<WebApplication>> _configureApp = [];

    internal GrpcHostSetup(WebApplicationBuilder builder) => Builder = builder;

    public GrpcHostOptions Options { get; } = new();

    /// <summary>The host's builder, for anything else (configuration, Kestrel limits, logging).</summary>
    public WebApplicationBuilder Builder { get; }

    public IServiceCollection Services => Builder.Services;

    /// <summary>Maps a gRPC service implementation (a class deriving from a Grpc.Tools-generated service base).</summary>
    public GrpcHostSetup MapService<TService>()
        where TService : class => Configure(app => app.MapGrpcService<TService>());

    /// <summary>Runs against the built application before it starts: middleware, endpoint mappings such as a generated
    /// <c>MapMigratedServices()</c>.</summary>
    public GrpcHostSetup Configure(Action<WebApplication> configure)
    {
        _configureApp.Add(configure);
        return this;
    }

    internal void ConfigureApp(WebApplication app) => _configureApp.ForEach(configure => configure(app));
}
