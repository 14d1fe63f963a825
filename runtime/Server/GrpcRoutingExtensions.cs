using System.Runtime.CompilerServices;
using MigrateWcf.Runtime.Internal;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace MigrateWcf.Runtime;

public static class GrpcServiceCollectionExtensions
{
    /// <summary>Registers the server options; optional (defaults apply without it).</summary>
    public static IServiceCollection AddGrpcRuntime(this IServiceCollection services, Action<GrpcServerOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.AddOptions<GrpcServerOptions>();
        if (configure is not null) services.Configure(configure);
        return services;
    }
}

public static class GrpcEndpointRouteBuilderExtensions
{
    private static readonly ConditionalWeakTable<IEndpointRouteBuilder, ServerRuntime> Runtimes = new();

    /// <summary>Maps one POST endpoint per method at <c>/{package}.{Service}/{Method}</c>, plus a fallback that answers UNIMPLEMENTED for unknown gRPC methods and services.</summary>
    public static IEndpointConventionBuilder MapGrpcService(this IEndpointRouteBuilder endpoints, ServerServiceDefinition service)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentNullException.ThrowIfNull(service);
        var runtime = Runtimes.GetValue(endpoints, CreateRuntime);
        var builders = new List<IEndpointConventionBuilder>(service.Methods.Count);
        foreach (var method in service.Methods)
        {
            runtime.AddService(method.Method.ServiceName);
            builders.Add(endpoints.MapPost(method.Method.FullName, method.CreateRequestDelegate(runtime))
                .WithDisplayName("gRPC " + method.Method.FullName)
                .WithMetadata(method.Method));
        }
        return new CompositeConventionBuilder(builders);
    }

    private static ServerRuntime CreateRuntime(IEndpointRouteBuilder endpoints)
    {
        var options = endpoints.ServiceProvider.GetService<IOptions<GrpcServerOptions>>()?.Value ?? new GrpcServerOptions();
        var stopping = endpoints.ServiceProvider.GetService<IHostApplicationLifetime>()?.ApplicationStopping ?? CancellationToken.None;
        var runtime = new ServerRuntime(options.Clone(), stopping);
        // Literal method routes take precedence over these parameter routes, so they only catch unknown methods.
        endpoints.MapPost("{unimplementedService}/{unimplementedMethod}", http => ServerProtocolChecks.HandleUnimplemented(http, runtime))
            .WithDisplayName("gRPC unimplemented method");
        return runtime;
    }

    private sealed class CompositeConventionBuilder(List<IEndpointConventionBuilder> builders) : IEndpointConventionBuilder
    {
        public void Add(Action<EndpointBuilder> convention)
        {
            foreach (var builder in builders) builder.Add(convention);
        }

        public void Finally(Action<EndpointBuilder> finallyConvention)
        {
            foreach (var builder in builders) builder.Finally(finallyConvention);
        }
    }
}
