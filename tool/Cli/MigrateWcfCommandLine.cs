using System.CommandLine;
using System.CommandLine.Invocation;
using MigrateWcf.Tool.Commands;

namespace MigrateWcf.Tool.Cli;

/// <summary>Builds the command tree and runs a whole command line; the seam tests use in-process.</summary>
public static class MigrateWcfCommandLine
{
    public const string ToolName = "migrate-wcf";

    public static RootCommand BuildRootCommand(CliDependencies deps)
    {
        var root = new RootCommand("Moves WCF services to gRPC: finds service and data contracts and generates .proto files, the migrated service's C# and a project that builds it.")
        {
            GenerateCommand.Create(deps),
            CheckCommand.Create(deps),
            EmitCommand.Create(deps),
            ProtoCommand.Create(deps),
            AnalyzeCommand.Create(deps),
        };
        Examples.Add(root,
            "migrate-wcf analyze MyServices.sln",
            "migrate-wcf proto MyServices.sln --out protos",
            "migrate-wcf <command> --help");
        Examples.Install(root);
        ToolVersion.Install(root);
        return root;
    }

    /// <summary>Parses <paramref name="args"/> and runs the chosen command. Never throws; returns the exit code.</summary>
    public static async Task<int> InvokeAsync(string[] args, CliDependencies deps, CancellationToken cancellationToken = default)
    {
        var root = BuildRootCommand(deps);
        var parseResult = root.Parse(args);

        // System.CommandLine's own parse-error action exits with 1, which we reserve for findings; usage errors are 2.
        if (parseResult.Action is ParseErrorAction)
        {
            foreach (var error in parseResult.Errors)
            {
                deps.Error.WriteLine($"{ToolName}: {error.Message}");
            }

            deps.Error.WriteLine($"Run '{ToolName} --help' for usage.");
            return (int)ExitCode.UsageError;
        }

        var configuration = new InvocationConfiguration
        {
            Output = deps.Output,
            Error = deps.Error,
            // Every command action catches its own exceptions (RunAsync below), so a stack trace never reaches the user.
            EnableDefaultExceptionHandler = false,
            // The caller's token carries Ctrl+C and SIGTERM (Program.cs); System.CommandLine must not end the process itself.
            ProcessTerminationTimeout = null,
        };
        try
        {
            return await parseResult.InvokeAsync(configuration, cancellationToken);
        }
        catch (Exception e)
        {
            return (int)Report(deps, e, cancellationToken);
        }
    }

    /// <summary>Runs one command's work and turns every outcome into an exit code and at most one error line.</summary>
    internal static async Task<int> RunAsync(CliDependencies deps, Func<CancellationToken, Task<ExitCode>> work, CancellationToken cancellationToken)
    {
        try
        {
            return (int)await work(cancellationToken);
        }
        catch (Exception e)
        {
            return (int)Report(deps, e, cancellationToken);
        }
    }

    private static ExitCode Report(CliDependencies deps, Exception e, CancellationToken cancellationToken)
    {
        switch (e)
        {
            case CommandLineException user:
                deps.Error.WriteLine($"{ToolName}: error: {user.Message}");
                return user.ExitCode;
            case OperationCanceledException when cancellationToken.IsCancellationRequested:
                deps.Error.WriteLine($"{ToolName}: cancelled; nothing was written.");
                return ExitCode.Cancelled;
            default:
                // A bug: one line that says what failed; the stack trace only when asked for, never by default.
                deps.Error.WriteLine($"{ToolName}: internal error: {e.GetType().Name}: {e.Message} (set MIGRATE_WCF_DEBUG=1 for details)");
                if (Environment.GetEnvironmentVariable("MIGRATE_WCF_DEBUG") == "1")
                {
                    deps.Error.WriteLine(e.ToString());
                }

                return ExitCode.InternalError;
        }
    }
}
