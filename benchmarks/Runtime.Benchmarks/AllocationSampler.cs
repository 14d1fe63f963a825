using System.Collections.Concurrent;
using System.Diagnostics.Tracing;
using System.Globalization;
using System.Text;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>An in-process allocation profile: the runtime's GCAllocationTick event fires about every 100 KB allocated
/// and names the type of the object that crossed the mark, so the bytes per type it adds up are a sample of where a
/// process's allocations go (dotnet-trace is not available here).</summary>
internal sealed class AllocationSampler : EventListener
{
    private const EventKeywords GcKeyword = (EventKeywords)0x1;
    private readonly ConcurrentDictionary<string, long> _bytesByType = new(StringComparer.Ordinal);

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name == "Microsoft-Windows-DotNETRuntime")
        {
            EnableEvents(eventSource, EventLevel.Verbose, GcKeyword);
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (eventData.EventName is null || !eventData.EventName.StartsWith("GCAllocationTick", StringComparison.Ordinal) || eventData.PayloadNames is null)
        {
            return;
        }

        var typeIndex = eventData.PayloadNames.IndexOf("TypeName");
        var amountIndex = eventData.PayloadNames.IndexOf("AllocationAmount64");
        if (typeIndex < 0 || amountIndex < 0)
        {
            return;
        }

        var type = eventData.Payload![typeIndex] as string ?? "?";
        var amount = Convert.ToInt64(eventData.Payload[amountIndex], CultureInfo.InvariantCulture);
        _bytesByType.AddOrUpdate(type, amount, (_, total) => total + amount);
    }

    /// <summary>The sampled types with their share of the bytes, largest first, as text; then starts over.</summary>
    public string TakeReport(long calls, int top = 20)
    {
        var snapshot = _bytesByType.ToArray();
        _bytesByType.Clear();
        var total = snapshot.Sum(p => p.Value);
        var text = new StringBuilder();
        foreach (var (type, bytes) in snapshot.OrderByDescending(p => p.Value).Take(top))
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"| {type} | {100.0 * bytes / total:N1}% | {(calls > 0 ? (double)bytes / calls : double.NaN):N0} |");
        }

        return text.ToString();
    }
}
