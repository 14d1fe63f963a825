using System.ServiceModel;
using System.ServiceModel.MsmqIntegration;

namespace OrderIntake
{
    /// <summary>
    /// Receives the till's order messages from the OrderIntake queue.
    /// </summary>
    [ServiceContract]
    [ServiceKnownType(typeof(OrderTicket))]
    public interface IOrderInbox
    {
        /// <summary>
        /// Takes one order message off the queue.
        /// </summary>
        /// <param name="ticketMessage">The MSMQ message whose body is the order.</param>
        [OperationContract(IsOneWay = true, Action = "*")]
        void ReceiveTicket(MsmqMessage<OrderTicket> ticketMessage);
    }
}
