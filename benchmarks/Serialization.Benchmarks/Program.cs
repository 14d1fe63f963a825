using System.Reflection;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using MigrateWcf.Serialization.Benchmarks;

// Micro-benchmarks (issue 16): DataContractSerializer vs protobuf for the sample's Order, and the generated mappers.
// Usage: dotnet run -c Release --project benchmarks/Serialization.Benchmarks -- [--out DIR] [BenchmarkDotNet options]
// A short job (in process, 3 warm-up and 8 measured iterations) so a run takes minutes; results (GitHub Markdown, CSV,
// HTML: the default exporters) in DIR/results
// (default benchmarks/results/serialization).
var output = typeof(SerializerBenchmarks).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "DefaultResultsDirectory").Value!;
var rest = new List<string>();
for (var i = 0; i < args.Length; i++)
{
    if (args[i] == "--out" && i + 1 < args.Length)
    {
        output = Path.GetFullPath(args[++i]);
    }
    else
    {
        rest.Add(args[i]);
    }
}

// In process: no child project to build and restore for each run (our package copy is partial), and the same
// runtime as this program's.
var config = ManualConfig.Create(DefaultConfig.Instance)
    .AddJob(Job.Default.WithToolchain(InProcessEmitToolchain.Instance).WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(8).WithId("short"))
    .AddColumn(new WireBytesColumn())
    .WithArtifactsPath(output)
    .WithOptions(ConfigOptions.DisableOptimizationsValidator);
var summaries = BenchmarkSwitcher.FromAssembly(typeof(SerializerBenchmarks).Assembly).Run(rest.Count == 0 ? ["--filter", "*"] : [.. rest], config);
return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;

/// <summary>The wire size of one order in the row's format: binary XML for DataContractSerializer, protobuf for the
/// migrated rows; empty for the mapper-only rows, which produce no bytes.</summary>
internal sealed class WireBytesColumn : IColumn
{
    public string Id => nameof(WireBytesColumn);

    public string ColumnName => "Wire bytes";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Size;

    public string Legend => "Bytes of one order on the wire in this row's format (binary XML or protobuf)";

    public string GetValue(Summary summary, BenchmarkDotNet.Running.BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, summary.Style);

    public string GetValue(Summary summary, BenchmarkDotNet.Running.BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var lines = (int)benchmarkCase.Parameters["Lines"];
        var method = benchmarkCase.Descriptor.WorkloadMethod.Name;
        return method.StartsWith("Dcs", StringComparison.Ordinal) ? SerializerBenchmarks.WireBytes("dcs", lines).ToString("N0", System.Globalization.CultureInfo.InvariantCulture)
            : method.StartsWith("Mapper", StringComparison.Ordinal) ? "–"
            : SerializerBenchmarks.WireBytes("proto", lines).ToString("N0", System.Globalization.CultureInfo.InvariantCulture);
    }

    public bool IsAvailable(Summary summary) => true;

    public bool IsDefault(Summary summary, BenchmarkDotNet.Running.BenchmarkCase benchmarkCase) => false;
}
