using System.Net;
using System.ServiceModel.Channels;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Extensions;
using Grpc.AspNetCore.Server;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>The current request as WCF's HTTP transport described it, for the WCF APIs migrated code reads it through.</summary>
internal static class IncomingHttpRequest
{
    /// <summary>Adds the request's headers to <paramref name="headers"/>, HTTP/2 pseudo-headers left out (a gRPC caller's
    /// metadata are its headers).</summary>
    public static WebHeaderCollection CopyHeaders(HttpRequest request, WebHeaderCollection headers)
    {
        foreach (var (name, values) in request.Headers)
        {
            if (!name.StartsWith(':'))
            {
                foreach (var value in values)
                {
                    try
                    {
                        headers.Add(name, value);
                    }
                    catch (ArgumentException)
                    {
                        // A name or value WebHeaderCollection refuses (Kestrel let it through): WCF would not have had it either.
                    }
                }
            }
        }

        return headers;
    }

    /// <summary>WCF's incoming message properties of an HTTP request: <c>httpRequest</c> and <c>Via</c>; none without one.</summary>
    /// <summary>The properties of a call grpc-dotnet hosts (its HTTP request), or of one on the local call lane: there
    /// the caller's metadata are the headers (what it sent over HTTP/2 besides the protocol's own), the method POST and
    /// the address the method's path on this host.</summary>
    public static MessageProperties Properties(ServerCallContext? call)
    {
        if (call is null or IServerCallContextFeature)
        {
            return Properties(call?.GetHttpContext());
        }

        var httpRequest = new HttpRequestMessageProperty { Method = "POST", QueryString = string.Empty };
        foreach (var entry in call.RequestHeaders)
        {
            if (!entry.IsBinary)
            {
                try
                {
                    httpRequest.Headers.Add(entry.Key, entry.Value);
                }
                catch (ArgumentException)
                {
                    // As for an HTTP request: a name or value WebHeaderCollection refuses is left out.
                }
            }
        }

        var properties = new MessageProperties { [HttpRequestMessageProperty.Name] = httpRequest };
        if (Uri.TryCreate("http://localhost" + call.Method, UriKind.Absolute, out var via))
        {
            properties.Via = via;
        }

        return properties;
    }

    public static MessageProperties Properties(HttpContext? http)
    {
        var properties = new MessageProperties();
        if (http is null)
        {
            return properties;
        }

        var request = http.Request;
        var httpRequest = new HttpRequestMessageProperty
        {
            Method = request.Method,
            QueryString = request.QueryString.HasValue ? request.QueryString.Value![1..] : string.Empty,
        };
        CopyHeaders(request, httpRequest.Headers);
        properties[HttpRequestMessageProperty.Name] = httpRequest;
        if (Uri.TryCreate(request.GetDisplayUrl(), UriKind.Absolute, out var via))
        {
            properties.Via = via;
        }

        return properties;
    }
}
