using System;
using System.ServiceModel;

namespace Woodgrove.Treasury.Currencies
{
    // The contract declared directly on the implementation class, no interface.
    [ServiceContract(Name = "Currencies", Namespace = "urn:woodgrove:currencies")]
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class CurrencyService
    {
        [OperationContract]
        public string[] ListIsoCodes() => new[] { "EUR", "USD", "GBP" };

        [OperationContract]
        public int MinorUnits(string isoCode) => isoCode == "JPY" ? 0 : 2;

        [OperationContract]
        private DateTime LastUpdated() => DateTime.UtcNow;

        public void NotAnOperation()
        {
        }
    }
}
