using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Connections.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace MigrateWcf.Runtime;

/// <summary>The client-certificate requirement of a <see cref="MigratedHost"/> endpoint: one certificate
/// authentication scheme per endpoint that asks for certificates, and the middleware that applies it.</summary>
internal static class ClientCertificateCheck
{
    /// <summary>Registers ASP.NET Core certificate authentication with each endpoint's own scheme and trust
    /// (<see cref="ClientCertificateTrust"/>).</summary>
    public static void AddSchemes(IServiceCollection services, IEnumerable<HostEndpoint> endpoints)
    {
        // What AddAuthentication() registers, less data protection: nothing here protects data (no cookies, no
        // antiforgery), and its key ring would be made at start-up and written unencrypted under the user's home.
        services.AddAuthenticationCore();
        services.AddWebEncoders();
        services.TryAddSingleton(TimeProvider.System);
        var authentication = new AuthenticationBuilder(services);
        foreach (var endpoint in endpoints)
        {
            authentication.AddCertificate(endpoint.AuthenticationScheme, endpoint.ClientTrust!.Configure);
        }
    }

    /// <summary>Before the call, on an endpoint that asks for client certificates: a certificate the caller presented is
    /// authenticated with the endpoint's scheme, and a caller whose certificate is not valid, or who presented none where
    /// one is required, is answered <see cref="Unauthenticated"/>. The health path is exempt (probes present no
    /// certificate).</summary>
    public static async Task RequireAsync(HttpContext context, RequestDelegate next, Dictionary<string, HostEndpoint> endpoints, string? healthPath)
    {
        var items = context.Features.Get<IConnectionItemsFeature>()?.Items;
        if (items is not null && items.TryGetValue(HostEndpoint.ConnectionItem, out var value) && value is string name && endpoints.TryGetValue(name, out var endpoint)
            && !(healthPath is not null && context.Request.Path.Equals(healthPath, StringComparison.OrdinalIgnoreCase))
            && (endpoint.RequiresClientCertificate || context.Connection.ClientCertificate is not null))
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
