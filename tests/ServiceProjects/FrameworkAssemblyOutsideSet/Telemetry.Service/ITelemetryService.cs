using System.ServiceModel;
using System.ServiceModel.Web;

namespace Telemetry.Service
{
    [ServiceContract]
    public interface ITelemetryService
    {
        [OperationContract]
        [WebInvoke(Method = "POST", UriTemplate = "readings", RequestFormat = WebMessageFormat.Json)]
        void Report(TelemetryReading reading);

        [OperationContract]
        [WebGet(UriTemplate = "terminals/{terminalId}/last", ResponseFormat = WebMessageFormat.Json)]
        TelemetryReading LastReading(string terminalId);
    }
}
