using System.ServiceModel;

namespace Contoso.Finance.Reconciliation
{
    /// <summary>Uses both Invoice types in one contract.</summary>
    [ServiceContract]
    public interface IReconciliation
    {
        [OperationContract]
        bool Match(Contoso.Billing.Invoice billed, Contoso.Shipping.Invoice shipped);

        [OperationContract]
        Contoso.Shipping.Status Track(Contoso.Billing.Invoice billed);
    }
}
