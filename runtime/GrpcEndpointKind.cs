namespace MigrateWcf.Runtime;

/// <summary>How a <see cref="GrpcEndpoint"/> is reached.</summary>
public enum GrpcEndpointKind
{
    UnixSocket,
    NamedPipe,
    Tcp,
}
