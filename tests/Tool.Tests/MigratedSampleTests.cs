using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Commands;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// Committed generate output: samples/Migrated/Service for samples/LegacyWcf, a build-time project (its project file,
/// host and lock file; the build generates the rest), and benchmarks/PayloadWcf.Migrated for benchmarks/PayloadWcf (the
/// payload benchmark's service), in committed mode (every .proto and .cs file). The tool's own check over each fails
/// when regenerating would change any committed file (the lock file and manifest included). Regenerate with the commands in
/// samples/Migrated/README.md and benchmarks/Migration.Benchmarks/README.md, the same arguments as <see cref="Arguments"/>.
/// </summary>
public sealed class MigratedSampleTests
{
    public static TheoryData<string> Samples => ["samples/Migrated/Service", "benchmarks/PayloadWcf.Migrated"];

    private static string Output(string sample) => Repository.Combine(sample.Split('/'));

    private static string[] Arguments(string command, string sample, string output) => sample switch
    {
        "samples/Migrated/Service" =>
        [
            command,
            Repository.Combine("samples", "LegacyWcf", "Contracts", "LegacyWcf.Contracts.csproj"),
            Repository.Combine("samples", "LegacyWcf", "Services", "LegacyWcf.Services.csproj"),
            "--out", output,
            "--project-name", "LegacyWcf.Migrated",
            "--runtime-project", Repository.Combine("runtime", "MigrateWcf.Runtime.csproj"),
        ],
        "benchmarks/PayloadWcf.Migrated" =>
        [
            command,
            Repository.Combine("benchmarks", "PayloadWcf", "PayloadWcf.csproj"),
            "--out", output,
            "--project-name", "PayloadWcf.Migrated",
            "--runtime-project", Repository.Combine("runtime", "MigrateWcf.Runtime.csproj"),
            // The payload benchmark hosts the service itself, with the settings each row measures.
            "--no-host",
            // The one committed-mode sample: its .proto files and C# are in the repository, for review and for check.
            "--committed",
        ],
        _ => throw new ArgumentOutOfRangeException(nameof(sample), sample, "not a committed sample"),
    };

    [Theory]
    [MemberData(nameof(Samples))]
    public async Task TheCommittedMigratedSample_IsWhatGenerateWrites(string sample)
    {
        var result = await MigrateWcfCli.RunAsync(Arguments("check", sample, Output(sample)));

        Assert.True(result.Code == ExitCode.Success, $"{sample} is out of date; regenerate it (the command is in its README).\n" + result);
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public async Task AFreshRunWithoutTheLockFile_GivesTheCommittedProtoCSharpAndLockFile(string sample)
    {
        // The samples have explicit DataMember orders, so a first run already gives the committed field numbers and names.
        using var temp = new TempFolder();
        var fresh = temp.Combine("Service");

        // The bytes are what this test compares; run.sh builds the sample's generated project (and verifies it).
        var result = await MigrateWcfCli.RunAsync([.. Arguments("generate", sample, fresh), "--no-verify"]);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        // The project file's relative paths and the manifest (its hash) depend on where the output is; the rest must not.
        static IReadOnlyDictionary<string, string> EngineFiles(string folder) => TempFolder.Snapshot(folder)
            .Where(f => f.Key.EndsWith(".proto", StringComparison.Ordinal) || f.Key.EndsWith(".g.cs", StringComparison.Ordinal) || f.Key == ProtoCommand.LockFileName)
            .ToDictionary();
        var committed = EngineFiles(Output(sample)).Where(f => !f.Key.StartsWith("obj/", StringComparison.Ordinal) && !f.Key.StartsWith("bin/", StringComparison.Ordinal)).ToDictionary();
        Assert.NotEmpty(committed);
        Assert.Equal(committed, EngineFiles(fresh));
    }
}
