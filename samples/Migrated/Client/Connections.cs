using System;
using System.Collections.Generic;
using System.ServiceModel;
using LegacyWcf.Contracts;
using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;

namespace LegacyWcf.Client
{
    /// <summary>
    /// The one file of the legacy client that changes with the migration: where it asked WCF's ChannelFactory for a
    /// channel to an endpoint, it asks the generated <see cref="MigratedClientFactory"/> for a proxy that implements the
    /// same contract interface. The endpoint names stay; they choose the socket of the host serving them (ISimple is
    /// served by one class per host, so SimpleSingle lives on a second host).
    /// </summary>
    internal sealed class Connections : IDisposable
    {
        private readonly MigratedClientFactory _services;
        private readonly MigratedClientFactory _simpleSingle;
        private readonly List<ICommunicationObject> _opened = new List<ICommunicationObject>();
        private readonly Dictionary<string, object> _shared = new Dictionary<string, object>(StringComparer.Ordinal);

        /// <param name="services">The endpoint of the host serving every contract (ISimple by SimpleMultiple).</param>
        /// <param name="simpleSingle">The endpoint of the host whose ISimple is SimpleSingle.</param>
        public Connections(GrpcEndpoint services, GrpcEndpoint simpleSingle)
        {
            _services = new MigratedClientFactory(services);
            _simpleSingle = new MigratedClientFactory(simpleSingle);
        }

        /// <summary>A client of a stateless endpoint, shared by every caller of this instance.</summary>
        public T Shared<T>(string endpoint)
            where T : class
        {
            object client;
            if (!_shared.TryGetValue(endpoint, out client))
            {
                client = Open<T>(endpoint);
                _shared.Add(endpoint, client);
            }

            return (T)client;
        }

        /// <summary>A new client, hence, for sessionful contracts, a new session.</summary>
        public T Open<T>(string endpoint)
            where T : class
        {
            return Track((T)Create(typeof(T), endpoint));
        }

        /// <summary>A new duplex client whose callbacks go to <paramref name="callback"/>.</summary>
        public T OpenDuplex<T>(object callback, string endpoint)
            where T : class
        {
            if (typeof(T) != typeof(IStockWatch))
            {
                throw new ArgumentException("no duplex contract " + typeof(T).Name + " in this sample");
            }

            return Track((T)_services.CreateStockWatch((IStockWatchCallback)callback));
        }

        public void Dispose()
        {
            // Proxies before their factories, newest first, as the legacy client closes channels before factories.
            for (int i = _opened.Count - 1; i >= 0; i--)
            {
                try
                {
                    _opened[i].Close(TimeSpan.FromSeconds(5));
                }
                catch (Exception e) when (e is CommunicationException || e is TimeoutException)
                {
                    _opened[i].Abort();
                }
            }

            _opened.Clear();
            _services.Dispose();
            _simpleSingle.Dispose();
        }

        private object Create(Type contract, string endpoint)
        {
            if (contract == typeof(ISimple))
            {
                return (endpoint == Endpoints.SimpleSingle ? _simpleSingle : _services).CreateSimple();
            }

            if (contract == typeof(IOrderService))
            {
                return _services.CreateOrderService();
            }

            if (contract == typeof(IInventoryService))
            {
                return _services.CreateInventoryService();
            }

            if (contract == typeof(IShoppingCart))
            {
                return _services.CreateShoppingCart();
            }

            if (contract == typeof(IWarehouse))
            {
                return _services.CreateWarehouse();
            }

            throw new ArgumentException("no contract " + contract.Name + " at endpoint " + endpoint);
        }

        private T Track<T>(T client)
        {
            _opened.Add((ICommunicationObject)client);
            return client;
        }
    }
}
