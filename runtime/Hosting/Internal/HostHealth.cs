using Grpc.AspNetCore.HealthChecks;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace MigrateWcf.Runtime;

/// <summary>
/// The host's health on ASP.NET Core health checks: one check, healthy while the host runs and unhealthy once it begins
/// to stop (so an orchestrator stops sending calls while those in flight finish), read by the HTTP probe path and, through
/// Grpc.AspNetCore.HealthChecks, by <c>grpc.health.v1</c> for the server (<c>""</c>) and every mapped gRPC service.
/// </summary>
internal static class HostHealth
{
    private const string CheckName = "host";

    /// <summary>Registers the check once, however many endpoints or features ask for it.</summary>
    public static IHealthChecksBuilder AddHostHealthCheck(this IServiceCollection services)
    {
        var checks = services.AddHealthChecks();
        if (!services.Any(d => d.ServiceType == typeof(HostStoppingCheck)))
        {
            services.AddSingleton<HostStoppingCheck>();
            checks.AddCheck<HostStoppingCheck>(CheckName);
        }

        return checks;
    }

    /// <summary><c>grpc.health.v1</c> over the host check, with every gRPC service mapped by the time the first call asks.</summary>
    public static void AddGrpcHostHealth(this IServiceCollection services)
    {
        if (services.Any(d => d.ServiceType == typeof(GrpcHealthMarker)))
        {
            return;
        }

        services.AddSingleton<GrpcHealthMarker>();
        services.AddHostHealthCheck();
        services.AddGrpcHealthChecks();
        // The options exist before the app's endpoints do (the health publisher takes them when hosted services are
        // created); the services are known once the host has started, and the mapping collection takes them then.
        services.AddSingleton<IHostedService>(provider => new LifecycleHooks(started: () => MapServices(provider)));
    }

    private static void MapServices(IServiceProvider provider)
    {
        var mappings = provider.GetRequiredService<IOptions<GrpcHealthChecksOptions>>().Value.Services;
        var names = provider.GetRequiredService<EndpointDataSource>().Endpoints
            .Select(e => e.Metadata.GetMetadata<global::Grpc.AspNetCore.Server.GrpcMethodMetadata>()?.Method.ServiceName)
            .OfType<string>()
            .Distinct(StringComparer.Ordinal);
        foreach (var name in names)
        {
            mappings.Map(name, _ => true);
        }
    }

    /// <summary>Whether <see cref="AddGrpcHostHealth"/> ran for this service collection.</summary>
    public static bool HasGrpcHostHealth(this IServiceProviderIsService services) => services.IsService(typeof(GrpcHealthMarker));

    private sealed class GrpcHealthMarker;

    private sealed class HostStoppingCheck(IHostApplicationLifetime lifetime) : IHealthCheck
    {
        public Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext context, CancellationToken cancellationToken = default) =>
            Task.FromResult(lifetime.ApplicationStopping.IsCancellationRequested ? HealthCheckResult.Unhealthy("stopping") : HealthCheckResult.Healthy());
    }
}
