using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace Values.Rest
{
    [ServiceContract]
    public interface IValues
    {
        [OperationContract]
        [WebGet(UriTemplate = "values", ResponseFormat = WebMessageFormat.Json)]
        [AspNetCacheProfile("CacheFor10Seconds")]
        List<string> GetValues();

        [OperationContract]
        [WebInvoke(Method = "POST", UriTemplate = "values", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        string AddValue(ValueEntry entry);

        [OperationContract]
        [WebInvoke(Method = "PUT", UriTemplate = "values/{index}", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        void ReplaceValue(string index, string value);

        [OperationContract]
        [WebInvoke(Method = "POST", UriTemplate = "values/batch", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        int AddValues(List<string> values);
    }

    [DataContract]
    public class ValueEntry
    {
        [DataMember]
        public string Text { get; set; }
    }
}
