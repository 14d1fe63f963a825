using System.ServiceModel;

namespace AdventureWorks.Loyalty
{
    [ServiceContract(Namespace = "urn:adventure-works:loyalty")]
    public partial interface ILoyaltyProgram
    {
        [OperationContract]
        LoyaltyMember Enroll(string email, string displayName);

        [OperationContract]
        LoyaltyMember GetMember(string memberNumber);
    }
}
