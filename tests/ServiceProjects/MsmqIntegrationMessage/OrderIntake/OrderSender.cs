using System;
using System.Messaging;
using System.Transactions;

namespace OrderIntake
{
    /// <summary>
    /// Writes orders the way the till does: plain MSMQ messages, no WCF on this side.
    /// </summary>
    public class OrderSender
    {
        private readonly string formatName;

        public OrderSender(string formatName)
        {
            this.formatName = formatName;
        }

        public void Send(string reference, int quantity)
        {
            var ticket = new OrderTicket { Reference = reference, Quantity = quantity };
            using (var queue = new MessageQueue(formatName))
            using (var scope = new TransactionScope(TransactionScopeOption.Required))
            {
                queue.Send(new Message(ticket), MessageQueueTransactionType.Automatic);
                scope.Complete();
            }

            Console.WriteLine("Till: sent order {0}", reference);
        }
    }
}
