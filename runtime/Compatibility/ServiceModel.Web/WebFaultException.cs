using System.Net;
using MigrateWcf.Runtime;

namespace System.ServiceModel.Web;

/// <summary>
/// WCF's WebFaultException: a fault with an HTTP status code. A REST caller gets that status; over gRPC it is a
/// FaultException whose gRPC status is the one JSON transcoding maps to it (WCFM1022).
/// </summary>
public class WebFaultException : FaultException, IHttpStatusFault
{
    /// <summary>A fault answered with <paramref name="statusCode"/>, its name as the reason.</summary>
    public WebFaultException(HttpStatusCode statusCode)
        : base(statusCode.ToString())
    {
        StatusCode = statusCode;
    }

    /// <inheritdoc />
    public HttpStatusCode StatusCode { get; }
}
