using System;
using System.ServiceModel;

namespace Woodgrove.Treasury.Fx
{
    [ServiceContract]
    public interface IExchangeRates
    {
        [OperationContract]
        bool TryGetRate(string fromCurrency, string toCurrency, out decimal rate, out DateTime quotedAtUtc);

        [OperationContract]
        void Convert(string fromCurrency, string toCurrency, ref decimal amount);

        [OperationContract]
        decimal ConvertWithFee(string fromCurrency, string toCurrency, decimal amount, out decimal fee, ref string rateSource);

        [OperationContract]
        void GetSpread(string pair, out decimal bid, out decimal ask);
    }
}
