using System.Collections.Generic;
using System.Runtime.Serialization;
using CoreWCF;

namespace Tailspin.Inventory.Api
{
    [DataContract]
    public class InventoryItem
    {
        [DataMember(Order = 1)] public string Sku { get; set; } = "";
        [DataMember(Order = 2)] public string Description { get; set; } = "";
        [DataMember(Order = 3)] public int Quantity { get; set; }
        [DataMember(Order = 4)] public decimal? UnitCost { get; set; }
    }

    [DataContract]
    public class SkuNotFoundFault
    {
        [DataMember] public string Sku { get; set; } = "";
    }

    /// <summary>A service already ported to CoreWCF on .NET 6.</summary>
    [ServiceContract(Namespace = "urn:tailspin:inventory")]
    public interface IInventoryService
    {
        [OperationContract]
        [FaultContract(typeof(SkuNotFoundFault))]
        InventoryItem GetItem(string sku);

        [OperationContract]
        IList<InventoryItem> ListLowStock(int threshold);

        [OperationContract(IsOneWay = true)]
        void Adjust(string sku, int delta);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class InventoryService : IInventoryService
    {
        public InventoryItem GetItem(string sku)
            => sku.Length == 0 ? throw new FaultException<SkuNotFoundFault>(new SkuNotFoundFault { Sku = sku }) : new InventoryItem { Sku = sku };

        public IList<InventoryItem> ListLowStock(int threshold) => new List<InventoryItem>();

        public void Adjust(string sku, int delta)
        {
        }
    }
}
