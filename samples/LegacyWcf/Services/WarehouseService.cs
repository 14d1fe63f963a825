using System;
using System.ServiceModel;
using System.Threading;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>
    /// Reservation desk: one instance for every client. ConcurrencyMode.Single asks WCF to let one call in at a time;
    /// <see cref="Reservation.ConcurrentCalls"/> reports whether it did.
    /// </summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single)]
    public sealed class WarehouseService : IWarehouse
    {
        /// <summary>Time a reservation holds the instance, so overlapping calls would be seen.</summary>
        public static readonly TimeSpan ReservationWork = TimeSpan.FromMilliseconds(200);

        private readonly InstanceTracker _instance = new InstanceTracker("Single");
        private long _lastNumber;
        private int _callsInside;

        /// <inheritdoc />
        public Reservation Reserve(string sku, int quantity)
        {
            int atEntry = Interlocked.Increment(ref _callsInside);
            try
            {
                long number = Interlocked.Increment(ref _lastNumber);
                Thread.Sleep(ReservationWork);
                int atExit = Volatile.Read(ref _callsInside);
                return new Reservation
                {
                    Number = number,
                    ConcurrentCalls = Math.Max(atEntry, atExit),
                    Instance = _instance.RecordCall(),
                };
            }
            finally
            {
                Interlocked.Decrement(ref _callsInside);
            }
        }

        /// <inheritdoc />
        public InstanceInfo Describe()
        {
            return _instance.RecordCall();
        }
    }
}
