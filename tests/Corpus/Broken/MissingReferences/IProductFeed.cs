using System;
using System.Collections.Generic;
using System.Data.Entity;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Web;
using Newtonsoft.Json;

namespace Northwind.Broken.Feeds
{
    // Compiled without System.ServiceModel.Web, EntityFramework and Newtonsoft.Json.
    [DataContract]
    public class FeedItem
    {
        [DataMember] [JsonProperty("id")] public int Id { get; set; }
        [DataMember] public string Title { get; set; }
        [DataMember] public JObject Extra { get; set; }
    }

    [ServiceContract]
    public interface IProductFeed
    {
        [OperationContract]
        [WebGet(UriTemplate = "/items?page={page}", ResponseFormat = WebMessageFormat.Json)]
        List<FeedItem> GetItems(int page);

        [OperationContract]
        [WebInvoke(Method = "POST", UriTemplate = "/items")]
        void AddItem(FeedItem item);
    }

    public class FeedContext : DbContext
    {
        public DbSet<FeedItem> Items { get; set; }
    }
}
