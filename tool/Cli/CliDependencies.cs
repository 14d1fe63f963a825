namespace MigrateWcf.Tool.Cli;

/// <summary>
/// What the command line needs from its surroundings, so tests run it in-process with their own writers.
/// </summary>
/// <param name="Output">Results (text or JSON reports, the list of written files).</param>
/// <param name="Error">Errors, findings of <c>proto</c>, and progress of long runs.</param>
/// <param name="ProgressThreshold">Progress lines are written only for inputs of at least this many files.</param>
/// <param name="BeforeOutputMove">Called with each output file's relative path just before it moves into place; tests
/// inject a failure there to prove a run is all or nothing. Null outside tests.</param>
public sealed record CliDependencies(TextWriter Output, TextWriter Error, int ProgressThreshold = 500, Action<string>? BeforeOutputMove = null)
{
    /// <summary>
    /// How many projects of one input are discovered and mapped side by side. One: on the shared 2-core machine, two at
    /// a time gained nothing (README, "Engine"; the benchmark's <c>--projects</c> compares both, and a test checks both
    /// give the same bytes), while parsing already uses every core.
    /// </summary>
    public int ProjectParallelism { get; init; } = 1;

    /// <summary>
    /// The .NET SDK's command, which <c>generate</c> runs to build what it wrote (<c>dotnet</c>, found on PATH); tests
    /// name one that does not exist to see how generate does without an SDK.
    /// </summary>
    public string DotnetCommand { get; init; } = "dotnet";

    /// <summary>
    /// Where <c>generate</c>'s serving check makes the owner-only folder of the host's socket (then removes it): the
    /// system's temporary folder; tests name one of their own to see it emptied.
    /// </summary>
    public string? TemporaryFolder { get; init; }

    public static CliDependencies FromConsole() => new(Utf8WhenRedirected(Console.Out, Console.IsOutputRedirected, Console.OpenStandardOutput),
        Utf8WhenRedirected(Console.Error, Console.IsErrorRedirected, Console.OpenStandardError));

    /// <summary>
    /// On Windows a redirected console stream is written in the console's code page (437 or 1252, say), so a JSON or
    /// SARIF report piped to a file loses every character outside it (a finding's '…' became '?'); UTF-8, as on Linux,
    /// without a byte order mark. Written to a console, .NET writes UTF-16 through the console API, which loses nothing,
    /// and the console's own code page is left alone.
    /// </summary>
    private static TextWriter Utf8WhenRedirected(TextWriter console, bool redirected, Func<Stream> open) =>
        OperatingSystem.IsWindows() && redirected
            ? TextWriter.Synchronized(new StreamWriter(open(), new System.Text.UTF8Encoding(encoderShouldEmitUTF8Identifier: false)) { AutoFlush = true })
            : console;
}
