namespace Shipping.Service
{
    public class FlatRateCalculator : IRateCalculator
    {
        public decimal Rate(string destination, double weightKg)
        {
            return 4.5m + (decimal)weightKg * 1.2m;
        }
    }
}
