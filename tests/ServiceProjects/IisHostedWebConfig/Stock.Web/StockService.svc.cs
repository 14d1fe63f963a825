using System;
using System.ServiceModel;
using System.ServiceModel.Activation;
using System.Web.Configuration;

namespace Stock.Web
{
    // NOTE: In order to launch WCF Test Client for testing this service, please select StockService.svc or StockService.svc.cs at the Solution Explorer and start debugging.
    [AspNetCompatibilityRequirements(RequirementsMode = AspNetCompatibilityRequirementsMode.Allowed)]
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class StockService : IStockService
    {
        public string GetWarehouse()
        {
            return WebConfigurationManager.AppSettings["Warehouse"];
        }

        public StockLevel GetStockLevel(string sku)
        {
            int defaultQuantity;
            if (!int.TryParse(WebConfigurationManager.AppSettings["DefaultQuantity"], out defaultQuantity))
            {
                defaultQuantity = 0;
            }

            var connection = WebConfigurationManager.ConnectionStrings["StockDb"];
            return new StockLevel
            {
                Sku = string.IsNullOrEmpty(sku) ? "unknown" : sku,
                Quantity = connection == null ? -1 : defaultQuantity,
                Warehouse = GetWarehouse(),
            };
        }
    }
}
