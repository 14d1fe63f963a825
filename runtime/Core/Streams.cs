using System.Runtime.CompilerServices;

namespace MigrateWcf.Runtime;

/// <summary>Messages arriving on a stream, read one at a time.</summary>
public interface IAsyncStreamReader<out T>
{
    /// <summary>The message read by the last successful <see cref="MoveNext"/>.</summary>
    T Current { get; }

    /// <summary>Reads the next message; false at the end of the stream. Cancelling the token cancels the call.</summary>
    Task<bool> MoveNext(CancellationToken cancellationToken);
}

/// <summary>Writes messages to a stream; one write at a time.</summary>
public interface IAsyncStreamWriter<in T>
{
    Task WriteAsync(T message);

    Task WriteAsync(T message, CancellationToken cancellationToken) =>
        cancellationToken.CanBeCanceled ? throw new NotSupportedException("This writer does not take a token.") : WriteAsync(message);

    /// <summary>Options for the next writes; null means the call's defaults.</summary>
    WriteOptions? WriteOptions { get; set; }
}

/// <summary>The server side of a response stream.</summary>
public interface IServerStreamWriter<in T> : IAsyncStreamWriter<T>
{
}

/// <summary>The client side of a request stream.</summary>
public interface IClientStreamWriter<in T> : IAsyncStreamWriter<T>
{
    /// <summary>Half-closes the request stream: no more messages follow.</summary>
    Task CompleteAsync();
}

public static class AsyncStreamReaderExtensions
{
    /// <summary>Reads the rest of the stream as an async sequence.</summary>
    public static async IAsyncEnumerable<T> ReadAllAsync<T>(this IAsyncStreamReader<T> reader, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(reader);
        while (await reader.MoveNext(cancellationToken).ConfigureAwait(false))
        {
            yield return reader.Current;
        }
    }

    /// <summary>Reads the next message with no cancellation token.</summary>
    public static Task<bool> MoveNext<T>(this IAsyncStreamReader<T> reader) => reader.MoveNext(CancellationToken.None);
}
