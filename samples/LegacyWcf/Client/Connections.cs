using System;
using System.Collections.Generic;
using System.ServiceModel;
using LegacyWcf.Contracts;

namespace LegacyWcf.Client
{
    /// <summary>
    /// Opens WCF channels to the host and closes them all at the end. Stateless services share one channel per endpoint,
    /// since Mono accepts only about one new connection per second; session-bound services get a fresh channel each time.
    /// </summary>
    internal sealed class Connections : IDisposable
    {
        private readonly Uri _baseAddress;
        private readonly bool _namedPipes;
        private readonly List<ICommunicationObject> _opened = new List<ICommunicationObject>();
        private readonly Dictionary<string, object> _shared = new Dictionary<string, object>(StringComparer.Ordinal);

        /// <param name="baseAddress">The host's net.tcp base address.</param>
        /// <param name="namedPipes">Use the host's net.pipe endpoints (Windows only) instead of net.tcp.</param>
        public Connections(Uri baseAddress, bool namedPipes)
        {
            _baseAddress = baseAddress;
            _namedPipes = namedPipes;
        }

        /// <summary>A channel to a stateless endpoint, shared by every caller of this instance.</summary>
        public T Shared<T>(string endpoint)
            where T : class
        {
            object channel;
            if (!_shared.TryGetValue(endpoint, out channel))
            {
                channel = Open<T>(endpoint);
                _shared.Add(endpoint, channel);
            }

            return (T)channel;
        }

        /// <summary>A new channel, hence a new connection and, for sessionful contracts, a new session.</summary>
        public T Open<T>(string endpoint)
            where T : class
        {
            var factory = new ChannelFactory<T>(Binding(), Address(endpoint));
            return OpenChannel(factory, factory.CreateChannel());
        }

        /// <summary>A new duplex channel whose callbacks go to <paramref name="callback"/>.</summary>
        public T OpenDuplex<T>(object callback, string endpoint)
            where T : class
        {
            var factory = new DuplexChannelFactory<T>(new InstanceContext(callback), Binding(), Address(endpoint));
            return OpenChannel(factory, factory.CreateChannel());
        }

        public void Dispose()
        {
            // Channels before their factories, newest first.
            for (int i = _opened.Count - 1; i >= 0; i--)
            {
                ICommunicationObject item = _opened[i];
                try
                {
                    if (item.State == CommunicationState.Opened)
                    {
                        item.Close(TimeSpan.FromSeconds(5));
                    }
                    else
                    {
                        item.Abort();
                    }
                }
                catch (Exception e) when (e is CommunicationException || e is TimeoutException)
                {
                    item.Abort();
                }
            }

            _opened.Clear();
        }

        private System.ServiceModel.Channels.Binding Binding()
        {
            return _namedPipes ? (System.ServiceModel.Channels.Binding)Endpoints.PipeBinding() : Endpoints.TcpBinding();
        }

        private EndpointAddress Address(string endpoint)
        {
            return new EndpointAddress(_namedPipes
                ? Endpoints.Combine(Endpoints.PipeBaseFor(_baseAddress), endpoint)
                : Endpoints.TcpAddress(_baseAddress, endpoint));
        }

        private T OpenChannel<T>(ChannelFactory factory, T channel)
        {
            _opened.Add(factory);
            var communication = (ICommunicationObject)channel;
            _opened.Add(communication);
            communication.Open();
            return channel;
        }
    }
}
