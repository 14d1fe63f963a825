using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.MigratedBuild.Tests;

/// <summary>
/// The slow part, once for all cases: each running case is copied into a fresh temporary folder (generate --restore
/// writes into it), <c>migrate-wcf generate</c> runs on it in-process (writing the migrated project and its host,
/// <c>Host/</c>), and every generated host is built by one <c>dotnet build</c> of a generated solution (one MSBuild
/// start-up for all, both cores busy), whose errors and warnings are then told apart by project. The folder is removed
/// at the end.
/// </summary>
public sealed partial class MigratedBuildFixture : IAsyncLifetime
{
    private readonly Dictionary<string, CaseRun> _runs = new(StringComparer.Ordinal);

    public string Root { get; } = Directory.CreateTempSubdirectory("migrate-wcf-build-").FullName;

    /// <summary>What dotnet build printed (errors and warnings), for failure messages.</summary>
    public string BuildOutput { get; private set; } = string.Empty;

    public int BuildExitCode { get; private set; }

    /// <summary>How long generate took over all cases, and the one build.</summary>
    public TimeSpan GenerateTime { get; private set; }

    public TimeSpan BuildTime { get; private set; }

    public CaseRun this[string name] => _runs[name];

    public async Task InitializeAsync()
    {
        var names = ServiceProjectCases.Names.ToList();
        // Helper C's generate builds what it wrote unless told not to; this fixture builds everything at once instead.
        var verifyOption = (await MigrateWcfCli("generate", "--help")).Output.Contains("--no-verify", StringComparison.Ordinal);
        var watch = Stopwatch.StartNew();
        foreach (var name in names)
        {
            _runs[name] = await GenerateAsync(ServiceProjectCases.Get(name), verifyOption);
        }

        GenerateTime = watch.Elapsed;
        var hosts = _runs.Values.Where(r => r.HostProject is not null).Select(r => r.HostProject!).ToList();
        if (hosts.Count == 0)
        {
            return;
        }

        var solution = Path.Combine(Root, "hosts.slnx");
        new XElement("Solution", hosts.Select(h => new XElement("Project", new XAttribute("Path", Path.GetRelativePath(Root, h))))).Save(solution);
        watch.Restart();
        // Quiet: errors and warnings only. Warnings stay warnings: the test fails on those in files generate wrote, while
        // the original sources may warn on .NET 10 as they may have on .NET Framework.
        // As generate's own verification builds (MigrateWcfReportFindings=false): the build-time step does not stop the
        // build at generate's errors, so the compiler shows where the code fails, copies included.
        (BuildExitCode, BuildOutput) = await DotnetAsync(Root, "build", solution, "-c", TestEnvironment.BuildConfiguration, "-nologo", "-v:q", "-clp:NoSummary", "--disable-build-servers", "-p:MigrateWcfReportFindings=false");
        BuildTime = watch.Elapsed;
        var diagnostics = BuildDiagnostics(BuildOutput);
        foreach (var run in _runs.Values)
        {
            run.BuildDiagnostics = diagnostics.Where(d => run.Owns(d.Project))
                .Select(d => run.IsOriginalSource(d.File) ? d with { File = run.RelativeToCase(d.File), InOriginalSource = true } : d)
                .Distinct()
                .ToList();
        }
    }

    public Task DisposeAsync()
    {
        try
        {
            Directory.Delete(Root, recursive: true);
        }
        catch (IOException)
        {
            // A leftover temporary folder must not fail the tests that ran.
        }

        return Task.CompletedTask;
    }

    private async Task<CaseRun> GenerateAsync(ServiceProjectCase @case, bool verifyOption)
    {
        var run = new CaseRun(@case.Name, Root);
        CopyFolder(Path.Combine(TestEnvironment.ServiceProjects, @case.Name), run.CaseFolder);
        var arguments = new List<string> { "generate" };
        arguments.AddRange(@case.Inputs.IsEmpty ? [run.CaseFolder] : @case.Inputs.Select(i => Path.Combine(run.CaseFolder, i)));
        arguments.AddRange(["--out", run.OutputFolder, "--runtime-project", TestEnvironment.RuntimeProject]);
        if (@case.Restore)
        {
            arguments.Add("--restore");
        }

        if (verifyOption)
        {
            arguments.Add("--no-verify");
        }

        run.Generate = await MigrateWcfCli([.. arguments]);
        run.Findings = ReportedFindings(run.Generate.Error);
        var project = Directory.Exists(run.OutputFolder) ? Directory.EnumerateFiles(run.OutputFolder, "*.csproj").SingleOrDefault() : null;
        if (project is not null)
        {
            run.MigratedProject = project;
            // The host generate wrote beside it (Host/), built and run as the user would: dotnet run --project <out>/Host.
            run.HostProject = Directory.Exists(run.HostFolder) ? Directory.EnumerateFiles(run.HostFolder, "*.csproj").SingleOrDefault() : null;
        }

        return run;
    }

    private static async Task<CliResult> MigrateWcfCli(params string[] arguments)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        var exitCode = await MigrateWcfCommandLine.InvokeAsync(arguments, new CliDependencies(output, error));
        return new CliResult(exitCode, output.ToString(), error.ToString());
    }

    /// <summary>generate's finding lines (<c>file:line:column: severity RULE: message</c>, or <c>file: severity RULE: message</c>).</summary>
    private static List<ReportedFinding> ReportedFindings(string stderr)
        => stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(line => FindingLine().Match(line))
            .Where(m => m.Success)
            .Select(m => new ReportedFinding(
                m.Groups["file"].Value,
                m.Groups["line"].Success ? int.Parse(m.Groups["line"].Value) : null,
                m.Groups["column"].Success ? int.Parse(m.Groups["column"].Value) : null,
                m.Groups["severity"].Value,
                m.Groups["rule"].Value,
                m.Groups["message"].Value))
            .ToList();

    /// <summary>MSBuild's lines <c>file(line,column): error|warning CODE: message [project]</c>, or <c>file : error|warning CODE: message [project]</c>.</summary>
    private static List<BuildDiagnostic> BuildDiagnostics(string output)
        => output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(line => BuildDiagnosticLine().Match(line))
            .Where(m => m.Success)
            .Select(m => new BuildDiagnostic(
                m.Groups["severity"].Value,
                m.Groups["file"].Value.Trim(),
                m.Groups["line"].Success ? int.Parse(m.Groups["line"].Value) : null,
                m.Groups["column"].Success ? int.Parse(m.Groups["column"].Value) : null,
                m.Groups["code"].Value,
                m.Groups["message"].Value,
                m.Groups["project"].Value))
            .Distinct()
            .ToList();

    private static async Task<(int ExitCode, string Output)> DotnetAsync(string workingDirectory, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { WorkingDirectory = workingDirectory, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // The test host's own MSBuild settings would steer the child's build; no node or compiler server may outlive it.
        foreach (var name in start.Environment.Keys.Where(k => k.StartsWith("MSBUILD", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            start.Environment.Remove(name);
        }

        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        start.Environment["MigrateWcfEngine"] = TestEnvironment.Engine;
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        using var process = new Process { StartInfo = start };
        var output = new StringBuilder();
        process.OutputDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.ErrorDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        try
        {
            await process.WaitForExitAsync();
        }
        finally
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }
        }

        lock (output)
        {
            return (process.ExitCode, output.ToString());
        }
    }

    private static void CopyFolder(string source, string destination)
    {
        Directory.CreateDirectory(destination);
        foreach (var file in Directory.EnumerateFiles(source))
        {
            File.Copy(file, Path.Combine(destination, Path.GetFileName(file)));
        }

        foreach (var folder in Directory.EnumerateDirectories(source).Where(f => Path.GetFileName(f) is not ("bin" or "obj" or "packages")))
        {
            CopyFolder(folder, Path.Combine(destination, Path.GetFileName(folder)));
        }
    }

    [GeneratedRegex(@"^(?<file>[^:]+?)(:(?<line>\d+):(?<column>\d+))?: (?<severity>info|warning|error) (?<rule>WCFM\d{4}): (?<message>.*)$")]
    private static partial Regex FindingLine();

    [GeneratedRegex(@"^(?<file>.+?)(\((?<line>\d+),(?<column>\d+)\))?\s?: (?<severity>error|warning) (?<code>\w+): (?<message>.*?) \[(?<project>[^\]]+)\]$")]
    private static partial Regex BuildDiagnosticLine();
}

/// <summary>generate's result for one case, and what the build said about its project.</summary>
public sealed class CaseRun(string name, string root)
{
    public string Name { get; } = name;

    /// <summary>The case's copy, which generate reads (and --restore writes packages/ into).</summary>
    public string CaseFolder { get; } = Path.Combine(root, "cases", name);

    public string OutputFolder { get; } = Path.Combine(root, "migrated", name);

    /// <summary>The host generate wrote beside the migrated project.</summary>
    public string HostFolder => Path.Combine(OutputFolder, "Host");

    /// <summary>Where the migrated project's .proto files are: its build wrote them into obj/…/migrate-wcf/ (build-time generation).</summary>
    public string ProtoFolder => Directory.GetDirectories(Path.Combine(OutputFolder, "obj"), "migrate-wcf", SearchOption.AllDirectories).Single();

    public CliResult Generate { get; set; } = new(-1, string.Empty, string.Empty);

    public IReadOnlyList<ReportedFinding> Findings { get; set; } = [];

    public string? MigratedProject { get; set; }

    public string? HostProject { get; set; }

    /// <summary>The build's errors and warnings in this case's migrated project and host.</summary>
    public IReadOnlyList<BuildDiagnostic> BuildDiagnostics { get; set; } = [];

    public IEnumerable<BuildDiagnostic> BuildErrors => BuildDiagnostics.Where(d => d.Severity == "error");

    public string HostDll(string configuration) => Path.Combine(HostFolder, "bin", configuration, "net10.0", Path.GetFileNameWithoutExtension(HostProject!) + ".dll");

    /// <summary>Whether an error reported for <paramref name="project"/> (MSBuild's [project] suffix) is this case's.</summary>
    public bool Owns(string project) => IsInside(project, OutputFolder);

    public bool IsOriginalSource(string path) => IsInside(path, CaseFolder);

    /// <summary>A path inside the case's copy as generate reports it (relative, '/').</summary>
    public string RelativeToCase(string path) => Path.GetRelativePath(CaseFolder, path).Replace('\\', '/');

    private static bool IsInside(string path, string folder) => path.StartsWith(folder + Path.DirectorySeparatorChar, StringComparison.Ordinal);
}

public sealed record CliResult(int ExitCode, string Output, string Error)
{
    public override string ToString() => $"exit {ExitCode}\n--- stdout\n{Output}\n--- stderr\n{Error}";
}

/// <summary>A compiler or MSBuild error or warning of the build, attributed to its project; an original source's path is relative to the case.</summary>
public sealed record BuildDiagnostic(string Severity, string File, int? Line, int? Column, string Code, string Message, string Project)
{
    public bool InOriginalSource { get; init; }

    public override string ToString() => $"{File}{(Line is { } l ? $"({l},{Column})" : string.Empty)}: {Severity} {Code}: {Message}";
}
