using System.Runtime.Serialization;
using Crm.Service.Data;

namespace Crm.Service
{
    [DataContract]
    public class CustomerRecord
    {
        [DataMember]
        public int Id { get; set; }

        [DataMember]
        public string Name { get; set; }

        // Kept with the record so the caller can save changes through the same unit of work.
        [DataMember]
        public CustomerRepository Repository { get; set; }
    }
}
