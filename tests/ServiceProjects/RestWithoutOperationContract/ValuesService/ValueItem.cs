using System.Runtime.Serialization;

namespace ValuesService
{
    [DataContract(Name = "value")]
    public class ValueItem
    {
        [DataMember(Name = "id")]
        public int Id { get; set; }

        [DataMember(Name = "text")]
        public string Text { get; set; }
    }
}
