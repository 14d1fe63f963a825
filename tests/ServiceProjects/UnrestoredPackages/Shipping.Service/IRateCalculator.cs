namespace Shipping.Service
{
    public interface IRateCalculator
    {
        decimal Rate(string destination, double weightKg);
    }
}
