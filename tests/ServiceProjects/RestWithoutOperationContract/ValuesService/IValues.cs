using System.Collections.Generic;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace ValuesService
{
    // A REST contract as the WCF REST Starter Kit taught it: the Web attributes alone make each method an operation.
    [ServiceContract]
    public interface IValues
    {
        [WebGet(UriTemplate = "values", ResponseFormat = WebMessageFormat.Json)]
        List<ValueItem> GetValues();

        [WebGet(UriTemplate = "values/{id}", ResponseFormat = WebMessageFormat.Json)]
        ValueItem GetValue(string id);

        [WebInvoke(Method = "POST", UriTemplate = "values", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        ValueItem AddValue(ValueItem item);

        [WebInvoke(Method = "DELETE", UriTemplate = "values/{id}")]
        void DeleteValue(string id);
    }
}
