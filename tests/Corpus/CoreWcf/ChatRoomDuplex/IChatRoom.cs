using System;
using System.Runtime.Serialization;
using CoreWCF;

namespace Tailspin.Support.Chat
{
    [DataContract]
    public class ChatMessage
    {
        [DataMember] public string From { get; set; } = "";
        [DataMember] public string Text { get; set; } = "";
        [DataMember] public DateTimeOffset SentAt { get; set; }
    }

    [ServiceContract(CallbackContract = typeof(IChatRoomCallback), SessionMode = SessionMode.Required)]
    public interface IChatRoom
    {
        [OperationContract(IsInitiating = true)]
        bool Join(string nickname);

        [OperationContract(IsOneWay = true)]
        void Say(string text);

        [OperationContract(IsOneWay = true, IsTerminating = true)]
        void Leave();
    }

    public interface IChatRoomCallback
    {
        [OperationContract(IsOneWay = true)]
        void Receive(ChatMessage message);

        [OperationContract(IsOneWay = true)]
        void UserJoined(string nickname);

        [OperationContract]
        bool AreYouThere();
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Reentrant)]
    public class ChatRoomService : IChatRoom
    {
        private string nickname = "";

        public bool Join(string nickname)
        {
            this.nickname = nickname;
            return true;
        }

        public void Say(string text)
        {
        }

        public void Leave() => nickname = "";
    }
}
