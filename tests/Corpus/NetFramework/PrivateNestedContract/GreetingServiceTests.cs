using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Northwind.Greetings.Tests
{
    // Tests of the hosting plumbing: a throwaway contract and service, private to the test class.
    public class GreetingServiceTests
    {
        [ServiceContract]
        private interface IProbe
        {
            [OperationContract]
            ProbeResult Ping(string text);
        }

        [DataContract]
        private class ProbeResult
        {
            [DataMember]
            public string Echo { get; set; }
        }

        private sealed class Probe : IProbe
        {
            public ProbeResult Ping(string text) => new ProbeResult { Echo = text };
        }

        // A hand-written stub of the real contract for the tests below.
        protected class GreetingStub : IGreetingService
        {
            public Greeting Greet(string name) => new Greeting { Text = name };
        }

        public void Ping_EchoesTheText()
        {
            IProbe probe = new Probe();
            if (probe.Ping("x").Echo != "x")
            {
                throw new InvalidOperationException("The probe did not echo.");
            }
        }
    }
}
