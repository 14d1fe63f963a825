using System.Text.RegularExpressions;
using System.Xml;
using System.Xml.Linq;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// Reads which C# projects a solution lists: a <c>.sln</c> (Visual Studio's text format: one <c>Project(…) = "Name",
/// "path", "{guid}"</c> line per project, solution folders among them) or a <c>.slnx</c> (XML: <c>&lt;Project Path&gt;</c>
/// elements, at the top or inside <c>&lt;Folder&gt;</c>). Only <c>.csproj</c> entries are C#; other project kinds are
/// counted so the report can say what was left out. A listed project that does not exist is bad input, as for MSBuild.
/// </summary>
internal static partial class SolutionFileReader
{
    /// <summary>The C# projects (full paths, in the solution's order, each once) and the entries that are not C# projects.</summary>
    public sealed record Solution(IReadOnlyList<string> Projects, IReadOnlyList<string> OtherProjects);

    // Elements .slnx files use (the solution persistence format of Visual Studio 17.13 and `dotnet sln`); anything else is
    // a file this reader does not understand, and guessing at it could drop projects silently.
    private static readonly HashSet<string> SlnxElements = new(StringComparer.Ordinal)
    {
        "Solution", "Folder", "Project", "File", "Configurations", "BuildType", "Platform", "Build", "Deploy", "Properties", "Property", "BuildDependency",
    };

    [GeneratedRegex("""^\s*Project\("\{(?<type>[^}]*)\}"\)\s*=\s*"(?<name>[^"]*)"\s*,\s*"(?<path>[^"]*)"\s*,""", RegexOptions.CultureInvariant)]
    private static partial Regex SlnProjectLine();

    public static Solution Read(string solutionPath, string displayPath)
    {
        var entries = Path.GetExtension(solutionPath).Equals(".slnx", StringComparison.OrdinalIgnoreCase)
            ? ReadSlnx(solutionPath, displayPath)
            : ReadSln(solutionPath, displayPath);
        var folder = Path.GetDirectoryName(solutionPath)!;
        var projects = new List<string>();
        var others = new List<string>();
        foreach (var entry in entries)
        {
            if (!entry.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase))
            {
                others.Add(entry);
                continue;
            }

            var fullPath = Path.GetFullPath(Path.Combine(folder, Glob.Normalize(entry)));
            var existing = LetterCase.FindFile(fullPath, folder, $"'{displayPath}' lists the project '{entry}'")
                ?? throw CommandLineException.Input($"'{displayPath}' lists the project '{entry}', which does not exist.");
            if (!projects.Contains(existing, StringComparer.Ordinal))
            {
                projects.Add(existing);
            }
        }

        if (projects.Count == 0)
        {
            throw CommandLineException.Input($"'{displayPath}' lists no C# projects (.csproj).");
        }

        return new Solution(projects, others);
    }

    /// <summary>Project paths as the .sln writes them (solution folders, whose "path" is their name, are skipped).</summary>
    private static List<string> ReadSln(string path, string displayPath)
    {
        string[] lines;
        try
        {
            lines = File.ReadAllLines(path);
        }
        catch (Exception e) when (e is UnauthorizedAccessException or IOException)
        {
            throw CommandLineException.Input($"cannot read '{displayPath}': {e.Message}", e);
        }

        if (!lines.Any(l => l.TrimStart().StartsWith("Microsoft Visual Studio Solution File", StringComparison.Ordinal)))
        {
            throw CommandLineException.Input($"'{displayPath}' is not a Visual Studio solution file (no 'Microsoft Visual Studio Solution File' header).");
        }

        const string SolutionFolderType = "2150E333-8FDC-42A3-9474-1A3956D46DE8";
        return lines
            .Select(l => SlnProjectLine().Match(l))
            .Where(m => m.Success && !m.Groups["type"].Value.Equals(SolutionFolderType, StringComparison.OrdinalIgnoreCase))
            .Select(m => m.Groups["path"].Value)
            .ToList();
    }

    private static List<string> ReadSlnx(string path, string displayPath)
    {
        XDocument document;
        try
        {
            document = XDocument.Load(path, LoadOptions.SetLineInfo);
        }
        catch (XmlException e)
        {
            throw CommandLineException.Input($"'{displayPath}' is not a valid solution file: {e.Message}", e);
        }
        catch (Exception e) when (e is UnauthorizedAccessException or IOException)
        {
            throw CommandLineException.Input($"cannot read '{displayPath}': {e.Message}", e);
        }

        if (document.Root is not { Name.LocalName: "Solution" } root)
        {
            throw CommandLineException.Input($"'{displayPath}' is not a solution file (its root element is not <Solution>).");
        }

        foreach (var element in root.DescendantsAndSelf())
        {
            if (!SlnxElements.Contains(element.Name.LocalName))
            {
                var line = ((IXmlLineInfo)element).LineNumber;
                throw CommandLineException.Input($"'{displayPath}' line {line}: unknown element <{element.Name.LocalName}> in a .slnx solution.");
            }
        }

        return root.Descendants()
            .Where(e => e.Name.LocalName == "Project" && e.Parent is { Name.LocalName: "Solution" or "Folder" })
            .Select(e => e.Attribute("Path")?.Value ?? throw CommandLineException.Input($"'{displayPath}' line {((IXmlLineInfo)e).LineNumber}: <Project> without a Path."))
            .ToList();
    }
}
