using MigrateWcf.Interop.Tests.Harness;

namespace MigrateWcf.Interop.Tests;

/// <summary>Our interop server (grpc-dotnet hosted by MigrateWcf.Runtime) on a Unix socket, against our, C-core's and
/// grpc-js's clients.</summary>
public sealed class OurServer(OurServerFixture server) : IClassFixture<OurServerFixture>
{
    [InteropCases(Implementation.Ours, Implementation.Ours)]
    public Task OurClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Ours, server, testCase);

    [InteropCases(Implementation.Python, Implementation.Ours)]
    public Task PythonClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Python, server, testCase);

    [InteropCases(Implementation.Node, Implementation.Ours)]
    public Task NodeClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Node, server, testCase);
}

/// <summary>The same pairings over TCP on 127.0.0.1 (the server's <c>--port</c>).</summary>
public sealed class OurServerOverTcp(OurTcpServerFixture server) : IClassFixture<OurTcpServerFixture>
{
    [InteropCases(Implementation.Ours, Implementation.Ours)]
    public Task OurClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Ours, server, testCase);

    [InteropCases(Implementation.Python, Implementation.Ours)]
    public Task PythonClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Python, server, testCase);

    [InteropCases(Implementation.Node, Implementation.Ours)]
    public Task NodeClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Node, server, testCase);
}
