namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>A gRPC implementation that plays client or server in an interop pairing.</summary>
public enum Implementation
{
    /// <summary>grpc-dotnet, hosted and connected through MigrateWcf.Runtime: tests/Interop/Server and tests/Interop/Client.</summary>
    Ours,

    /// <summary>python3-grpcio (C-core): tests/Interop/peers/python.</summary>
    Python,

    /// <summary>@grpc/grpc-js: tests/Interop/peers/node.</summary>
    Node,
}

/// <summary>How the interop server is reached: a Unix socket, or TCP on 127.0.0.1.</summary>
public enum Transport
{
    UnixSocket,
    Tcp,
}

/// <summary>Where one interop server listens: <see cref="SocketPath"/> for a Unix socket, else <see cref="Port"/>.</summary>
public sealed record ServerAddress(string? SocketPath, int Port);
