using System.Runtime.Serialization;

namespace Orders.Common
{
    [DataContract(Namespace = "http://schemas.contoso.com/orders/2018")]
    public enum OrderStatus
    {
        [EnumMember] Draft,
        [EnumMember] Placed,
        [EnumMember] Shipped,
        [EnumMember] Cancelled,
    }
}
