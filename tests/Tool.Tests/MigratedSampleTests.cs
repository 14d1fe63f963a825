using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Commands;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// samples/Migrated/Service is migrate-wcf generate's output for samples/LegacyWcf, committed: the tool's own check over
/// it fails when regenerating would change any committed file (the lock file and manifest included). Regenerate with
/// the command in samples/Migrated/README.md, the same arguments as <see cref="Arguments"/>.
/// </summary>
public sealed class MigratedSampleTests
{
    private static readonly string Output = Repository.Combine("samples", "Migrated", "Service");

    private static string[] Arguments(string command, string output) =>
    [
        command,
        Repository.Combine("samples", "LegacyWcf", "Contracts", "LegacyWcf.Contracts.csproj"),
        Repository.Combine("samples", "LegacyWcf", "Services", "LegacyWcf.Services.csproj"),
        "--out", output,
        "--project-name", "LegacyWcf.Migrated",
        "--runtime-project", Repository.Combine("runtime", "MigrateWcf.Runtime.csproj"),
    ];

    [Fact]
    public async Task TheCommittedMigratedSample_IsWhatGenerateWrites()
    {
        var result = await MigrateWcfCli.RunAsync(Arguments("check", Output));

        Assert.True(result.Code == ExitCode.Success, "samples/Migrated/Service is out of date; regenerate it (samples/Migrated/README.md).\n" + result);
    }

    [Fact]
    public async Task AFreshRunWithoutTheLockFile_GivesTheCommittedProtoCSharpAndLockFile()
    {
        // The sample has explicit DataMember orders, so a first run already gives the committed field numbers and names.
        using var temp = new TempFolder();
        var fresh = temp.Combine("Service");

        var result = await MigrateWcfCli.RunAsync(Arguments("generate", fresh));

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        // The project file's relative paths and the manifest (its hash) depend on where the output is; the rest must not.
        static IReadOnlyDictionary<string, string> EngineFiles(string folder) => TempFolder.Snapshot(folder)
            .Where(f => f.Key.EndsWith(".proto", StringComparison.Ordinal) || f.Key.EndsWith(".g.cs", StringComparison.Ordinal) || f.Key == ProtoCommand.LockFileName)
            .ToDictionary();
        var committed = EngineFiles(Output).Where(f => !f.Key.StartsWith("obj/", StringComparison.Ordinal) && !f.Key.StartsWith("bin/", StringComparison.Ordinal)).ToDictionary();
        Assert.NotEmpty(committed);
        Assert.Equal(committed, EngineFiles(fresh));
    }
}
