using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Contoso.Payments
{
    [DataContract]
    [KnownType(typeof(CardPayment))]
    [KnownType(typeof(BankTransferPayment))]
    [KnownType(typeof(GiftCardPayment))]
    public abstract class Payment
    {
        [DataMember] public Guid PaymentId { get; set; }
        [DataMember] public decimal Amount { get; set; }
        [DataMember] public string Currency { get; set; }
    }

    [DataContract]
    public class CardPayment : Payment
    {
        [DataMember] public string MaskedPan { get; set; }
        [DataMember] public string CardScheme { get; set; }
        [DataMember] public int ExpiryMonth { get; set; }
        [DataMember] public int ExpiryYear { get; set; }
    }

    [DataContract]
    public class BankTransferPayment : Payment
    {
        [DataMember] public string Iban { get; set; }
        [DataMember] public string Bic { get; set; }
    }

    [DataContract]
    public class GiftCardPayment : Payment
    {
        [DataMember] public string GiftCardNumber { get; set; }
    }

    [ServiceContract]
    public interface IPaymentGateway
    {
        [OperationContract]
        string Authorize(Payment payment);

        [OperationContract]
        Payment[] GetPaymentsForOrder(Guid orderId);
    }
}
