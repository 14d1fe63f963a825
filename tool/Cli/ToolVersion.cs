using System.CommandLine;
using System.CommandLine.Invocation;
using MigrateWcf.Tool.Output;

namespace MigrateWcf.Tool.Cli;

/// <summary>
/// <c>--version</c> prints this tool's version (the one reports carry as <c>toolVersion</c>), not the entry assembly's,
/// which is the test host's when the command line runs in-process.
/// </summary>
internal static class ToolVersion
{
    public static void Install(RootCommand root)
    {
        var version = root.Options.OfType<VersionOption>().Single();
        version.Action = new PrintVersion();
    }

    private sealed class PrintVersion : SynchronousCommandLineAction
    {
        public override int Invoke(ParseResult parseResult)
        {
            parseResult.InvocationConfiguration.Output.WriteLine(ReportFacts.ToolVersion);
            return 0;
        }
    }
}
