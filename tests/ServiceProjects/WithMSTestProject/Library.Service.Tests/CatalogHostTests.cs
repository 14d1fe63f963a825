using System;
using System.ServiceModel;
using Microsoft.VisualStudio.TestTools.UnitTesting;

namespace Library.Service.Tests
{
    [TestClass]
    public class CatalogHostTests
    {
        private static readonly Uri Address = new Uri("net.pipe://localhost/library-tests/catalog");
        private static ServiceHost _host;

        [ClassInitialize]
        public static void StartHost(TestContext context)
        {
            _host = new ServiceHost(typeof(CatalogService), Address);
            _host.AddServiceEndpoint(typeof(ICatalog), new NetNamedPipeBinding(), string.Empty);
            _host.Open();
        }

        [ClassCleanup]
        public static void StopHost()
        {
            _host.Close();
        }

        [TestMethod]
        public void Count_OverTheWire_MatchesTheCatalog()
        {
            var factory = new ChannelFactory<ICatalog>(new NetNamedPipeBinding(), new EndpointAddress(Address));
            var catalog = factory.CreateChannel();

            Assert.AreEqual(3, catalog.Count());

            ((IClientChannel)catalog).Close();
            factory.Close();
        }
    }
}
