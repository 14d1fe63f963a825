using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Wcf.Learning.Lessons
{
    public class FaultsLesson
    {
        [DataContract]
        public class DivisionFault
        {
            [DataMember]
            public string Reason { get; set; }
        }

        [ServiceContract]
        protected interface IDivider
        {
            [OperationContract]
            [FaultContract(typeof(DivisionFault))]
            int Divide(int a, int b);
        }

        [ServiceContract]
        private interface IGreeter
        {
            [OperationContract]
            string Greet(string name);
        }

        private class Divider : IDivider, IGreeter
        {
            public int Divide(int a, int b)
            {
                if (b == 0)
                {
                    throw new FaultException<DivisionFault>(new DivisionFault { Reason = "b is zero" });
                }

                return a / b;
            }

            public string Greet(string name)
            {
                return "Hello " + name;
            }
        }

        public void Run()
        {
            var address = new Uri("net.pipe://localhost/lessons/faults");
            using (var host = new ServiceHost(typeof(Divider), address))
            {
                host.AddServiceEndpoint(typeof(IDivider), new NetNamedPipeBinding(), "divider");
                host.Open();
                var factory = new ChannelFactory<IDivider>(new NetNamedPipeBinding(), new EndpointAddress(address + "/divider"));
                try
                {
                    factory.CreateChannel().Divide(1, 0);
                }
                catch (FaultException<DivisionFault> e)
                {
                    Console.WriteLine("Fault: {0}", e.Detail.Reason);
                }

                factory.Close();
            }
        }
    }
}
