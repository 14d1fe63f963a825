using ScottPlot;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>The matrix as two bar charts (ScottPlot, rendered by SkiaSharp): calls/s and p50 latency of every row,
/// grouped by cell, one colour per row; and the payload sizes as one: each row's speed over the raw socket copy's.</summary>
internal static class Chart
{
    public const string FileName = "migration-benchmark.png";
    public const string PayloadFileName = "migration-benchmark-payload.png";

    /// <summary>Writes the chart to <paramref name="path"/>; null when done, else why it could not be drawn.</summary>
    public static string? TryWrite(IReadOnlyList<RowReport> rows, string path)
    {
        if (rows.Count == 0)
        {
            return "no matrix rows to chart";
        }

        try
        {
            var multiplot = new Multiplot();
            multiplot.AddPlots(2);
            Draw(multiplot.GetPlot(0), rows, r => r.CallsPerSecond.Median, "calls/s (median of rounds)");
            Draw(multiplot.GetPlot(1), rows, r => r.P50Microseconds, "p50 µs");
            multiplot.SavePng(path, 1600, 1100);
            return null;
        }
        catch (Exception e) when (e is DllNotFoundException or TypeInitializationException or EntryPointNotFoundException)
        {
            return $"no chart: SkiaSharp's native library did not load ({e.GetType().Name})";
        }
    }

    /// <summary>Writes the payload chart to <paramref name="path"/>: per size, each row between the two processes with its
    /// round trips per second over the raw socket copy's (1 = the socket's speed; the floor row itself is the 1; the
    /// in-process memory copy, tens to hundreds of times above, is left out so the others stay readable); null when
    /// done, else why not.</summary>
    public static string? TryWritePayload(IReadOnlyList<PayloadRow> rows, string path)
    {
        if (rows.Count == 0)
        {
            return "no payload rows to chart";
        }

        try
        {
            var plot = new Plot();
            Draw(plot, rows.Where(r => r.Report.Row != Payload.MemoryCopyRow).Select(r => r.Report).ToList(), r =>
                rows.First(p => ReferenceEquals(p.Report, r)).TimeRatioToSocketCopy is { } ratio ? 1 / ratio : r.Row == Payload.SocketCopyRow ? 1 : double.NaN,
                "round trips/s ÷ raw socket copy's (higher is faster)");
            plot.SavePng(path, 1600, 800);
            return null;
        }
        catch (Exception e) when (e is DllNotFoundException or TypeInitializationException or EntryPointNotFoundException)
        {
            return $"no payload chart: SkiaSharp's native library did not load ({e.GetType().Name})";
        }
    }

    private static void Draw(Plot plot, IReadOnlyList<RowReport> rows, Func<RowReport, double> value, string label)
    {
        var cells = rows.Select(r => r.Cell).Distinct().ToList();
        var names = rows.Select(r => r.Row).Distinct().ToList();
        var bars = new List<Bar>();
        foreach (var row in rows.Where(r => !double.IsNaN(value(r)) && !double.IsInfinity(value(r))))
        {
            bars.Add(new Bar
            {
                Position = cells.IndexOf(row.Cell) * (names.Count + 1) + names.IndexOf(row.Row),
                Value = value(row),
                FillColor = Colors.Category10[names.IndexOf(row.Row) % Colors.Category10.Length],
            });
        }

        plot.Add.Bars(bars);
        for (var i = 0; i < names.Count; i++)
        {
            plot.Legend.ManualItems.Add(new LegendItem { LabelText = names[i], FillColor = Colors.Category10[i % Colors.Category10.Length] });
        }

        plot.Axes.Bottom.TickGenerator = new ScottPlot.TickGenerators.NumericManual(
            cells.Select((_, i) => i * (names.Count + 1) + (names.Count - 1) / 2.0).ToArray(),
            cells.Select(c => c.Length > 28 ? c[..28] + "…" : c).ToArray());
        plot.YLabel(label);
        plot.Axes.Margins(bottom: 0);
        plot.ShowLegend(Alignment.UpperRight);
    }
}
