using System.ServiceModel;

namespace AdventureWorks.Storefront.Checkout
{
    [ServiceContract(SessionMode = SessionMode.Required)]
    public interface ICheckoutWizard
    {
        [OperationContract(IsInitiating = true, IsTerminating = false)]
        string Start(string customerNumber);

        [OperationContract(IsInitiating = false)]
        void SetShippingAddress(string addressLine, string postalCode);

        [OperationContract(IsInitiating = false)]
        void SetPaymentMethod(string token);

        [OperationContract(IsInitiating = false, IsTerminating = true)]
        string Confirm();

        [OperationContract(IsInitiating = false, IsTerminating = true, IsOneWay = true)]
        void Abandon();
    }

    [ServiceContract(SessionMode = SessionMode.NotAllowed)]
    public interface IPromotionCodes
    {
        [OperationContract]
        bool Validate(string code);
    }

    [ServiceContract(SessionMode = SessionMode.Allowed)]
    public interface IGiftWrapOptions
    {
        [OperationContract]
        string[] List();
    }
}
