using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Output;

/// <summary>
/// <c>migrate-wcf.manifest</c>: what <c>generate</c> wrote last time, one line per file as <c>sha256sum</c> prints it
/// (<c>hash␠␠relative/path</c>, sorted by path). It is how <c>generate</c> tells its own files from files the user edited:
/// a file whose bytes still have the recorded hash is ours to replace or delete; any other is replaced only with
/// <c>--force</c>. <c>sha256sum -c migrate-wcf.manifest</c> run in the output folder lists the edited ones.
/// </summary>
internal static class GenerationManifest
{
    public const string FileName = GenerationPlanner.ManifestFileName;

    // Its text is planned with the rest (GenerationPlanner.ManifestText); reading it back is IO, so it lives here.

    /// <summary>The recorded hashes from the output folder's manifest; null when there is none (a first run).</summary>
    public static IReadOnlyDictionary<string, string>? Read(string outputFolder, string displayFolder)
    {
        var path = Path.Combine(outputFolder, FileName);
        if (!File.Exists(path))
        {
            return null;
        }

        string[] lines;
        try
        {
            lines = File.ReadAllLines(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw CommandLineException.Input($"cannot read '{Path.Join(displayFolder, FileName)}': {e.Message}", e);
        }

        var hashes = new Dictionary<string, string>(StringComparer.Ordinal);
        for (var i = 0; i < lines.Length; i++)
        {
            var line = lines[i];
            if (line.Length == 0)
            {
                continue;
            }

            var separator = line.IndexOf("  ", StringComparison.Ordinal);
            var hash = separator == 64 ? line[..64] : string.Empty;
            var relativePath = separator == 64 ? line[66..] : string.Empty;
            if (hash.Length != 64 || !hash.All(Uri.IsHexDigit) || relativePath.Length == 0 || !IsPlainRelativePath(relativePath) || !hashes.TryAdd(relativePath, hash))
            {
                throw CommandLineException.Input(
                    $"'{Path.Join(displayFolder, FileName)}' line {i + 1} is not 'sha256  path' (or repeats a path); restore it from version control, or delete it and run generate with --force.");
            }
        }

        return hashes;
    }

    /// <summary>A path inside the output folder: not rooted, no empty, "." or ".." segment.</summary>
    private static bool IsPlainRelativePath(string path)
        => !Path.IsPathRooted(path) && path.Split('/', '\\').All(s => s is not ("" or "." or ".."));
}
