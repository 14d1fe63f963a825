using System.CommandLine;
using System.CommandLine.Help;
using System.CommandLine.Invocation;
using System.Runtime.CompilerServices;

namespace MigrateWcf.Tool.Cli;

/// <summary>
/// Examples for <c>--help</c>: each command registers its own (<see cref="Add"/>), and <see cref="Install"/> makes the
/// help option print a command's examples after System.CommandLine's help text for it.
/// </summary>
internal static class Examples
{
    private static readonly ConditionalWeakTable<Command, string[]> ByCommand = new();

    public static void Add(Command command, params string[] examples) => ByCommand.AddOrUpdate(command, examples);

    /// <summary>Wraps the root's (recursive) help option so every command's help ends with its examples.</summary>
    public static void Install(RootCommand root)
    {
        var help = root.Options.OfType<HelpOption>().Single();
        if (help.Action is HelpAction inner)
        {
            help.Action = new WithExamples(inner);
        }
    }

    private sealed class WithExamples(HelpAction inner) : SynchronousCommandLineAction
    {
        public override int Invoke(ParseResult parseResult)
        {
            var result = inner.Invoke(parseResult);
            if (ByCommand.TryGetValue(parseResult.CommandResult.Command, out var examples))
            {
                var output = parseResult.InvocationConfiguration.Output;
                output.WriteLine("Examples:");
                foreach (var example in examples)
                {
                    output.WriteLine("  " + example);
                }

                output.WriteLine();
            }

            return result;
        }
    }
}
