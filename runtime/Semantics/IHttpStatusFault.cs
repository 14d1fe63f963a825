using System.Net;

namespace MigrateWcf.Runtime;

/// <summary>A fault that carries the HTTP status of a WCF REST error: MigrateWcf.Compatibility's stand-ins for WCF's
/// <c>WebFaultException</c> and <c>WebFaultException&lt;T&gt;</c> implement it, so the fault's gRPC status is the one
/// <see cref="WebFaultStatus.ToStatusCode"/> picks and a REST caller gets the HTTP status the service threw.</summary>
public interface IHttpStatusFault
{
    /// <summary>The HTTP status the legacy service answered the REST caller with.</summary>
    HttpStatusCode StatusCode { get; }
}
