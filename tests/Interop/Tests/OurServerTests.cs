using MigrateWcf.Interop.Tests.Harness;

namespace MigrateWcf.Interop.Tests;

/// <summary>Our interop server (MigrateWcf.Runtime) against our, C-core's and grpc-js's clients.</summary>
public sealed class OurServer(OurServerFixture server) : IClassFixture<OurServerFixture>
{
    [InteropCases(Implementation.Ours, Implementation.Ours)]
    public Task OurClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Ours, server, testCase);

    [InteropCases(Implementation.Python, Implementation.Ours)]
    public Task PythonClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Python, server, testCase);

    [InteropCases(Implementation.Node, Implementation.Ours)]
    public Task NodeClient(string testCase) => InteropClientRun.AssertPassesAsync(Implementation.Node, server, testCase);
}
