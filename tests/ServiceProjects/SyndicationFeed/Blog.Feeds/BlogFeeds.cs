using System.ServiceModel.Syndication;
using System.ServiceModel.Web;

namespace Blog.Feeds
{
    // NOTE: You can use the "Rename" command on the "Refactor" menu to change the class name "Feed1" in both code and config file together.
    public class BlogFeeds : IBlogFeeds
    {
        public SyndicationFeedFormatter CreateFeed()
        {
            var feed = PostStore.Feed();

            // Return ATOM or RSS based on query string
            // rss -> http://localhost:8733/Design_Time_Addresses/Blog.Feeds/Feed1/
            // atom -> http://localhost:8733/Design_Time_Addresses/Blog.Feeds/Feed1/?format=atom
            string query = WebOperationContext.Current == null ? null : WebOperationContext.Current.IncomingRequest.UriTemplateMatch.QueryParameters["format"];
            SyndicationFeedFormatter formatter = null;
            if (query == "atom")
            {
                formatter = new Atom10FeedFormatter(feed);
            }
            else
            {
                formatter = new Rss20FeedFormatter(feed);
            }

            return formatter;
        }

        public Atom10FeedFormatter GetAtomFeed()
        {
            return new Atom10FeedFormatter(PostStore.Feed());
        }

        public Atom10ItemFormatter GetPost(string id)
        {
            return new Atom10ItemFormatter(PostStore.Post(string.IsNullOrEmpty(id) ? "1" : id));
        }

        public int PostCount()
        {
            return PostStore.Feed().Items is System.Collections.Generic.ICollection<SyndicationItem> items ? items.Count : 0;
        }
    }
}
