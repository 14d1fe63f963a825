using System.ServiceModel;

namespace Tokens.Service
{
    [ServiceContract]
    public interface ITokenService
    {
        [OperationContract]
        string DescribeCaller();

        [OperationContract]
        bool IsSignedIn();
    }
}
