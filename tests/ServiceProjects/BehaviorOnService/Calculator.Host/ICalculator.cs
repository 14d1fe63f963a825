using System;
using System.ServiceModel;

namespace Calculator.Host
{
    [ServiceContract(Namespace = "http://Microsoft.ServiceModel.Samples")]
    public interface ICalculator
    {
        [OperationContract]
        double Add(double n1, double n2);

        [OperationContract]
        double Divide(double n1, double n2);
    }

    class Program
    {
        static void Main(string[] args)
        {
            using (var host = new ServiceHost(typeof(CalculatorService), new Uri("net.tcp://localhost:9000/calculator")))
            {
                host.AddServiceEndpoint(typeof(ICalculator), new NetTcpBinding(), string.Empty);
                host.Open();
                Console.WriteLine("The calculator is ready. Press <ENTER> to terminate.");
                Console.ReadLine();
            }
        }
    }
}
