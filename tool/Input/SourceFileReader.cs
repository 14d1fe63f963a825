using System.Text;
using Microsoft.CodeAnalysis.Text;

namespace MigrateWcf.Tool.Input;

/// <summary>A source file's text, or why it was left unread (then <see cref="Text"/> is null).</summary>
internal sealed record SourceFileText(SourceText? Text, string? NotReadBecause);

/// <summary>
/// The one way the tool reads a C# source file, whichever way the file reached it (a folder, a project file read without
/// MSBuild, a project MSBuild listed): a FIFO, device or socket is never opened, a file over the size limit is not read,
/// and a binary file is not parsed (tool/README.md, "What is read"). Each such file becomes a CS1504 finding.
/// </summary>
internal static class SourceFileReader
{
    /// <summary>
    /// The C# compiler's id for a source file it cannot open (CS1504), used for every input file the tool leaves unread:
    /// its project is then compiled without it, so the finding is an error.
    /// </summary>
    internal const string FileNotReadId = "CS1504";

    /// <summary>
    /// The largest .cs file read: 10 MB. Parsing takes about 25 times a file's size in memory (a 50 MB file took 1.3 GB),
    /// and the largest generated proxies (svcutil's Reference.cs) stay well below this, hand-written code far below.
    /// </summary>
    internal const long MaxSourceFileBytes = 10 * 1024 * 1024;

    /// <summary>How many bytes are looked at for a NUL, the mark of a binary file, as git does.</summary>
    private const int BinaryProbeBytes = 8000;

    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>
    /// The file's text, or why it is left unread. Throws <see cref="IOException"/> or <see cref="UnauthorizedAccessException"/>
    /// when a regular file cannot be read (missing, no permission): callers decide what that means for their input.
    /// </summary>
    public static SourceFileText Read(string path)
        => NotReadBecause(path) is { } reason
            ? new SourceFileText(null, reason)
            : new SourceFileText(SourceText.From(ReadText(path), Encoding.UTF8), null);

    /// <summary>
    /// Why the entry at <paramref name="path"/> must never be opened (a FIFO, device or socket: opening a FIFO waits for a
    /// writer forever), or null for a regular file. What a project lists beside its sources (analyzer configuration,
    /// additional files) is checked this far only: such files may be large or binary.
    /// </summary>
    public static string? NotARegularFileBecause(string path)
        => InputPaths.KindOf(path) switch
        {
            InputPaths.EntryKind.RegularFile => null,
            InputPaths.EntryKind.Fifo => "it is a FIFO (named pipe), not a file",
            InputPaths.EntryKind.Device => "it is a device, not a file",
            InputPaths.EntryKind.Socket => "it is a socket, not a file",
            _ => "it is not a regular file",
        };

    /// <summary>Why a file of the input is left unread (a FIFO, device or socket; over the size limit; binary), or null to read it.</summary>
    private static string? NotReadBecause(string path)
    {
        if (NotARegularFileBecause(path) is { } notAFile)
        {
            return notAFile;
        }

        var length = new FileInfo(path).Length;
        if (length > MaxSourceFileBytes)
        {
            return $"it is {length.ToString("N0", System.Globalization.CultureInfo.InvariantCulture)} bytes, over the limit of {MaxSourceFileBytes.ToString("N0", System.Globalization.CultureInfo.InvariantCulture)} bytes (10 MB) for a source file";
        }

        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read);
        var probe = new byte[(int)Math.Min(length, BinaryProbeBytes)];
        stream.ReadExactly(probe);
        // UTF-16 and UTF-32 text (recognised by its byte order mark) holds NULs; anything else that does is not source.
        var unicodeBom = probe.AsSpan().StartsWith((ReadOnlySpan<byte>)[0xFF, 0xFE]) || probe.AsSpan().StartsWith((ReadOnlySpan<byte>)[0xFE, 0xFF])
                         || probe.AsSpan().StartsWith((ReadOnlySpan<byte>)[0x00, 0x00, 0xFE, 0xFF]);
        return !unicodeBom && probe.AsSpan().Contains((byte)0) ? "it holds NUL bytes: a binary file, not C# source" : null;
    }

    /// <summary>UTF-8 (with or without BOM, or UTF-16 by BOM); files that are not valid UTF-8 are read as Latin-1, as old Windows sources often are.</summary>
    private static string ReadText(string path)
    {
        var bytes = File.ReadAllBytes(path);
        try
        {
            using var reader = new StreamReader(new MemoryStream(bytes), StrictUtf8, detectEncodingFromByteOrderMarks: true);
            return reader.ReadToEnd();
        }
        catch (DecoderFallbackException)
        {
            return Encoding.Latin1.GetString(bytes);
        }
    }
}
