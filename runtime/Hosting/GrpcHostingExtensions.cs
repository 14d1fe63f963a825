using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime;

// Where grpc-dotnet puts MapGrpcService; WebApplicationBuilder lives here too.
namespace Microsoft.AspNetCore.Builder;

/// <summary>Hosting gRPC services (Grpc.AspNetCore) on a <see cref="GrpcEndpoint"/>, composable with any ASP.NET Core host.</summary>
public static class GrpcHostingExtensions
{
    /// <summary>
    /// Makes Kestrel listen on the endpoint with HTTP/2 only: a Unix socket (owner-only, replaced only when stale, removed
    /// at shutdown), a named pipe on Windows (current user only), or TCP when the endpoint says so. Adds grpc-dotnet
    /// (<c>AddGrpc</c>), quiet request logging, and health checks and reflection when asked for; map those with
    /// <see cref="MapGrpcHostServices"/>. May be called once per endpoint.
    /// </summary>
    /// <exception cref="GrpcHostingException">Something that must not be replaced is at the socket path.</exception>
    public static WebApplicationBuilder AddGrpcEndpoint(this WebApplicationBuilder builder, GrpcEndpoint endpoint, Action<GrpcHostOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentNullException.ThrowIfNull(endpoint);
        var options = new GrpcHostOptions();
        configure?.Invoke(options);
        return GrpcServing.AddGrpcEndpoint(builder, endpoint, options);
    }

    /// <summary>Maps the health and reflection services that <see cref="AddGrpcEndpoint"/> was asked for (nothing otherwise).</summary>
    public static IEndpointRouteBuilder MapGrpcHostServices(this IEndpointRouteBuilder app)
    {
        ArgumentNullException.ThrowIfNull(app);
        // Asked without creating them: reflection's service lists the endpoints mapped by the time it is created.
        var registered = app.ServiceProvider.GetRequiredService<IServiceProviderIsService>();
        if (registered.HasGrpcHostHealth())
        {
            app.MapGrpcHealthChecksService();
        }

        if (registered.IsService(typeof(global::Grpc.Reflection.ReflectionServiceImpl)))
        {
            app.MapGrpcReflectionService();
        }

        return app;
    }
}
