using System;
using System.Collections.Generic;
using System.ServiceModel.Syndication;

namespace Blog.Feeds
{
    internal static class PostStore
    {
        private static readonly DateTimeOffset Published = new DateTimeOffset(2012, 3, 4, 9, 30, 0, TimeSpan.Zero);

        public static SyndicationFeed Feed()
        {
            var feed = new SyndicationFeed("Contoso blog", "Posts from the Contoso team", new Uri("http://blog.contoso.com/"));
            feed.Id = "urn:contoso:blog";
            feed.LastUpdatedTime = Published;
            var items = new List<SyndicationItem>();
            for (var i = 1; i <= 2; i++)
            {
                items.Add(Post(i.ToString()));
            }

            feed.Items = items;
            return feed;
        }

        public static SyndicationItem Post(string id)
        {
            var item = new SyndicationItem("Post " + id, "The text of post " + id, new Uri("http://blog.contoso.com/posts/" + id));
            item.Id = "urn:contoso:blog:" + id;
            item.LastUpdatedTime = Published;
            return item;
        }
    }
}
