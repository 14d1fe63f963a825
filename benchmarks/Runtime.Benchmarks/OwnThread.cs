namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>Runs a blocking caller's loop on a dedicated background thread (not a thread-pool thread it would hold).</summary>
internal static class OwnThread
{
    /// <summary>Starts <paramref name="loop"/> on a thread of its own; the task ends with the loop, or with its exception.</summary>
    public static Task Run(Action loop)
    {
        var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var thread = new Thread(() =>
        {
            try
            {
                loop();
                done.SetResult();
            }
            catch (Exception e)
            {
                done.SetException(e);
            }
        })
        { IsBackground = true };
        thread.Start();
        return done.Task;
    }
}
