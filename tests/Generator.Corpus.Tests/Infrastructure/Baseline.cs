using System.Text;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>
/// Compares a set of output files with the checked-in files of a baseline folder, or rewrites that folder when
/// <see cref="TestEnvironment.UpdateBaselines"/> is on. A mismatch fails with a diff per file.
/// </summary>
public static class Baseline
{
    public static void Verify(string baselineDirectory, IReadOnlyDictionary<string, string> actualFiles)
    {
        if (TestEnvironment.UpdateBaselines)
        {
            Write(baselineDirectory, actualFiles);
            return;
        }

        var expectedFiles = Read(baselineDirectory);
        var report = new StringBuilder();
        foreach (var (path, actual) in actualFiles)
        {
            if (!expectedFiles.TryGetValue(path, out var expected))
            {
                report.Append("new file (not in the baseline): ").Append(path).Append('\n')
                    .Append(TextDiff.Unified(string.Empty, actual, path));
            }
            else if (expected != actual)
            {
                report.Append(TextDiff.Unified(expected, actual, path));
            }
        }

        foreach (var path in expectedFiles.Keys.Where(p => !actualFiles.ContainsKey(p)))
        {
            report.Append("missing file (in the baseline, not produced): ").Append(path).Append('\n');
        }

        if (report.Length > 0)
        {
            Assert.Fail($"Output differs from the baseline in {baselineDirectory}.\n"
                + "If the change is intended, regenerate with: UPDATE_BASELINES=1 dotnet test tests/Generator.Corpus.Tests\n\n" + report);
        }
    }

    private static SortedDictionary<string, string> Read(string directory)
    {
        var files = new SortedDictionary<string, string>(StringComparer.Ordinal);
        if (!Directory.Exists(directory))
        {
            return files;
        }

        foreach (var file in Directory.EnumerateFiles(directory, "*", SearchOption.AllDirectories))
        {
            files.Add(Path.GetRelativePath(directory, file).Replace('\\', '/'), File.ReadAllText(file).Replace("\r\n", "\n"));
        }

        return files;
    }

    private static void Write(string directory, IReadOnlyDictionary<string, string> files)
    {
        if (Directory.Exists(directory))
        {
            Directory.Delete(directory, recursive: true);
        }

        foreach (var (path, text) in files)
        {
            var target = Path.Combine(directory, path.Replace('/', Path.DirectorySeparatorChar));
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.WriteAllText(target, text, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false));
        }
    }
}
