using System;
using System.ServiceModel;

namespace Wcf.Learning.Lessons
{
    // Each lesson hosts its own little service in-process and calls it over a named pipe.
    public class BasicsLesson
    {
        [ServiceContract]
        private interface ICalculator
        {
            [OperationContract]
            int Add(int a, int b);
        }

        private class Calculator : ICalculator
        {
            public int Add(int a, int b)
            {
                return a + b;
            }
        }

        public void Run()
        {
            var address = new Uri("net.pipe://localhost/lessons/basics");
            using (var host = new ServiceHost(typeof(Calculator), address))
            {
                host.AddServiceEndpoint(typeof(ICalculator), new NetNamedPipeBinding(), string.Empty);
                host.Open();
                var factory = new ChannelFactory<ICalculator>(new NetNamedPipeBinding(), new EndpointAddress(address));
                Console.WriteLine("2 + 3 = {0}", factory.CreateChannel().Add(2, 3));
                factory.Close();
            }
        }
    }
}
