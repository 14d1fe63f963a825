using System.ServiceModel;
using System.ServiceModel.Web;

namespace ConfigService
{
    [ServiceContract]
    public interface IConfigurationService
    {
        [OperationContract]
        [WebGet(UriTemplate = "settings/{name}", ResponseFormat = WebMessageFormat.Json)]
        string GetSetting(string name);

        [OperationContract]
        [WebGet(UriTemplate = "feeders", ResponseFormat = WebMessageFormat.Json)]
        int CountFeeders();
    }
}
