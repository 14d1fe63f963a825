using Microsoft.AspNetCore.Routing;
using MigrateWcf.Runtime;

// Where grpc-dotnet puts MapGrpcService.
namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps the endpoints the WCF semantics serve besides the migrated services.</summary>
public static class WcfEndpointRouteBuilderExtensions
{
    /// <summary>Serves <c>migrate_wcf.Session/End</c>, the client proxy's Close.</summary>
    public static IEndpointRouteBuilder MapWcfSessions(this IEndpointRouteBuilder endpoints)
    {
        endpoints.MapGrpcService<SessionEndpoint>();
        return endpoints;
    }
}
