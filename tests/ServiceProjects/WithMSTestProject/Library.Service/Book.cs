using System.Runtime.Serialization;

namespace Library.Service
{
    [DataContract]
    public class Book
    {
        [DataMember]
        public string Isbn { get; set; }

        [DataMember]
        public string Title { get; set; }

        [DataMember]
        public string Author { get; set; }

        [DataMember]
        public int Year { get; set; }
    }
}
