using System.Collections.Immutable;
using System.Globalization;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Verification;

/// <summary>What building the migrated project showed.</summary>
/// <param name="NotVerifiedBecause">Why it was not built (no usable SDK, <c>--no-verify</c>, a timeout); null when it was.</param>
/// <param name="Errors">Each build error as a WCFM4030 finding, in the one finding order; empty when it builds.</param>
/// <param name="BuildWarnings">How many distinct warnings the build printed (they are not findings).</param>
internal sealed record BuildOutcome(string? NotVerifiedBecause, ImmutableArray<ReportedFinding> Errors, int BuildWarnings)
{
    public static BuildOutcome NotVerified(string because) => new(because, [], 0);

    public bool Builds => NotVerifiedBecause is null && Errors.IsEmpty;
}

/// <summary>The migrated project as generate wrote it: where it is and which of its files generate wrote.</summary>
/// <param name="GeneratedFiles">Full paths of the files generate wrote; with everything under <c>obj/</c> (protoc's C#), an
/// error in one of them is a bug of migrate-wcf, not something for the user to edit.</param>
/// <param name="RuntimePackage">The project references the MigrateWcf.Runtime and MigrateWcf.Compatibility packages (no <c>--runtime-project</c>).</param>
internal sealed record MigratedProject(string ProjectFile, IReadOnlySet<string> GeneratedFiles, bool RuntimePackage)
{
    public string Folder => Path.GetDirectoryName(ProjectFile)!;

    /// <summary>Where the original projects list each package (packages.config line), by id, case-insensitive.</summary>
    public IReadOnlyDictionary<string, SourcePosition> PackagePositions { get; init; } = new Dictionary<string, SourcePosition>();
}

/// <summary>
/// <c>generate</c>'s check of what it wrote: <c>dotnet build</c> of the migrated project (restore included), each error
/// turned into a WCFM4030 finding where the compiler puts it. Original sources are compiled in place, and generated
/// copies carry <c>#line</c> directives, so a compiler error names the user's own file and line.
/// </summary>
internal static class ProjectVerifier
{
    /// <summary>The first SDK band that builds net10.0, the migrated project's target.</summary>
    public const int MinimumSdkMajorVersion = 10;

    /// <summary>Generous: a first restore downloads Grpc.Tools and the ASP.NET Core packages.</summary>
    public static readonly TimeSpan BuildTimeout = TimeSpan.FromMinutes(10);

    private static readonly TimeSpan VersionTimeout = TimeSpan.FromMinutes(1);

    /// <summary>
    /// The build-time generation of the verification build runs the engine that generated the project: the running
    /// migrate-wcf.dll, unless MigrateWcfEngine names one (otherwise the repository's build targets build
    /// tool/MigrateWcf.Tool.csproj, which fails with NETSDK1004 when the tool was built elsewhere with --artifacts-path).
    /// </summary>
    private static string[] RunningEngine()
        => Environment.GetEnvironmentVariable("MigrateWcfEngine") is not { Length: > 0 }
           && System.Reflection.Assembly.GetEntryAssembly() is { } entry && entry.GetName().Name == "migrate-wcf" && File.Exists(entry.Location)
            ? [$"-p:MigrateWcfEngine={entry.Location}"]
            : [];

    public static async Task<BuildOutcome> VerifyAsync(MigratedProject project, CliDependencies deps, CancellationToken cancellationToken)
    {
        var version = await DotnetProcess.RunAsync(deps.DotnetCommand, project.Folder, ["--version"], VersionTimeout, cancellationToken);
        if (UnusableSdk(version) is { } unusable)
        {
            return BuildOutcome.NotVerified(unusable);
        }

        deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: verifying: dotnet build {ShellArgument.Quote(project.ProjectFile)} (.NET SDK {version.Output.Trim()})…");
        // Build servers (the compiler server, MSBuild nodes) would outlive the run; a single build gains little from them.
        var build = await DotnetProcess.RunAsync(
            deps.DotnetCommand, project.Folder, ["build", project.ProjectFile, "-nologo", "-tl:off", "--disable-build-servers", "-p:MigrateWcfReportFindings=false", .. RunningEngine()], BuildTimeout, cancellationToken);
        if (build.NotRun is { } notRun)
        {
            return BuildOutcome.NotVerified($"dotnet build: {notRun}");
        }

        var diagnostics = MSBuildOutput.Parse(build.Output + "\n" + build.Error);
        var errors = diagnostics.Where(d => d.Severity == BuildSeverity.Error).Select(d => ToFinding(d, project)).DistinctBy(f => (f.Position, f.Message)).ToList();
        if (errors.Count == 0 && build.ExitCode != 0)
        {
            errors.Add(ReportedFinding.From(Finding.Create(
                FindingMessages.ProjectDoesNotBuild, null, "dotnet build", $"it exited with code {build.ExitCode} without naming an error; run it to see why")));
        }

        return new BuildOutcome(null, errors.Order(Comparer<ReportedFinding>.Create(ReportedFinding.Compare)).ToImmutableArray(), diagnostics.Count(d => d.Severity == BuildSeverity.Warning));
    }

    /// <summary>Why <c>dotnet --version</c>'s answer rules the SDK out; null when it builds net10.0.</summary>
    internal static string? UnusableSdk(DotnetRun version)
    {
        if (version.NotRun is { } notRun)
        {
            return $"no .NET SDK ({notRun})";
        }

        var answer = version.Output.Trim();
        if (version.ExitCode != 0)
        {
            var why = FirstLine(version.Error) ?? FirstLine(version.Output) ?? $"exit code {version.ExitCode}";
            return $"'dotnet --version' failed: {why}";
        }

        var major = answer.Split('.')[0];
        if (!int.TryParse(major, NumberStyles.None, CultureInfo.InvariantCulture, out var number))
        {
            return $"'dotnet --version' answered '{answer}', not an SDK version";
        }

        return number < MinimumSdkMajorVersion
            ? $"the .NET SDK {answer} cannot build net10.0 (SDK {MinimumSdkMajorVersion} or later is needed)"
            : null;
    }

    /// <summary>
    /// A build error as a finding: at the file and line MSBuild names (a relative path is the project folder's, as the
    /// compiler runs there), said to be migrate-wcf's bug when that file is one generate wrote.
    /// </summary>
    internal static ReportedFinding ToFinding(BuildDiagnostic error, MigratedProject project)
    {
        var code = error.Code.Length > 0 ? error.Code : "error";
        var message = error.Message.TrimEnd('.');
        if (!error.HasPosition || error.Origin.Length == 0)
        {
            var runtimeMissing = project.RuntimePackage && error.Code == "NU1101"
                && (error.Message.Contains("MigrateWcf.Runtime", StringComparison.Ordinal) || error.Message.Contains(MigratedProjectFile.CompatibilityPackage, StringComparison.Ordinal));
            return ReportedFinding.From(Finding.Create(runtimeMissing ? FindingMessages.RuntimePackageMissing : FindingMessages.ProjectDoesNotBuild,
                runtimeMissing ? null : ListedAt(error, project), code, message));
        }

        var file = Path.GetFullPath(error.Origin, project.Folder);
        var position = new SourcePosition(file, error.Line, Math.Max(error.Column, 1));
        if (IsGenerated(file, project))
        {
            var relative = Path.GetRelativePath(project.Folder, file).Replace('\\', '/');
            return ReportedFinding.From(Finding.Create(FindingMessages.GeneratedFileDoesNotCompile, position, relative, code, message));
        }

        return ReportedFinding.From(Finding.Create(FindingMessages.DoesNotCompile, position, code, message));
    }

    /// <summary>
    /// Where a restore error's package is listed in the original projects (NuGet names no file: the package is in the
    /// migrated project because a packages.config listed it), found by the id NuGet's message names after "package"
    /// (NU1101–NU1103) or "downgrade:" (NU1605); null for other errors.
    /// </summary>
    internal static SourcePosition? ListedAt(BuildDiagnostic error, MigratedProject project)
    {
        if (!error.Code.StartsWith("NU", StringComparison.Ordinal))
        {
            return null;
        }

        // Longest id first: "Microsoft.Owin.Host" must not be taken for "Microsoft.Owin".
        foreach (var (id, position) in project.PackagePositions.OrderByDescending(p => p.Key.Length))
        {
            foreach (var lead in (ReadOnlySpan<string>)["package ", "downgrade: "])
            {
                var at = error.Message.IndexOf(lead + id, StringComparison.OrdinalIgnoreCase);
                var end = at + lead.Length + id.Length;
                if (at >= 0 && (end == error.Message.Length || error.Message[end] is ' ' or ','
                    || error.Message[end] == '.' && (end + 1 == error.Message.Length || error.Message[end + 1] == ' ')))
                {
                    return position;
                }
            }
        }

        return null;
    }

    private static bool IsGenerated(string file, MigratedProject project)
        => project.GeneratedFiles.Contains(file)
           || Commands.ProtoCommand.IsSameOrInside(file, Path.Combine(project.Folder, "obj"));

    private static string? FirstLine(string text)
        => text.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.Length > 0);
}
