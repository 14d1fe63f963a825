namespace MigrateWcf.Tool.Cli;

/// <summary>
/// Progress lines on stderr ("parsed 3000 files…") for inputs large enough to take a while; silent otherwise, so
/// small runs print only their results.
/// </summary>
internal sealed class Progress
{
    private const int Interval = 1000;
    private readonly TextWriter? _error;
    private readonly object _gate = new();

    public Progress(CliDependencies deps, int fileCount)
    {
        _error = fileCount >= deps.ProgressThreshold ? deps.Error : null;
    }

    public bool Enabled => _error is not null;

    /// <summary>Reports every <see cref="Interval"/>th item and the last one.</summary>
    public void Step(string verb, int done, int total)
    {
        if (_error is not null && (done % Interval == 0 || done == total))
        {
            Report($"{verb} {done} of {total} files…");
        }
    }

    public void Report(string message)
    {
        if (_error is null)
        {
            return;
        }

        lock (_gate)
        {
            _error.WriteLine($"{MigrateWcfCommandLine.ToolName}: {message}");
        }
    }
}
