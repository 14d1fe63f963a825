// The one entry point every front end (tool, analyzer, code fix) calls. The engine decides; callers only do IO.
using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Discovery;
using MigrateWcf.Generator.Emit;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator;

/// <summary>What the caller hands the engine besides the compilation.</summary>
/// <param name="LockFileText">Text of the field-number lock file from the previous run, or null for a first run.</param>
public sealed record EngineOptions(string? LockFileText = null)
{
    /// <summary>
    /// Set by a front end that maps several projects whose output would clash when compiled together; null (the
    /// default) leaves every package as the contract namespaces name it.
    /// </summary>
    public ProjectQualifier? ProjectQualifier { get; init; }

    /// <summary>Emit the C# of the migrated service (mappers, adapters, client proxies, hosting) too; null: .proto files only.</summary>
    public CSharpOptions? CSharp { get; init; }

    /// <summary>The app.config / web.config files of the input, read by the caller: their <c>&lt;system.serviceModel&gt;</c> is analysed with the code.</summary>
    public IReadOnlyList<ConfigurationFile> ConfigurationFiles { get; init; } = Array.Empty<ConfigurationFile>();

    /// <summary>
    /// The projects the input references without naming them, when the compilation also holds their files (generate
    /// reads them together): their contracts are migrated only where the input reaches them (WCFM1028), and a generic
    /// implementation is hosted as the closed type the input's own code makes of it, as the input's ServiceHost hosted it.
    /// </summary>
    public IReadOnlyList<ReferencedProject> ReferencedProjects { get; init; } = Array.Empty<ReferencedProject>();
}

/// <summary>
/// Puts a project into proto packages, so two projects that declare the same names in the same package (two
/// <c>WcfService1.IService1</c>) can be compiled together. A qualified package is <c>&lt;Segment&gt;.&lt;package&gt;</c>
/// and its <c>csharp_namespace</c> ends in <c>.&lt;Segment in PascalCase&gt;</c>; names, field numbers and lock-file keys
/// do not change. Only packages in <see cref="Packages"/> (named as they would be without the project) are qualified, or
/// every package when it is null; <c>migrate_wcf</c>, the same in every project, never is.
/// </summary>
public sealed record ProjectQualifier
{
    /// <param name="projectName">The project's name, e.g. <c>LegacyWcf.Contracts</c>; <see cref="Segment"/> is made from it.</param>
    /// <param name="packages">The packages to qualify, or null for all of them.</param>
    public ProjectQualifier(string projectName, IEnumerable<string>? packages = null)
    {
        ProjectName = projectName ?? throw new ArgumentNullException(nameof(projectName));
        Segment = ProtoNames.ProjectSegment(projectName);
        Packages = packages?.OrderBy(p => p, StringComparer.Ordinal).ToImmutableArray();
    }

    public string ProjectName { get; }

    /// <summary>The package segment: the project name in snake_case (<c>LegacyWcf.Contracts</c> → <c>legacy_wcf_contracts</c>).</summary>
    public string Segment { get; }

    /// <summary>The packages to qualify, sorted; null for every package.</summary>
    public ImmutableArray<string>? Packages { get; }

    /// <summary>True when <paramref name="package"/> (as named without the project) is to be qualified.</summary>
    public bool Qualifies(string package) => Packages is not { } packages || packages.Contains(package);
}

/// <summary>What the generated C# compiles against, which decides the WCF types it must supply itself.</summary>
public enum CSharpTarget
{
    /// <summary>.NET with System.ServiceModel.Primitives (10.1.0), which lacks [ServiceBehavior], [OperationBehavior] and a public InstanceContextMode: the legacy sources are compiled there beside the generated code.</summary>
    ServiceModelPrimitives,

    /// <summary>The references of the compilation given to the engine: only the types it lacks are supplied.</summary>
    InputReferences,
}

/// <summary>How the engine emits C#.</summary>
/// <param name="Namespace">The namespace of the set-wide types (hosting, client factory); null: the C# namespace most of the services' messages live in.</param>
public sealed record CSharpOptions(string? Namespace = null, CSharpTarget Target = CSharpTarget.ServiceModelPrimitives);

/// <summary>
/// A project the input references without naming it as an input (a helper library), whose files are in the compilation
/// so the input's code binds: its service contracts are migrated only where the input reaches them (WCFM1028).
/// </summary>
/// <param name="Name">The project's name, as the finding names it.</param>
/// <param name="Files">Its source files, full paths as the compilation's syntax trees name them.</param>
public sealed record ReferencedProject(string Name, IReadOnlyCollection<string> Files);

/// <summary>A .config file's path (as findings should name it) and text.</summary>
public sealed record ConfigurationFile(string Path, string Text);

/// <summary>A file the engine produced: a path relative to the output folder, and its full text.</summary>
public sealed record GeneratedFile(string RelativePath, string Content);

/// <summary>Counts for the summary a front end prints.</summary>
public sealed record EngineSummary(int ServiceContracts, int Operations, int DataTypes, int OperationsMappedCleanly, int DataTypesMappedCleanly)
{
    /// <summary>Operations with <c>[WebGet]</c> / <c>[WebInvoke]</c> (WCF REST operations).</summary>
    public int RestOperations { get; init; }

    /// <summary>REST operations whose rpc keeps their HTTP shape exactly (WCFM1018 with nothing that differs).</summary>
    public int RestOperationsKept { get; init; }
}

/// <summary>Everything one run produces. <see cref="LockFileText"/> is what the caller writes back.</summary>
public sealed record EngineResult(
    ImmutableArray<Finding> Findings,
    ImmutableArray<GeneratedFile> ProtoFiles,
    string LockFileText,
    EngineSummary Summary)
{
    /// <summary>The discovered contracts (services, operations, data types, implementations), for listings such as <c>analyze</c>.</summary>
    public ContractModel Model { get; init; } = ContractModel.Empty;

    /// <summary>The proto model the files were written from (names, field numbers, rpcs), for emitters of C# code.</summary>
    public ImmutableArray<ProtoFile> Proto { get; init; } = ImmutableArray<ProtoFile>.Empty;

    /// <summary>
    /// The C# files (when <see cref="EngineOptions.CSharp"/> asked for them), with paths relative to the same output folder
    /// as <see cref="ProtoFiles"/>: they compile together with what Grpc.Tools generates from those files
    /// (<c>GrpcServices="Both"</c>) and with the legacy sources. Empty otherwise.
    /// </summary>
    public ImmutableArray<GeneratedFile> CSharpFiles { get; init; } = ImmutableArray<GeneratedFile>.Empty;

    /// <summary>The C# names and choices the C# files were written from; null when no C# was asked for.</summary>
    public CSharpPlan? CSharp { get; init; }
}

public static class MigrationEngine
{
    /// <summary>
    /// The .proto file MigrateWcf.Runtime compiles and ships (<c>migrate_wcf/common.proto</c>): the output holds it for
    /// callers in other languages, and a migrated C# project imports it without compiling it again.
    /// </summary>
    public const string RuntimeProtoFile = ProtoMapper.CommonFile;

    /// <summary>Discovers every WCF contract in <paramref name="compilation"/>, maps it and emits .proto text. Never throws on bad code.</summary>
    public static EngineResult Run(Compilation compilation, EngineOptions options, CancellationToken cancellationToken = default)
    {
        options ??= new EngineOptions();
        var (model, discoveryFindings) = Discover(compilation, options.ReferencedProjects, cancellationToken);
        return Map(WithConfiguration(model, options.ConfigurationFiles), discoveryFindings, options);
    }

    /// <summary>
    /// <paramref name="model"/> with the <c>&lt;system.serviceModel&gt;</c> of each configuration file joined to its hosting
    /// usages, as <see cref="Run"/> does with <see cref="EngineOptions.ConfigurationFiles"/>; for a front end that calls
    /// <see cref="Discover"/> and <see cref="Map"/> itself.
    /// </summary>
    public static ContractModel WithConfiguration(ContractModel model, IEnumerable<ConfigurationFile> configurationFiles)
    {
        var configured = configurationFiles.SelectMany(f => ConfigurationReader.Read(f.Path, f.Text)).ToList();
        return configured.Count == 0 ? model : model with { HostingUsages = model.HostingUsages.Concat(configured).ToEquatableArray() };
    }

    /// <summary>
    /// Reads the contract model from <paramref name="compilation"/> (services, operations, data types, behaviors, hosting
    /// code) with the findings met while reading, unsorted. <see cref="Run"/> is this followed by <see cref="Map"/>.
    /// </summary>
    /// <summary>
    /// Whether a syntax tree of <paramref name="compilation"/> nests types deeper than the engine reads (WCFM1090): binding
    /// them would overflow the compiler's stack, so a front end must not ask the compiler about them either.
    /// </summary>
    public static bool NestsTypesTooDeep(Compilation compilation, CancellationToken cancellationToken = default)
        => TypeNesting.TooDeep(compilation.SyntaxTrees, cancellationToken).Count > 0;

    /// <summary>The format version a lock file's text declares when this engine cannot read it (newer than 2); null when it can.</summary>
    public static int? NewerLockFileVersion(string lockFileText) => LockFile.NewerVersion(lockFileText);

    public static (ContractModel Model, ImmutableArray<Finding> Findings) Discover(Compilation compilation, CancellationToken cancellationToken = default)
        => Discover(compilation, Array.Empty<ReferencedProject>(), cancellationToken);

    /// <summary>
    /// <see cref="Discover(Compilation, CancellationToken)"/> of a compilation that also holds the files of
    /// <paramref name="referencedProjects"/>, projects the input references but does not name: their contracts the
    /// input neither implements nor uses are left out, with one WCFM1028 finding listing them.
    /// </summary>
    public static (ContractModel Model, ImmutableArray<Finding> Findings) Discover(Compilation compilation, IReadOnlyList<ReferencedProject> referencedProjects, CancellationToken cancellationToken = default)
    {
        if (compilation is null)
        {
            throw new ArgumentNullException(nameof(compilation));
        }

        return ContractDiscovery.Discover(compilation, referencedProjects ?? Array.Empty<ReferencedProject>(), cancellationToken);
    }

    /// <summary>Maps an already discovered model (discovery findings are passed through), e.g. for tests or cached models.</summary>
    public static EngineResult Map(ContractModel model, IEnumerable<Finding> discoveryFindings, EngineOptions options)
    {
        var findings = new List<Finding>(discoveryFindings);
        var lockFile = LockFile.Parse(options.LockFileText, findings);
        var mapping = ProtoMapper.Map(model, lockFile, findings, options.ProjectQualifier, options.CSharp);
        var files = mapping.Files.Select(f => new GeneratedFile(f.Path, ProtoEmitter.Emit(f))).ToImmutableArray();
        var csharp = ImmutableArray<GeneratedFile>.Empty;
        if (mapping.CSharp is not null)
        {
            (csharp, var emitFindings) = CSharpEmitter.Emit(model, mapping.Files, mapping.CSharp);
            findings.AddRange(emitFindings);
        }

        return new EngineResult(FindingOrder.Sort(findings).ToImmutableArray(), files, lockFile.Serialize(), mapping.Summary)
        {
            Model = model,
            Proto = mapping.Files,
            CSharpFiles = csharp,
            CSharp = mapping.CSharp,
        };
    }
}
