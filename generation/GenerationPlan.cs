using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator;

namespace MigrateWcf.Generation;

/// <summary>A file of the migrated project, as text.</summary>
/// <param name="RelativePath">Relative to the output folder, forward slashes.</param>
/// <param name="OverwriteWithoutForce">True for files the tool itself keeps up to date (the lock file, the manifest), which a run may always replace.</param>
public sealed record PlannedFile(string RelativePath, string Content, bool OverwriteWithoutForce = false);

/// <summary>
/// Where the migrated project goes and what it compiles, besides the compilation: everything the project file says.
/// </summary>
/// <param name="OutputFolder">Full path of the migrated project's folder.</param>
/// <param name="ProjectName">The project file's name without .csproj.</param>
/// <param name="SourceFiles">The original sources the compilation was made of, each with where the IDE shows it.</param>
/// <param name="NullableEnabled">Whether the sources were compiled with nullable annotations enabled.</param>
/// <param name="Runtime">How the project reaches MigrateWcf.Runtime.</param>
/// <param name="CentralPackageVersions">A Directory.Packages.props above the output folder gives package versions.</param>
/// <param name="ToolVersion">The version of migrate-wcf (and so of the MigrateWcf.Runtime package) the project references.</param>
public sealed record GenerationRequest(
    string OutputFolder,
    string ProjectName,
    IReadOnlyList<OriginalSource> SourceFiles,
    bool NullableEnabled,
    RuntimeReference Runtime,
    bool CentralPackageVersions,
    string ToolVersion)
{
    /// <summary>
    /// The references the migrated project compiles against (.NET 10, System.ServiceModel.Primitives, the input's own
    /// assemblies), for the probe that tells what of the original sources compiles there (<see cref="SourceSelector"/>);
    /// empty: no probe, and only what the service reaches is compiled.
    /// </summary>
    public IReadOnlyList<MetadataReference> TargetReferences { get; init; } = Array.Empty<MetadataReference>();

    /// <summary>The original projects' packages; those <see cref="ReferenceKinds.WhyNotCarried"/> names are left out (in a comment).</summary>
    public ImmutableArray<MigratedPackage> Packages { get; init; } = ImmutableArray<MigratedPackage>.Empty;

    /// <summary>The assemblies the original projects reference by HintPath from a folder of their own (not a packages/ folder).</summary>
    public ImmutableArray<MigratedAssembly> Assemblies { get; init; } = ImmutableArray<MigratedAssembly>.Empty;

    /// <summary>The input's .config files: their appSettings and connectionStrings go into the migrated project's App.config when its code uses ConfigurationManager (<see cref="OriginalConfiguration"/>).</summary>
    public IReadOnlyList<ConfigurationFile> ConfigurationFiles { get; init; } = Array.Empty<ConfigurationFile>();

    /// <summary>
    /// The preprocessor symbols the migrated project defines besides the SDK's DEBUG and TRACE (its DefineConstants): those
    /// the Debug builds of the input's projects (not of the projects they reference) all define. A file whose own project's symbols differ in one it tests becomes a copy with
    /// <c>#define</c> lines (<see cref="OriginalSource.PreprocessorSymbols"/>).
    /// </summary>
    public IReadOnlyList<string> DefineConstants { get; init; } = Array.Empty<string>();

    /// <summary>Also plan the host project (<see cref="MigratedHostProject"/>); false for <c>--no-host</c>.</summary>
    public bool Host { get; init; } = true;

    /// <summary>
    /// Full path of the folder the engine's files, copies of original sources included, are written into when it is not
    /// <see cref="GenerationRequest.OutputFolder"/>: a build's intermediate folder (<c>migrate-wcf emit --into</c>).
    /// </summary>
    public string? CopiesFolder { get; init; }

    /// <summary>
    /// Build-time generation (docs/build-time-generation.md): the original inputs (full paths) the project file names as
    /// <c>MigrateWcfInput</c> items, and the build targets it imports (null: the MigrateWcf.Build package). The plan then
    /// holds the project file, the lock file, the host and the manifest only; <see cref="GenerationPlan.BuildOutputs"/>
    /// is what each build writes. Null: the committed mode, every file in the project folder.
    /// </summary>
    public BuildTimeInputs? BuildTime { get; init; }
}

/// <summary>What a build-time migrated project's file names: the original inputs and where the build targets are.</summary>
/// <param name="Inputs">The original projects, folders or files, full paths, as the command line named them.</param>
/// <param name="BuildTargetsPath">The repository's <c>tool/build/MigrateWcf.Build.targets</c> to import; null for the MigrateWcf.Build package.</param>
public sealed record BuildTimeInputs(IReadOnlyList<string> Inputs, string? BuildTargetsPath);

/// <summary>Why nothing can be generated; <see cref="None"/> when the plan holds files.</summary>
public enum GenerationProblem
{
    None,

    /// <summary>No <c>[ServiceContract]</c> in the sources.</summary>
    NoServiceContract,

    /// <summary>Service contracts, but none with an <c>[OperationContract]</c>.</summary>
    NoOperations,

    /// <summary>A generated file has the project file's name.</summary>
    ProjectNameTaken,
}

/// <summary>
/// What <c>migrate-wcf generate</c> writes, in the order it lists them: the engine's .proto and C# files, the project
/// file, the lock file and the manifest (<see cref="ManifestText"/> of all the others).
/// </summary>
public sealed record GenerationPlan(EngineResult Result, string ProjectFileName, ImmutableArray<PlannedFile> Files, GenerationProblem Problem)
{
    /// <summary>What the migrated project compiles of the original sources, and the findings about it (WCFM4007, WCFM4008).</summary>
    public SourceSelection? Sources { get; init; }

    /// <summary>The findings of planning (not the engine's): what was left out and what cannot compile on .NET 10.</summary>
    public ImmutableArray<Finding> Findings => Sources?.Findings ?? ImmutableArray<Finding>.Empty;

    /// <summary>The planned .proto files (paths relative to the output folder, which is their proto root).</summary>
    public IEnumerable<PlannedFile> ProtoFiles => Files.Where(f => f.RelativePath.EndsWith(".proto", StringComparison.Ordinal));

    /// <summary>The planned lock file.</summary>
    public PlannedFile? LockFile => Files.FirstOrDefault(f => f.RelativePath == GenerationPlanner.LockFileName);

    /// <summary>
    /// What a build-time project's build writes into its intermediate folder (<c>migrate-wcf emit</c>): the engine's
    /// .proto and C# files, the copies of original sources, the stand-ins; not the project file, the lock file, the host,
    /// the manifest or App.config, which belong to the project folder.
    /// </summary>
    public ImmutableArray<PlannedFile> BuildOutputs { get; init; } = ImmutableArray<PlannedFile>.Empty;
}

/// <summary>
/// The one generation entry point every front end calls: the engine run <c>generate</c> makes
/// (<see cref="EngineOptions(string?, IReadOnlyList{ConfigurationFile})"/>) and the files it plans from the result. No IO:
/// the tool reads the lock file and writes the plan; the code action reads the lock file from the workspace and applies
/// what a Roslyn host can apply.
/// </summary>
public static class GenerationPlanner
{
    /// <summary>The lock file of field numbers and names (<c>docs/lock-file.md</c>): written by every run, read by the next.</summary>
    public const string LockFileName = "migrate-wcf.lock";

    /// <summary>What <c>generate</c> wrote last time, one <c>sha256  path</c> line per file, so it tells its files from edited ones.</summary>
    public const string ManifestFileName = "migrate-wcf.manifest";

    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    /// <summary>How <c>generate</c> asks for C#: the services' own namespace, compiled against System.ServiceModel.Primitives.</summary>
    public static CSharpOptions CSharp { get; } = new();

    /// <summary>The engine options of a generation run: the previous lock file, C# as <see cref="CSharp"/>, the input's .config files.</summary>
    public static EngineOptions EngineOptions(string? lockFileText, IReadOnlyList<ConfigurationFile> configurationFiles)
        => new(lockFileText) { CSharp = CSharp, ConfigurationFiles = configurationFiles };

    /// <summary>Runs the engine on <paramref name="compilation"/> as <c>generate</c> does and plans its files.</summary>
    public static GenerationPlan Plan(Compilation compilation, string? lockFileText, IReadOnlyList<ConfigurationFile> configurationFiles, GenerationRequest request, CancellationToken cancellationToken = default)
        => Plan(compilation, MigrationEngine.Run(compilation, EngineOptions(lockFileText, configurationFiles), cancellationToken), request, cancellationToken);

    /// <summary>
    /// The files of the migrated project for an engine <paramref name="result"/> of <paramref name="compilation"/> made
    /// with <see cref="EngineOptions(string?, IReadOnlyList{ConfigurationFile})"/>. The caller decides what errors among
    /// the result's findings stop it; a <see cref="GenerationProblem"/> always does. The plan's own findings
    /// (<see cref="GenerationPlan.Findings"/>) never stop it: an error among them means the project needs edits.
    /// </summary>
    public static GenerationPlan Plan(Compilation compilation, EngineResult result, GenerationRequest request, CancellationToken cancellationToken = default)
    {
        var projectFileName = request.ProjectName + ".csproj";
        var summary = result.Summary;
        if (summary.ServiceContracts == 0 || result.ProtoFiles.IsEmpty)
        {
            return new GenerationPlan(result, projectFileName, ImmutableArray<PlannedFile>.Empty, GenerationProblem.NoServiceContract);
        }

        if (summary.Operations == 0)
        {
            return new GenerationPlan(result, projectFileName, ImmutableArray<PlannedFile>.Empty, GenerationProblem.NoOperations);
        }

        var engineFiles = result.ProtoFiles.Concat(result.CSharpFiles)
            .Select(f => new PlannedFile(f.RelativePath.Replace('\\', '/'), f.Content))
            .ToList();
        if (engineFiles.Any(f => string.Equals(f.RelativePath, projectFileName, StringComparison.OrdinalIgnoreCase)))
        {
            return new GenerationPlan(result, projectFileName, ImmutableArray<PlannedFile>.Empty, GenerationProblem.ProjectNameTaken);
        }

        var loaded = new HashSet<string>(compilation.References.OfType<PortableExecutableReference>().Select(r => r.FilePath).OfType<string>(), StringComparer.Ordinal);
        var unrestored = request.Packages.Where(p => !p.AssemblyPaths.Any(loaded.Contains)).Select(p => p.Id).ToList();
        // A copy's #line names its original relative to where the copy is written: the project folder, or at build time
        // the intermediate folder (obj/…/migrate-wcf), at another depth.
        var sources = SourceSelector.Select(compilation, result, request.SourceFiles, request.TargetReferences, request.CopiesFolder ?? request.OutputFolder, request.NullableEnabled, cancellationToken, unrestored, request.DefineConstants);
        if (sources.Copies.Any(c => engineFiles.Any(f => string.Equals(f.RelativePath, c.RelativePath, StringComparison.OrdinalIgnoreCase))))
        {
            throw new InvalidOperationException("a copy of an original source would replace a generated file.");
        }

        engineFiles.AddRange(sources.Copies);

        // A package none of whose assemblies the compiled code uses is not carried (a data layer's ORM behind a left-out
        // file); one whose assemblies are unknown (never restored) is, since nothing tells.
        // A package of packages.config whose assemblies were not loaded (never restored) is carried only if some name in
        // the compiled code did not bind (it may be what declares it). A package .NET 10 has in itself (System.ValueTuple,
        // System.Net.Http...) is not carried (NuGet would only warn, NU1510).
        var used = new HashSet<string>(sources.UsedAssemblies, StringComparer.Ordinal);
        var inDotNet = new HashSet<string>(
            request.TargetReferences.OfType<PortableExecutableReference>().Select(r => r.FilePath).OfType<string>().Where(f => !loaded.Contains(f)).Select(AssemblyName),
            StringComparer.OrdinalIgnoreCase);
        var notCarried = request.Packages
            .Select(p => inDotNet.Contains(p.Id) ? new NotCarriedPackage(p, ReferenceKinds.PartOfDotNet)
                : p.LeftOutBecause is { } reason ? new NotCarriedPackage(p, reason)
                : (p.AssemblyPaths.Any(loaded.Contains)
                    ? !p.AssemblyPaths.Any(used.Contains)
                    : p.AssemblyPaths.Length > 0 && request.TargetReferences.Count > 0 && !sources.HasUnresolvedNames)
                    ? new NotCarriedPackage(p, ReferenceKinds.NotUsed)
                    : null)
            .OfType<NotCarriedPackage>()
            .ToList();
        // System.Configuration.ConfigurationManager, when the code uses it, comes with the original settings (below), once.
        var carried = request.Packages.Except(notCarried.Select(n => n.Package))
            .Where(p => !(sources.UsesConfigurationManager && string.Equals(p.Id, OriginalConfiguration.PackageName, StringComparison.OrdinalIgnoreCase)))
            .ToList();

        engineFiles.AddRange(sources.StandIns.Select(s => new PlannedFile(s.RelativePath, s.Source)));
        if (sources.UsesConfigurationManager && result.CSharp is { } csharp)
        {
            engineFiles.Add(new PlannedFile(OriginalConfiguration.FileName, OriginalConfiguration.AppConfig(request.ConfigurationFiles, request.OutputFolder)));
            engineFiles.Add(new PlannedFile(OriginalConfiguration.InitializerFileName, OriginalConfiguration.Initializer(csharp.Namespace, csharp.Version)));
        }

        var project = MigratedProjectFile.Write(
            request.OutputFolder,
            sources.InPlace,
            sources.LeftOut,
            result.ProtoFiles.Select(f => f.RelativePath.Replace('\\', '/')).OrderBy(p => p, StringComparer.Ordinal),
            request.NullableEnabled,
            request.Runtime,
            request.CentralPackageVersions,
            request.ToolVersion,
            result.CSharp?.HasHttpJsonOperations == true,
            carried.Concat(sources.Packages.Where(p => !request.Packages.Any(r => string.Equals(r.Id, p.Id, StringComparison.OrdinalIgnoreCase)))
                .Select(p => new MigratedPackage(p.Id, p.Version, ImmutableArray<string>.Empty, p.Note))).ToList(),
            request.Assemblies,
            notCarried,
            sources.UsesConfigurationManager,
            request.BuildTime,
            request.DefineConstants);

        var buildOutputs = engineFiles.Where(f => f.RelativePath != OriginalConfiguration.FileName).ToImmutableArray();
        if (request.BuildTime is not null)
        {
            engineFiles.RemoveAll(f => f.RelativePath != OriginalConfiguration.FileName);
        }

        if (request.Host && result.CSharp is { } hosted)
        {
            engineFiles.AddRange(MigratedHostProject.Files(request.ProjectName, hosted, MigratedHostProject.DefaultAppSettings(request.ProjectName)));
        }

        var files = engineFiles
            .Append(new PlannedFile(projectFileName, project))
            // The lock file was an input of the run (hand edits to it are honoured), so a run always refreshes it.
            .Append(new PlannedFile(LockFileName, result.LockFileText, OverwriteWithoutForce: true))
            .ToList();
        files.Add(new PlannedFile(ManifestFileName, ManifestText(files), OverwriteWithoutForce: true));
        return new GenerationPlan(result, projectFileName, files.ToImmutableArray(), GenerationProblem.None) { Sources = sources, BuildOutputs = buildOutputs };
    }

    /// <summary>An assembly's simple name from its file path (either separator).</summary>
    private static string AssemblyName(string path)
    {
        var name = path.Substring(Math.Max(path.LastIndexOf('/'), path.LastIndexOf('\\')) + 1);
        return name.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) ? name.Substring(0, name.Length - 4) : name;
    }

    /// <summary>The manifest's text for <paramref name="files"/> (itself excluded), as <c>sha256sum</c> prints it, sorted by path.</summary>
    public static string ManifestText(IEnumerable<PlannedFile> files)
    {
        var text = new StringBuilder();
        foreach (var file in files.Where(f => f.RelativePath != ManifestFileName).OrderBy(f => f.RelativePath, StringComparer.Ordinal))
        {
            text.Append(HashOf(file.Content)).Append("  ").Append(file.RelativePath).Append('\n');
        }

        return text.ToString();
    }

    /// <summary>The SHA-256 of <paramref name="content"/> as written (UTF-8 without BOM), lower-case hex.</summary>
    public static string HashOf(string content) => HashOf(Utf8NoBom.GetBytes(content));

    /// <summary>The SHA-256 of <paramref name="bytes"/>, lower-case hex.</summary>
    public static string HashOf(byte[] bytes)
    {
        using var sha = SHA256.Create();
        var hash = sha.ComputeHash(bytes);
        var hex = new StringBuilder(hash.Length * 2);
        foreach (var b in hash)
        {
            hex.Append(b.ToString("x2", System.Globalization.CultureInfo.InvariantCulture));
        }

        return hex.ToString();
    }
}
