using Ninject;

namespace Shipping.Service
{
    public class ShippingService : IShippingService
    {
        private readonly IRateCalculator _calculator;

        [Inject]
        public ShippingService(IRateCalculator calculator)
        {
            _calculator = calculator;
        }

        public decimal Quote(string destination, double weightKg)
        {
            return _calculator.Rate(destination, weightKg);
        }
    }
}
