using System.Runtime.Serialization;

namespace OldStyle
{
    [DataContract]
    public class Greeting
    {
        [DataMember]
        public string Text { get; set; }
    }
}
