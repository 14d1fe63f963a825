using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// The migrated legacy sample that tests/Migration.Tests runs end to end: what the engine emits for samples/LegacyWcf
/// (its contracts and services, as the tool reads that project: the .NET Framework reference set, nullable disabled)
/// equals the files checked in under tests/Migration.Sample/Generated, the lock file included, and a second run
/// with that lock file changes nothing. Regenerate with <c>UPDATE_BASELINES=1 dotnet test tests/Generator.Corpus.Tests</c>.
/// </summary>
public sealed class SampleBaselineTests
{
    public const string LockFile = "migrate-wcf.lock";

    [Fact]
    public void MigratedSample_MatchesTheCheckedInGeneratedFiles()
    {
        var result = Run(TestEnvironment.UpdateBaselines ? null : File.ReadAllText(Path.Combine(TestEnvironment.SampleGenerated, LockFile)));

        Baseline.Verify(TestEnvironment.SampleGenerated, Files(result));
    }

    [Fact]
    public void MigratedSample_IsTheSameWithoutItsLockFile()
    {
        // The sample has explicit DataMember orders, so a first run already gives the committed numbers and names.
        Assert.Equal(Files(Run(null)), Files(Run(Files(Run(null))[LockFile])));
    }

    private static SortedDictionary<string, string> Files(EngineResult result)
    {
        var files = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var file in result.ProtoFiles.Concat(result.CSharpFiles))
        {
            files.Add(file.RelativePath, file.Content);
        }

        files.Add(LockFile, result.LockFileText);
        return files;
    }

    private static EngineResult Run(string? lockFile)
    {
        var root = TestEnvironment.LegacySample;
        var sources = Directory.EnumerateFiles(Path.Combine(root, "Contracts"), "*.cs")
            .Where(f => !Path.GetFileName(f).StartsWith("Endpoints", StringComparison.Ordinal))
            .Concat(Directory.EnumerateFiles(Path.Combine(root, "Services"), "*.cs"))
            .OrderBy(f => f, StringComparer.Ordinal)
            .Select(f => CSharpSyntaxTree.ParseText(File.ReadAllText(f).Replace("\r\n", "\n"), new CSharpParseOptions(LanguageVersion.Latest), Path.GetRelativePath(root, f).Replace('\\', '/')));
        var compilation = CSharpCompilation.Create("LegacyWcf", sources, ReferenceSet.Net472References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Disable));
        return MigrationEngine.Run(compilation, new EngineOptions(lockFile) { CSharp = new CSharpOptions() });
    }
}
