using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>
/// One warning line for a refused malformed request, at most one per <see cref="Interval"/>: the line says what was
/// wrong (and the method, where the place that refused it knows it), and how many more were refused since the previous
/// line. A caller sending garbage in a loop cannot fill the log, and the operator still learns that it happens.
/// </summary>
internal sealed class MalformedRequestLog(ILogger<MalformedRequestLog> logger, TimeProvider time)
{
    public static readonly TimeSpan Interval = TimeSpan.FromSeconds(10);

    private readonly Lock _gate = new();
    private long _nextLine;
    private bool _logged;
    private int _suppressed;

    /// <summary>Counts a refused request and writes its line when the last one is <see cref="Interval"/> old.</summary>
    public void Refused(string? method, string reason)
    {
        if (!logger.IsEnabled(LogLevel.Warning))
        {
            return;
        }

        int suppressed;
        lock (_gate)
        {
            var now = time.GetTimestamp();
            if (_logged && now < _nextLine)
            {
                _suppressed++;
                return;
            }

            _logged = true;
            _nextLine = now + (long)(Interval.TotalSeconds * time.TimestampFrequency);
            suppressed = _suppressed;
            _suppressed = 0;
        }

        const string Template = "Refused a malformed request: {Reason}";
        const string More = " ({Suppressed} more refused since the previous line)";
        switch (method, suppressed)
        {
            case (null, 0):
                logger.LogWarning(Template, reason);
                break;
            case (null, _):
                logger.LogWarning(Template + More, reason, suppressed);
                break;
            case (_, 0):
                logger.LogWarning(Template + " ({Method})", reason, method);
                break;
            default:
                logger.LogWarning(Template + " ({Method})" + More, reason, method, suppressed);
                break;
        }
    }
}
