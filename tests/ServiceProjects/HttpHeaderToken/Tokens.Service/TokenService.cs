using Tokens.Service.Security;

namespace Tokens.Service
{
    public class TokenService : ITokenService
    {
        public string DescribeCaller()
        {
            return RequestToken.Describe();
        }

        public bool IsSignedIn()
        {
            return !string.IsNullOrEmpty(RequestToken.Read());
        }
    }
}
