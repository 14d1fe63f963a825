using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.ServiceModel;
using System.Threading;
using LegacyWcf.Contracts;

namespace LegacyWcf.Client
{
    /// <summary>
    /// Calls ISimple.Put on both implementations and every family operation once, printing one line per call:
    /// the quick "does the legacy service work" look the main job shows.
    /// </summary>
    internal sealed class Tour
    {
        private readonly Connections _connections;
        private readonly Action<string> _print;
        private int _failures;

        public Tour(Connections connections, Action<string> print)
        {
            _connections = connections;
            _print = print;
        }

        /// <summary>Runs every call; returns how many failed.</summary>
        public int Run()
        {
            var single = _connections.Open<ISimple>(Endpoints.SimpleSingle);
            var multiple = _connections.Open<ISimple>(Endpoints.SimpleMultiple);
            Call("Simple/Single    ISimple.Put()", () => { single.Put(); return "ok"; });
            Call("Simple/Multiple  ISimple.Put()", () => { multiple.Put(); return "ok"; });

            var orders = _connections.Shared<IOrderService>(Endpoints.Orders);
            Order order = SampleData.FullOrder();
            Call("Orders           PlaceOrder(order with 3 lines, card payment)", () =>
            {
                Order placed = orders.PlaceOrder(order);
                return placed.Status + ", total " + placed.Total;
            });
            Call("Orders           GetOrder(id)", () =>
            {
                Order fetched = orders.GetOrder(order.Id);
                return fetched == null ? "null" : fetched.Status + ", " + fetched.Lines.Count + " lines, payment " + fetched.Payment.GetType().Name;
            });
            QuoteRequest q = SampleData.DiscountedQuote();
            Call("Orders           GetQuote(SKU-1002, 7 x 2.5, 10%, Gold, local date)", () =>
            {
                Quote quote = orders.GetQuote(q.Sku, q.Quantity, q.UnitPrice, q.DiscountPercent, q.Tier, q.PriceDate);
                return "total " + quote.Total + ", price date kind " + quote.PriceDate.Kind;
            });
            Call("Orders           CancelOrder(id)", () => orders.CancelOrder(order.Id, "tour").Status.ToString());
            Call("Orders           CancelOrder(id) again", () =>
            {
                try
                {
                    orders.CancelOrder(order.Id, "tour again");
                    return "returned (expected a fault)";
                }
                catch (FaultException<OrderFault> fault)
                {
                    return Scenarios.TypeName(fault.GetType()) + " " + fault.Detail.Code + " (status " + fault.Detail.CurrentStatus + ")";
                }
            });
            Call("Orders           Describe()", () => DescribeInstance(orders.Describe()));

            var inventory = _connections.Shared<IInventoryService>(Endpoints.Inventory);

            // The status query uses its own connection: Mono holds later calls on a session until a one-way call's work ends.
            var inventoryMonitor = _connections.Open<IInventoryService>(Endpoints.Inventory);
            Call("Inventory        GetStockLevels(SKU-1001, SKU-1002)", () =>
            {
                Dictionary<string, StockLevel> levels = inventory.GetStockLevels(new List<string> { "SKU-1001", "SKU-1002" });
                var parts = new List<string>();
                foreach (KeyValuePair<string, StockLevel> level in levels)
                {
                    parts.Add(level.Key + "=" + level.Value.OnHand);
                }

                return string.Join(", ", parts);
            });

            Guid restockId = Guid.NewGuid();
            Call("Inventory        RequestRestock(SKU-2001, +10) [one-way]", () =>
            {
                inventory.RequestRestock(restockId, "SKU-2001", 10);
                return "returned without waiting for the work";
            });
            Call("Inventory        GetRestockStatus(id)", () =>
            {
                // A one-way call returns once its message is sent, so the service may not have started the work yet: ask
                // until it knows the request (the work takes 2 s, so it is still running then).
                RestockStatus status = inventoryMonitor.GetRestockStatus(restockId);
                for (int attempt = 0; attempt < 50 && status.State == "Unknown"; attempt++)
                {
                    Thread.Sleep(20);
                    status = inventoryMonitor.GetRestockStatus(restockId);
                }

                return status.State + " (queried over a second connection)";
            });

            var callback = new StockWatchCallback();
            var watch = _connections.OpenDuplex<IStockWatch>(callback, Endpoints.StockWatch);
            Call("StockWatch       Subscribe(SKU-1001) [duplex]", () =>
            {
                int count = watch.Subscribe(new List<string> { "SKU-1001" });
                bool arrived = callback.WaitForCount(1, TimeSpan.FromSeconds(30));
                return "watching " + count + "; callback " + (arrived ? "StockChanged(SKU-1001) arrived" : "did not arrive");
            });
            Call("StockWatch       AdjustStock(SKU-1001, +1)", () =>
            {
                StockLevel level = watch.AdjustStock("SKU-1001", 1);
                bool arrived = callback.WaitFor(l => l.OnHand == level.OnHand, TimeSpan.FromSeconds(30));
                return "on hand " + level.OnHand + "; callback " + (arrived ? "arrived" : "did not arrive");
            });

            var cart = _connections.Open<IShoppingCart>(Endpoints.Cart);
            Call("Cart             AddLine(SKU-1001 x 2) [PerSession]", () => cart.AddLine(new OrderLine { Sku = "SKU-1001", Quantity = 2, UnitPrice = 19.990m }) + " line(s) in this session");
            Call("Cart             GetSummary()", () =>
            {
                CartSummary summary = cart.GetSummary();
                return summary.Lines.Count + " line(s), subtotal " + summary.Subtotal + ", " + DescribeInstance(summary.Instance);
            });

            var warehouse = _connections.Shared<IWarehouse>(Endpoints.Warehouse);
            Call("Warehouse        Reserve(SKU-1001, 1) [Single]", () => "reservation #" + warehouse.Reserve("SKU-1001", 1).Number);
            Call("Warehouse        Describe()", () => DescribeInstance(warehouse.Describe()));
            return _failures;
        }

        private static string DescribeInstance(InstanceInfo info)
        {
            return info.InstanceMode + " instance " + info.InstanceId.ToString("N").Substring(0, 8) + ", call #" + info.CallsOnInstance + " on it";
        }

        private void Call(string what, Func<string> call)
        {
            var watch = Stopwatch.StartNew();
            try
            {
                string outcome = call();
                _print(what + " -> " + outcome + " (" + watch.ElapsedMilliseconds + " ms)");
            }
            catch (Exception e) when (e is CommunicationException || e is TimeoutException)
            {
                _failures++;
                _print(what + " -> FAILED: " + e.GetType().Name + ": " + e.Message);
            }
        }
    }
}
