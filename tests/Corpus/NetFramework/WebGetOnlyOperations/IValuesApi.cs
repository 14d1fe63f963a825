using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace Adatum.Values
{
    // A REST endpoint (webHttpBinding): WCF needs no [OperationContract] where [WebGet] or [WebInvoke] is present.
    [ServiceContract]
    public interface IValuesApi
    {
        [WebGet(UriTemplate = "values", ResponseFormat = WebMessageFormat.Json)]
        string[] GetValues();

        [WebGet(UriTemplate = "values/{id}", ResponseFormat = WebMessageFormat.Json)]
        ValueEntry GetValue(string id);

        [WebInvoke(Method = "PUT", UriTemplate = "values/{id}", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        ValueEntry PutValue(string id, ValueEntry entry);

        [WebInvoke(Method = "DELETE", UriTemplate = "values/{id}")]
        void DeleteValue(string id);
    }

    [DataContract]
    public class ValueEntry
    {
        [DataMember(Order = 1)]
        public string Id { get; set; }

        [DataMember(Order = 2)]
        public string Value { get; set; }
    }
}
