using System.CommandLine;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Cli;

/// <summary><c>--restore</c>, shared by every command that reads an input.</summary>
internal static class RestoreOption
{
    public static Option<bool> Create() => new("--restore")
    {
        Description = "Before reading: for old-style projects with a packages.config whose packages/ folder is missing, download the packages from your NuGet feeds into that packages/ folder (as nuget restore does; nothing is deleted).",
    };

    /// <summary>
    /// <paramref name="input"/> (read from <paramref name="path"/>) with its packages.config packages restored, when asked;
    /// called once the command line has been checked, so a usage error never leaves packages behind.
    /// </summary>
    public static InputSet Apply(string path, InputSet input, bool restore, CliDependencies deps, CancellationToken cancellationToken)
        => restore ? PackagesConfigRestore.Restore(path, input, deps.Error, cancellationToken) : input;
}
