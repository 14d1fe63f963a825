using System.ServiceModel;
using System.ServiceModel.Syndication;
using System.ServiceModel.Web;

namespace Blog.Feeds
{
    // NOTE: You can use the "Rename" command on the "Refactor" menu to change the interface name "IFeed1" in both code and config file together.
    [ServiceContract]
    [ServiceKnownType(typeof(Atom10FeedFormatter))]
    [ServiceKnownType(typeof(Rss20FeedFormatter))]
    public interface IBlogFeeds
    {
        [OperationContract]
        [WebGet(UriTemplate = "*", BodyStyle = WebMessageBodyStyle.Bare)]
        SyndicationFeedFormatter CreateFeed();

        [OperationContract]
        [WebGet(UriTemplate = "atom")]
        Atom10FeedFormatter GetAtomFeed();

        [OperationContract]
        [WebGet(UriTemplate = "posts/{id}")]
        Atom10ItemFormatter GetPost(string id);

        [OperationContract]
        [WebGet(UriTemplate = "count")]
        int PostCount();
    }
}
