using System.Reflection;

namespace MigrateWcf.Analyzers.Tests.Infrastructure;

/// <summary>The contract corpus (tests/Corpus) as folders: each scenario is what a user would point migrate-wcf at.</summary>
public static class Corpus
{
    public static string Root => Metadata("CorpusRoot");

    public static string RepositoryRoot => Metadata("RepositoryRoot");

    /// <summary>Every scenario folder, as "Group/Name".</summary>
    public static TheoryData<string> Scenarios()
    {
        var data = new TheoryData<string>();
        foreach (var group in Directory.EnumerateDirectories(Root).Order(StringComparer.Ordinal))
        {
            foreach (var folder in Directory.EnumerateDirectories(group).Order(StringComparer.Ordinal))
            {
                data.Add(Path.GetRelativePath(Root, folder).Replace('\\', '/'));
            }
        }

        return data;
    }

    public static string Folder(string scenario) => Path.Combine(Root, scenario);

    private static string Metadata(string key)
        => typeof(Corpus).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!;
}
