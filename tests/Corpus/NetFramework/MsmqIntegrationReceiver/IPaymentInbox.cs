using System;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.MsmqIntegration;

namespace Fabrikam.Payments
{
    [DataContract]
    public class PaymentOrder
    {
        [DataMember(Order = 1)]
        public string Reference { get; set; }

        [DataMember(Order = 2)]
        public decimal Amount { get; set; }
    }

    /// <summary>Reads payment orders a legacy System.Messaging sender puts on the payments queue.</summary>
    [ServiceContract]
    [ServiceKnownType(typeof(PaymentOrder))]
    public interface IPaymentInbox
    {
        [OperationContract(IsOneWay = true, Action = "*")]
        void Submit(MsmqMessage<PaymentOrder> order);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single)]
    public class PaymentInbox : IPaymentInbox
    {
        [OperationBehavior(TransactionScopeRequired = true, TransactionAutoComplete = true)]
        public void Submit(MsmqMessage<PaymentOrder> order)
        {
            Console.WriteLine("Payment {0}: {1}", order.Body.Reference, order.Body.Amount);
        }
    }
}
