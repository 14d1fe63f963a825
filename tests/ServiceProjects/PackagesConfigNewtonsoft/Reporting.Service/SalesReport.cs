using System;
using System.Collections.Generic;
using System.Runtime.Serialization;
using Newtonsoft.Json;

namespace Reporting.Service
{
    [DataContract]
    public class SalesReport
    {
        [DataMember(Order = 1)]
        [JsonProperty("region")]
        public string Region { get; set; }

        [DataMember(Order = 2)]
        [JsonProperty("from")]
        public DateTime From { get; set; }

        [DataMember(Order = 3)]
        [JsonProperty("to")]
        public DateTime To { get; set; }

        [DataMember(Order = 4)]
        [JsonProperty("totals")]
        public Dictionary<string, decimal> TotalsByProduct { get; set; }
    }
}
