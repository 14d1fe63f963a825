using System;
using System.Runtime.Serialization;

namespace Communication
{
    [DataContract]
    public class Message
    {
        [DataMember] public string source { get; set; }
        [DataMember] public string destination { get; set; }
        [DataMember] public string body { get; set; }
        [DataMember] public DateTime time { get; set; }

        public Message() { }

        public Message(string body)
        {
            this.body = body;
            time = DateTime.Now;
        }
    }
}
