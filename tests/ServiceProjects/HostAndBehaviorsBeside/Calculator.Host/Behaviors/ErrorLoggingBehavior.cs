using System;
using System.Collections.ObjectModel;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Description;
using System.ServiceModel.Dispatcher;

namespace Calculator.Host.Behaviors
{
    public class ErrorLoggingBehavior : IServiceBehavior, IErrorHandler
    {
        private readonly AuditLog _log;

        public ErrorLoggingBehavior(AuditLog log)
        {
            _log = log;
        }

        public void AddBindingParameters(ServiceDescription serviceDescription, ServiceHostBase serviceHostBase, Collection<ServiceEndpoint> endpoints, BindingParameterCollection bindingParameters)
        {
        }

        public void ApplyDispatchBehavior(ServiceDescription serviceDescription, ServiceHostBase serviceHostBase)
        {
            foreach (ChannelDispatcherBase dispatcherBase in serviceHostBase.ChannelDispatchers)
            {
                var dispatcher = dispatcherBase as ChannelDispatcher;
                if (dispatcher != null)
                {
                    dispatcher.ErrorHandlers.Add(this);
                }
            }
        }

        public void Validate(ServiceDescription serviceDescription, ServiceHostBase serviceHostBase)
        {
        }

        public bool HandleError(Exception error)
        {
            _log.Error(error);
            return false;
        }

        public void ProvideFault(Exception error, MessageVersion version, ref Message fault)
        {
            if (error is FaultException)
            {
                return;
            }

            var faultException = new FaultException("The calculator failed; the error was logged.");
            fault = Message.CreateMessage(version, faultException.CreateMessageFault(), faultException.Action);
        }
    }
}
