using System.Collections.Immutable;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using Microsoft.CodeAnalysis.Text;
using MigrateWcf.Analyzers;
using MigrateWcf.Analyzers.Contracts;
using MigrateWcf.CodeFixes.Contracts;
using MigrateWcf.Generation;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;
using MigrateWcf.Tool.Cli;
using Verify = MigrateWcf.CodeFixes.Tests.CodeFixVerifier<MigrateWcf.Analyzers.Contracts.ContractAnalyzer, MigrateWcf.CodeFixes.Contracts.GenerateGrpcMigrationFixer>;

namespace MigrateWcf.CodeFixes.Tests;

/// <summary>
/// "Generate gRPC migration": offered on a service contract only; what it adds is, byte for byte, what
/// <c>migrate-wcf generate</c> (run in-process on the same sources, written to a temporary folder) writes.
/// </summary>
public class GenerateGrpcMigrationFixerTests
{
    private const string Contracts = """
        using System;
        using System.Collections.Generic;
        using System.Runtime.Serialization;
        using System.ServiceModel;

        namespace Contoso.Orders
        {
            [DataContract(Namespace = "http://contoso.com/orders")]
            public class Order
            {
                [DataMember(Order = 1)] public int Id { get; set; }
                [DataMember(Order = 2)] public string Customer { get; set; } = "";
                [DataMember(Order = 3)] public decimal Total { get; set; }
                [DataMember(Order = 4)] public DateTime PlacedAt { get; set; }
                [DataMember(Order = 5)] public List<Line> Lines { get; set; } = new List<Line>();
                [DataMember(Order = 6)] public OrderState State { get; set; }
            }

            [DataContract(Namespace = "http://contoso.com/orders")]
            public class Line
            {
                [DataMember(Order = 1)] public string Sku { get; set; } = "";
                [DataMember(Order = 2)] public int Quantity { get; set; }
            }

            [DataContract(Namespace = "http://contoso.com/orders")]
            public enum OrderState { [EnumMember] New, [EnumMember] Shipped }

            [DataContract(Namespace = "http://contoso.com/orders")]
            public class OrderFault
            {
                [DataMember(Order = 1)] public string Reason { get; set; } = "";
            }

            [ServiceContract(Namespace = "http://contoso.com/orders")]
            public interface IOrderService
            {
                [OperationContract]
                [FaultContract(typeof(OrderFault))]
                Order GetOrder(int id);

                [OperationContract(IsOneWay = true)]
                void Cancel(int id, string reason);
            }
        }
        """;

    private const string Service = """
        using System.ServiceModel;

        namespace Contoso.Orders
        {
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
            public class OrderService : IOrderService
            {
                public Order GetOrder(int id) => new Order { Id = id };

                public void Cancel(int id, string reason)
                {
                }
            }
        }
        """;

    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    [Fact]
    public async Task ServiceContract_OffersTheAction_WhichAddsTheProtoFilesAndLockFile()
    {
        var source = """
            using System.ServiceModel;

            [ServiceContract(Namespace = "http://contoso.com/stock")]
            public interface {|#0:IStock|}
            {
                [OperationContract]
                int Count(string sku);
            }
            """;
        var plan = await PlanAlone(source);
        var test = new Verify.Test
        {
            TestCode = source,
            CodeActionEquivalenceKey = EquivalenceKeys.GenerateGrpcMigration,
            // FixAll is not offered (GetFixAllProvider is null): there is nothing for the library's FixAll pass to check.
            CodeFixTestBehaviors = CodeFixTestBehaviors.SkipFixAllCheck,
        };
        test.DisabledDiagnostics.AddRange(new ContractAnalyzer().SupportedDiagnostics.Select(d => d.Id).Distinct().Where(id => id != RuleIds.ServiceContractMapped));
        test.ExpectedDiagnostics.Add(Verify.Diagnostic(WcfDiagnostics.ServiceContractMapped).WithLocation(0).WithArguments("IStock", "contoso.stock.Stock", "1"));
        test.FixedState.Sources.Add(source.Replace("{|#0:", string.Empty, StringComparison.Ordinal).Replace("IStock|}", "IStock", StringComparison.Ordinal));
        test.FixedState.ExpectedDiagnostics.Add(Verify.Diagnostic(WcfDiagnostics.ServiceContractMapped).WithSpan(4, 18, 4, 24).WithArguments("IStock", "contoso.stock.Stock", "1"));
        foreach (var file in plan.ProtoFiles.Append(plan.LockFile!))
        {
            // The library names a file by its path in the project ("/0/" is its folder), which gives its folders.
            test.FixedState.AdditionalFiles.Add(($"/0/{GenerateGrpcMigrationFixer.ProtoFolder}/{file.RelativePath}", SourceText.From(file.Content, Utf8NoBom)));
        }

        await test.RunAsync();
    }

    [Fact]
    public async Task OnlyTheServiceContractsDiagnostic_OffersTheAction()
    {
        var (workspace, project) = Workspace(("Contracts.cs", Contracts), ("OrderService.cs", Service), ("Host.cs", """
            using System.ServiceModel;

            public static class Host
            {
                public static ServiceHost Open() => new ServiceHost(typeof(Contoso.Orders.OrderService));
            }
            """));
        using (workspace)
        {
            var diagnostics = await Diagnostics(project);
            // Data types, behaviors and hosting code have diagnostics of their own; only the contract's offers the action.
            Assert.Contains(diagnostics, d => d.Id.StartsWith("WCFM2", StringComparison.Ordinal));
            Assert.Contains(diagnostics, d => d.Id.StartsWith("WCFM4", StringComparison.Ordinal));
            var offered = new List<Diagnostic>();
            foreach (var diagnostic in diagnostics)
            {
                if (project.GetDocument(diagnostic.Location.SourceTree) is { } document && (await Actions(document, diagnostic)).Count > 0)
                {
                    offered.Add(diagnostic);
                }
            }

            var contract = Assert.Single(offered);
            Assert.Equal(RuleIds.ServiceContractMapped, contract.Id);
            Assert.Equal("IOrderService", contract.Location.SourceTree!.GetText().ToString(contract.Location.SourceSpan));
        }
    }

    /// <summary>
    /// What the hosts apply, as the action relies on: MSBuildWorkspace (dotnet format) changes additional documents but
    /// refuses added ones, so the action is not offered there; an AdhocWorkspace (and Visual Studio's workspace, whose
    /// source says so; it does not run here) adds them.
    /// </summary>
    [Fact]
    public void MSBuildWorkspace_ChangesButDoesNotAddAdditionalDocuments_AdhocWorkspaceDoesBoth()
    {
        using var msbuild = Microsoft.CodeAnalysis.MSBuild.MSBuildWorkspace.Create();
        Assert.False(msbuild.CanApplyChange(ApplyChangesKind.AddAdditionalDocument));
        Assert.True(msbuild.CanApplyChange(ApplyChangesKind.ChangeAdditionalDocument));
        Assert.True(msbuild.CanApplyChange(ApplyChangesKind.AddDocument));
        Assert.False(msbuild.CanApplyChange(ApplyChangesKind.AddProject));
        using var adhoc = new AdhocWorkspace();
        Assert.True(adhoc.CanApplyChange(ApplyChangesKind.AddAdditionalDocument));
        Assert.True(adhoc.CanApplyChange(ApplyChangesKind.ChangeAdditionalDocument));
    }

    [Fact]
    public void FixAll_IsNotOffered_TheActionAlreadyPlansTheWholeProject()
        => Assert.Null(new GenerateGrpcMigrationFixer().GetFixAllProvider());

    [Fact]
    public async Task AddedProtoFilesAndLockFile_AreTheBytesGenerateWrites()
    {
        using var temp = new TempDirectory();
        var folder = Path.Combine(temp.Path, "Orders");
        var (workspace, project) = Workspace(folder, "Orders", ("Contracts.cs", Contracts), ("OrderService.cs", Service));
        using (workspace)
        {
            var changed = await ApplyTheAction(project);
            var generated = await Generate(temp.Path, [folder]);
            AssertSameFiles(generated, changed.GetProject(project.Id)!, folder);
        }
    }

    [Fact]
    public async Task ProjectReferencingTheContractsProject_IsPlannedAsGenerateReadsBothProjects()
    {
        using var temp = new TempDirectory();
        var contractsFolder = Path.Combine(temp.Path, "Contracts");
        var servicesFolder = Path.Combine(temp.Path, "Services");
        using var workspace = new AdhocWorkspace();
        var contracts = AddProject(workspace, contractsFolder, "Contracts", ("Contracts.cs", Contracts));
        var services = AddProject(workspace, servicesFolder, "Services", ("OrderService.cs", Service));
        Assert.True(workspace.TryApplyChanges(workspace.CurrentSolution.AddProjectReference(services.Id, new ProjectReference(contracts.Id))));
        services = workspace.CurrentSolution.GetProject(services.Id)!;

        // The diagnostic is on the contract, in the contracts project; the action there plans that project alone. From
        // the services project (whose compilation sees the contract as a referenced project), it plans both.
        var plan = await GenerateGrpcMigrationFixer.PlanAsync(services, CancellationToken.None);
        Assert.NotNull(plan);
        var generated = await Generate(temp.Path, [servicesFolder, contractsFolder]);
        var protoPaths = generated.Keys.Where(p => p.EndsWith(".proto", StringComparison.Ordinal) || p == GenerationPlanner.LockFileName).Order(StringComparer.Ordinal);
        Assert.Equal(protoPaths, plan!.ProtoFiles.Append(plan.LockFile!).Select(f => f.RelativePath).Order(StringComparer.Ordinal));
        Assert.All(plan.ProtoFiles.Append(plan.LockFile!), f => Assert.Equal(generated[f.RelativePath], Utf8NoBom.GetBytes(f.Content)));
    }

    [Fact]
    public async Task AppliedAgainAfterAnEdit_ContinuesFromItsLockFile_AsGenerateDoes()
    {
        using var temp = new TempDirectory();
        var folder = Path.Combine(temp.Path, "Orders");
        var (workspace, project) = Workspace(folder, "Orders", ("Contracts.cs", Contracts), ("OrderService.cs", Service));
        using (workspace)
        {
            Assert.True(workspace.TryApplyChanges(await ApplyTheAction(project)));
            await Generate(temp.Path, [folder]);

            // Order loses Customer and gains Notes: the lock file keeps Customer's number reserved and gives Notes a new one.
            var edited = Contracts.Replace("[DataMember(Order = 2)] public string Customer { get; set; } = \"\";", "[DataMember(Order = 7)] public string Notes { get; set; } = \"\";", StringComparison.Ordinal);
            Assert.NotEqual(Contracts, edited);
            var document = workspace.CurrentSolution.GetProject(project.Id)!.Documents.Single(d => d.Name == "Contracts.cs");
            Assert.True(workspace.TryApplyChanges(document.WithText(SourceText.From(edited)).Project.Solution));
            var changed = await ApplyTheAction(workspace.CurrentSolution.GetProject(project.Id)!);
            // The second application updates the documents the first added; it adds none.
            Assert.Equal(
                workspace.CurrentSolution.GetProject(project.Id)!.AdditionalDocuments.Select(d => d.Id.Id).Order(),
                changed.GetProject(project.Id)!.AdditionalDocuments.Select(d => d.Id.Id).Order());

            var generated = await Generate(temp.Path, [folder], write: ("Orders/Contracts.cs", edited));
            AssertSameFiles(generated, changed.GetProject(project.Id)!, folder);
        }
    }

    private static void AssertSameFiles(IReadOnlyDictionary<string, byte[]> generated, Project project, string projectFolder)
    {
        var expected = generated.Keys.Where(p => p.EndsWith(".proto", StringComparison.Ordinal) || p == GenerationPlanner.LockFileName).Order(StringComparer.Ordinal).ToList();
        Assert.Contains(GenerationPlanner.LockFileName, expected);
        Assert.Contains(expected, p => p.EndsWith(".proto", StringComparison.Ordinal));
        var protoRoot = Path.Combine(projectFolder, GenerateGrpcMigrationFixer.ProtoFolder);
        var added = project.AdditionalDocuments.ToDictionary(d => Path.GetRelativePath(protoRoot, d.FilePath!).Replace('\\', '/'), StringComparer.Ordinal);
        Assert.Equal(expected, added.Keys.Order(StringComparer.Ordinal));
        foreach (var path in expected)
        {
            var text = added[path].GetTextAsync().Result;
            Assert.Equal(generated[path], (text.Encoding ?? Utf8NoBom).GetBytes(text.ToString()));
            Assert.Equal(new[] { GenerateGrpcMigrationFixer.ProtoFolder }.Concat(path.Split('/').SkipLast(1)), added[path].Folders);
        }
    }

    /// <summary>Writes the sources of the workspace's projects (or <paramref name="write"/> over them) and runs <c>migrate-wcf generate</c>; the files of its output folder.</summary>
    private static async Task<IReadOnlyDictionary<string, byte[]>> Generate(string root, string[] inputs, (string Path, string Text)? write = null)
    {
        if (write is { } file)
        {
            File.WriteAllText(Path.Combine(root, file.Path), file.Text);
        }

        var output = Path.Combine(root, "Migrated");
        var stdout = new StringWriter();
        var stderr = new StringWriter();
        var exitCode = await MigrateWcfCommandLine.InvokeAsync(["generate", "--committed", .. inputs, "--out", output, "--force", "--no-verify"], new CliDependencies(stdout, stderr));
        Assert.True(exitCode == 0, $"generate exited {exitCode}\n{stdout}\n{stderr}");
        return Directory.EnumerateFiles(output, "*", SearchOption.AllDirectories)
            .ToDictionary(f => Path.GetRelativePath(output, f).Replace('\\', '/'), File.ReadAllBytes, StringComparer.Ordinal);
    }

    private static async Task<Solution> ApplyTheAction(Project project)
    {
        var diagnostic = (await Diagnostics(project)).Single(d => d.Id == RuleIds.ServiceContractMapped);
        var document = project.GetDocument(diagnostic.Location.SourceTree)!;
        var action = Assert.Single(await Actions(document, diagnostic));
        Assert.Equal(EquivalenceKeys.GenerateGrpcMigration, action.EquivalenceKey);
        Assert.Contains("migrate-wcf generate Orders.csproj --out ../Orders.Migrated", action.Title, StringComparison.Ordinal);
        var operations = await action.GetOperationsAsync(CancellationToken.None);
        return Assert.IsType<ApplyChangesOperation>(Assert.Single(operations)).ChangedSolution;
    }

    private static async Task<IReadOnlyList<CodeAction>> Actions(Document document, Diagnostic diagnostic)
    {
        var fixer = new GenerateGrpcMigrationFixer();
        var actions = new List<CodeAction>();
        if (fixer.FixableDiagnosticIds.Contains(diagnostic.Id))
        {
            await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None));
        }

        return actions;
    }

    private static async Task<ImmutableArray<Diagnostic>> Diagnostics(Project project)
    {
        var compilation = (await project.GetCompilationAsync())!;
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        var analyzers = typeof(WcfDiagnostics).Assembly.GetTypes()
            .Where(t => typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && !t.IsAbstract)
            .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
            .ToImmutableArray();
        return await compilation.WithAnalyzers(analyzers).GetAnalyzerDiagnosticsAsync();
    }

    /// <summary>The plan for <paramref name="source"/> as the only file of a project.</summary>
    private static async Task<GenerationPlan> PlanAlone(string source)
    {
        var (workspace, project) = Workspace(("Test0.cs", source.Replace("{|#0:", string.Empty, StringComparison.Ordinal).Replace("|}", string.Empty, StringComparison.Ordinal)));
        using (workspace)
        {
            return (await GenerateGrpcMigrationFixer.PlanAsync(project, CancellationToken.None))!;
        }
    }

    private static (AdhocWorkspace Workspace, Project Project) Workspace(params (string Name, string Text)[] sources)
        => Workspace(null, "TestProject", sources);

    private static (AdhocWorkspace Workspace, Project Project) Workspace(string? folder, string name, params (string Name, string Text)[] sources)
    {
        var workspace = new AdhocWorkspace();
        return (workspace, AddProject(workspace, folder, name, sources));
    }

    /// <summary>A net472 C# project over the tool's reference set; with a folder, its sources are also written there (for generate).</summary>
    private static Project AddProject(AdhocWorkspace workspace, string? folder, string name, params (string Name, string Text)[] sources)
    {
        var id = ProjectId.CreateNewId(name);
        var info = ProjectInfo.Create(
            id,
            VersionStamp.Create(),
            name,
            name,
            LanguageNames.CSharp,
            filePath: folder is null ? null : Path.Combine(folder, name + ".csproj"),
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
            metadataReferences: WcfTestCompilation.Net472References);
        var solution = workspace.CurrentSolution.AddProject(info);
        foreach (var (fileName, text) in sources)
        {
            string? path = null;
            if (folder is not null)
            {
                Directory.CreateDirectory(folder);
                path = Path.Combine(folder, fileName);
                File.WriteAllText(path, text);
            }

            solution = solution.AddDocument(DocumentId.CreateNewId(id), fileName, SourceText.From(text, Encoding.UTF8), filePath: path);
        }

        Assert.True(workspace.TryApplyChanges(solution));
        return workspace.CurrentSolution.GetProject(id)!;
    }

    private sealed class TempDirectory : IDisposable
    {
        public string Path { get; } = Directory.CreateTempSubdirectory("migrate-wcf-codefix-").FullName;

        public void Dispose() => Directory.Delete(Path, recursive: true);
    }
}
