using System;
using System.Collections.ObjectModel;
using System.Diagnostics;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Description;
using System.ServiceModel.Dispatcher;

namespace Calculator.Host
{
    // Applied to a service class: logs every unhandled error and hides its details from callers.
    [AttributeUsage(AttributeTargets.Class)]
    public sealed class ErrorLoggingAttribute : Attribute, IServiceBehavior, IErrorHandler
    {
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
            Trace.TraceError("Calculator error: {0}", error);
            return true;
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
