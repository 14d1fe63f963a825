using System.Runtime.Serialization;
using System.ServiceModel;

namespace Contoso.Broken.Billing
{
    // A merge gone wrong: unbalanced braces, a missing semicolon, an attribute without a target.
    [DataContract]
    public class BillingAccount
    {
        [DataMember] public string AccountNumber { get; set; }
        [DataMember] public decimal Balance { get; set }
        [DataMember] public string Owner { get; set; }
<<<<<<< HEAD
        [DataMember] public string Currency { get; set; }
=======
        [DataMember] public string CurrencyCode { get; set; }
>>>>>>> feature/iso-currency

    [ServiceContract]
    public interface IBillingAccounts
    {
        [OperationContract]
        BillingAccount Get(string accountNumber)

        [OperationContract]
        void Close(string accountNumber, );

        [OperationContract(IsOneWay = true]
        void Touch(string accountNumber);

        [OperationContract]
    }
