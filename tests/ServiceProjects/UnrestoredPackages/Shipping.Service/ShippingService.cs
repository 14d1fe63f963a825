using System;
using Newtonsoft.Json;

namespace Shipping.Service
{
    public class ShippingService : IShippingService
    {
        private readonly IRateCalculator _calculator = new FlatRateCalculator();

        public decimal Quote(string destination, double weightKg)
        {
            return _calculator.Rate(destination, weightKg);
        }

        // The tracking page's script reads this JSON as it is.
        public string TrackParcel(string parcelId)
        {
            var status = new { parcel = parcelId ?? string.Empty, status = "in transit", updated = new DateTime(2016, 5, 4, 8, 0, 0, DateTimeKind.Utc) };
            return JsonConvert.SerializeObject(status, Formatting.None);
        }
    }
}
