using System.Runtime.Serialization;
using System.ServiceModel;

namespace Calculator.Host
{
    [DataContract(Namespace = "http://Microsoft.ServiceModel.Samples")]
    public class CalculationFault
    {
        [DataMember]
        public string Operation { get; set; }

        [DataMember]
        public string Problem { get; set; }
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class CalculatorService : ICalculator
    {
        private readonly AuditLog _log;

        public CalculatorService()
            : this(new AuditLog())
        {
        }

        public CalculatorService(AuditLog log)
        {
            _log = log;
        }

        public double Add(double n1, double n2)
        {
            return _log.Record("Add", n1, n2, n1 + n2);
        }

        public double Subtract(double n1, double n2)
        {
            return _log.Record("Subtract", n1, n2, n1 - n2);
        }

        public double Multiply(double n1, double n2)
        {
            return _log.Record("Multiply", n1, n2, n1 * n2);
        }

        public double Divide(double n1, double n2)
        {
            if (n2 == 0)
            {
                throw new FaultException<CalculationFault>(
                    new CalculationFault { Operation = "Divide", Problem = "Division by zero" },
                    new FaultReason("Division by zero"));
            }

            return _log.Record("Divide", n1, n2, n1 / n2);
        }
    }
}
