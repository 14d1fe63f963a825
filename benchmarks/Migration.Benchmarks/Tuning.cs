using LegacyWcf.Contracts.Grpc;
using LegacyWcf.Services;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime;
using MigrateWcf.Runtime.Benchmarks;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>A row of the tuning scenario: its report and its time and client CPU per call over the shipped shim's row
/// of the same cell (null for that row itself).</summary>
internal sealed record TuningRow(RowReport Report, double? TimeRatioToShipped, double? ClientCpuRatioToShipped);

/// <summary>--scenario tuning (issue 30's first step): one Put through the generated client shim with what grpc-dotnet
/// and ASP.NET Core leave to the application, each setting alone against the shim as shipped and all of them together,
/// beside the raw Unix-socket floor. The hosts are copies of the migrated PerCall Multiple service in the server
/// process, each with one setting; the client settings are <see cref="ClientProxyOptions"/>. Nothing here changes a
/// runtime default.</summary>
internal static class Tuning
{
    public const string ShippedRow = "shim as shipped: migrated PerCall Multiple ← client shim (ISimple)";
    public const string Http2Row = "call lane off: every call an HTTP/2 request (the shim before the lane)";
    public const string NoDeadlineRow = "no deadline (ClientProxyOptions.SendTimeout infinite)";
    public const string InlineHostRow = "inline scheduling host (GrpcHostOptions.InlineSocketScheduling)";
    public const string ClientHandlerRow = "client handler: no trace headers, one HTTP/2 connection";
    public const string SlimHostRow = "slim host: no Server header, no data-rate timing (Kestrel)";
    public const string AllTogetherRow = "all together";

    /// <summary>The sockets of the service's tuned copies, in the server's private folder.</summary>
    public const string InlineSocket = "tuning-inline.sock", SlimSocket = "tuning-slim.sock", AllSocket = "tuning-all.sock";

    /// <summary>1 thread in both machine states (where a lone call's own cost shows, awake, and the core's wake-up,
    /// idle), then 8 threads each on its own channel, idle (the cores are busy anyway).</summary>
    public static IReadOnlyList<Cell> Cells(bool quick) => quick
        ? [new("1×200", 1, 200, CpuState.Awake), new("1×200", 1, 200, CpuState.Idle), new("8×100", 8, 100, CpuState.Idle)]
        : [new("1×5000", 1, 5000, CpuState.Awake), new("1×5000", 1, 5000, CpuState.Idle), new("8×5000", 8, 5000, CpuState.Idle)];

    /// <summary>The server side: the migrated PerCall Multiple service three more times, with inline socket scheduling,
    /// slim, and both; each counts its Puts like the matrix's hosts.</summary>
    public static async Task<IReadOnlyList<GrpcHost>> StartServerAsync(string directory, PutCounter counter)
    {
        Task<GrpcHost> Start(string socket, bool inlineSocketScheduling, bool slim) => GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(Path.Combine(directory, socket)), h =>
        {
            h.Builder.Logging.SetMinimumLevel(LogLevel.Warning);
            h.Options.Grpc = grpc => grpc.Interceptors.Add<PutCounterInterceptor>(counter);
            h.Options.InlineSocketScheduling = inlineSocketScheduling;
            if (slim)
            {
                // What Kestrel does per response or per request that a gRPC call over a local socket does not need:
                // a Server header on every response, and the timing of each request and response body against a
                // minimum data rate (a defence against slow clients on a network).
                h.Builder.WebHost.ConfigureKestrel(kestrel =>
                {
                    kestrel.AddServerHeader = false;
                    kestrel.Limits.MinRequestBodyDataRate = null;
                    kestrel.Limits.MinResponseDataRate = null;
                });
            }

            h.Services.AddMigratedServices(o => o.Simple = SimpleImplementation.SimpleMultiple);
            h.Configure(app => app.MapMigratedServices());
        });
        return [await Start(InlineSocket, true, false), await Start(SlimSocket, false, true), await Start(AllSocket, true, true)];
    }

    /// <summary>Every cell, its rows interleaved over the rounds, each round in its own shuffled order.</summary>
    public static async Task<IReadOnlyList<TuningRow>> RunAsync(ServerProcess server, bool quick, int rounds)
    {
        var runner = new FixedWorkRunner(server);
        GrpcEndpoint Copy(string socket) => GrpcEndpoint.UnixSocket(Path.Combine(server.Directory, socket));
        var shipped = server.Endpoint(ServerTarget.MigratedMultiple);
        // Each proxy its own channel (ShareChannel false: the 8-thread cell's own channel each); everything else the
        // runtime's defaults, SendTimeout included (1 minute: grpc-dotnet arms a deadline timer for every call).
        ClientProxyOptions Options(bool noDeadline = false, bool handler = false, bool http2 = false) => new()
        {
            ShareChannel = false,
            CallLane = !http2,
            SendTimeout = noDeadline ? Timeout.InfiniteTimeSpan : new ClientProxyOptions().SendTimeout,
            ConfigureHandler = handler ? ConfigureHandler : null,
        };
        List<Row> rows =
        [
            new(Matrix.FloorRow, threads => Task.FromResult((
                Enumerable.Range(0, threads).Select(_ => (ICaller)RawEchoCaller.Connect(server.RawSocket).AsTask().Result).ToArray(),
                (IAsyncDisposable?)null)), Counted: false),
            new(ShippedRow, threads => Matrix.Shim(shipped, threads, Options())),
            new(Http2Row, threads => Matrix.Shim(shipped, threads, Options(http2: true))),
            new(NoDeadlineRow, threads => Matrix.Shim(shipped, threads, Options(noDeadline: true))),
            new(InlineHostRow, threads => Matrix.Shim(Copy(InlineSocket), threads, Options())),
            new(ClientHandlerRow, threads => Matrix.Shim(shipped, threads, Options(handler: true))),
            new(SlimHostRow, threads => Matrix.Shim(Copy(SlimSocket), threads, Options())),
            new(AllTogetherRow, threads => Matrix.Shim(Copy(AllSocket), threads, Options(noDeadline: true, handler: true))),
        ];
        var result = new List<TuningRow>();
        foreach (var cell in Cells(quick))
        {
            using var waker = CpuWaker.For(cell.State);
            if (result.Count == 0)
            {
                // Once, before the first measured round: every row's code past tiered compilation, so that the shipped
                // row, the first of the shim's, does not pay for the JIT the rows after it are spared.
                foreach (var row in rows)
                {
                    Console.Error.WriteLine($"[bench] {cell.Name} warm-up (not measured): {row.Name}");
                    await runner.RunAsync(row, cell.Threads, cell.CallsPerThread);
                }
            }

            var reports = RowReport.WithRatios([.. await Matrix.Interleave(runner, cell, rows, rounds, quick, shuffle: true)]);
            var shippedReport = reports.Single(r => r.Row == ShippedRow);
            // Client CPU ratios only where both took some: a short --quick run's process times advance in 10 ms ticks.
            result.AddRange(reports.Select(r => ReferenceEquals(r, shippedReport) || r.Row == Matrix.FloorRow
                ? new TuningRow(r, null, null)
                : new TuningRow(r, shippedReport.CallsPerSecond.Median / r.CallsPerSecond.Median,
                    r.ClientCpuMicrosecondsPerCall > 0 && shippedReport.ClientCpuMicrosecondsPerCall > 0
                        ? r.ClientCpuMicrosecondsPerCall / shippedReport.ClientCpuMicrosecondsPerCall
                        : null)));
        }

        return result;
    }

    /// <summary>What SocketsHttpHandler does per request that a caller on a local socket, one call at a time on its own
    /// connection, does not need: the trace-context headers it writes when an activity is current (no propagator: no
    /// DiagnosticsHandler work), and the bookkeeping that spreads streams over more connections when one is full.</summary>
    private static void ConfigureHandler(SocketsHttpHandler handler)
    {
        handler.ActivityHeadersPropagator = null;
        handler.EnableMultipleHttp2Connections = false;
    }
}
