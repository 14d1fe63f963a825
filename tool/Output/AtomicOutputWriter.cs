using System.Text;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Output;

internal enum PlannedFileState
{
    Created,
    Replaced,
    Unchanged,

    /// <summary>A file an earlier run wrote (it is in that run's manifest) that this run no longer generates.</summary>
    Deleted,
}

/// <summary>What a run does (or would do) to one file of the output folder.</summary>
/// <param name="File">The new content; null for <see cref="PlannedFileState.Deleted"/>.</param>
/// <param name="Conflict">The change would replace or delete content that is not known to be ours: with a manifest, a
/// file whose bytes differ from what the last run wrote (the user edited it); without one, any file that differs.</param>
internal sealed record PlannedChange(string RelativePath, PlannedFileState State, PlannedFile? File, bool Conflict);

internal sealed record WrittenFile(string RelativePath, PlannedFileState State);

/// <summary>
/// Writes a set of files into a folder all or nothing: every file goes to a staging folder beside the target first (so
/// the final moves are renames on one file system), then moves into place; a failure while moving puts back what was
/// there. A file that differs from the new content is replaced only with <c>force</c> unless it is known to be ours
/// (its hash is the one recorded when we wrote it); an identical one is left alone.
/// </summary>
internal static class AtomicOutputWriter
{
    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);

    /// <summary>
    /// Writes <paramref name="files"/>; a file that differs from the new content is replaced only with
    /// <paramref name="force"/>. <c>proto</c>'s whole output step.
    /// </summary>
    public static IReadOnlyList<WrittenFile> Write(string outputFolder, string displayFolder, IReadOnlyList<PlannedFile> files, bool force, CancellationToken cancellationToken)
        => Apply(outputFolder, displayFolder, Plan(outputFolder, displayFolder, files, recordedHashes: null), force, cancellationToken);

    /// <summary>
    /// Compares <paramref name="files"/> with the output folder without changing it. With <paramref name="recordedHashes"/>
    /// (relative path → SHA-256 of what the last run wrote), a file that still has its recorded hash may be replaced
    /// without force, and a recorded file no longer generated is deleted (with force only when it was edited).
    /// </summary>
    public static IReadOnlyList<PlannedChange> Plan(string outputFolder, string displayFolder, IReadOnlyList<PlannedFile> files, IReadOnlyDictionary<string, string>? recordedHashes)
    {
        foreach (var file in files)
        {
            CheckRelativePath(file.RelativePath);
        }

        if (File.Exists(outputFolder))
        {
            throw CommandLineException.Output($"the output path '{displayFolder}' is a file, not a folder.");
        }

        var changes = new List<PlannedChange>();
        foreach (var file in files)
        {
            var existing = Existing(outputFolder, displayFolder, file.RelativePath);
            var state = existing is null ? PlannedFileState.Created
                : existing.AsSpan().SequenceEqual(Utf8NoBom.GetBytes(file.Content)) ? PlannedFileState.Unchanged
                : PlannedFileState.Replaced;
            var conflict = state == PlannedFileState.Replaced && !file.OverwriteWithoutForce && !IsAsRecorded(existing!, file.RelativePath, recordedHashes);
            changes.Add(new PlannedChange(file.RelativePath, state, file, conflict));
        }

        var generated = files.Select(f => f.RelativePath).ToHashSet(StringComparer.Ordinal);
        foreach (var recorded in (recordedHashes?.Keys ?? []).Where(p => !generated.Contains(p)).Order(StringComparer.Ordinal))
        {
            // A manifest is read from the output folder; a path in it that escapes the folder is never touched.
            CheckRelativePath(recorded);
            if (Existing(outputFolder, displayFolder, recorded) is { } bytes)
            {
                changes.Add(new PlannedChange(recorded, PlannedFileState.Deleted, null, !IsAsRecorded(bytes, recorded, recordedHashes)));
            }
        }

        return changes;
    }

    /// <summary>
    /// Carries out <paramref name="changes"/> all or nothing. <paramref name="beforeMove"/> is called with each relative
    /// path just before it moves into place (a seam for tests that inject a failure there).
    /// </summary>
    public static IReadOnlyList<WrittenFile> Apply(string outputFolder, string displayFolder, IReadOnlyList<PlannedChange> changes, bool force, CancellationToken cancellationToken, Action<string>? beforeMove = null)
    {
        var conflicts = changes.Where(c => c.Conflict && !force).Select(c => c.RelativePath).ToList();
        if (conflicts.Count > 0)
        {
            throw new CommandLineException(
                ExitCode.OutputConflict,
                $"refusing to overwrite {conflicts.Count} changed file(s) in '{displayFolder}' ({string.Join(", ", conflicts)}); pass --force to replace them.");
        }

        var toChange = changes.Where(c => c.State != PlannedFileState.Unchanged).ToList();
        cancellationToken.ThrowIfCancellationRequested();
        if (toChange.Count > 0)
        {
            try
            {
                if (Directory.Exists(outputFolder))
                {
                    WriteIntoExistingFolder(outputFolder, toChange, beforeMove);
                }
                else
                {
                    WriteNewFolder(outputFolder, toChange.Select(c => c.File!).ToList(), beforeMove);
                }
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw CommandLineException.Output($"cannot write to '{displayFolder}': {e.Message} Nothing was changed.", e);
            }
        }

        RemoveEmptiedFolders(outputFolder, toChange.Where(c => c.State == PlannedFileState.Deleted).Select(c => c.RelativePath));
        return changes.Select(c => new WrittenFile(c.RelativePath, c.State)).ToList();
    }

    /// <summary>
    /// After the run succeeded: the folders (inside the output folder) that deleting generated files left empty, so a
    /// removed contract leaves no empty package folders behind. A folder with anything else in it stays.
    /// </summary>
    private static void RemoveEmptiedFolders(string outputFolder, IEnumerable<string> deleted)
    {
        foreach (var relativePath in deleted)
        {
            for (var folder = Path.GetDirectoryName(Path.Combine(outputFolder, relativePath));
                 folder is not null && folder.Length > outputFolder.Length && Directory.Exists(folder) && !Directory.EnumerateFileSystemEntries(folder).Any();
                 folder = Path.GetDirectoryName(folder))
            {
                try
                {
                    Directory.Delete(folder);
                }
                catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                {
                    // Best effort: the files are right; an empty folder left behind is harmless.
                    break;
                }
            }
        }
    }

    /// <summary>SHA-256 of the bytes a file holds, lower-case hex, as <c>sha256sum</c> prints it.</summary>
    public static string HashOf(string content) => GenerationPlanner.HashOf(content);

    private static bool IsAsRecorded(byte[] existing, string relativePath, IReadOnlyDictionary<string, string>? recordedHashes)
        => recordedHashes is not null
           && recordedHashes.TryGetValue(relativePath, out var recorded)
           && string.Equals(GenerationPlanner.HashOf(existing), recorded, StringComparison.OrdinalIgnoreCase);

    /// <summary>The bytes at <paramref name="relativePath"/>, or null when there is no file.</summary>
    private static byte[]? Existing(string outputFolder, string displayFolder, string relativePath)
    {
        var target = Path.Combine(outputFolder, relativePath);
        if (Directory.Exists(target))
        {
            throw CommandLineException.Output($"'{displayFolder}/{relativePath}' is a folder; it is in the way of a generated file.");
        }

        if (!File.Exists(target))
        {
            return null;
        }

        try
        {
            return File.ReadAllBytes(target);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw CommandLineException.Output($"cannot read the existing '{displayFolder}/{relativePath}': {e.Message}", e);
        }
    }

    private static void WriteNewFolder(string outputFolder, List<PlannedFile> files, Action<string>? beforeMove)
    {
        var parent = Path.GetDirectoryName(outputFolder)!;
        var createdAncestor = TopMostMissingFolder(parent);
        var staging = StagingFolder(outputFolder);
        try
        {
            Directory.CreateDirectory(parent);
            WriteAll(staging, files);
            beforeMove?.Invoke(".");
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

    private static void WriteIntoExistingFolder(string outputFolder, List<PlannedChange> changes, Action<string>? beforeMove)
    {
        // Beside the output folder, not inside it, so the folder never holds anything of ours but the files themselves;
        // on the same file system as it in all but exotic set-ups, so the moves are renames.
        var staging = StagingFolder(outputFolder);
        var newFiles = Path.Combine(staging, "new");
        var backups = Path.Combine(staging, "old");
        var done = new Stack<Action>();
        try
        {
            WriteAll(newFiles, changes.Where(c => c.File is not null).Select(c => c.File!).ToList());
            WriteJournal(staging, changes.Where(c => c.File is null).Select(c => c.RelativePath));
            foreach (var change in changes)
            {
                var target = Path.Combine(outputFolder, change.RelativePath);
                beforeMove?.Invoke(change.RelativePath);
                var targetFolder = Path.GetDirectoryName(target)!;
                var created = change.File is null ? null : TopMostMissingFolder(targetFolder);
                if (created is not null)
                {
                    Directory.CreateDirectory(targetFolder);
                    done.Push(() => Directory.Delete(created, recursive: true));
                }

                if (File.Exists(target))
                {
                    var backup = Path.Combine(backups, change.RelativePath);
                    Directory.CreateDirectory(Path.GetDirectoryName(backup)!);
                    File.Move(target, backup);
                    done.Push(() => File.Move(backup, target, overwrite: true));
                }

                if (change.File is not null)
                {
                    File.Move(Path.Combine(newFiles, change.RelativePath), target);
                    done.Push(() => File.Delete(target));
                }
            }
        }
        catch
        {
            // Undo in reverse order so every replaced or deleted file gets its old content back.
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

    private static string StagingFolder(string outputFolder)
        => Path.Combine(Path.GetDirectoryName(outputFolder)!, $".{Path.GetFileName(outputFolder)}{StagingInfix}{Guid.NewGuid():N}");

    private const string StagingInfix = ".migrate-wcf-";
    private const string JournalFile = "journal";
    private const string JournalComplete = "complete";

    /// <summary>
    /// What a run killed while moving files in (SIGKILL, power loss) needs to be finished: the deletions it was to make,
    /// written before the first move and ended by a last line, so a journal without it means no move had begun.
    /// </summary>
    private static void WriteJournal(string staging, IEnumerable<string> deleted)
    {
        var text = new StringBuilder();
        foreach (var path in deleted)
        {
            text.Append("delete ").Append(path).Append('\n');
        }

        text.Append(JournalComplete).Append('\n');
        File.WriteAllText(Path.Combine(staging, JournalFile), text.ToString(), Utf8NoBom);
    }

    /// <summary>
    /// Finishes or removes what earlier runs that were killed left beside <paramref name="outputFolder"/>: a staging
    /// folder whose journal is complete had begun moving files in, so its remaining new files are moved in and its
    /// deletions made (the folder ends all new, as that run meant); any other staging folder had changed nothing and is
    /// removed. Only folders named as this writer names them are touched. Returns one line per folder, for the user.
    /// </summary>
    public static IReadOnlyList<string> RecoverInterruptedRuns(string outputFolder, string displayFolder)
    {
        var parent = Path.GetDirectoryName(outputFolder);
        if (parent is null || !Directory.Exists(parent))
        {
            return [];
        }

        var prefix = "." + Path.GetFileName(outputFolder) + StagingInfix;
        var notes = new List<string>();
        foreach (var staging in Directory.EnumerateDirectories(parent, prefix + "*").Order(StringComparer.Ordinal))
        {
            var suffix = Path.GetFileName(staging).Substring(prefix.Length);
            if (suffix.Length != 32 || !suffix.All(Uri.IsHexDigit))
            {
                continue;
            }

            try
            {
                var journal = Path.Combine(staging, JournalFile);
                var lines = File.Exists(journal) ? File.ReadAllLines(journal) : [];
                if (lines.Length > 0 && lines[^1] == JournalComplete && Directory.Exists(outputFolder))
                {
                    var newFiles = Path.Combine(staging, "new");
                    var moved = 0;
                    foreach (var file in Directory.Exists(newFiles) ? Directory.EnumerateFiles(newFiles, "*", SearchOption.AllDirectories).ToList() : [])
                    {
                        var relative = Path.GetRelativePath(newFiles, file);
                        CheckRelativePath(relative.Replace('\\', '/'));
                        var target = Path.Combine(outputFolder, relative);
                        Directory.CreateDirectory(Path.GetDirectoryName(target)!);
                        File.Move(file, target, overwrite: true);
                        moved++;
                    }

                    foreach (var deleted in lines.Where(l => l.StartsWith("delete ", StringComparison.Ordinal)).Select(l => l.Substring("delete ".Length)))
                    {
                        CheckRelativePath(deleted);
                        File.Delete(Path.Combine(outputFolder, deleted));
                    }

                    notes.Add($"finished the switch of '{displayFolder}' that an interrupted run had begun ({moved} file(s) moved in).");
                }
                else
                {
                    notes.Add($"removed '{Path.GetFileName(staging)}', left beside '{displayFolder}' by an interrupted run that had changed nothing.");
                }

                Directory.Delete(staging, recursive: true);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw CommandLineException.Output($"cannot finish an interrupted run's '{Path.GetFileName(staging)}' beside '{displayFolder}': {e.Message}", e);
            }
        }

        return notes;
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
