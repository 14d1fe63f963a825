using Google.Protobuf.WellKnownTypes;

namespace MigrateWcf.Runtime.Tests;

[CollectionDefinition(nameof(SerialCollection), DisableParallelization = true)]
public sealed class SerialCollection;

/// <summary>Counts this process's open sockets, so it runs alone.</summary>
[Collection(nameof(SerialCollection))]
public class LeakTests
{
    private static int OpenSockets()
    {
        var count = 0;
        foreach (var fd in Directory.EnumerateFileSystemEntries("/proc/self/fd"))
        {
            try
            {
                if (new FileInfo(fd).LinkTarget?.StartsWith("socket:", StringComparison.Ordinal) == true) count++;
            }
            catch (IOException)
            {
                // The descriptor closed while we looked.
            }
        }
        return count;
    }

    private static async Task<bool> Eventually(Func<bool> condition)
    {
        for (var i = 0; i < 200; i++)
        {
            if (condition()) return true;
            await Task.Delay(50);
        }
        return condition();
    }

    [Fact]
    public async Task Failed_cancelled_and_reset_calls_leave_no_handler_running_and_no_socket_open()
    {
        if (!Directory.Exists("/proc/self/fd")) return; // Linux only: the check reads /proc.

        var running = 0;
        var started = 0;
        var baseline = OpenSockets();
        var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddUnaryMethod(TestMethods.Echo, async (request, context) =>
            {
                Interlocked.Increment(ref running);
                Interlocked.Increment(ref started);
                try
                {
                    await Task.Delay(Timeout.Infinite, context.CancellationToken);
                    return request;
                }
                finally
                {
                    Interlocked.Decrement(ref running);
                }
            })
            .AddDuplexStreamingMethod(TestMethods.Chat, async (requests, responses, context) =>
            {
                Interlocked.Increment(ref running);
                Interlocked.Increment(ref started);
                try
                {
                    await foreach (var item in requests.ReadAllAsync(context.CancellationToken)) await responses.WriteAsync(item);
                }
                finally
                {
                    Interlocked.Decrement(ref running);
                }
            })
            .Build());
        try
        {
            const int rounds = 20;
            for (var i = 0; i < rounds; i++)
            {
                // Deadline.
                using (var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(deadline: DateTime.UtcNow.AddMilliseconds(50)), new StringValue()))
                {
                    var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseAsync);
                    Assert.Equal(StatusCode.DeadlineExceeded, ex.StatusCode);
                }

                // Cancellation mid-stream.
                using (var cts = new CancellationTokenSource())
                using (var call = server.Invoker.AsyncDuplexStreamingCall(TestMethods.Chat, null, new CallOptions(cancellationToken: cts.Token)))
                {
                    await call.RequestStream.WriteAsync(new StringValue { Value = "x" });
                    Assert.True(await call.ResponseStream.MoveNext(CancellationToken.None));
                    cts.Cancel();
                    var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseStream.MoveNext(CancellationToken.None));
                    Assert.Equal(StatusCode.Cancelled, ex.StatusCode);
                }

                // Reset by disposing mid-stream.
                var abandoned = server.Invoker.AsyncDuplexStreamingCall(TestMethods.Chat, null, new CallOptions());
                await abandoned.RequestStream.WriteAsync(new StringValue { Value = "y" });
                Assert.True(await abandoned.ResponseStream.MoveNext(CancellationToken.None));
                abandoned.Dispose();
            }

            Assert.True(await Eventually(() => Volatile.Read(ref running) == 0), $"{running} handlers still running");
            Assert.True(started >= rounds * 2);
            // Resets end streams, not connections: one client and one server end of one connection, plus the listener.
            Assert.True(OpenSockets() <= baseline + 3, $"{OpenSockets()} sockets open, baseline {baseline}");
        }
        finally
        {
            await server.DisposeAsync();
        }
        Assert.True(await Eventually(() => OpenSockets() <= baseline), $"{OpenSockets()} sockets open after shutdown, baseline {baseline}");
    }
}
