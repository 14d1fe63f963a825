using System;
using System.ServiceModel;

namespace Calculator.Host
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    [ErrorLogging]
    public class CalculatorService : ICalculator
    {
        public double Add(double n1, double n2)
        {
            return n1 + n2;
        }

        public double Divide(double n1, double n2)
        {
            if (n2 == 0)
            {
                throw new DivideByZeroException();
            }

            return n1 / n2;
        }
    }
}
