using System;
using System.Diagnostics;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Dispatcher;

namespace Inventory.Contracts.Behaviors
{
    internal sealed class MessageLogInspector : IDispatchMessageInspector
    {
        private readonly string _serviceName;

        public MessageLogInspector(string serviceName)
        {
            _serviceName = serviceName;
        }

        public object AfterReceiveRequest(ref Message request, IClientChannel channel, InstanceContext instanceContext)
        {
            var action = request.Headers.Action;
            Trace.TraceInformation("{0}: received {1}", _serviceName, action);
            return action;
        }

        public void BeforeSendReply(ref Message reply, object correlationState)
        {
            Trace.TraceInformation("{0}: replied to {1}{2}", _serviceName, correlationState, reply.IsFault ? " with a fault" : string.Empty);
        }
    }
}
