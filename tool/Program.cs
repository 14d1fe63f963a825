using System.Runtime.InteropServices;
using MigrateWcf.Tool.Cli;

// Ctrl+C and SIGTERM cancel the run cooperatively instead of ending the process: a command stops at its next safe point
// and says so (exit 130), and the switch of an output folder, once begun, is finished (docs in tool/README.md, "Exit codes").
using var cancellation = new CancellationTokenSource();
void Cancel(PosixSignalContext context)
{
    context.Cancel = true;
    cancellation.Cancel();
}

using var interrupt = PosixSignalRegistration.Create(PosixSignal.SIGINT, Cancel);
using var terminate = PosixSignalRegistration.Create(PosixSignal.SIGTERM, Cancel);
return await MigrateWcfCommandLine.InvokeAsync(args, CliDependencies.FromConsole(), cancellation.Token);
