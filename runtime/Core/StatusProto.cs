using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>The rich error model: a <see cref="Google.Rpc.Status"/> travels in the <c>grpc-status-details-bin</c> trailer.</summary>
public static class StatusProto
{
    public const string DetailsTrailerName = "grpc-status-details-bin";

    /// <summary>An exception whose status and trailers carry <paramref name="status"/> (code and message kept in step).</summary>
    public static RpcException ToRpcException(this Google.Rpc.Status status) => ToRpcException(status, new Metadata());

    public static RpcException ToRpcException(this Google.Rpc.Status status, Metadata trailers)
    {
        ArgumentNullException.ThrowIfNull(status);
        ArgumentNullException.ThrowIfNull(trailers);
        trailers.Add(DetailsTrailerName, status.ToByteArray());
        return new RpcException(new Status((StatusCode)status.Code, status.Message), trailers);
    }

    /// <summary>The rich status from the exception's trailers, or null when it has none (or it does not parse).</summary>
    public static Google.Rpc.Status? GetRpcStatus(this RpcException exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        return GetRpcStatus(exception.Trailers);
    }

    public static Google.Rpc.Status? GetRpcStatus(this Metadata trailers)
    {
        ArgumentNullException.ThrowIfNull(trailers);
        var bytes = trailers.GetValueBytes(DetailsTrailerName);
        if (bytes is null) return null;
        try
        {
            return Google.Rpc.Status.Parser.ParseFrom(bytes);
        }
        catch (InvalidProtocolBufferException)
        {
            return null;
        }
    }
}
