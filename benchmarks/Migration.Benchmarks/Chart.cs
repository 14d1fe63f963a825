using ScottPlot;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>The matrix as two bar charts (ScottPlot, rendered by SkiaSharp): calls/s and p50 latency of every row,
/// grouped by cell, one colour per row.</summary>
internal static class Chart
{
    public const string FileName = "migration-benchmark.png";

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

    private static void Draw(Plot plot, IReadOnlyList<RowReport> rows, Func<RowReport, double> value, string label)
    {
        var cells = rows.Select(r => r.Cell).Distinct().ToList();
        var names = rows.Select(r => r.Row).Distinct().ToList();
        var bars = new List<Bar>();
        foreach (var row in rows.Where(r => !double.IsNaN(value(r))))
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
