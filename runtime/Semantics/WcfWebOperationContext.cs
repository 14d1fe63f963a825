using System.Collections.ObjectModel;
using System.Collections.Specialized;
using System.Net;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Extensions;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.WebUtilities;

namespace MigrateWcf.Runtime;

/// <summary>
/// The HTTP side of the current call as a WCF REST operation reads and sets it (WCF's <c>WebOperationContext</c>), for
/// MigrateWcf.Compatibility's stand-in of that type: the response status and headers, and the request's headers and URI (what WCF's
/// <c>UriTemplateMatch</c> gives). One per call, kept
/// in the call's <see cref="HttpContext"/>. Under JSON transcoding the status and headers are the HTTP caller's; over
/// gRPC an error status (400 and above) becomes the call's gRPC status, the one transcoding maps back to that HTTP status
/// (<see cref="WebFaultStatus.ToStatusCode"/>). Needs <c>IHttpContextAccessor</c> (<see cref="Microsoft.Extensions.DependencyInjection.WcfServiceCollectionExtensions.AddWcfWebOperations"/>).
/// </summary>
public sealed class WcfWebOperationContext
{
    // HttpContextAccessor keeps the request in a static AsyncLocal, which ASP.NET Core fills when the accessor is registered.
    private static readonly HttpContextAccessor Accessor = new();

    private readonly HttpContext _http;
    private readonly ServerCallContext? _grpcCall;
    private HttpStatusCode? _statusCode;
    private string? _statusDescription;
    private WebHeaderCollection? _responseHeaders;
    private WebHeaderCollection? _requestHeaders;

    private WcfWebOperationContext(HttpContext http)
    {
        _http = http;
        // A gRPC request says application/grpc[+proto]; a transcoded one is plain HTTP (JSON or no body).
        IsHttpJson = !(http.Request.ContentType?.StartsWith("application/grpc", StringComparison.OrdinalIgnoreCase) ?? false);
        _grpcCall = IsHttpJson ? null : http.Features.Get<IServerCallContextFeature>()?.ServerCallContext;
        http.Response.OnStarting(static state => ((WcfWebOperationContext)state).ApplyToResponse(), this);
    }

    /// <summary>The context of the call running on this async flow; null outside a call (or without the accessor).</summary>
    public static WcfWebOperationContext? Current => Accessor.HttpContext is { } http ? For(http) : null;

    /// <summary>The context of the call <paramref name="http"/> carries, made on first use.</summary>
    public static WcfWebOperationContext For(HttpContext http)
    {
        ArgumentNullException.ThrowIfNull(http);
        if (http.Features.Get<WcfWebOperationContext>() is { } context)
        {
            return context;
        }

        context = new WcfWebOperationContext(http);
        http.Features.Set(context);
        return context;
    }

    /// <summary>True when the caller is a REST caller served through JSON transcoding; false for a gRPC caller.</summary>
    public bool IsHttpJson { get; }

    /// <summary>
    /// The status the response is to have (200 until set). Through transcoding: the HTTP caller's status, the body being
    /// the operation's result as transcoding writes it (none for 204 and 304). Over gRPC: 400 and above end the call with
    /// the gRPC status <see cref="WebFaultStatus.ToStatusCode"/> picks (the result is not sent); below 400, OK.
    /// </summary>
    public HttpStatusCode StatusCode
    {
        get => _statusCode ?? HttpStatusCode.OK;
        set
        {
            _statusCode = value;
            ApplyToGrpcStatus();
        }
    }

    /// <summary>The HTTP reason phrase (HTTP/1.1 callers see it); over gRPC the error status's message.</summary>
    public string? StatusDescription
    {
        get => _statusDescription;
        set
        {
            _statusDescription = value;
            ApplyToGrpcStatus();
        }
    }

    /// <summary>Headers to add to the response when it starts (over gRPC: response metadata, gRPC's own headers aside).</summary>
    public WebHeaderCollection ResponseHeaders => _responseHeaders ??= new WebHeaderCollection();

    /// <summary>The request's headers, as WCF's <c>IncomingWebRequestContext.Headers</c> gives them (a copy).</summary>
    public WebHeaderCollection RequestHeaders => _requestHeaders ??= IncomingHttpRequest.CopyHeaders(_http.Request, new WebHeaderCollection());

    /// <summary>The request's HTTP method (a gRPC call is a POST).</summary>
    public string Method => _http.Request.Method;

    /// <summary>
    /// The request's absolute URI, as WCF's <c>UriTemplateMatch.RequestUri</c>: through transcoding the URL the REST caller
    /// asked for, query included; over gRPC the call's path on the host (<c>http://host/package.Service/Method</c>).
    /// </summary>
    public Uri RequestUri
    {
        get
        {
            var request = _http.Request;
            return new Uri(UriHelper.BuildAbsolute(request.Scheme, Host(request), request.PathBase, request.Path, request.QueryString));
        }
    }

    /// <summary>The URI the service is served at (the host and the app's path base), as WCF's <c>UriTemplateMatch.BaseUri</c>.</summary>
    public Uri BaseUri => new(UriHelper.BuildAbsolute(_http.Request.Scheme, Host(_http.Request), _http.Request.PathBase));

    /// <summary>
    /// The path variables of the operation's route with their values (WCF's <c>UriTemplateMatch.BoundVariables</c>), named
    /// by their .proto fields; a NameValueCollection looks names up ignoring case, as WCF's. Over gRPC there is no route
    /// to match (the values are in the request message): empty.
    /// </summary>
    public NameValueCollection BoundVariables
    {
        get
        {
            var variables = new NameValueCollection();
            if (IsHttpJson)
            {
                // Transcoding names a variable it rewrites (a field path, a catch-all) with a "__" prefix of its own.
                foreach (var (name, value) in _http.Request.RouteValues.Where(v => !v.Key.StartsWith("__", StringComparison.Ordinal)).OrderBy(v => v.Key, StringComparer.Ordinal))
                {
                    variables.Add(name, Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture));
                }
            }

            return variables;
        }
    }

    /// <summary>The request's query string parameters (WCF's <c>UriTemplateMatch.QueryParameters</c>); a gRPC call has none.</summary>
    public NameValueCollection QueryParameters
    {
        get
        {
            var parameters = new NameValueCollection();
            foreach (var (name, values) in _http.Request.Query)
            {
                foreach (var value in values)
                {
                    parameters.Add(name, value);
                }
            }

            return parameters;
        }
    }

    /// <summary>The request path's segments below <see cref="BaseUri"/>, as ASP.NET Core decoded them (WCF's <c>UriTemplateMatch.RelativePathSegments</c>).</summary>
    public Collection<string> RelativePathSegments
        => new(_http.Request.Path.Value?.Split('/', StringSplitOptions.RemoveEmptyEntries).ToList() ?? []);

    /// <summary>The Host header, or localhost for a request without one (HTTP/1.0), so that the URIs stay absolute.</summary>
    private static HostString Host(HttpRequest request) => request.Host.HasValue ? request.Host : new HostString("localhost");

    private void ApplyToGrpcStatus()
    {
        if (_grpcCall is null || _statusCode is not { } status)
        {
            return;
        }

        _grpcCall.Status = (int)status >= 400
            ? new Status(WebFaultStatus.ToStatusCode(status), _statusDescription ?? ReasonPhrases.GetReasonPhrase((int)status))
            : Status.DefaultSuccess;
    }

    private Task ApplyToResponse()
    {
        var response = _http.Response;
        // Transcoding answers a successful call with 200 and an error with the status's HTTP code: only a success takes
        // the status the operation set (a fault the operation threw keeps its own, as in WCF).
        if (IsHttpJson && _statusCode is { } status && response.StatusCode == StatusCodes.Status200OK)
        {
            response.StatusCode = (int)status;
            if (_statusDescription is not null && _http.Features.Get<IHttpResponseFeature>() is { } feature)
            {
                feature.ReasonPhrase = _statusDescription;
            }

            if (status is HttpStatusCode.NoContent or HttpStatusCode.NotModified)
            {
                // No body may follow these; transcoding still writes the result, which goes nowhere.
                response.Body = Stream.Null;
            }
        }

        if (_responseHeaders is not null)
        {
            foreach (var name in _responseHeaders.AllKeys.OfType<string>())
            {
                if (IsHttpJson || !IsGrpcHeader(name))
                {
                    response.Headers[name] = _responseHeaders.GetValues(name);
                }
            }
        }

        return Task.CompletedTask;
    }

    /// <summary>Headers gRPC itself sets on a response, which a gRPC caller needs as they are.</summary>
    private static bool IsGrpcHeader(string name)
        => name.StartsWith("grpc-", StringComparison.OrdinalIgnoreCase)
           || name.Equals("content-type", StringComparison.OrdinalIgnoreCase)
           || name.Equals("content-length", StringComparison.OrdinalIgnoreCase)
           || name.Equals("transfer-encoding", StringComparison.OrdinalIgnoreCase)
           || name.Equals("te", StringComparison.OrdinalIgnoreCase);
}
