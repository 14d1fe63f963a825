using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Northwind.Greetings
{
    [ServiceContract(Namespace = "http://northwind.com/greetings")]
    public interface IGreetingService
    {
        [OperationContract]
        Greeting Greet(string name);
    }

    [DataContract(Namespace = "http://northwind.com/greetings")]
    public class Greeting
    {
        [DataMember]
        public string Text { get; set; }

        // Diagnostics for the support team; the clients never read it.
        [DataMember]
        private Trace trace;

        public void Stamp(string server) => trace = new Trace { Server = server, At = DateTime.UtcNow };

        [DataContract(Namespace = "http://northwind.com/greetings")]
        private class Trace
        {
            [DataMember]
            public string Server { get; set; }

            [DataMember]
            public DateTime At { get; set; }
        }
    }

    public class GreetingService : IGreetingService
    {
        public Greeting Greet(string name)
        {
            var greeting = new Greeting { Text = "Hello, " + name };
            greeting.Stamp(Environment.MachineName);
            return greeting;
        }
    }
}
