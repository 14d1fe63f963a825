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

    /// <summary>The input at <paramref name="path"/>, its packages.config packages restored first when asked.</summary>
    public static InputSet Resolve(string path, bool restore, CliDependencies deps, CancellationToken cancellationToken)
    {
        var input = InputResolver.Resolve(path);
        return restore ? PackagesConfigRestore.Restore(path, input, deps.Error, cancellationToken) : input;
    }
}
