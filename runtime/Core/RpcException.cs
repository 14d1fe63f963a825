namespace MigrateWcf.Runtime;

/// <summary>Thrown by a call that ended with a status other than OK; thrown by a service handler to end its call with that status.</summary>
public class RpcException : Exception
{
    public RpcException(Status status) : this(status, Metadata.Empty, status.Detail) { }
    public RpcException(Status status, string message) : this(status, Metadata.Empty, message) { }
    public RpcException(Status status, Metadata trailers) : this(status, trailers, status.Detail) { }

    public RpcException(Status status, Metadata trailers, string message)
        : base(FormatMessage(status, message), status.DebugException)
    {
        Status = status;
        Trailers = trailers ?? Metadata.Empty;
    }

    public Status Status { get; }
    public StatusCode StatusCode => Status.StatusCode;
    /// <summary>Trailers received with the status (client) or to send with it (server).</summary>
    public Metadata Trailers { get; }

    private static string FormatMessage(Status status, string message) =>
        message == status.Detail ? $"Status(StatusCode=\"{status.StatusCode}\", Detail=\"{status.Detail}\")" : message;
}
