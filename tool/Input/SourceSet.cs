using System.Collections.Immutable;

namespace MigrateWcf.Tool.Input;

public enum InputKind
{
    SourceFile,
    Folder,
    Project,
}

/// <summary>
/// The C# files one input stands for. <see cref="RootDirectory"/> is what reported paths are relative to and what the
/// output folder must not lie inside (the folder itself, or the folder of the file or project).
/// </summary>
/// <param name="Files">Full paths, sorted ordinally so every run sees the same order.</param>
/// <param name="NullableEnabled">The project's &lt;Nullable&gt; setting; false (the compiler's default) otherwise.</param>
public sealed record SourceSet(InputKind Kind, string RootDirectory, ImmutableArray<string> Files, bool NullableEnabled)
{
    /// <summary>A path relative to <see cref="RootDirectory"/> with forward slashes, as every report prints it.</summary>
    public string Relative(string fullPath)
    {
        var relative = Path.GetRelativePath(RootDirectory, fullPath);
        return relative.Replace(Path.DirectorySeparatorChar, '/');
    }
}
