namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>A gRPC implementation that plays client or server in an interop pairing.</summary>
public enum Implementation
{
    /// <summary>MigrateWcf.Runtime: tests/Interop/Server and tests/Interop/Client.</summary>
    Ours,

    /// <summary>python3-grpcio (C-core): tests/Interop/peers/python.</summary>
    Python,

    /// <summary>@grpc/grpc-js: tests/Interop/peers/node.</summary>
    Node,
}
