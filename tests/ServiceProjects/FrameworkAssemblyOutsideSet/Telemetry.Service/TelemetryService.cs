using System;
using System.Collections.Concurrent;
using System.Device.Location;

namespace Telemetry.Service
{
    public class TelemetryService : ITelemetryService
    {
        private static readonly ConcurrentDictionary<string, TelemetryReading> Last = new ConcurrentDictionary<string, TelemetryReading>();

        public void Report(TelemetryReading reading)
        {
            if (reading?.TerminalId != null)
            {
                Last[reading.TerminalId] = reading;
            }
        }

        public TelemetryReading LastReading(string terminalId)
            => Last.TryGetValue(terminalId ?? string.Empty, out var reading)
                ? reading
                : new TelemetryReading { TerminalId = terminalId, TakenAt = DateTime.UtcNow, Position = GeoCoordinate.Unknown };
    }
}
