using System;
using System.Collections.Generic;
using System.Runtime.Serialization;

namespace Northwind.Backoffice.Entities
{
    [DataContract(Namespace = "http://northwind.example/backoffice/2019")]
    public abstract class EntityBase
    {
        [DataMember(Order = 1)] public DateTime CreatedOn { get; set; }
        [DataMember(Order = 2)] public string CreatedBy { get; set; }
    }

    [DataContract(Namespace = "http://northwind.example/backoffice/2019")]
    public class Customer : EntityBase
    {
        [DataMember] public int CustomerId { get; set; }
        [DataMember] public string CompanyName { get; set; }
        [DataMember] public string Email { get; set; }
    }

    [DataContract(Namespace = "http://northwind.example/backoffice/2019")]
    public class Product : EntityBase
    {
        [DataMember] public int ProductId { get; set; }
        [DataMember] public string Name { get; set; }
        [DataMember] public decimal UnitPrice { get; set; }
        [DataMember] public bool Discontinued { get; set; }
    }

    [DataContract(Namespace = "http://northwind.example/backoffice/2019")]
    public class Order : EntityBase
    {
        [DataMember] public Guid OrderId { get; set; }
        [DataMember] public int CustomerId { get; set; }
        [DataMember] public List<OrderLine> Lines { get; set; }
    }

    [DataContract(Namespace = "http://northwind.example/backoffice/2019")]
    public class OrderLine
    {
        [DataMember] public int ProductId { get; set; }
        [DataMember] public int Quantity { get; set; }
    }

    [DataContract(Namespace = "http://northwind.example/backoffice/2019")]
    public class Invoice : EntityBase
    {
        [DataMember] public long InvoiceNumber { get; set; }
        [DataMember] public Guid OrderId { get; set; }
        [DataMember] public decimal Total { get; set; }
    }

    [DataContract(Namespace = "http://northwind.example/backoffice/2019")]
    public class Shipment : EntityBase
    {
        [DataMember] public int ShipmentId { get; set; }
        [DataMember] public string Carrier { get; set; }
    }

    /// <summary>One page of a listing.</summary>
    [DataContract(Name = "PageOf{0}", Namespace = "http://northwind.example/backoffice/2019")]
    public class Page<T>
    {
        [DataMember] public List<T> Items { get; set; }
        [DataMember] public int TotalCount { get; set; }
    }

    [DataContract(Namespace = "http://northwind.example/backoffice/2019")]
    public class AuditEntry
    {
        [DataMember] public string Who { get; set; }
        [DataMember] public DateTime When { get; set; }
    }
}
