using System.Runtime.Serialization;
using CoreWCF;

namespace Contoso.Calculator
{
    [ServiceContract]
    public interface ICalculator
    {
        [OperationContract]
        CalculationResult Add(double left, double right);

        [OperationContract]
        CalculationResult Divide(double left, double right);
    }

    [DataContract]
    public class CalculationResult
    {
        [DataMember(Order = 1)]
        public double Value { get; set; }

        [DataMember(Order = 2)]
        public string Expression { get; set; }
    }
}
