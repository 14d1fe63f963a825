using System.ServiceModel;

namespace AdventureWorks.Loyalty
{
    public partial interface ILoyaltyProgram
    {
        [OperationContract]
        int AddPoints(string memberNumber, int points, string reason);

        [OperationContract]
        int RedeemPoints(string memberNumber, int points);
    }
}
