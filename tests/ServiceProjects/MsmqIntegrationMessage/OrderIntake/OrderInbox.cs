using System;
using System.ServiceModel;
using System.ServiceModel.MsmqIntegration;

namespace OrderIntake
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single)]
    public class OrderInbox : IOrderInbox
    {
        private int received;

        [OperationBehavior(TransactionScopeRequired = true, TransactionAutoComplete = true)]
        public void ReceiveTicket(MsmqMessage<OrderTicket> ticketMessage)
        {
            OrderTicket ticket = ticketMessage.Body;
            received++;
            Console.WriteLine("Inbox: order {0} for {1} item(s) taken ({2} so far)", ticket.Reference, ticket.Quantity, received);
        }
    }
}
