using System.Text.RegularExpressions;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// The documentation stays short and navigable: README.md within the project guide's 12 KB (detail lives in docs/), and
/// every relative link of README.md, of docs/ and of each top-level folder's README.md names a file or folder that
/// exists. Anchors are not checked; http(s) and mailto links are left alone.
/// </summary>
public sealed partial class DocumentationTests
{
    private const int ReadmeLimit = 12 * 1024;

    public static TheoryData<string> Documents => [.. DocumentPaths()];

    /// <summary>README.md, every page under docs/, and the README.md of each top-level folder, relative to the root.</summary>
    private static IEnumerable<string> DocumentPaths()
    {
        var root = Repository.Root;
        return Directory.EnumerateFiles(Path.Combine(root, "docs"), "*.md", SearchOption.AllDirectories)
            .Concat(Directory.EnumerateDirectories(root)
                .Where(folder => !Path.GetFileName(folder).StartsWith('.'))
                .Select(folder => Path.Combine(folder, "README.md"))
                .Where(File.Exists))
            .Append(Path.Combine(root, "README.md"))
            .Select(path => Path.GetRelativePath(root, path).Replace('\\', '/'))
            .Order(StringComparer.Ordinal);
    }

    [Fact]
    public void Readme_IsAtMost12KB()
    {
        var size = new FileInfo(Repository.Combine("README.md")).Length;

        Assert.True(size <= ReadmeLimit, $"README.md is {size:N0} bytes, over {ReadmeLimit:N0}: move detail into docs/.");
    }

    [Fact]
    public void Documents_AreTheReadmeDocsAndTheFolderReadmes()
    {
        var documents = DocumentPaths().ToList();

        Assert.Contains("README.md", documents);
        Assert.Contains("docs/architecture.md", documents);
        Assert.Contains("docs/rules/WCFM4030.md", documents);
        Assert.Contains("tool/README.md", documents);
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public void EveryRelativeLink_PointsAtAFileOrFolderThatExists(string document)
    {
        var path = Repository.Combine(document.Split('/'));
        var folder = Path.GetDirectoryName(path)!;

        var broken = RelativeLinks(File.ReadAllText(path))
            .Where(link => Resolve(folder, link) is var target && !File.Exists(target) && !Directory.Exists(target))
            .ToList();

        Assert.True(broken.Count == 0, $"{document} links to what does not exist: {string.Join(", ", broken)}");
    }

    [Fact]
    public void RelativeLinks_SkipCodeAnchorsAndExternalLinks()
    {
        const string text = """
            See [the tool](tool/README.md#exit-codes), [a rule](<docs/rules/WCFM4007.md>) and ![a chart](docs/a%20b.png "title").
            [Same page](#usage), [site](https://example.org/x.md), [mail](mailto:someone@example.org), `[code](not/a/link.md)`.
            ```
            [fenced](not/a/link/either.md)
            ```
            """;

        Assert.Equal(["tool/README.md", "docs/rules/WCFM4007.md", "docs/a b.png"], RelativeLinks(text));
    }

    /// <summary>
    /// The targets of the Markdown links and images in <paramref name="markdown"/> outside code, without their anchor,
    /// unescaped; external (http, https, mailto) and same-page links are left out.
    /// </summary>
    private static List<string> RelativeLinks(string markdown)
    {
        var links = new List<string>();
        var fenced = false;
        foreach (var line in markdown.Split('\n'))
        {
            if (line.TrimStart().StartsWith("```", StringComparison.Ordinal) || line.TrimStart().StartsWith("~~~", StringComparison.Ordinal))
            {
                fenced = !fenced;
                continue;
            }

            if (fenced)
            {
                continue;
            }

            foreach (Match match in LinkTarget().Matches(CodeSpan().Replace(line, string.Empty)))
            {
                var target = match.Groups["target"].Value.Trim('<', '>');
                if (target.StartsWith("http://", StringComparison.OrdinalIgnoreCase) || target.StartsWith("https://", StringComparison.OrdinalIgnoreCase) || target.StartsWith("mailto:", StringComparison.OrdinalIgnoreCase))
                {
                    continue;
                }

                var path = target.Split('#')[0];
                if (path.Length > 0)
                {
                    links.Add(Uri.UnescapeDataString(path));
                }
            }
        }

        return links;
    }

    /// <summary>A link relative to the page's folder, or, starting with '/', to the repository root (as GitHub reads it).</summary>
    private static string Resolve(string folder, string link) =>
        Path.GetFullPath(link.StartsWith('/') ? Path.Combine(Repository.Root, link.TrimStart('/')) : Path.Combine(folder, link));

    [GeneratedRegex(@"(`+).+?\1")]
    private static partial Regex CodeSpan();

    [GeneratedRegex(@"\]\((?<target><[^>]*>|[^()\s]+)(?:\s+""[^""]*"")?\)")]
    private static partial Regex LinkTarget();
}
