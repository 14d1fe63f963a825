using System.Net;
using MigrateWcf.Runtime;

namespace System.ServiceModel.Web;

/// <summary>
/// WCF's WebFaultException&lt;T&gt;: a typed fault with an HTTP status code. A REST caller gets that status; over gRPC it
/// is the FaultException&lt;T&gt; of its detail (WCFM1022).
/// </summary>
/// <typeparam name="T">The fault detail's type.</typeparam>
public class WebFaultException<T> : FaultException<T>, IHttpStatusFault
{
    /// <summary>A fault carrying <paramref name="detail"/>, answered with <paramref name="statusCode"/>.</summary>
    public WebFaultException(T detail, HttpStatusCode statusCode)
        : base(detail)
    {
        StatusCode = statusCode;
    }

    /// <inheritdoc />
    public HttpStatusCode StatusCode { get; }
}
