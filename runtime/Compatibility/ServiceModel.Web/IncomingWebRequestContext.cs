using System.Net;
using MigrateWcf.Runtime;

namespace System.ServiceModel.Web;

/// <summary>WCF's IncomingWebRequestContext: the call's HTTP request (a gRPC call is a POST whose headers are its metadata).</summary>
public sealed class IncomingWebRequestContext
{
    private readonly WcfWebOperationContext _context;
    private UriTemplateMatch? _uriTemplateMatch;

    internal IncomingWebRequestContext(WcfWebOperationContext context) => _context = context;

    /// <summary>The request's headers.</summary>
    public WebHeaderCollection Headers => _context.RequestHeaders;

    /// <summary>The request's HTTP method.</summary>
    public string Method => _context.Method;

    /// <summary>The request's User-Agent header.</summary>
    public string? UserAgent => Headers[HttpRequestHeader.UserAgent];

    /// <summary>The request's Content-Type header.</summary>
    public string? ContentType => Headers[HttpRequestHeader.ContentType];

    /// <summary>The request's Accept header.</summary>
    public string? Accept => Headers[HttpRequestHeader.Accept];

    /// <summary>
    /// The request's URI and the values its UriTemplate bound; over gRPC the URI is the call's path on the host and
    /// nothing is bound (docs/webhttp.md). Made on first use.
    /// </summary>
    public UriTemplateMatch UriTemplateMatch
    {
        get => _uriTemplateMatch ??= CreateUriTemplateMatch();
        set => _uriTemplateMatch = value;
    }

    private UriTemplateMatch CreateUriTemplateMatch()
    {
        var match = new UriTemplateMatch { BaseUri = _context.BaseUri, RequestUri = _context.RequestUri };
        match.BoundVariables.Add(_context.BoundVariables);
        match.QueryParameters.Add(_context.QueryParameters);
        foreach (var segment in _context.RelativePathSegments)
        {
            match.RelativePathSegments.Add(segment);
        }

        return match;
    }
}
