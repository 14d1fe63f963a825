using System.Runtime.Serialization;
using System.ServiceModel;

namespace Shapes.Service
{
    [ServiceContract]
    public interface IShapeService
    {
        [OperationContract]
        double CircleArea(double radius);

        [OperationContract]
        double SquareArea(double side);

        [OperationContract]
        string Describe(Shape shape);
    }

    [DataContract]
    public class Shape
    {
        [DataMember]
        public string Kind { get; set; }

        [DataMember]
        public double Size { get; set; }
    }
}
