using MigrateWcf.Interop.Tests.Harness;

namespace MigrateWcf.Interop.Tests;

/// <summary>grpc-js's server on a Unix socket against our client; the C-core client proves the peer scripts themselves.</summary>
public sealed class NodeServer(NodeServerFixture server) : IClassFixture<NodeServerFixture>
{
    [InteropCases(Implementation.Ours, Implementation.Node)]
    public Task OurClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Ours, server, testCase);

    [InteropCases(Implementation.Python, Implementation.Node)]
    public Task PythonClient_HarnessCheck(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Python, server, testCase);
}

/// <summary>grpc-js's server over TCP on 127.0.0.1 against our client.</summary>
public sealed class NodeServerOverTcp(NodeTcpServerFixture server) : IClassFixture<NodeTcpServerFixture>
{
    [InteropCases(Implementation.Ours, Implementation.Node)]
    public Task OurClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Ours, server, testCase);
}
