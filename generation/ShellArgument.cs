using System.Linq;
using System.Runtime.InteropServices;

namespace MigrateWcf.Generation;

/// <summary>
/// A path or other argument as a printed command line must spell it so that a user can paste the line into a shell:
/// unchanged when it holds only characters no shell reads specially, else quoted (single quotes on Unix shells, with
/// a quote inside written <c>'\''</c>; double quotes on Windows).
/// </summary>
public static class ShellArgument
{
    public static string Quote(string argument) => Quote(argument, RuntimeInformation.IsOSPlatform(OSPlatform.Windows));

    /// <summary>As <see cref="Quote(string)"/>, for the shells of Windows (<paramref name="windows"/>) or of Unix.</summary>
    public static string Quote(string argument, bool windows)
    {
        if (argument.Length > 0 && argument.All(c => char.IsLetterOrDigit(c) || "-_./:@%+=,~".IndexOf(c) >= 0 || (windows && c == '\\')))
        {
            return argument;
        }

        return windows ? "\"" + argument.Replace("\"", "\"\"") + "\"" : "'" + argument.Replace("'", "'\\''") + "'";
    }
}
