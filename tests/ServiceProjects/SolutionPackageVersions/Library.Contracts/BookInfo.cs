using System.Runtime.Serialization;
using Newtonsoft.Json;

namespace Library.Contracts
{
    [DataContract]
    public class BookInfo
    {
        [DataMember]
        [JsonProperty("isbn")]
        public string Isbn { get; set; }

        [DataMember]
        [JsonProperty("title")]
        public string Title { get; set; }

        [DataMember]
        [JsonProperty("copies")]
        public int Copies { get; set; }
    }
}
