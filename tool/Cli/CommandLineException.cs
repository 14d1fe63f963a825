namespace MigrateWcf.Tool.Cli;

/// <summary>
/// The one exception type for problems the user can fix. Its message is printed as a single line on stderr (no stack
/// trace) and <see cref="ExitCode"/> becomes the process exit code.
/// </summary>
public sealed class CommandLineException : Exception
{
    public CommandLineException(ExitCode exitCode, string message, Exception? innerException = null)
        : base(message, innerException)
    {
        ExitCode = exitCode;
    }

    public ExitCode ExitCode { get; }

    public static CommandLineException Usage(string message) => new(ExitCode.UsageError, message);

    public static CommandLineException Input(string message, Exception? inner = null) => new(ExitCode.InputError, message, inner);

    public static CommandLineException Output(string message, Exception? inner = null) => new(ExitCode.OutputError, message, inner);
}
