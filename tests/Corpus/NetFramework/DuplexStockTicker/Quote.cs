using System;
using System.Runtime.Serialization;

namespace Woodgrove.Markets.Ticker
{
    [DataContract]
    public class Quote
    {
        [DataMember(Order = 1)] public string Symbol { get; set; }
        [DataMember(Order = 2)] public decimal Bid { get; set; }
        [DataMember(Order = 3)] public decimal Ask { get; set; }
        [DataMember(Order = 4)] public long Volume { get; set; }
        [DataMember(Order = 5)] public DateTimeOffset Timestamp { get; set; }
    }
}
