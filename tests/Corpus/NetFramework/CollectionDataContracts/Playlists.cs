using System;
using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Litware.Media.Playlists
{
    [DataContract]
    public class Track
    {
        [DataMember] public string Isrc { get; set; }
        [DataMember] public string Title { get; set; }
        [DataMember] public TimeSpan Duration { get; set; }
    }

    [CollectionDataContract(Name = "TrackList", ItemName = "Track")]
    public class TrackCollection : List<Track>
    {
    }

    [CollectionDataContract(ItemName = "Genre")]
    public class GenreSet : HashSet<string>
    {
    }

    [CollectionDataContract(Name = "RatingsByUser", ItemName = "Rating", KeyName = "UserId", ValueName = "Stars")]
    public class RatingTable : Dictionary<string, int>
    {
    }

    [DataContract]
    public class Playlist
    {
        [DataMember] public string PlaylistId { get; set; }
        [DataMember] public TrackCollection Tracks { get; set; }
        [DataMember] public GenreSet Genres { get; set; }
        [DataMember] public RatingTable Ratings { get; set; }
    }

    [ServiceContract]
    public interface IPlaylistService
    {
        [OperationContract]
        Playlist GetPlaylist(string playlistId);

        [OperationContract]
        TrackCollection Shuffle(TrackCollection tracks, int seed);
    }
}
