using System.CommandLine;

namespace MigrateWcf.Tool.Cli;

/// <summary>
/// Checks System.CommandLine cannot make on its own, made while parsing so that they end as every usage error does: one
/// line and exit code 2 (<see cref="ExitCode.UsageError"/>).
/// </summary>
internal static class CommandLineValidation
{
    /// <summary><c>--out ""</c> names no folder (it would otherwise fail deep inside as an internal error).</summary>
    public static Option<string> NamesAFolder(this Option<string> output)
    {
        output.Validators.Add(result =>
        {
            if (string.IsNullOrWhiteSpace(result.GetValueOrDefault<string>()))
            {
                result.AddError($"{output.Name} needs a folder path, not an empty one.");
            }
        });
        return output;
    }

    /// <summary>
    /// An argument taking any number of paths also takes an unknown option (<c>--frobnicate</c>) as a path: a token
    /// starting with '-' that names no existing file or folder is an unknown option.
    /// </summary>
    public static Argument<string[]> RejectsUnknownOptions(this Argument<string[]> paths)
    {
        paths.Validators.Add(result =>
        {
            foreach (var token in result.Tokens.Select(t => t.Value))
            {
                if (token.StartsWith('-') && !File.Exists(token) && !Directory.Exists(token))
                {
                    result.AddError($"Unrecognized command or argument '{token}'.");
                    return;
                }
            }
        });
        return paths;
    }
}
