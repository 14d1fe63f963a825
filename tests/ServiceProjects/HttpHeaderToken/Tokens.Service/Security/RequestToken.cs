using System.ServiceModel;
using System.ServiceModel.Channels;

namespace Tokens.Service.Security
{
    /// <summary>
    /// Reads the caller's token from the HTTP request, the way services behind basicHttpBinding or webHttpBinding do.
    /// </summary>
    public static class RequestToken
    {
        public const string HeaderName = "X-Auth-Token";

        public static string Read()
        {
            OperationContext currentContext = OperationContext.Current;
            HttpRequestMessageProperty reqMsg = currentContext.IncomingMessageProperties["httpRequest"] as HttpRequestMessageProperty;
            return reqMsg.Headers[HeaderName];
        }

        public static string Describe()
        {
            var request = (HttpRequestMessageProperty)OperationContext.Current.IncomingMessageProperties[HttpRequestMessageProperty.Name];
            return request.Method + " " + request.Headers["Content-Type"];
        }
    }
}
