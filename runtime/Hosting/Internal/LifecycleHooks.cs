using Microsoft.Extensions.Hosting;

namespace MigrateWcf.Runtime;

/// <summary>Runs actions when the host has started, begins to stop, and has stopped (also after Ctrl+C or SIGTERM).</summary>
internal sealed class LifecycleHooks(Action? started = null, Action? stopping = null, Action? stopped = null) : IHostedLifecycleService
{
    public Task StartingAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StartedAsync(CancellationToken cancellationToken) => Run(started);

    public Task StoppingAsync(CancellationToken cancellationToken) => Run(stopping);

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppedAsync(CancellationToken cancellationToken) => Run(stopped);

    private static Task Run(Action? action)
    {
        action?.Invoke();
        return Task.CompletedTask;
    }
}
