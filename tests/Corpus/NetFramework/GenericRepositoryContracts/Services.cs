using System;
using System.Collections.Generic;
using System.ServiceModel;
using Northwind.Backoffice.Contracts;
using Northwind.Backoffice.Entities;

namespace Northwind.Backoffice.Services
{
    /// <summary>Shared data access; not a contract itself.</summary>
    public abstract class RepositoryBase<T> : IRepository<T> where T : EntityBase
    {
        private readonly Dictionary<int, T> _store = new Dictionary<int, T>();

        public T Get(int id) => _store.TryGetValue(id, out var entity) ? entity : null;

        public Page<T> List(int pageIndex, int pageSize) => new Page<T> { Items = new List<T>(_store.Values), TotalCount = _store.Count };

        public void Save(T entity) => _store[KeyOf(entity)] = entity;

        public void Delete(int id) => _store.Remove(id);

        protected abstract int KeyOf(T entity);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class CustomerService : RepositoryBase<Customer>, ICustomerService
    {
        public Customer FindByEmail(string email) => null;

        protected override int KeyOf(Customer entity) => entity.CustomerId;
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class ProductCatalog : RepositoryBase<Product>, IProductCatalog
    {
        protected override int KeyOf(Product entity) => entity.ProductId;
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class ShipmentService : RepositoryBase<Shipment>, IShipmentService
    {
        public int Count() => 0;

        protected override int KeyOf(Shipment entity) => entity.ShipmentId;
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class OrderService : IOrderService
    {
        public Order Read(Guid key) => new Order { OrderId = key };
        public Guid Create(Order entity) => Guid.NewGuid();
        public void Update(Guid key, Order entity) { }
        public void Cancel(Guid key, string reason) { }
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class InvoiceService : IInvoiceService
    {
        public Invoice Read(long key) => new Invoice { InvoiceNumber = key };
        public long Create(Invoice entity) => 1;
        public void Update(long key, Invoice entity) { }
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class AuditTrailService<TEntity> : IAuditTrail<TEntity>
    {
        public AuditEntry[] History(int id) => new AuditEntry[0];
    }
}
