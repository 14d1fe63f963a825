using System;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.Threading.Tasks;

namespace Contoso.Weather
{
    [DataContract]
    public class Forecast
    {
        [DataMember] public string StationId { get; set; }
        [DataMember] public DateTime Date { get; set; }
        [DataMember] public double HighCelsius { get; set; }
        [DataMember] public double LowCelsius { get; set; }
        [DataMember] public int PrecipitationChance { get; set; }
    }

    [ServiceContract]
    public interface IWeatherForecast
    {
        [OperationContract]
        Task<Forecast> GetForecastAsync(string stationId, DateTime date);

        [OperationContract]
        Task<Forecast[]> GetWeekAsync(string stationId);

        [OperationContract]
        Task ReportObservationAsync(string stationId, double temperatureCelsius);

        // Sync and Task forms of one operation, as svcutil-generated contracts declare them.
        [OperationContract]
        string[] ListStations(string region);

        [OperationContract]
        Task<string[]> ListStationsAsync(string region);
    }
}
