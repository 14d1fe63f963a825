using System.Diagnostics;
using System.ServiceModel;
using LegacyWcf.Contracts;
using MigrateWcf.Runtime.Benchmarks;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>The "before" rows: the legacy net472 sample's SimpleSingle and SimpleMultiple, hosted by its own host under
/// Mono over net.tcp and called by the .NET WCF client (ChannelFactory&lt;ISimple&gt;, each thread its own channel), at a
/// reduced scale: Mono's net.tcp sleeps 50 ms before every receive, so these rows show behaviour, not WCF's speed.
/// On Windows the legacy host would run on .NET Framework and its native transport is net.pipe, which the .NET WCF
/// client cannot call (no NetNamedPipeBinding), so no legacy row is measured there (see <see cref="Available"/>).</summary>
internal static class LegacyReference
{
    public const string Label = "legacy net472 on Mono, net.tcp (Mono, behaviour reference, not WCF's speed)";

    /// <summary>Null when the rows can run here, else why not.</summary>
    public static string? Available() =>
        OperatingSystem.IsWindows()
            ? "the legacy rows are not measured on Windows: .NET Framework's net.pipe needs the .NET Framework client (run samples/LegacyWcf/Client there)"
            : null;

    public static Cell Cell(bool quick, CpuState state) => quick ? new($"{Label}, 2×5", 2, 5, state) : new($"{Label}, 8×20", 8, 20, state);

    public static async Task<IReadOnlyList<RowReport>> RunAsync(ServerProcess floorServer, bool quick, int rounds, CpuState state)
    {
        await using var host = await LegacyHost.StartAsync();
        using var process = Process.GetProcessById(host.Process.Id);
        var runner = new FixedWorkRunner(() => process, null);
        var floorRunner = new FixedWorkRunner(floorServer);
        var cell = Cell(quick, state);
        var baseAddress = new Uri(host.BaseAddress);
        var rows = new List<(Row Row, FixedWorkRunner Runner)>
        {
            (new(Matrix.FloorRow, threads => Task.FromResult((Enumerable.Range(0, threads).Select(_ => RawEchoCaller.Connect(floorServer.RawSocket).AsTask().Result).ToArray(), (IAsyncDisposable?)null)), Counted: false), floorRunner),
        };
        foreach (var (name, endpoint) in new[] { ("legacy PerCall Single", Endpoints.SimpleSingle), ("legacy PerCall Multiple", Endpoints.SimpleMultiple) })
        {
            // The host runs on Mono: one port per service (the host's rule, not this runtime's).
            var address = new EndpointAddress(Endpoints.TcpAddress(baseAddress, endpoint, onePortPerService: true));
            rows.Add((new($"{name} ← WCF client (ISimple)", threads =>
            {
                var factory = new ChannelFactory<ISimple>(Endpoints.TcpBinding(), address);
                var callers = Enumerable.Range(0, threads).Select(_ => (ICaller)new WcfPutCaller(factory.CreateChannel())).ToArray();
                return Task.FromResult((callers, (IAsyncDisposable?)new ClosingFactory(factory)));
            }, Counted: false), runner));
        }

        var results = rows.Select(_ => new List<RunResult>()).ToArray();
        for (var round = 0; round < rounds; round++)
        {
            for (var i = 0; i < rows.Count; i++)
            {
                Console.Error.WriteLine($"[bench] {cell.Name} round {round + 1}/{rounds}: {rows[i].Row.Name}");
                results[i].Add(await rows[i].Runner.RunAsync(rows[i].Row, cell.Threads, cell.CallsPerThread));
            }
        }

        return rows.Select((row, i) => RowReport.Of(cell, row.Row.Name, results[i], external: false)).ToList();
    }

    /// <summary>A WCF channel of its own, opened by its first call, closed (or aborted when faulted) at the end.</summary>
    private sealed class WcfPutCaller(ISimple channel) : ICaller
    {
        public bool IsBlocking => true;

        public ValueTask<bool> CallAsync()
        {
            channel.Put();
            return ValueTask.FromResult(true);
        }

        public ValueTask DisposeAsync()
        {
            Close((ICommunicationObject)channel);
            return ValueTask.CompletedTask;
        }
    }

    private sealed class ClosingFactory(ChannelFactory factory) : IAsyncDisposable
    {
        public ValueTask DisposeAsync()
        {
            Close(factory);
            return ValueTask.CompletedTask;
        }
    }

    private static void Close(ICommunicationObject communication)
    {
        try
        {
            communication.Close();
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException)
        {
            communication.Abort();
        }
    }
}
