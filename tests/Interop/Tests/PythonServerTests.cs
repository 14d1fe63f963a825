using MigrateWcf.Interop.Tests.Harness;

namespace MigrateWcf.Interop.Tests;

/// <summary>C-core's server (python3-grpcio) on a Unix socket against our client; the grpc-js client proves the peer
/// scripts themselves.</summary>
public sealed class PythonServer(PythonServerFixture server) : IClassFixture<PythonServerFixture>
{
    [InteropCases(Implementation.Ours, Implementation.Python)]
    public Task OurClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Ours, server, testCase);

    [InteropCases(Implementation.Node, Implementation.Python)]
    public Task NodeClient_HarnessCheck(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Node, server, testCase);
}

/// <summary>C-core's server over TCP on 127.0.0.1 against our client.</summary>
public sealed class PythonServerOverTcp(PythonTcpServerFixture server) : IClassFixture<PythonTcpServerFixture>
{
    [InteropCases(Implementation.Ours, Implementation.Python)]
    public Task OurClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Ours, server, testCase);
}
