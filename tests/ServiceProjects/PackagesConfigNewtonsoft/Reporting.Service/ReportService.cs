using System;
using System.Collections.Generic;
using Newtonsoft.Json;

namespace Reporting.Service
{
    public class ReportService : IReportService
    {
        private static readonly JsonSerializerSettings Settings = new JsonSerializerSettings
        {
            Formatting = Formatting.Indented,
            NullValueHandling = NullValueHandling.Ignore,
            DateFormatHandling = DateFormatHandling.IsoDateFormat,
        };

        public SalesReport GetReport(string region)
        {
            return new SalesReport
            {
                Region = region ?? "all",
                From = new DateTime(2019, 1, 1, 0, 0, 0, DateTimeKind.Utc),
                To = new DateTime(2019, 3, 31, 0, 0, 0, DateTimeKind.Utc),
                TotalsByProduct = new Dictionary<string, decimal> { { "widgets", 1250.00m }, { "gadgets", 310.50m } },
            };
        }

        public string ExportReportJson(string region)
        {
            return JsonConvert.SerializeObject(GetReport(region), Settings);
        }

        public SalesReport ImportReportJson(string json)
        {
            if (string.IsNullOrWhiteSpace(json))
            {
                return null;
            }

            return JsonConvert.DeserializeObject<SalesReport>(json, Settings);
        }
    }
}
