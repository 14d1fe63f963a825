using System;
using Ninject;
using Ninject.Extensions.Wcf;

namespace Shipping.Service
{
    class Program
    {
        static void Main()
        {
            var kernel = new StandardKernel();
            kernel.Bind<IRateCalculator>().To<FlatRateCalculator>();
            using (var host = kernel.Get<NinjectServiceHost<ShippingService>>())
            {
                host.Open();
                Console.WriteLine("Shipping service running.");
                Console.ReadLine();
            }
        }
    }
}
