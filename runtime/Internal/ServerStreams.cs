using System.IO.Pipelines;

namespace MigrateWcf.Runtime.Internal;

internal sealed class ServerStreamReader<T>(MessageReader<T> reader, HttpContextServerCallContext context) : IAsyncStreamReader<T>
{
    private bool _reading;

    public T Current => reader.Current;

    public Task<bool> MoveNext(CancellationToken cancellationToken)
    {
        if (_reading) throw new InvalidOperationException("Only one read at a time.");
        if (context.IsCompleted) throw new InvalidOperationException("Can't read messages after the call is complete.");
        // Without a token from the handler the call's own token applies, so a passed deadline ends a pending read.
        var token = cancellationToken.CanBeCanceled ? cancellationToken : context.CancellationToken;
        var read = reader.ReadNextAsync(token);
        if (read.IsCompletedSuccessfully) return read.Result ? TrueTask : FalseTask;
        return AwaitRead(read);
    }

    private static readonly Task<bool> TrueTask = Task.FromResult(true);
    private static readonly Task<bool> FalseTask = Task.FromResult(false);

    private async Task<bool> AwaitRead(ValueTask<bool> read)
    {
        _reading = true;
        try
        {
            return await read.ConfigureAwait(false);
        }
        finally
        {
            _reading = false;
        }
    }
}

internal sealed class ServerStreamWriter<T>(HttpContextServerCallContext context, Marshaller<T> marshaller) : IServerStreamWriter<T>
{
    private int _writing;

    public WriteOptions? WriteOptions
    {
        get => context.WriteOptions;
        set => context.WriteOptions = value;
    }

    public Task WriteAsync(T message) => WriteAsync(message, CancellationToken.None);

    public Task WriteAsync(T message, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        if (Interlocked.Exchange(ref _writing, 1) == 1) throw new InvalidOperationException("Only one write at a time.");
        ValueTask<FlushResult> flush;
        try
        {
            var token = cancellationToken.CanBeCanceled ? cancellationToken : context.CancellationToken;
            token.ThrowIfCancellationRequested();
            context.WriteMessage(message, marshaller);
            // Flushing each message hands it to Kestrel now and waits while the client's flow-control window is full.
            flush = context.BodyWriter.FlushAsync(token);
        }
        catch
        {
            _writing = 0;
            throw;
        }
        if (flush.IsCompletedSuccessfully)
        {
            _writing = 0;
            return flush.Result.IsCanceled ? Task.FromCanceled(CancellationToken.None) : Task.CompletedTask;
        }
        return AwaitFlush(flush);
    }

    private async Task AwaitFlush(ValueTask<FlushResult> flush)
    {
        try
        {
            var result = await flush.ConfigureAwait(false);
            if (result.IsCanceled) throw new OperationCanceledException();
        }
        finally
        {
            _writing = 0;
        }
    }
}
