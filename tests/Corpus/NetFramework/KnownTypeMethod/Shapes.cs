using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Fabrikam.Cad.Geometry
{
    [DataContract]
    [KnownType(nameof(GetKnownShapes))]
    public class Shape
    {
        [DataMember] public string Layer { get; set; }
        [DataMember] public int ColorArgb { get; set; }

        // DataContractSerializer calls this to learn the derived types.
        private static IEnumerable<Type> GetKnownShapes() => new[] { typeof(Circle), typeof(Polygon) };
    }

    [DataContract]
    public class Circle : Shape
    {
        [DataMember] public double CenterX { get; set; }
        [DataMember] public double CenterY { get; set; }
        [DataMember] public double Radius { get; set; }
    }

    [DataContract]
    public class Polygon : Shape
    {
        [DataMember] public double[] Xs { get; set; }
        [DataMember] public double[] Ys { get; set; }
    }

    // Derived types found by reflection at run time: nothing a static reading can list.
    [DataContract]
    [KnownType(nameof(DiscoverAnnotations))]
    public class Annotation
    {
        [DataMember] public string Text { get; set; }

        private static Type[] DiscoverAnnotations()
            => typeof(Annotation).Assembly.GetTypes().Where(t => t.IsSubclassOf(typeof(Annotation))).ToArray();
    }

    [DataContract]
    public class Callout : Annotation
    {
        [DataMember] public double ArrowX { get; set; }
    }

    [ServiceContract]
    public interface IDrawingService
    {
        [OperationContract]
        Shape[] GetLayer(string drawingId, string layer);

        [OperationContract]
        void AddShape(string drawingId, Shape shape);

        [OperationContract]
        Annotation[] GetAnnotations(string drawingId);
    }
}
