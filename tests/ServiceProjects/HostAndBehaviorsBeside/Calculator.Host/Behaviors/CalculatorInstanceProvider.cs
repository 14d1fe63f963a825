using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Dispatcher;

namespace Calculator.Host.Behaviors
{
    public class CalculatorInstanceProvider : IInstanceProvider
    {
        private readonly AuditLog _log;

        public CalculatorInstanceProvider(AuditLog log)
        {
            _log = log;
        }

        public object GetInstance(InstanceContext instanceContext)
        {
            return new CalculatorService(_log);
        }

        public object GetInstance(InstanceContext instanceContext, Message message)
        {
            return GetInstance(instanceContext);
        }

        public void ReleaseInstance(InstanceContext instanceContext, object instance)
        {
        }
    }
}
