using System.Text;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Output;

/// <summary>A file to put in the output folder.</summary>
/// <param name="RelativePath">Relative to the output folder, forward slashes.</param>
/// <param name="OverwriteWithoutForce">True for files the tool itself keeps up to date (the lock file), which a run may always replace.</param>
internal sealed record PlannedFile(string RelativePath, string Content, bool OverwriteWithoutForce = false);

internal enum PlannedFileState
{
    Created,
    Replaced,
    Unchanged,
}

internal sealed record WrittenFile(string RelativePath, PlannedFileState State);

/// <summary>
/// Writes a set of files into a folder all or nothing: every file goes to a staging folder first (beside the target
/// when it does not exist yet, inside it otherwise, so the final moves are renames on one file system), then moves into
/// place; a failure while moving puts back what was there. A file that differs from the new content is replaced only
/// with <c>force</c>; an identical one is left alone.
/// </summary>
internal static class AtomicOutputWriter
{
    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    public static IReadOnlyList<WrittenFile> Write(string outputFolder, string displayFolder, IReadOnlyList<PlannedFile> files, bool force, CancellationToken cancellationToken)
    {
        foreach (var file in files)
        {
            CheckRelativePath(file.RelativePath);
        }

        if (File.Exists(outputFolder))
        {
            throw CommandLineException.Output($"the output path '{displayFolder}' is a file, not a folder.");
        }

        var plan = files.Select(f => (File: f, State: StateOf(outputFolder, displayFolder, f))).ToList();
        var conflicts = plan.Where(p => p.State == PlannedFileState.Replaced && !p.File.OverwriteWithoutForce && !force)
            .Select(p => p.File.RelativePath)
            .ToList();
        if (conflicts.Count > 0)
        {
            throw new CommandLineException(
                ExitCode.OutputConflict,
                $"refusing to overwrite {conflicts.Count} changed file(s) in '{displayFolder}' ({string.Join(", ", conflicts)}); pass --force to replace them.");
        }

        var toWrite = plan.Where(p => p.State != PlannedFileState.Unchanged).Select(p => p.File).ToList();
        cancellationToken.ThrowIfCancellationRequested();
        if (toWrite.Count > 0)
        {
            try
            {
                if (Directory.Exists(outputFolder))
                {
                    WriteIntoExistingFolder(outputFolder, toWrite);
                }
                else
                {
                    WriteNewFolder(outputFolder, toWrite);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw CommandLineException.Output($"cannot write to '{displayFolder}': {e.Message} Nothing was changed.", e);
            }
        }

        return plan.Select(p => new WrittenFile(p.File.RelativePath, p.State)).ToList();
    }

    private static PlannedFileState StateOf(string outputFolder, string displayFolder, PlannedFile file)
    {
        var target = Path.Combine(outputFolder, file.RelativePath);
        if (Directory.Exists(target))
        {
            throw CommandLineException.Output($"'{displayFolder}/{file.RelativePath}' is a folder; it is in the way of a generated file.");
        }

        if (!File.Exists(target))
        {
            return PlannedFileState.Created;
        }

        try
        {
            return File.ReadAllBytes(target).AsSpan().SequenceEqual(Utf8NoBom.GetBytes(file.Content))
                ? PlannedFileState.Unchanged
                : PlannedFileState.Replaced;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw CommandLineException.Output($"cannot read the existing '{displayFolder}/{file.RelativePath}': {e.Message}", e);
        }
    }

    private static void WriteNewFolder(string outputFolder, List<PlannedFile> files)
    {
        var parent = Path.GetDirectoryName(outputFolder)!;
        var createdAncestor = TopMostMissingFolder(parent);
        var staging = Path.Combine(parent, $".{Path.GetFileName(outputFolder)}.migrate-wcf-{Guid.NewGuid():N}");
        try
        {
            Directory.CreateDirectory(parent);
            WriteAll(staging, files);
            Directory.Move(staging, outputFolder);
        }
        catch
        {
            TryDelete(staging);
            if (createdAncestor is not null)
            {
                TryDelete(createdAncestor);
            }

            throw;
        }
    }

    private static void WriteIntoExistingFolder(string outputFolder, List<PlannedFile> files)
    {
        var staging = Path.Combine(outputFolder, $".migrate-wcf-staging-{Guid.NewGuid():N}");
        var newFiles = Path.Combine(staging, "new");
        var backups = Path.Combine(staging, "old");
        var done = new Stack<Action>();
        try
        {
            WriteAll(newFiles, files);
            foreach (var file in files)
            {
                var target = Path.Combine(outputFolder, file.RelativePath);
                var targetFolder = Path.GetDirectoryName(target)!;
                var created = TopMostMissingFolder(targetFolder);
                if (created is not null)
                {
                    Directory.CreateDirectory(targetFolder);
                    done.Push(() => Directory.Delete(created, recursive: true));
                }

                if (File.Exists(target))
                {
                    var backup = Path.Combine(backups, file.RelativePath);
                    Directory.CreateDirectory(Path.GetDirectoryName(backup)!);
                    File.Move(target, backup);
                    done.Push(() => File.Move(backup, target, overwrite: true));
                }

                File.Move(Path.Combine(newFiles, file.RelativePath), target);
                done.Push(() => File.Delete(target));
            }
        }
        catch
        {
            // Undo in reverse order so every replaced file gets its old content back.
            while (done.TryPop(out var undo))
            {
                try
                {
                    undo();
                }
                catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                {
                    // Best effort: the original error is the one to report.
                }
            }

            throw;
        }
        finally
        {
            TryDelete(staging);
        }
    }

    private static void WriteAll(string folder, List<PlannedFile> files)
    {
        foreach (var file in files)
        {
            var path = Path.Combine(folder, file.RelativePath);
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, file.Content, Utf8NoBom);
        }
    }

    /// <summary>The top-most of <paramref name="folder"/> and its parents that does not exist yet (to remove on failure), or null.</summary>
    private static string? TopMostMissingFolder(string folder)
    {
        string? topMostMissing = null;
        for (var current = folder; current is not null && !Directory.Exists(current); current = Path.GetDirectoryName(current))
        {
            topMostMissing = current;
        }

        return topMostMissing;
    }

    private static void TryDelete(string folder)
    {
        try
        {
            if (Directory.Exists(folder))
            {
                Directory.Delete(folder, recursive: true);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Leaving a hidden staging folder behind is better than hiding the error that got us here.
        }
    }

    /// <summary>Generated paths come from the engine; one that escapes the output folder is a bug, never written.</summary>
    private static void CheckRelativePath(string relativePath)
    {
        var segments = relativePath.Split('/', '\\');
        if (Path.IsPathRooted(relativePath) || segments.Any(s => s is "" or "." or ".."))
        {
            throw new InvalidOperationException($"the engine produced the output path '{relativePath}', which is not a plain relative path.");
        }
    }
}
