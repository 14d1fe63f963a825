using MigrateWcf.Analyzers.Tests.Infrastructure;

namespace MigrateWcf.Analyzers.Tests;

/// <summary>
/// Each file written from the rule catalog (<see cref="RuleDocuments"/>) holds what the catalog renders now. With
/// UPDATE_RULE_DOCS=1 the files are rewritten instead (<see cref="RuleDocuments.RefreshCommand"/>); review the diff.
/// </summary>
public class RuleDocumentsTests
{
    private static bool Update => Environment.GetEnvironmentVariable("UPDATE_RULE_DOCS") == "1";

    public static TheoryData<string> GeneratedFiles() => new(RuleDocuments.Paths);

    [Theory]
    [MemberData(nameof(GeneratedFiles))]
    public void GeneratedFile_IsWhatTheCatalogRenders(string path)
    {
        var file = Path.Combine([Corpus.RepositoryRoot, .. path.Split('/')]);
        var current = File.Exists(file) ? File.ReadAllText(file) : null;
        var expected = RuleDocuments.Render(path, current);
        if (Update)
        {
            if (current != expected)
            {
                File.WriteAllText(file, expected);
            }

            return;
        }

        Assert.True(current == expected, $"{path} is not what the rule catalog renders. Refresh it with:\n{RuleDocuments.RefreshCommand}\nand review the diff.");
    }
}
