using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using MigrateWcf.Analyzers.Tests.Infrastructure;

namespace MigrateWcf.Analyzers.Tests;

/// <summary>
/// The MigrateWcf.Analyzers package as a user gets it, in the real SDK: a copy of samples/LegacyWcf in a temporary
/// folder (warnings as errors, as in this repository), referencing the package the build packed into
/// artifacts/packages, built with <c>dotnet build</c> and fixed with <c>dotnet format analyzers</c>. Restores into the
/// temporary folder, so no other checkout's copy of the package is used.
/// </summary>
public sealed class PackageEndToEndTests : IDisposable
{
    private static readonly string[] SampleProjects = ["Contracts", "Services", "Host", "Client"];

    private readonly string _root = Directory.CreateTempSubdirectory("migrate-wcf-e2e-").FullName;

    public PackageEndToEndTests() => CopySample(_root);

    public void Dispose() => Directory.Delete(_root, recursive: true);

    [Fact]
    public void DotnetBuild_PrintsTheFindingsAsWarnings_PerCallWithSingleConcurrencyAmongThem_AndNeverFailsTheBuild()
    {
        var build = Dotnet("build", "Legacy.slnx", "--no-incremental");

        Assert.True(build.ExitCode == 0, build.Output);
        Assert.Matches(@"Services/SimpleServices\.cs\(7,6\): warning WCFM3001: 'LegacyWcf\.Services\.SimpleSingle' is PerCall with ConcurrencyMode\.Single", build.Output);
        Assert.Contains("warning WCFM1002", build.Output, StringComparison.Ordinal);
        Assert.Contains("warning WCFM3004", build.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("error WCFM", build.Output, StringComparison.Ordinal);
    }

    [Fact]
    public void AProjectWithoutWcfReferences_GetsNoMigrateWcfAnalyzer_WhileTheWcfProjectsKeepThem()
    {
        File.WriteAllText(Path.Combine(Directory.CreateDirectory(Path.Combine(_root, "Plain")).FullName, "Plain.csproj"), """
            <Project Sdk="Microsoft.NET.Sdk">
              <ItemGroup>
                <Reference Include="System.Runtime.Serialization" />
              </ItemGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(_root, "Plain", "Calculator.cs"), "namespace Plain { public static class Calculator { public static int Add(int a, int b) => a + b; } }");

        // The item lists as the compiler got them, after the build (MSBuild's -getItem with a target; restored first).
        Assert.Equal(0, Dotnet("restore", "Legacy.slnx").ExitCode);
        Assert.Equal(0, Dotnet("restore", "Plain/Plain.csproj").ExitCode);
        var plain = Dotnet("msbuild", "Plain/Plain.csproj", "-t:Build", "-getItem:Analyzer");
        var forced = Dotnet("msbuild", "Plain/Plain.csproj", "-t:Rebuild", "-p:MigrateWcfAnalyzeWithoutWcf=true", "-getItem:Analyzer");
        var contracts = Dotnet("msbuild", "Contracts/LegacyWcf.Contracts.csproj", "-t:Build", "-getItem:Analyzer");

        Assert.True(plain.ExitCode == 0, plain.Output);
        Assert.DoesNotContain("MigrateWcf.", plain.Output, StringComparison.Ordinal);
        Assert.True(forced.ExitCode == 0, forced.Output);
        Assert.Contains("MigrateWcf.Analyzers.dll", forced.Output, StringComparison.Ordinal);
        Assert.Contains("MigrateWcf.Generator.dll", forced.Output, StringComparison.Ordinal);
        Assert.True(contracts.ExitCode == 0, contracts.Output);
        Assert.Contains("MigrateWcf.Analyzers.dll", contracts.Output, StringComparison.Ordinal);
    }

    [Fact]
    public void EditorConfig_ChangesARulesSeverity_AndErrorsFailTheBuildOnceMigrateWcfWarningsAsErrorsIsSet()
    {
        File.WriteAllText(Path.Combine(_root, ".editorconfig"), """
            root = true

            [*.cs]
            dotnet_diagnostic.WCFM3001.severity = suggestion
            dotnet_diagnostic.WCFM3004.severity = none
            """);

        var quieter = Dotnet("build", "Legacy.slnx", "--no-incremental");

        Assert.True(quieter.ExitCode == 0, quieter.Output);
        Assert.DoesNotContain("WCFM3001", quieter.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("WCFM3004", quieter.Output, StringComparison.Ordinal);
        Assert.Contains("warning WCFM1002", quieter.Output, StringComparison.Ordinal);

        // By default no WCFM rule fails a build, whatever .editorconfig says; MigrateWcfWarningsAsErrors=true lets it
        // (and lets TreatWarningsAsErrors turn every WCFM warning into an error: the contracts project fails first).
        File.WriteAllText(Path.Combine(_root, ".editorconfig"), """
            root = true

            [*.cs]
            dotnet_diagnostic.WCFM3001.severity = error
            """);

        var stillBuilds = Dotnet("build", "Legacy.slnx", "--no-incremental");
        var fails = Dotnet("build", "Legacy.slnx", "--no-incremental", "-p:MigrateWcfWarningsAsErrors=true");

        Assert.True(stillBuilds.ExitCode == 0, stillBuilds.Output);
        Assert.Contains("warning WCFM3001", stillBuilds.Output, StringComparison.Ordinal);
        Assert.NotEqual(0, fails.ExitCode);
        Assert.Matches(@"Contracts/\w+\.cs\(\d+,\d+\): error WCFM\d{4}", fails.Output);
    }

    [Fact]
    public void DotnetFormatAnalyzers_AppliesTheFixes_AndTheCopyStillBuilds()
    {
        var format = Dotnet("format", "analyzers", "Legacy.slnx", "--severity", "info");
        Assert.True(format.ExitCode == 0, format.Output);

        var build = Dotnet("build", "Legacy.slnx", "--no-incremental");
        Assert.True(build.ExitCode == 0, build.Output);

        // WCFM3001: the redundant ConcurrencyMode.Single is gone, the rest of the attribute stays.
        Assert.DoesNotContain("WCFM3001", build.Output, StringComparison.Ordinal);
        var simple = Read("Services/SimpleServices.cs");
        Assert.Contains("[ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]", simple, StringComparison.Ordinal);
        // WCFM1016: the benchmark contract and its implementations are Task-based.
        Assert.Contains("Task PutAsync();", Read("Contracts/ISimple.cs"), StringComparison.Ordinal);
        Assert.Contains("public Task PutAsync()", simple, StringComparison.Ordinal);
        // WCFM2015: derived data contracts number their members after their base's, as they travel today.
        Assert.Matches(@"\[DataMember\(Order = 3\)\]\s+public string Last4", Read("Contracts/DataContracts.cs"));

        // The fixes leave nothing the fixers know how to fix.
        var again = Dotnet("format", "analyzers", "Legacy.slnx", "--severity", "info", "--verify-no-changes",
            "--diagnostics", "WCFM1005", "WCFM1006", "WCFM1016", "WCFM2015", "WCFM3001");
        Assert.True(again.ExitCode == 0, again.Output);
    }

    private string Read(string relativePath) => File.ReadAllText(Path.Combine(_root, relativePath));

    /// <summary>The sample's sources and projects, with build settings of its own in place of this repository's.</summary>
    private static void CopySample(string root)
    {
        var sample = Path.Combine(Corpus.RepositoryRoot, "samples", "LegacyWcf");
        foreach (var project in SampleProjects)
        {
            var target = Directory.CreateDirectory(Path.Combine(root, project)).FullName;
            foreach (var file in Directory.EnumerateFiles(Path.Combine(sample, project)).Where(f => f.EndsWith(".cs", StringComparison.Ordinal) || f.EndsWith(".csproj", StringComparison.Ordinal) || f.EndsWith(".config", StringComparison.OrdinalIgnoreCase)))
            {
                File.Copy(file, Path.Combine(target, Path.GetFileName(file)));
            }
        }

        var packages = Path.Combine(Corpus.RepositoryRoot, "artifacts", "packages");
        var package = Directory.EnumerateFiles(packages, "MigrateWcf.Analyzers.*.nupkg").Single();
        var packageVersion = Path.GetFileNameWithoutExtension(package)["MigrateWcf.Analyzers.".Length..];
        var referenceAssemblies = XDocument.Load(Path.Combine(Corpus.RepositoryRoot, "Directory.Packages.props")).Descendants("PackageVersion")
            .Single(p => (string?)p.Attribute("Include") == "Microsoft.NETFramework.ReferenceAssemblies").Attribute("Version")!.Value;
        File.WriteAllText(Path.Combine(root, "Directory.Build.props"), $"""
            <Project>
              <PropertyGroup>
                <TargetFramework>net472</TargetFramework>
                <LangVersion>7.3</LangVersion>
                <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
                <RestoreAdditionalProjectSources>{packages}</RestoreAdditionalProjectSources>
                <RestorePackagesPath>{Path.Combine(root, ".packages")}</RestorePackagesPath>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="Microsoft.NETFramework.ReferenceAssemblies" Version="{referenceAssemblies}" PrivateAssets="all" />
                <PackageReference Include="MigrateWcf.Analyzers" Version="{packageVersion}" PrivateAssets="all" />
              </ItemGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(root, "Legacy.slnx"), new XElement("Solution",
            SampleProjects.Select(p => new XElement("Project", new XAttribute("Path", $"{p}/LegacyWcf.{p}.csproj")))).ToString());
    }

    /// <summary>Runs the SDK's <c>dotnet</c> in the copy; its exit code and everything it printed.</summary>
    private (int ExitCode, string Output) Dotnet(params string[] arguments)
    {
        var info = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = _root,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        // The test host's own MSBuild settings would steer the child's build.
        foreach (var name in info.Environment.Keys.Where(k => k.StartsWith("MSBUILD", StringComparison.OrdinalIgnoreCase) || k.StartsWith("MSBuild", StringComparison.Ordinal)).ToList())
        {
            info.Environment.Remove(name);
        }

        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        info.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        using var process = Process.Start(info)!;
        var output = new StringBuilder();
        process.OutputDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.ErrorDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        process.WaitForExit();
        return (process.ExitCode, Regex.Replace(output.ToString(), Regex.Escape(_root + Path.DirectorySeparatorChar), string.Empty));
    }
}
