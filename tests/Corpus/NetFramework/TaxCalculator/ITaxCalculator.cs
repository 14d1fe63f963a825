using System.ServiceModel;

namespace Contoso.Finance.Tax
{
    /// <summary>Sales tax and VAT calculations for the storefront checkout.</summary>
    [ServiceContract(Namespace = "http://contoso.com/finance/tax/2014")]
    public interface ITaxCalculator
    {
        [OperationContract]
        double CalculateSalesTax(double netAmount, string stateCode, string postalCode);

        [OperationContract]
        decimal CalculateVat(decimal netAmount, string countryCode, bool reducedRate);

        [OperationContract]
        string[] GetSupportedCountries();

        [OperationContract]
        void RefreshRateTables();

        [OperationContract]
        int GetRateTableVersion();

        [OperationContract]
        bool IsTaxExempt(long customerId);
    }
}
