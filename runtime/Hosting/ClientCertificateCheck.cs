using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Connections.Features;
using Microsoft.AspNetCore.Http;

namespace MigrateWcf.Runtime;

/// <summary>The client-certificate requirement of a <see cref="MigratedHost"/> endpoint, as middleware.</summary>
internal static class ClientCertificateCheck
{
    /// <summary>Before the call: on an endpoint that requires a client certificate, authenticates it with the
    /// endpoint's scheme; a caller without a valid one is answered <see cref="Unauthenticated"/>. The health path is
    /// exempt (probes present no certificate).</summary>
    public static async Task RequireAsync(HttpContext context, RequestDelegate next, Dictionary<string, HostEndpoint> endpoints, string? healthPath)
    {
        var items = context.Features.Get<IConnectionItemsFeature>()?.Items;
        if (items is not null && items.TryGetValue(HostEndpoint.ConnectionItem, out var value) && value is string name && endpoints.TryGetValue(name, out var endpoint)
            && !(healthPath is not null && context.Request.Path.Equals(healthPath, StringComparison.OrdinalIgnoreCase)))
        {
            var result = await context.AuthenticateAsync(endpoint.AuthenticationScheme).ConfigureAwait(false);
            if (!result.Succeeded)
            {
                Unauthenticated(context, "A valid client certificate is required.");
                return;
            }

            context.User = result.Principal;
        }

        await next(context).ConfigureAwait(false);
    }

    /// <summary>A gRPC caller gets status UNAUTHENTICATED (a trailers-only response); others an HTTP 401.</summary>
    private static void Unauthenticated(HttpContext context, string message)
    {
        if (context.Request.ContentType?.StartsWith("application/grpc", StringComparison.OrdinalIgnoreCase) == true)
        {
            context.Response.StatusCode = StatusCodes.Status200OK;
            context.Response.ContentType = "application/grpc";
            context.Response.Headers["grpc-status"] = "16";
            context.Response.Headers["grpc-message"] = message;
        }
        else
        {
            context.Response.StatusCode = StatusCodes.Status401Unauthorized;
        }
    }
}
