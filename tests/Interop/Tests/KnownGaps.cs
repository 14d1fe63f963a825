using MigrateWcf.Interop.Tests.Harness;

namespace MigrateWcf.Interop.Tests;

/// <summary>The pairings in which a case cannot run, each with the reason. These are limits of a peer's public API,
/// not of grpc-dotnet or our hosting; every case that any peer can check runs in every pairing, over both transports.
/// (grpc-dotnet's server API does not expose a request message's compressed flag either: our interop server reads it
/// off the request body with a middleware, tests/Interop/Server/InteropTestService.cs.)</summary>
public static class KnownGaps
{
    private const string ServerCannotSeeRequestCompression =
        "CompressedRequest needs the server to see whether a request message arrived compressed; {0} hands the application only the decompressed message (the flag and grpc-encoding are consumed below the API), so its server cannot implement it. Our server's side of this case runs against the Python and Node clients, and our client's against our server.";

    private const string GrpcJsServerDoesNotCompress =
        "CompressedResponse needs a server that compresses responses; grpc-js's server never compresses (it always sends the compressed-flag 0), so its server cannot implement it.";

    /// <summary>Why <paramref name="testCase"/> cannot run with this client and server, or null when it runs.</summary>
    public static string? Reason(Implementation client, Implementation server, string testCase) => (server, testCase) switch
    {
        (Implementation.Python, "client_compressed_unary") => string.Format(ServerCannotSeeRequestCompression, "python3-grpcio (C-core)"),
        (Implementation.Node, "client_compressed_unary") => string.Format(ServerCannotSeeRequestCompression, "grpc-js"),
        (Implementation.Node, "server_compressed_unary") => GrpcJsServerDoesNotCompress,
        _ => null,
    };
}
