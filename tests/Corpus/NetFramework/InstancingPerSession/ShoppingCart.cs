using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Northwind.Storefront.Cart
{
    [DataContract]
    public class CartLine
    {
        [DataMember] public string Sku { get; set; }
        [DataMember] public int Quantity { get; set; }
    }

    [ServiceContract(SessionMode = SessionMode.Required)]
    public interface IShoppingCart
    {
        [OperationContract]
        void Add(string sku, int quantity);

        [OperationContract]
        CartLine[] GetLines();

        [OperationContract]
        int Count();
    }

    // Default instancing for a sessionful contract is PerSession; default concurrency is Single.
    public class ShoppingCartService : IShoppingCart
    {
        private readonly List<CartLine> lines = new List<CartLine>();

        public void Add(string sku, int quantity) => lines.Add(new CartLine { Sku = sku, Quantity = quantity });

        public CartLine[] GetLines() => lines.ToArray();

        public int Count() => lines.Count;
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class SharedCartService : IShoppingCart
    {
        private readonly object gate = new object();
        private readonly List<CartLine> lines = new List<CartLine>();

        public void Add(string sku, int quantity)
        {
            lock (gate)
            {
                lines.Add(new CartLine { Sku = sku, Quantity = quantity });
            }
        }

        public CartLine[] GetLines()
        {
            lock (gate)
            {
                return lines.ToArray();
            }
        }

        public int Count() => lines.Count;
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Reentrant)]
    public class ReentrantCartService : IShoppingCart
    {
        private int count;

        public void Add(string sku, int quantity) => count += quantity;

        public CartLine[] GetLines() => new CartLine[0];

        public int Count() => count;
    }
}
