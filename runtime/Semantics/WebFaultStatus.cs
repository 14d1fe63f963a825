using System.Net;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// The gRPC status code for the HTTP status of a WCF REST error (<c>WebFaultException</c>), chosen so that gRPC JSON
/// transcoding answers the REST caller with the same HTTP status: the inverse of the standard gRPC → HTTP mapping
/// (google.rpc.Code's comments), which transcoding applies.
/// </summary>
public static class WebFaultStatus
{
    /// <summary>The code whose HTTP mapping is <paramref name="httpStatus"/>; for a status no code maps to, the code of
    /// its class (4xx → FAILED_PRECONDITION, answered 400; 5xx → INTERNAL, answered 500), see <see cref="RoundTrips"/>.</summary>
    public static StatusCode ToStatusCode(HttpStatusCode httpStatus) => (int)httpStatus switch
    {
        400 => StatusCode.InvalidArgument,
        401 => StatusCode.Unauthenticated,
        403 => StatusCode.PermissionDenied,
        404 => StatusCode.NotFound,
        409 => StatusCode.AlreadyExists,
        429 => StatusCode.ResourceExhausted,
        408 => StatusCode.Cancelled,
        500 => StatusCode.Internal,
        501 => StatusCode.Unimplemented,
        503 => StatusCode.Unavailable,
        504 => StatusCode.DeadlineExceeded,
        >= 400 and < 500 => StatusCode.FailedPrecondition,
        _ => StatusCode.Internal,
    };

    /// <summary>Whether a REST caller of the migrated service gets <paramref name="httpStatus"/> itself back (true for
    /// 400, 401, 403, 404, 408, 409, 429, 500, 501, 503, 504); others become 400 or 500.</summary>
    public static bool RoundTrips(HttpStatusCode httpStatus) => (int)httpStatus is 400 or 401 or 403 or 404 or 408 or 409 or 429 or 500 or 501 or 503 or 504;
}
