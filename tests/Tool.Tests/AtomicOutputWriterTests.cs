using System.Runtime.Versioning;
using MigrateWcf.Generation;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Output;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

public sealed class AtomicOutputWriterTests
{
    private static readonly PlannedFile[] Files =
    [
        new("orders.proto", "syntax = \"proto3\";\npackage orders;\n"),
        new("contoso/billing.proto", "syntax = \"proto3\";\npackage billing;\n"),
        new("migrate-wcf.lock", "version 1\n", OverwriteWithoutForce: true),
    ];

    [Fact]
    public void NewFolder_GetsEveryFile_AndNoStagingFolderIsLeft()
    {
        using var temp = new TempFolder();
        var output = temp.Combine("a", "b", "out");

        var written = AtomicOutputWriter.Write(output, "out", Files, force: false, CancellationToken.None);

        Assert.All(written, w => Assert.Equal(PlannedFileState.Created, w.State));
        Assert.Equal(Files.ToDictionary(f => f.RelativePath, f => f.Content), TempFolder.Snapshot(output));
        Assert.Equal(["out"], Directory.EnumerateFileSystemEntries(temp.Combine("a", "b")).Select(Path.GetFileName));
    }

    [Fact]
    public void IdenticalFiles_AreLeftAlone_WithoutForce()
    {
        using var temp = new TempFolder();
        var output = temp.Combine("out");
        AtomicOutputWriter.Write(output, "out", Files, force: false, CancellationToken.None);
        var stamp = File.GetLastWriteTimeUtc(Path.Combine(output, "orders.proto"));
        File.SetLastWriteTimeUtc(Path.Combine(output, "orders.proto"), stamp.AddHours(-1));

        var written = AtomicOutputWriter.Write(output, "out", Files, force: false, CancellationToken.None);

        Assert.All(written, w => Assert.Equal(PlannedFileState.Unchanged, w.State));
        Assert.Equal(stamp.AddHours(-1), File.GetLastWriteTimeUtc(Path.Combine(output, "orders.proto")));
    }

    [Fact]
    public void ChangedFile_WithoutForce_IsAConflict_AndNothingIsWritten()
    {
        using var temp = new TempFolder();
        var output = temp.Combine("out");
        temp.WriteFile("out/orders.proto", "// edited by hand\n");
        var before = TempFolder.Snapshot(output);

        var error = Assert.Throws<CommandLineException>(() => AtomicOutputWriter.Write(output, "out", Files, force: false, CancellationToken.None));

        Assert.Equal(ExitCode.OutputConflict, error.ExitCode);
        Assert.Contains("orders.proto", error.Message);
        Assert.Contains("--force", error.Message);
        Assert.Equal(before, TempFolder.Snapshot(output));
    }

    [Fact]
    public void ChangedFile_WithForce_IsReplaced_AndOtherFilesInTheFolderStay()
    {
        using var temp = new TempFolder();
        var output = temp.Combine("out");
        temp.WriteFile("out/orders.proto", "// edited by hand\n");
        temp.WriteFile("out/notes.md", "mine");

        var written = AtomicOutputWriter.Write(output, "out", Files, force: true, CancellationToken.None);

        Assert.Equal(PlannedFileState.Replaced, written.Single(w => w.RelativePath == "orders.proto").State);
        var after = TempFolder.Snapshot(output);
        Assert.Equal(Files[0].Content, after["orders.proto"]);
        Assert.Equal("mine", after["notes.md"]);
        Assert.Equal(4, after.Count);
        Assert.Equal(["out"], Directory.EnumerateFileSystemEntries(temp.Path).Select(Path.GetFileName));
    }

    [Fact]
    public void ChangedLockFile_IsReplaced_WithoutForce()
    {
        using var temp = new TempFolder();
        var output = temp.Combine("out");
        temp.WriteFile("out/migrate-wcf.lock", "version 0\n");

        var written = AtomicOutputWriter.Write(output, "out", Files, force: false, CancellationToken.None);

        Assert.Equal(PlannedFileState.Replaced, written.Single(w => w.RelativePath == "migrate-wcf.lock").State);
        Assert.Equal(Files[2].Content, File.ReadAllText(Path.Combine(output, "migrate-wcf.lock")));
    }

    [Fact]
    public void OutputPathBelowAFile_IsOutputError_AndNothingIsCreated()
    {
        // Cannot be created by anyone, root included: its parent is a regular file.
        using var temp = new TempFolder();
        temp.WriteFile("plain.txt", "x");
        var before = TempFolder.Snapshot(temp.Path);

        var error = Assert.Throws<CommandLineException>(() =>
            AtomicOutputWriter.Write(temp.Combine("plain.txt", "sub", "out"), "plain.txt/sub/out", Files, force: false, CancellationToken.None));

        Assert.Equal(ExitCode.OutputError, error.ExitCode);
        Assert.Contains("Nothing was changed", error.Message);
        Assert.Equal(before, TempFolder.Snapshot(temp.Path));
    }

    [Fact]
    public void OutputPathThatIsAFile_IsOutputError()
    {
        using var temp = new TempFolder();
        var file = temp.WriteFile("out", "x");

        var error = Assert.Throws<CommandLineException>(() => AtomicOutputWriter.Write(file, "out", Files, force: false, CancellationToken.None));

        Assert.Equal(ExitCode.OutputError, error.ExitCode);
        Assert.Contains("is a file", error.Message);
    }

    [Fact]
    public void GeneratedFileBlockedByAFolder_IsOutputError_AndNothingIsWritten()
    {
        using var temp = new TempFolder();
        var output = temp.Combine("out");
        Directory.CreateDirectory(temp.Combine("out", "orders.proto"));

        var error = Assert.Throws<CommandLineException>(() => AtomicOutputWriter.Write(output, "out", Files, force: true, CancellationToken.None));

        Assert.Equal(ExitCode.OutputError, error.ExitCode);
        Assert.Empty(TempFolder.Snapshot(output));
    }

    [FactWhenPermissionsEnforced]
    [UnsupportedOSPlatform("windows")]
    public void ReadOnlyExistingFolder_IsOutputError_AndItsFilesAreUntouched()
    {
        using var temp = new TempFolder();
        var output = temp.Combine("out");
        temp.WriteFile("out/orders.proto", "// old\n");
        File.SetUnixFileMode(output, UnixFileMode.UserRead | UnixFileMode.UserExecute);
        var before = TempFolder.Snapshot(output);

        var error = Assert.Throws<CommandLineException>(() => AtomicOutputWriter.Write(output, "out", Files, force: true, CancellationToken.None));

        Assert.Equal(ExitCode.OutputError, error.ExitCode);
        Assert.Equal(before, TempFolder.Snapshot(output));
    }

    [FactWhenPermissionsEnforced]
    [UnsupportedOSPlatform("windows")]
    public void ReadOnlyParentFolder_IsOutputError_AndNothingIsCreated()
    {
        using var temp = new TempFolder();
        var parent = Directory.CreateDirectory(temp.Combine("locked")).FullName;
        File.SetUnixFileMode(parent, UnixFileMode.UserRead | UnixFileMode.UserExecute);

        var error = Assert.Throws<CommandLineException>(() =>
            AtomicOutputWriter.Write(Path.Combine(parent, "out"), "locked/out", Files, force: false, CancellationToken.None));

        Assert.Equal(ExitCode.OutputError, error.ExitCode);
        Assert.Empty(Directory.EnumerateFileSystemEntries(parent));
    }

    [Theory]
    [InlineData("../escape.proto")]
    [InlineData("/etc/escape.proto")]
    [InlineData("a//b.proto")]
    public void PathsEscapingTheOutputFolder_AreRefused(string relativePath)
    {
        using var temp = new TempFolder();

        Assert.Throws<InvalidOperationException>(() =>
            AtomicOutputWriter.Write(temp.Combine("out"), "out", [new PlannedFile(relativePath, "x")], force: true, CancellationToken.None));
        Assert.False(Directory.Exists(temp.Combine("out")));
    }
}
