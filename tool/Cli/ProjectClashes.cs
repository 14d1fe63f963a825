using MigrateWcf.Generator;

namespace MigrateWcf.Tool.Cli;

/// <summary>
/// Finds where the .proto files of several projects would clash if compiled together (one protoc run, one C# project
/// built with Grpc.Tools): the same file path, the same proto full name (package + message, enum or service), or the same
/// C# name (csharp_namespace + class, or a file's reflection class) — coming from files that differ. Files that are the
/// same in both projects (<c>migrate_wcf/common.proto</c>, a contract file linked into both) are one file, not a clash.
/// </summary>
internal static class ProjectClashes
{
    /// <summary>Two projects that clash, the package on each side, and the first name they share (for notes).</summary>
    public sealed record Clash(int Project, string Package, int OtherProject, string OtherPackage, string Name);

    private sealed record Definer(int Project, string Path, string Content, string Package);

    /// <summary>Every clash between <paramref name="results"/>, once per pair of projects and packages, in a fixed order.</summary>
    public static List<Clash> Find(IReadOnlyList<EngineResult> results)
    {
        var definers = new Dictionary<string, List<Definer>>(StringComparer.Ordinal);
        for (var project = 0; project < results.Count; project++)
        {
            var contents = results[project].ProtoFiles.ToDictionary(f => f.RelativePath, f => f.Content, StringComparer.Ordinal);
            foreach (var file in results[project].Proto)
            {
                var definer = new Definer(project, file.Path, contents[file.Path], file.Package);
                void Add(string key)
                {
                    if (!definers.TryGetValue(key, out var list))
                    {
                        definers[key] = list = new List<Definer>();
                    }

                    list.Add(definer);
                }

                Add(file.Path);
                foreach (var name in file.Definitions.Select(d => d.Name).Concat(file.Services.Select(s => s.Name)))
                {
                    Add(file.Package + "." + name);
                    Add("C# " + file.CSharpNamespace + "." + name);
                }

                Add("C# " + file.CSharpNamespace + "." + ReflectionClass(file.Path));
            }
        }

        var clashes = new SortedDictionary<(int, string, int, string), string>();
        foreach (var (name, list) in definers.OrderBy(d => d.Key, StringComparer.Ordinal))
        {
            foreach (var a in list)
            {
                foreach (var b in list.Where(b => b.Project > a.Project && (b.Path != a.Path || b.Content != a.Content)))
                {
                    clashes.TryAdd((a.Project, a.Package, b.Project, b.Package), name);
                }
            }
        }

        return clashes.Select(c => new Clash(c.Key.Item1, c.Key.Item2, c.Key.Item3, c.Key.Item4, c.Value)).ToList();
    }

    /// <summary>The class protoc's C# generator names after a file (<c>orders_types.proto</c> → <c>OrdersTypesReflection</c>), compared without case or underscores.</summary>
    private static string ReflectionClass(string path)
        => Path.GetFileNameWithoutExtension(path).Replace("_", string.Empty, StringComparison.Ordinal).ToLowerInvariant() + "reflection";
}
