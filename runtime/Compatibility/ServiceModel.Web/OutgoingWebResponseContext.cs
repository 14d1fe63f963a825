using System.Net;
using MigrateWcf.Runtime;

namespace System.ServiceModel.Web;

/// <summary>
/// WCF's OutgoingWebResponseContext: through JSON transcoding the REST caller gets the status, description and headers
/// set; over gRPC a status of 400 or more ends the call with the gRPC status transcoding maps to it.
/// </summary>
public sealed class OutgoingWebResponseContext
{
    private readonly WcfWebOperationContext _context;

    internal OutgoingWebResponseContext(WcfWebOperationContext context) => _context = context;

    /// <summary>The response's HTTP status.</summary>
    public HttpStatusCode StatusCode { get => _context.StatusCode; set => _context.StatusCode = value; }

    /// <summary>The response's reason phrase.</summary>
    public string? StatusDescription { get => _context.StatusDescription; set => _context.StatusDescription = value; }

    /// <summary>The response's headers.</summary>
    public WebHeaderCollection Headers => _context.ResponseHeaders;

    /// <summary>The response's Location header.</summary>
    public string? Location
    {
        get => Headers[HttpResponseHeader.Location];
        set => Headers[HttpResponseHeader.Location] = value;
    }

    /// <summary>Answers 201 Created with <paramref name="locationUri"/> as the Location header.</summary>
    public void SetStatusAsCreated(Uri locationUri)
    {
        ArgumentNullException.ThrowIfNull(locationUri);
        StatusCode = HttpStatusCode.Created;
        Location = locationUri.ToString();
    }

    /// <summary>Answers 404 Not Found.</summary>
    public void SetStatusAsNotFound() => StatusCode = HttpStatusCode.NotFound;

    /// <summary>Answers 404 Not Found with <paramref name="description"/> as the reason phrase.</summary>
    public void SetStatusAsNotFound(string description)
    {
        StatusCode = HttpStatusCode.NotFound;
        StatusDescription = description;
    }
}
