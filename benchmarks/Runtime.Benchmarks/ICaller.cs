namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>One thing a caller repeats: a raw echo, a gRPC call, or a connect-call-close.</summary>
internal interface ICaller : IAsyncDisposable
{
    /// <summary>True when <see cref="CallAsync"/> blocks its thread (the raw floor): the runner gives each such
    /// caller a thread of its own instead of a thread-pool task.</summary>
    bool IsBlocking => false;

    /// <summary>Does one call; returns false when the answer was wrong (counted as a failure).</summary>
    ValueTask<bool> CallAsync();
}
