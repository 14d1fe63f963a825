using System.ServiceModel;

namespace Echo.Service
{
    [ServiceContract(SessionMode = SessionMode.Required, CallbackContract = typeof(IChatCallback))]
    public interface IChat
    {
        [OperationContract]
        int Join(string name);

        [OperationContract(IsOneWay = true)]
        void Say(string text);

        [OperationContract(IsOneWay = true)]
        void Leave();
    }

    public interface IChatCallback
    {
        [OperationContract(IsOneWay = true)]
        void Receive(string from, string text);
    }
}
