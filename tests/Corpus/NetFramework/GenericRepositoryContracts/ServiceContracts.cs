using System;
using System.ServiceModel;
using Northwind.Backoffice.Entities;

namespace Northwind.Backoffice.Contracts
{
    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface ICustomerService : IRepository<Customer>
    {
        [OperationContract]
        Customer FindByEmail(string email);
    }

    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface IProductCatalog : IRepository<Product>
    {
    }

    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface IShipmentService : IEntityService<Shipment>
    {
    }

    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface IOrderService : ICrudService<Order, Guid>
    {
        [OperationContract]
        void Cancel(Guid key, string reason);
    }

    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface IInvoiceService : ICrudService<Invoice, long>
    {
    }
}
