using System;
using System.Collections.Generic;
using System.Linq;
using ServiceModelToolkit.Heartbeat;
using Shipping.Contracts;

namespace Shipping.Service
{
    public class ShipmentTracker : IShipmentTracker, IHeartbeat
    {
        private static readonly Dictionary<string, ShipmentStatus> Shipments = new Dictionary<string, ShipmentStatus>
        {
            { "1Z999", new ShipmentStatus { TrackingNumber = "1Z999", Location = "Rotterdam", Delivered = false, LastScan = new DateTime(2016, 3, 1) } },
            { "1Z998", new ShipmentStatus { TrackingNumber = "1Z998", Location = "Antwerp", Delivered = true, LastScan = new DateTime(2016, 2, 27) } },
        };

        public ShipmentStatus Track(string trackingNumber)
        {
            ShipmentStatus status;
            return trackingNumber != null && Shipments.TryGetValue(trackingNumber, out status)
                ? status
                : new ShipmentStatus { TrackingNumber = trackingNumber, Location = "unknown" };
        }

        public int CountInTransit()
        {
            return Shipments.Values.Count(s => !s.Delivered);
        }

        public string Beat()
        {
            return "ShipmentTracker alive";
        }
    }
}
