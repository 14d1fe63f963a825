using System;
using System.ServiceModel;

namespace Contoso.Finance.Tax
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class TaxCalculatorService : ITaxCalculator
    {
        private static int rateTableVersion = 1;

        public double CalculateSalesTax(double netAmount, string stateCode, string postalCode)
            => stateCode == "OR" ? 0 : Math.Round(netAmount * 0.0725, 2);

        public decimal CalculateVat(decimal netAmount, string countryCode, bool reducedRate)
            => Math.Round(netAmount * (reducedRate ? 0.07m : 0.19m), 2);

        public string[] GetSupportedCountries() => new[] { "DE", "FR", "NL", "US" };

        public void RefreshRateTables() => rateTableVersion++;

        public int GetRateTableVersion() => rateTableVersion;

        public bool IsTaxExempt(long customerId) => customerId % 97 == 0;
    }
}
