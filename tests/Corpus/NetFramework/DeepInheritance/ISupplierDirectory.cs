using System.ServiceModel;

namespace Contoso.Procurement.Parties
{
    [ServiceContract]
    public interface ISupplierDirectory
    {
        [OperationContract]
        Party FindParty(long id);

        [OperationContract]
        Supplier[] ListSuppliers(string category);

        [OperationContract]
        void SavePreferred(PreferredSupplier supplier);
    }
}
