using System.Runtime.Serialization;

namespace OrderIntake
{
    /// <summary>
    /// An order as the till writes it into the queue.
    /// </summary>
    [DataContract]
    public class OrderTicket
    {
        [DataMember(Order = 1)]
        public string Reference { get; set; }

        [DataMember(Order = 2)]
        public int Quantity { get; set; }
    }
}
