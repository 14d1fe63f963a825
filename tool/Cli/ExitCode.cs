namespace MigrateWcf.Tool.Cli;

/// <summary>Every exit code migrate-wcf returns. Documented in tool/README.md; scripts depend on these numbers.</summary>
public enum ExitCode
{
    /// <summary>The command did its work; no error-severity findings.</summary>
    Success = 0,

    /// <summary>The run completed but found error-severity findings (e.g. syntax errors). <c>proto</c> writes nothing then.</summary>
    FindingsWithErrors = 1,

    /// <summary>The command line is wrong: unknown option, missing argument, bad value, output folder inside the input.</summary>
    UsageError = 2,

    /// <summary>The input cannot be used: missing, of the wrong kind, empty, unreadable, or holding nothing to migrate.</summary>
    InputError = 3,

    /// <summary><c>proto</c> would overwrite a file that differs from what it generates, and <c>--force</c> was not given.</summary>
    OutputConflict = 4,

    /// <summary>The output folder cannot be created or written. Nothing was changed.</summary>
    OutputError = 5,

    /// <summary><c>check</c>: <c>generate</c> would change, add or delete files in the output folder (they are named). <c>emit --locked</c>: the lock file would change.</summary>
    CheckFailed = 6,

    /// <summary><c>generate</c> wrote the migrated project, but it does not build yet: the error findings (WCFM4007, WCFM4030) say what to edit, where.</summary>
    NeedsEdits = 7,

    /// <summary>A bug in migrate-wcf (sysexits' EX_SOFTWARE). The message says what failed.</summary>
    InternalError = 70,

    /// <summary>Cancelled, e.g. by Ctrl+C (128 + SIGINT, as shells report it).</summary>
    Cancelled = 130,
}
