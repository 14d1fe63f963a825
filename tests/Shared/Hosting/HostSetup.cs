using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime;

namespace MigrateWcf.Tests.Shared;

/// <summary>What <see cref="GrpcHost.StartAsync"/> hosts: services to register, endpoints to map, and the options.</summary>
public sealed class HostSetup
{
    private readonly List<Action<WebApplication>> _configureApp = [];

    internal HostSetup(WebApplicationBuilder builder, GrpcHostOptions options) => (Builder, Options) = (builder, options);

    public GrpcHostOptions Options { get; }

    /// <summary>The host's builder, for anything else (configuration, Kestrel limits, logging).</summary>
    public WebApplicationBuilder Builder { get; }

    public IServiceCollection Services => Builder.Services;

    /// <summary>Maps a gRPC service implementation (a class deriving from a Grpc.Tools-generated service base).</summary>
    public HostSetup MapService<TService>()
        where TService : class => Configure(app => app.MapGrpcService<TService>());

    /// <summary>Runs against the built application before it starts: middleware, endpoint mappings such as a generated
    /// <c>MapMigratedServices()</c>.</summary>
    public HostSetup Configure(Action<WebApplication> configure)
    {
        _configureApp.Add(configure);
        return this;
    }

    internal void ConfigureApp(WebApplication app) => _configureApp.ForEach(configure => configure(app));
}
