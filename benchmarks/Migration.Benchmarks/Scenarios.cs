using System.Diagnostics;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;
using MigrateWcf.Runtime.Benchmarks;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>A load or fault scenario's outcome. Lost: calls the server counted that no client saw succeed.</summary>
internal sealed record ScenarioResult(string Name, bool Passed, int Clients, long Successes, long Failures, long ServerCounted, long Lost, string Details);

/// <summary>The load and fault scenarios (--scenario), each against a server process of its own.</summary>
internal static class Scenarios
{
    public static readonly string[] Names = ["load", "kill"];

    /// <summary>600 clients, each the original interface through the generated shim on its own channel, × N calls;
    /// every call the clients saw succeed is one the server counted, and no other.</summary>
    public static async Task<ScenarioResult> LoadAsync(bool quick)
    {
        const int clients = 600;
        var calls = quick ? 20 : 500;
        await using var server = ServerProcess.Start();
        var row = new Row("load", threads =>
        {
            var factory = new MigratedClientFactory(server.Endpoint(ServerTarget.MigratedMultiple), new ClientProxyOptions { SendTimeout = TimeSpan.FromSeconds(60), ShareChannel = false });
            return Task.FromResult((Enumerable.Range(0, threads).Select(_ => (ICaller)new ShimPutCaller(factory.CreateSimple())).ToArray(), (IAsyncDisposable?)null));
        });
        Console.Error.WriteLine($"[bench] scenario load: {clients} clients × {calls} calls");
        var run = await new FixedWorkRunner(server).RunAsync(row, clients, calls);
        var successes = run.Latencies.TotalCount;
        var lost = run.ServerCounted!.Value - successes;
        var passed = run.Failures == 0 && lost == 0 && successes == (long)clients * calls;
        return new ScenarioResult($"load: {clients} clients × {calls} calls (client shim, own channels, PerCall Multiple)", passed, clients, successes, run.Failures,
            run.ServerCounted.Value, lost, $"{successes / run.Seconds:N0} calls/s over {run.Seconds:N1} s{(run.FirstFailure is { } f ? "; first failure: " + f : "")}");
    }

    /// <summary>Clients calling (plain generated clients with a deadline, each its own channel) while the server is
    /// killed (SIGKILL) and started again on the same socket: every call fails fast with a gRPC status, every client
    /// recovers without being recreated, and the servers counted each success once (a call the server finished but
    /// whose answer died with it is counted and failed: at most one per client).</summary>
    public static async Task<ScenarioResult> KillAsync(bool quick)
    {
        var clients = quick ? 8 : 64;
        var deadline = TimeSpan.FromSeconds(2);
        const int RecoveredCalls = 20;
        await using var server = ServerProcess.Start();
        var endpoint = server.Endpoint(ServerTarget.MigratedMultiple);
        var channels = Enumerable.Range(0, clients).Select(_ => EndpointChannel.Create(endpoint)).ToArray();
        var stop = new CancellationTokenSource();
        long successes = 0, failures = 0, otherErrors = 0, slowFailures = 0;
        var statuses = new System.Collections.Concurrent.ConcurrentDictionary<StatusCode, long>();
        var restarted = 0L; // Stopwatch timestamp of the restart, 0 before.
        var recovered = new int[clients];
        double slowestFailureMs = 0;
        var gate = new object();
        Console.Error.WriteLine($"[bench] scenario kill: {clients} clients, server killed and restarted");
        var tasks = Enumerable.Range(0, clients).Select(i => Task.Run(async () =>
        {
            var client = new Simple.SimpleClient(channels[i]);
            while (!stop.IsCancellationRequested)
            {
                var start = Stopwatch.GetTimestamp();
                try
                {
                    await client.PutAsync(new Empty(), deadline: DateTime.UtcNow + deadline);
                    Interlocked.Increment(ref successes);
                    var since = Interlocked.Read(ref restarted);
                    if (since != 0 && start > since)
                    {
                        Interlocked.Increment(ref recovered[i]);
                    }
                }
                catch (RpcException e)
                {
                    Interlocked.Increment(ref failures);
                    statuses.AddOrUpdate(e.StatusCode, 1, (_, n) => n + 1);
                    var ms = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
                    lock (gate)
                    {
                        slowestFailureMs = Math.Max(slowestFailureMs, ms);
                    }

                    if (ms >= deadline.TotalMilliseconds)
                    {
                        Interlocked.Increment(ref slowFailures);
                    }

                    await Task.Delay(10);
                }
                catch (Exception)
                {
                    Interlocked.Increment(ref otherErrors);
                    await Task.Delay(10);
                }
            }
        })).ToArray();

        await Task.Delay(TimeSpan.FromSeconds(quick ? 0.5 : 2));
        server.Kill();
        var killedAfter = Interlocked.Read(ref successes);
        await Task.Delay(TimeSpan.FromSeconds(0.5));
        server.Restart();
        Interlocked.Exchange(ref restarted, Stopwatch.GetTimestamp());
        var waitUntil = Stopwatch.GetTimestamp() + 30 * Stopwatch.Frequency;
        while (recovered.Any(r => r < RecoveredCalls) && Stopwatch.GetTimestamp() < waitUntil)
        {
            await Task.Delay(50);
        }

        stop.Cancel();
        await Task.WhenAll(tasks);
        foreach (var channel in channels)
        {
            channel.Dispose();
        }

        var counted = server.PutCount;
        var lost = counted - successes;
        var allRecovered = recovered.All(r => r >= RecoveredCalls);
        var passed = failures > 0 && otherErrors == 0 && slowFailures == 0 && allRecovered && lost >= 0 && lost <= clients;
        var details = $"{successes - killedAfter:N0} successes after the kill; failures by status: {string.Join(", ", statuses.Select(s => $"{s.Key} {s.Value}"))}; "
            + $"slowest failure {slowestFailureMs:N0} ms (deadline {deadline.TotalMilliseconds:N0} ms, {slowFailures} at or past it); {otherErrors} errors without a status; "
            + $"{(allRecovered ? "every client" : $"{recovered.Count(r => r >= RecoveredCalls)} of {clients} clients")} made {RecoveredCalls} calls after the restart on its old channel; "
            + $"lost {lost} ≤ {clients} (answers that died with the server)";
        return new ScenarioResult("kill: server killed mid-run and restarted (plain clients, own channels)", passed, clients, successes, failures, counted, lost, details);
    }
}
