using System;
using System.Collections.Generic;
using System.ServiceModel;

namespace LegacyWcf.Contracts
{
    /// <summary>Order intake: placing, reading, quoting and cancelling orders. Implemented PerCall.</summary>
    [ServiceContract(Namespace = Namespaces.Services)]
    public interface IOrderService
    {
        /// <summary>
        /// Stores an order with its total computed from the lines, and returns it: <see cref="OrderStatus.Held"/> when the
        /// client asked for review, otherwise <see cref="OrderStatus.Submitted"/>.
        /// </summary>
        /// <param name="order">The order; its <see cref="Order.Id"/> is chosen by the client.</param>
        [OperationContract]
        Order PlaceOrder(Order order);

        /// <summary>Returns a placed order exactly as stored, or null when the id is unknown.</summary>
        /// <param name="orderId">Id of the order.</param>
        [OperationContract]
        Order GetOrder(Guid orderId);

        /// <summary>Prices a quantity of one SKU for a customer tier.</summary>
        /// <param name="sku">Stock keeping unit.</param>
        /// <param name="quantity">Units wanted.</param>
        /// <param name="unitPrice">List price of one unit.</param>
        /// <param name="discountPercent">Extra discount, or null.</param>
        /// <param name="tier">Customer tier.</param>
        /// <param name="priceDate">Date the price applies to; echoed with its Kind.</param>
        [OperationContract]
        Quote GetQuote(string sku, int quantity, decimal unitPrice, int? discountPercent, CustomerTier tier, DateTime priceDate);

        /// <summary>Cancels an order and returns it.</summary>
        /// <param name="orderId">Id of the order.</param>
        /// <param name="reason">Why; stored in the order's attributes.</param>
        /// <exception cref="FaultException{OrderFault}">Code "OrderNotFound" for an unknown id, "AlreadyCancelled" or "AlreadyShipped" otherwise.</exception>
        [OperationContract]
        [FaultContract(typeof(OrderFault))]
        Order CancelOrder(Guid orderId, string reason);

        /// <summary>Says which service instance handled this call (observes PerCall instancing).</summary>
        [OperationContract]
        InstanceInfo Describe();
    }

    /// <summary>Stock levels and restocking. The restock request is one-way: the client does not wait for the work.</summary>
    [ServiceContract(Namespace = Namespaces.Services)]
    public interface IInventoryService
    {
        /// <summary>Asks the warehouse to restock a SKU. The service does the (slow) work inside the call; the client returns at once.</summary>
        /// <param name="requestId">Id the client chooses to follow the request with <see cref="GetRestockStatus"/>.</param>
        /// <param name="sku">Stock keeping unit.</param>
        /// <param name="quantity">Units to add.</param>
        [OperationContract(IsOneWay = true)]
        void RequestRestock(Guid requestId, string sku, int quantity);

        /// <summary>Progress of a restock request.</summary>
        /// <param name="requestId">The id given to <see cref="RequestRestock"/>.</param>
        [OperationContract]
        RestockStatus GetRestockStatus(Guid requestId);

        /// <summary>Current stock of several SKUs, keyed by SKU; unknown SKUs are absent from the result.</summary>
        /// <param name="skus">The SKUs to look up.</param>
        [OperationContract]
        Dictionary<string, StockLevel> GetStockLevels(List<string> skus);
    }

    /// <summary>Callbacks of <see cref="IStockWatch"/>, sent by the service to the subscribed client.</summary>
    public interface IStockWatchCallback
    {
        /// <summary>A watched SKU's stock changed (also sent once per SKU on subscription).</summary>
        /// <param name="level">The new level.</param>
        [OperationContract(IsOneWay = true)]
        void StockChanged(StockLevel level);
    }

    /// <summary>Duplex stock watch: clients subscribe to SKUs and are called back when their stock changes.</summary>
    [ServiceContract(Namespace = Namespaces.Services, SessionMode = SessionMode.Required, CallbackContract = typeof(IStockWatchCallback))]
    public interface IStockWatch
    {
        /// <summary>Subscribes this session to SKUs; the current level of each is called back before the call returns.</summary>
        /// <param name="skus">SKUs to watch.</param>
        /// <returns>The number of SKUs this session now watches.</returns>
        [OperationContract]
        int Subscribe(List<string> skus);

        /// <summary>Changes the stock of a SKU and calls back every session that watches it.</summary>
        /// <param name="sku">Stock keeping unit.</param>
        /// <param name="delta">Units added (positive) or taken (negative).</param>
        [OperationContract]
        StockLevel AdjustStock(string sku, int delta);
    }

    /// <summary>A shopping cart that lives as long as the client's session. Implemented PerSession.</summary>
    [ServiceContract(Namespace = Namespaces.Services, SessionMode = SessionMode.Required)]
    public interface IShoppingCart
    {
        /// <summary>Adds a line to this session's cart.</summary>
        /// <param name="line">The line.</param>
        /// <returns>Lines in the cart after adding.</returns>
        [OperationContract]
        int AddLine(OrderLine line);

        /// <summary>The cart of this session and the instance that holds it.</summary>
        [OperationContract]
        CartSummary GetSummary();
    }

    /// <summary>The warehouse's reservation desk: one instance for all clients (InstanceContextMode.Single).</summary>
    [ServiceContract(Namespace = Namespaces.Services)]
    public interface IWarehouse
    {
        /// <summary>Reserves stock; the reservation number counts up across all clients.</summary>
        /// <param name="sku">Stock keeping unit.</param>
        /// <param name="quantity">Units to reserve.</param>
        [OperationContract]
        Reservation Reserve(string sku, int quantity);

        /// <summary>Says which service instance handled this call (observes Single instancing).</summary>
        [OperationContract]
        InstanceInfo Describe();
    }
}
