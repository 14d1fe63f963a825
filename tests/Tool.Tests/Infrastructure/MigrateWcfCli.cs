using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Tests.Infrastructure;

public sealed record CliResult(int ExitCode, string Output, string Error)
{
    public ExitCode Code => (ExitCode)ExitCode;

    public string[] ErrorLines => Error.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);

    public override string ToString() => $"exit {ExitCode}\n--- stdout\n{Output}\n--- stderr\n{Error}";
}

/// <summary>Runs a whole migrate-wcf command line in-process through the same entry point Main uses.</summary>
public static class MigrateWcfCli
{
    public static async Task<CliResult> RunAsync(params string[] args) => await RunAsync(progressThreshold: 500, args);

    public static async Task<CliResult> RunAsync(int progressThreshold, params string[] args)
        => await RunAsync(deps => deps with { ProgressThreshold = progressThreshold }, args);

    /// <summary>Runs with <paramref name="beforeOutputMove"/> called before each output file moves into place (to inject a failure).</summary>
    public static async Task<CliResult> RunAsync(Action<string> beforeOutputMove, params string[] args)
        => await RunAsync(deps => deps with { BeforeOutputMove = beforeOutputMove }, args);

    /// <summary>Runs with the dependencies <paramref name="configure"/> makes of the default ones (e.g. one project at a time).</summary>
    public static async Task<CliResult> RunAsync(Func<CliDependencies, CliDependencies> configure, params string[] args)
    {
        var output = new StringWriter();
        var error = new StringWriter();
        var exitCode = await MigrateWcfCommandLine.InvokeAsync(args, configure(new CliDependencies(output, error)));
        return new CliResult(exitCode, output.ToString(), error.ToString());
    }
}
