using System;
using System.Collections.Generic;
using System.Runtime.Serialization;

namespace LegacyWcf.Contracts
{
    /// <summary>Where an order is in its life cycle.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public enum OrderStatus
    {
        /// <summary>Created but not yet submitted.</summary>
        [EnumMember]
        Draft = 0,

        /// <summary>Accepted by the order service.</summary>
        [EnumMember]
        Submitted = 1,

        /// <summary>Held for review; serialized under its historical wire name.</summary>
        [EnumMember(Value = "OnHold")]
        Held = 2,

        /// <summary>Handed to the carrier; can no longer be cancelled.</summary>
        [EnumMember]
        Shipped = 3,

        /// <summary>Cancelled by the customer or the back office.</summary>
        [EnumMember]
        Cancelled = 4,
    }

    /// <summary>Pricing tier of a customer.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public enum CustomerTier
    {
        /// <summary>List prices.</summary>
        [EnumMember]
        Standard = 0,

        /// <summary>Five percent off.</summary>
        [EnumMember]
        Silver = 1,

        /// <summary>Ten percent off.</summary>
        [EnumMember]
        Gold = 2,
    }

    /// <summary>A postal address; nested inside <see cref="Customer"/> and <see cref="Order"/>.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class Address
    {
        /// <summary>Street and house number.</summary>
        [DataMember(Order = 1)]
        public string Street { get; set; }

        /// <summary>City name.</summary>
        [DataMember(Order = 2)]
        public string City { get; set; }

        /// <summary>Postal code; kept as text because of leading zeros.</summary>
        [DataMember(Order = 3)]
        public string PostalCode { get; set; }

        /// <summary>ISO 3166 two-letter country code.</summary>
        [DataMember(Order = 4)]
        public string CountryCode { get; set; }
    }

    /// <summary>The customer an order belongs to.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class Customer
    {
        /// <summary>Stable customer id.</summary>
        [DataMember(Order = 1)]
        public Guid Id { get; set; }

        /// <summary>Display name.</summary>
        [DataMember(Order = 2)]
        public string Name { get; set; }

        /// <summary>Pricing tier.</summary>
        [DataMember(Order = 3)]
        public CustomerTier Tier { get; set; }

        /// <summary>Billing address (nested data contract).</summary>
        [DataMember(Order = 4)]
        public Address BillingAddress { get; set; }

        /// <summary>When the customer registered (UTC).</summary>
        [DataMember(Order = 5)]
        public DateTime RegisteredAt { get; set; }
    }

    /// <summary>One line of an order.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class OrderLine
    {
        /// <summary>Stock keeping unit.</summary>
        [DataMember(Order = 1)]
        public string Sku { get; set; }

        /// <summary>Number of units ordered.</summary>
        [DataMember(Order = 2)]
        public int Quantity { get; set; }

        /// <summary>Price of one unit; its decimal scale is significant (19.990 is not 19.99).</summary>
        [DataMember(Order = 3)]
        public decimal UnitPrice { get; set; }

        /// <summary>Line discount in percent, or null when none was negotiated.</summary>
        [DataMember(Order = 4)]
        public int? DiscountPercent { get; set; }
    }

    /// <summary>How an order is paid. The concrete kinds are announced with <see cref="KnownTypeAttribute"/>.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    [KnownType(typeof(CardPayment))]
    [KnownType(typeof(InvoicePayment))]
    public abstract class PaymentMethod
    {
        /// <summary>Amount authorised for this payment.</summary>
        [DataMember(Order = 1)]
        public decimal Amount { get; set; }

        /// <summary>ISO 4217 currency code.</summary>
        [DataMember(Order = 2)]
        public string Currency { get; set; }
    }

    /// <summary>Payment by card.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class CardPayment : PaymentMethod
    {
        /// <summary>Last four digits of the card number.</summary>
        [DataMember(Order = 1)]
        public string Last4 { get; set; }

        /// <summary>Expiry as the first day of the expiry month; Kind Unspecified, as card dates carry no zone.</summary>
        [DataMember(Order = 2)]
        public DateTime Expiry { get; set; }
    }

    /// <summary>Payment on invoice.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class InvoicePayment : PaymentMethod
    {
        /// <summary>Days until the invoice is due.</summary>
        [DataMember(Order = 1)]
        public int DueInDays { get; set; }

        /// <summary>The customer's purchase order number, or null.</summary>
        [DataMember(Order = 2)]
        public string PurchaseOrderNumber { get; set; }
    }

    /// <summary>A customer order.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class Order
    {
        /// <summary>Order id chosen by the client.</summary>
        [DataMember(Order = 1)]
        public Guid Id { get; set; }

        /// <summary>Who ordered.</summary>
        [DataMember(Order = 2)]
        public Customer Customer { get; set; }

        /// <summary>Current status.</summary>
        [DataMember(Order = 3)]
        public OrderStatus Status { get; set; }

        /// <summary>When the order was placed (UTC).</summary>
        [DataMember(Order = 4)]
        public DateTime PlacedAt { get; set; }

        /// <summary>Delivery wish in the customer's local time, or null for "whenever".</summary>
        [DataMember(Order = 5)]
        public DateTime? RequestedDelivery { get; set; }

        /// <summary>Ordered lines; null and empty are different (a draft may have no line list yet).</summary>
        [DataMember(Order = 6)]
        public List<OrderLine> Lines { get; set; }

        /// <summary>Free-form attributes such as gift wrapping or a sales channel.</summary>
        [DataMember(Order = 7)]
        public Dictionary<string, string> Attributes { get; set; }

        /// <summary>Requested quantities per warehouse site.</summary>
        [DataMember(Order = 8)]
        public Dictionary<string, OrderLine> Allocations { get; set; }

        /// <summary>Delivery address; null means the billing address.</summary>
        [DataMember(Order = 9)]
        public Address ShipTo { get; set; }

        /// <summary>Payment (a <see cref="CardPayment"/> or an <see cref="InvoicePayment"/>).</summary>
        [DataMember(Order = 10)]
        public PaymentMethod Payment { get; set; }

        /// <summary>Fulfilment priority 1..5, or null for the default.</summary>
        [DataMember(Order = 11)]
        public int? Priority { get; set; }

        /// <summary>Order total computed by the service from the lines.</summary>
        [DataMember(Order = 12)]
        public decimal Total { get; set; }

        /// <summary>Note for the warehouse, or null.</summary>
        [DataMember(Order = 13)]
        public string Notes { get; set; }
    }

    /// <summary>A price quote for one SKU.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class Quote
    {
        /// <summary>Quoted SKU.</summary>
        [DataMember(Order = 1)]
        public string Sku { get; set; }

        /// <summary>Quoted quantity.</summary>
        [DataMember(Order = 2)]
        public int Quantity { get; set; }

        /// <summary>Unit price the quote is based on.</summary>
        [DataMember(Order = 3)]
        public decimal UnitPrice { get; set; }

        /// <summary>Extra discount asked for, or null.</summary>
        [DataMember(Order = 4)]
        public int? DiscountPercent { get; set; }

        /// <summary>Tier the price was computed for.</summary>
        [DataMember(Order = 5)]
        public CustomerTier Tier { get; set; }

        /// <summary>Price date the client asked for, returned unchanged (value and Kind).</summary>
        [DataMember(Order = 6)]
        public DateTime PriceDate { get; set; }

        /// <summary>Quantity × unit price after tier and line discounts, with the scale decimal arithmetic gives.</summary>
        [DataMember(Order = 7)]
        public decimal Total { get; set; }

        /// <summary>Id the service gave the quote.</summary>
        [DataMember(Order = 8)]
        public Guid QuoteId { get; set; }
    }

    /// <summary>Detail of an order fault, sent with <c>FaultException&lt;OrderFault&gt;</c>.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class OrderFault
    {
        /// <summary>Machine-readable reason, e.g. "OrderNotFound".</summary>
        [DataMember(Order = 1)]
        public string Code { get; set; }

        /// <summary>The order the fault is about.</summary>
        [DataMember(Order = 2)]
        public Guid OrderId { get; set; }

        /// <summary>The order's status when the request failed, or null when the order is unknown.</summary>
        [DataMember(Order = 3)]
        public OrderStatus? CurrentStatus { get; set; }

        /// <summary>When the fault was raised (UTC).</summary>
        [DataMember(Order = 4)]
        public DateTime OccurredAt { get; set; }
    }

    /// <summary>Stock of one SKU at one site.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class StockLevel
    {
        /// <summary>Stock keeping unit.</summary>
        [DataMember(Order = 1)]
        public string Sku { get; set; }

        /// <summary>Units on hand.</summary>
        [DataMember(Order = 2)]
        public int OnHand { get; set; }

        /// <summary>Units reserved for open orders.</summary>
        [DataMember(Order = 3)]
        public int Reserved { get; set; }

        /// <summary>When the level last changed (UTC).</summary>
        [DataMember(Order = 4)]
        public DateTime ChangedAt { get; set; }
    }

    /// <summary>Progress of a restock request sent with the one-way <see cref="IInventoryService.RequestRestock"/>.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class RestockStatus
    {
        /// <summary>The request id the client chose.</summary>
        [DataMember(Order = 1)]
        public Guid RequestId { get; set; }

        /// <summary>"Unknown", "Running" or "Completed".</summary>
        [DataMember(Order = 2)]
        public string State { get; set; }

        /// <summary>When the service started the work (UTC), or null.</summary>
        [DataMember(Order = 3)]
        public DateTime? StartedAt { get; set; }

        /// <summary>When the service finished the work (UTC), or null while it runs.</summary>
        [DataMember(Order = 4)]
        public DateTime? CompletedAt { get; set; }

        /// <summary>Stock after the restock, or null while it runs.</summary>
        [DataMember(Order = 5)]
        public StockLevel Result { get; set; }
    }

    /// <summary>The contents of a shopping cart session.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class CartSummary
    {
        /// <summary>Lines added in this session, in order.</summary>
        [DataMember(Order = 1)]
        public List<OrderLine> Lines { get; set; }

        /// <summary>Sum of the lines.</summary>
        [DataMember(Order = 2)]
        public decimal Subtotal { get; set; }

        /// <summary>Which service instance served the call.</summary>
        [DataMember(Order = 3)]
        public InstanceInfo Instance { get; set; }
    }

    /// <summary>Identity of the service instance that handled a call, so instancing is observable from outside.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class InstanceInfo
    {
        /// <summary>Id the instance drew when it was constructed.</summary>
        [DataMember(Order = 1)]
        public Guid InstanceId { get; set; }

        /// <summary>Calls this instance has handled, this one included.</summary>
        [DataMember(Order = 2)]
        public int CallsOnInstance { get; set; }

        /// <summary>The instancing mode the service declares ("PerCall", "PerSession", "Single").</summary>
        [DataMember(Order = 3)]
        public string InstanceMode { get; set; }
    }

    /// <summary>Result of a reservation on the warehouse singleton.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class Reservation
    {
        /// <summary>Sequential reservation number, shared by all clients of the singleton.</summary>
        [DataMember(Order = 1)]
        public long Number { get; set; }

        /// <summary>How many calls were inside the singleton at once while this one ran (1 when calls are serialized).</summary>
        [DataMember(Order = 2)]
        public int ConcurrentCalls { get; set; }

        /// <summary>Which instance served the call.</summary>
        [DataMember(Order = 3)]
        public InstanceInfo Instance { get; set; }
    }
}
