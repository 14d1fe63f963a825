using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Generator.References;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// The C# the engine emits for every corpus scenario that maps compiles as a migrated project: Grpc.Tools' protoc with
/// the C# and gRPC plugins over the emitted .proto files, the emitted C#, and the scenario's own sources, on .NET 10
/// against System.ServiceModel.Primitives, grpc-dotnet and MigrateWcf.Runtime, the emitted code and protoc's with
/// warnings as errors. The legacy sources compile unchanged, except the few files listed in <see cref="CannotCompileOnDotNet"/>,
/// whose errors stay in those files (the emitted code still binds to their types and compiles cleanly).
/// </summary>
public sealed class GeneratedCSharpTests
{
    /// <summary>
    /// Legacy files that cannot compile on .NET 10 for reasons outside the generated code, each with the reason.
    /// </summary>
    public static readonly IReadOnlyDictionary<string, (string File, string Reason)[]> CannotCompileOnDotNet = new Dictionary<string, (string, string)[]>
    {
        ["NetFramework/ConfiguredHosting"] =
        [
            ("ReportService.cs", "the implementation reads OperationContext.IncomingMessageHeaders and ServiceSecurityContext, which the generated OperationContext does not offer (WCFM3010 says so); gRPC metadata and the call's auth context replace them"),
        ],
        ["NetFramework/RoleSecuredPayroll"] =
        [
            ("PayrollService.cs", "PrincipalPermission is in the System.Security.Permissions package on .NET 10 (and demands nothing there), and the authorization manager reads OperationContext.ServiceSecurityContext (WCFM3010); WCFM4012 gives the ASP.NET Core policies that replace both"),
        ],
        ["NetFramework/SelfHostedBindings"] =
        [
            ("IPrintSpooler.cs", "the contract sets ServiceContract.ProtectionLevel (message security), which System.ServiceModel.Primitives does not have"),
            ("SpoolerHost.cs", "self-hosting (ServiceHost, NetTcpBinding, NetNamedPipeBinding, metadata and throttling behaviors) exists only on .NET Framework; the generated hosting replaces it"),
        ],
        ["NetFramework/SvcUtilClientProxy"] =
        [
            ("PrintQuoteClient.cs", "an svcutil ClientBase<T> proxy whose constructors take an endpoint configuration name, which .NET's WCF client does not have; the generated proxy replaces it"),
            ("QuoteCaller.cs", "WCF client code on BasicHttpBinding (System.ServiceModel.Http, not part of a migrated project); the generated client factory replaces it"),
        ],
        ["NetFramework/Transactions"] =
        [
            ("FundsTransfer.cs", "the service calls OperationContext.Current.SetTransactionComplete(), which the migrated service does not provide (finding WCFM3010: the code must change)"),
        ],
    };

    public static TheoryData<string> Scenarios => CorpusScenario.Names(s => !s.IsBroken);

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void EmittedCSharp_CompilesWithProtocsOutputAndTheLegacySources(string name)
    {
        var (generated, legacy) = Sources(name);

        var (problems, _) = MigratedCompilation.Compile(generated, legacy, CorpusScenario.Get(name).AssemblyName);

        // No problem in the emitted or protoc's code; errors only in the legacy files listed (each of which has one, so
        // the list cannot go stale).
        Assert.True(problems.All(p => !p.StartsWith(MigratedCompilation.GeneratedFolder, StringComparison.Ordinal)), $"{name}:\n{string.Join("\n", problems)}");
        var failing = problems.Select(p => p.Split('(')[0]).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToList();
        var expected = CannotCompileOnDotNet.TryGetValue(name, out var files) ? files.Select(f => name + "/" + f.File).Order(StringComparer.Ordinal).ToList() : [];
        Assert.True(expected.SequenceEqual(failing), $"{name}: legacy files with errors {string.Join(", ", failing)}, expected {string.Join(", ", expected)}:\n{string.Join("\n", problems)}");
    }

    [Fact]
    public void MostScenarios_CompileFully()
    {
        // The count the README reports: scenarios whose every legacy file compiles on .NET 10 beside the emitted C#.
        var scenarios = CorpusScenario.All.Where(s => !s.IsBroken).ToList();

        Assert.Equal(64, scenarios.Count);
        Assert.Equal(59, scenarios.Count(s => !CannotCompileOnDotNet.ContainsKey(s.Name)));
    }

    internal static (List<(string Path, string Text)> Generated, List<(string Path, string Text)> Legacy) Sources(string name)
    {
        var scenario = CorpusScenario.Get(name);
        var result = EngineRun.CSharpRun(scenario);
        var protoc = Protoc.CompileToCSharp(result.ProtoFiles, fatalWarnings: true, grpc: true);
        Assert.True(protoc.ExitCode == 0, protoc.Output);

        var legacy = scenario.Sources.ToList();
        if (scenario.WithCoreWcf)
        {
            legacy.Add((CoreWcfDeclarations.FileName, CoreWcfDeclarations.Source));
        }

        return (protoc.CSharpFiles.Concat(result.CSharpFiles.Select(f => (f.RelativePath, f.Content))).ToList(), legacy);
    }
}
