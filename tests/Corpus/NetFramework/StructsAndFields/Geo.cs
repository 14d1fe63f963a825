using System.Runtime.Serialization;
using System.ServiceModel;

namespace Woodgrove.Mapping.Geo
{
    [DataContract]
    public struct GeoPoint
    {
        [DataMember] public double Latitude;
        [DataMember] public double Longitude;
        [DataMember(Name = "alt")] public double? AltitudeMeters;
    }

    [DataContract]
    public struct BoundingBox
    {
        [DataMember] public GeoPoint SouthWest { get; set; }
        [DataMember] public GeoPoint NorthEast { get; set; }
    }

    [DataContract]
    public class PointOfInterest
    {
        [DataMember] internal string id;
        [DataMember] public string Name { get; private set; }
        [DataMember] public GeoPoint Location { get; set; }
        [DataMember] public readonly string Category;
        [DataMember] public static int InstancesCreated;
        public const int MaxNameLength = 120;

        public PointOfInterest(string id, string name, string category)
        {
            this.id = id;
            Name = name;
            Category = category;
            InstancesCreated++;
        }
    }

    [ServiceContract]
    public interface IGeoSearch
    {
        [OperationContract]
        PointOfInterest[] Within(BoundingBox box, string category);

        [OperationContract]
        GeoPoint? Geocode(string address);

        [OperationContract]
        double Distance(GeoPoint from, GeoPoint to);
    }
}
