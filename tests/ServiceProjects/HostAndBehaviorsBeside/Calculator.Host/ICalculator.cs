using System;
using System.ServiceModel;
using System.ServiceModel.Description;
using Calculator.Host.Behaviors;

namespace Calculator.Host
{
    [ServiceContract(Namespace = "http://Microsoft.ServiceModel.Samples")]
    public interface ICalculator
    {
        [OperationContract]
        double Add(double n1, double n2);

        [OperationContract]
        double Subtract(double n1, double n2);

        [OperationContract]
        double Multiply(double n1, double n2);

        [OperationContract]
        [FaultContract(typeof(CalculationFault))]
        double Divide(double n1, double n2);
    }

    class Program
    {
        static void Main(string[] args)
        {
            var baseAddress = new Uri("net.pipe://localhost/ServiceModelSamples/calculator");
            using (var host = new ServiceHost(typeof(CalculatorService), baseAddress))
            {
                host.AddServiceEndpoint(typeof(ICalculator), new NetNamedPipeBinding(NetNamedPipeSecurityMode.Transport), string.Empty);

                var throttle = host.Description.Behaviors.Find<ServiceThrottlingBehavior>();
                if (throttle == null)
                {
                    throttle = new ServiceThrottlingBehavior();
                    host.Description.Behaviors.Add(throttle);
                }

                throttle.MaxConcurrentCalls = 64;
                throttle.MaxConcurrentInstances = 64;
                throttle.MaxConcurrentSessions = 16;

                var log = new AuditLog();
                host.Description.Behaviors.Add(new ErrorLoggingBehavior(log));
                host.Description.Behaviors.Add(new InstanceProviderBehavior(new CalculatorInstanceProvider(log)));

                host.Open();
                Console.WriteLine("The calculator is ready at {0}", baseAddress);
                Console.WriteLine("Press <ENTER> to terminate.");
                Console.ReadLine();
            }
        }
    }
}
