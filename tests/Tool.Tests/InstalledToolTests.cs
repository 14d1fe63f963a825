using System.Diagnostics;
using MigrateWcf.Tests.Shared;
using MigrateWcf.Tool.Output;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// migrate-wcf installed the .NET way: scripts/pack-tool.sh packs it (PackAsTool) into artifacts/packages; it is installed
/// from that folder alone into a temporary tool path, and through the repository's tool manifest, and run as a process
/// on a copy of samples/LegacyWcf, whose migration outside the repository then builds from the packed packages alone and
/// serves. Slow (a pack, two installs, a build), so one test does it all.
/// </summary>
[Collection(ToolBuilds.Name)]
public sealed class InstalledToolTests
{
    [Fact]
    public async Task PackedTool_InstallsFromTheLocalFolder_AndAnalysesTheLegacySample()
    {
        using var temp = new TempFolder();
        var repository = Repository.Folder;
        var packages = Path.Combine(repository, "artifacts", "packages");
        var pack = await Run(repository, "bash", Path.Combine(repository, "scripts", "pack-tool.sh"));
        Assert.True(pack.ExitCode == 0, pack.ToString());
        Assert.True(File.Exists(Path.Combine(packages, $"migrate-wcf.{ReportFacts.ToolVersion}.nupkg")), pack.ToString());
        Assert.True(File.Exists(Path.Combine(packages, $"MigrateWcf.Build.{ReportFacts.ToolVersion}.nupkg")), pack.ToString());

        // Only the local folder as a source, and a package cache of the test's own: the package installed is the one just
        // packed, never a cached copy of an earlier pack of the same version nor anything of that name from a feed.
        var config = temp.WriteFile("nuget.config", $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <config><add key="globalPackagesFolder" value="{temp.Combine("nuget-cache")}" /></config>
              <packageSources><clear /><add key="local" value="{packages}" /></packageSources>
            </configuration>
            """);
        var tools = temp.Combine("tools");
        var install = await Run(temp.Path, "dotnet", "tool", "install", "migrate-wcf", "--tool-path", tools, "--configfile", config, "--version", ReportFacts.ToolVersion);
        Assert.True(install.ExitCode == 0, install.ToString());
        var migrateWcf = Path.Combine(tools, OperatingSystem.IsWindows() ? "migrate-wcf.exe" : "migrate-wcf");

        var version = await Run(temp.Path, migrateWcf, "--version");
        Assert.True(version.ExitCode == 0, version.ToString());
        Assert.Equal(ReportFacts.ToolVersion, version.Output.Trim());

        // A copy of the sample in a path with a space, without its build output.
        var sample = temp.Combine("my samples", "LegacyWcf");
        CopySources(Path.Combine(repository, "samples", "LegacyWcf"), sample);
        var analyze = await Run(temp.Path, migrateWcf, "analyze", sample, "--format", "sarif");
        Assert.True(analyze.ExitCode == 0, analyze.ToString());
        Assert.Contains("\"serviceContracts\": 7", analyze.Output);
        Assert.Contains("\"dataTypesMappedCleanly\": 19", analyze.Output);

        // The repository's tool manifest: `dotnet tool restore`, then `dotnet migrate-wcf`.
        var manifestFolder = temp.Combine("with-manifest");
        Directory.CreateDirectory(Path.Combine(manifestFolder, ".config"));
        File.Copy(Path.Combine(repository, ".config", "dotnet-tools.json"), Path.Combine(manifestFolder, ".config", "dotnet-tools.json"));
        var cliHome = temp.Combine("cli-home");
        var restore = await RunWithCliHome(cliHome, manifestFolder, "dotnet", "tool", "restore", "--configfile", config);
        Assert.True(restore.ExitCode == 0, restore.ToString());
        var viaManifest = await RunWithCliHome(cliHome, manifestFolder, "dotnet", "migrate-wcf", "analyze", Path.Combine(sample, "Contracts", "LegacyWcf.Contracts.csproj"));
        Assert.True(viaManifest.ExitCode == 0, viaManifest.ToString());
        Assert.Contains("Service contracts       7", viaManifest.Output);

        // A migration outside this repository: no --runtime-project, so the project references the MigrateWcf.Runtime,
        // MigrateWcf.Compatibility and MigrateWcf.Build packages, restored from the packed folder as a source of the user's
        // nuget.config (the machine's feed for everything else; its cache as a fallback, so nothing else is downloaded, and
        // a cache of the test's own for what it restores). generate's own build must pass, then the host must serve.
        Assert.True(File.Exists(Path.Combine(packages, $"MigrateWcf.Runtime.{ReportFacts.ToolVersion}.nupkg")), pack.ToString());
        Assert.True(File.Exists(Path.Combine(packages, $"MigrateWcf.Compatibility.{ReportFacts.ToolVersion}.nupkg")), pack.ToString());
        var machineCache = Environment.GetEnvironmentVariable("NUGET_PACKAGES") ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        var outside = temp.Combine("outside");
        Directory.CreateDirectory(outside);
        File.WriteAllText(Path.Combine(outside, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <config><add key="globalPackagesFolder" value="{temp.Combine("outside-cache")}" /></config>
              <packageSources><add key="migrate-wcf" value="{packages}" /></packageSources>
              <fallbackPackageFolders><add key="machine" value="{machineCache}" /></fallbackPackageFolders>
            </configuration>
            """);
        var migrated = Path.Combine(outside, "migrated");
        var generate = await Run(outside, migrateWcf, "generate", sample, "--out", migrated);
        Assert.True(generate.ExitCode == 0, generate.ToString());
        var projectFile = Assert.Single(Directory.GetFiles(migrated, "*.csproj"));
        var projectText = File.ReadAllText(projectFile);
        Assert.Contains($"<PackageReference Include=\"MigrateWcf.Runtime\" Version=\"{ReportFacts.ToolVersion}\" />", projectText);
        Assert.DoesNotContain("MigrateWcf.Runtime.csproj", projectText);
        Assert.True(File.Exists(Path.Combine(temp.Combine("outside-cache"), "migratewcf.runtime", ReportFacts.ToolVersion, "build", "MigrateWcf.Runtime.targets")));

        var host = Path.Combine(migrated, "Host");
        var buildHost = await Run(outside, "dotnet", "build", host, "-c", "Release", "-nologo");
        Assert.True(buildHost.ExitCode == 0, buildHost.ToString());
        var hostDll = Assert.Single(Directory.GetFiles(Path.Combine(host, "bin", "Release", "net10.0"), "*.Host.dll"));
        if (!OperatingSystem.IsWindows())
        {
            // Served on a Unix socket (on Windows the hosting listens on a named pipe).
            using var sockets = new SocketFolder();
            var socket = sockets.Combine("grpc.sock");
            using var served = await MigratedHostProcess.StartDllReadyAsync(hostDll, "--socket", socket);
            Assert.True(File.Exists(socket), served.Output);
        }
    }

    private sealed record ProcessResult(int ExitCode, string Output, string Error)
    {
        public override string ToString() => $"exit {ExitCode}\n--- stdout\n{Output}\n--- stderr\n{Error}";
    }

    private static async Task<ProcessResult> Run(string workingFolder, string fileName, params string[] arguments)
        => await RunWithCliHome(null, workingFolder, fileName, arguments);

    /// <param name="cliHome">DOTNET_CLI_HOME: local tools are found through a resolver cache kept there, which would otherwise
    /// still point into an earlier run's deleted package cache.</param>
    private static async Task<ProcessResult> RunWithCliHome(string? cliHome, string workingFolder, string fileName, params string[] arguments)
    {
        var start = new ProcessStartInfo(fileName) { WorkingDirectory = workingFolder, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        arguments.ToList().ForEach(start.ArgumentList.Add);
        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment.Remove("NUGET_PACKAGES");
        if (cliHome is not null)
        {
            start.Environment["DOTNET_CLI_HOME"] = cliHome;
        }
        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return new ProcessResult(process.ExitCode, await output, await error);
    }

    private static void CopySources(string source, string destination)
    {
        Directory.CreateDirectory(destination);
        foreach (var file in Directory.EnumerateFiles(source))
        {
            File.Copy(file, Path.Combine(destination, Path.GetFileName(file)));
        }

        foreach (var folder in Directory.EnumerateDirectories(source).Where(f => Path.GetFileName(f) is not ("bin" or "obj")))
        {
            CopySources(folder, Path.Combine(destination, Path.GetFileName(folder)));
        }
    }
}
