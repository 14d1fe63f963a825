using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.ServiceModel;
using System.Threading;
using System.Threading.Tasks;
using LegacyWcf.Contracts;

namespace LegacyWcf.Client
{
    /// <summary>
    /// The behaviour scenarios. Each drives the real services and returns a transcript section recording what was sent
    /// and what came back; the transcript states facts, the tests judge them.
    /// </summary>
    internal sealed class Scenarios
    {
        /// <summary>Scenario names in the order "all" runs them.</summary>
        public static readonly string[] Names = { "simple", "roundtrip", "fault", "oneway", "duplex", "instancing", "concurrency" };

        private static readonly TimeSpan PatienceForServerWork = TimeSpan.FromSeconds(30);

        private readonly Connections _connections;
        private readonly Action<string> _log;

        public Scenarios(Connections connections, Action<string> log)
        {
            _connections = connections;
            _log = log;
        }

        public JsonObject Run(string name)
        {
            switch (name)
            {
                case "simple": return Simple();
                case "roundtrip": return RoundTrip();
                case "fault": return Fault();
                case "oneway": return OneWay();
                case "duplex": return Duplex();
                case "instancing": return Instancing();
                case "concurrency": return Concurrency();
                default: throw new ArgumentException("unknown scenario '" + name + "' (known: " + string.Join(", ", Names) + ", all)");
            }
        }

        /// <summary>ISimple.Put on both implementations (the benchmark contract).</summary>
        private JsonObject Simple()
        {
            const int calls = 10;
            var result = new JsonObject();
            foreach (string endpoint in new[] { Endpoints.SimpleSingle, Endpoints.SimpleMultiple })
            {
                var simple = _connections.Open<ISimple>(endpoint);
                var watch = Stopwatch.StartNew();
                for (int i = 0; i < calls; i++)
                {
                    simple.Put();
                }

                watch.Stop();
                _log(endpoint + ": Put() x" + calls + " ok in " + watch.ElapsedMilliseconds + " ms");
                result.Add(endpoint, new JsonObject { { "calls", calls }, { "completed", calls }, { "elapsedMs", watch.ElapsedMilliseconds } });
            }

            return result;
        }

        /// <summary>Data contracts, collections, nulls, decimals and dates through PlaceOrder / GetOrder / GetQuote / GetStockLevels.</summary>
        private JsonObject RoundTrip()
        {
            var orders = _connections.Shared<IOrderService>(Endpoints.Orders);
            var placed = new List<object>();
            foreach (Order order in new[] { SampleData.FullOrder(), SampleData.SparseOrder() })
            {
                object sent = Dump.Value(order);
                Order accepted = orders.PlaceOrder(order);
                Order fetched = orders.GetOrder(order.Id);
                _log("Orders.PlaceOrder(" + (order.Lines == null ? 0 : order.Lines.Count) + " lines, " + order.Payment.GetType().Name + ") -> "
                    + accepted.Status + ", total " + accepted.Total + "; GetOrder -> " + (fetched == null ? "null" : "same id, " + fetched.Status));
                placed.Add(new JsonObject { { "sent", sent }, { "placed", Dump.Value(accepted) }, { "fetched", Dump.Value(fetched) } });
            }

            var quotes = new List<object>();
            foreach (QuoteRequest request in new[] { SampleData.PlainQuote(), SampleData.DiscountedQuote() })
            {
                Quote quote = orders.GetQuote(request.Sku, request.Quantity, request.UnitPrice, request.DiscountPercent, request.Tier, request.PriceDate);
                _log("Orders.GetQuote(" + request.Sku + ", " + request.Quantity + " x " + request.UnitPrice + ", " + request.Tier + ") -> total " + quote.Total);
                quotes.Add(new JsonObject { { "sent", request.ToJson() }, { "received", Dump.Value(quote) } });
            }

            Guid unknown = Guid.NewGuid();
            Order missing = orders.GetOrder(unknown);
            _log("Orders.GetOrder(unknown id) -> " + (missing == null ? "null" : "an order"));

            var inventory = _connections.Shared<IInventoryService>(Endpoints.Inventory);
            var skus = new List<string> { "SKU-1001", "SKU-1002", "NO-SUCH-SKU" };
            Dictionary<string, StockLevel> levels = inventory.GetStockLevels(skus);
            _log("Inventory.GetStockLevels(" + string.Join(", ", skus) + ") -> " + levels.Count + " levels");

            return new JsonObject
            {
                { "orders", placed },
                { "quotes", quotes },
                { "unknownOrder", new JsonObject { { "sent", Dump.Value(unknown) }, { "received", Dump.Value(missing) } } },
                { "stockLevels", new JsonObject { { "sent", Dump.Value(skus) }, { "received", Dump.Value(levels) } } },
            };
        }

        /// <summary>CancelOrder: success, then the declared fault twice (already cancelled, unknown order); the channel stays usable.</summary>
        private JsonObject Fault()
        {
            var orders = _connections.Shared<IOrderService>(Endpoints.Orders);
            Order order = orders.PlaceOrder(SampleData.FullOrder());
            var attempts = new List<object>
            {
                Cancel(orders, order.Id, "customer changed mind"),
                Cancel(orders, order.Id, "second try"),
                Cancel(orders, Guid.NewGuid(), "never placed"),
            };

            Order after = orders.GetOrder(order.Id);
            return new JsonObject
            {
                { "attempts", attempts },
                { "channelState", ((ICommunicationObject)orders).State.ToString() },
                { "orderAfter", Dump.Value(after) },
            };
        }

        private JsonObject Cancel(IOrderService orders, Guid orderId, string reason)
        {
            var attempt = new JsonObject { { "orderId", Dump.Value(orderId) }, { "reason", reason } };
            try
            {
                Order cancelled = orders.CancelOrder(orderId, reason);
                _log("Orders.CancelOrder(" + orderId + ") -> " + cancelled.Status);
                attempt.Add("outcome", "returned");
                attempt.Add("returned", Dump.Value(cancelled));
            }
            catch (FaultException<OrderFault> fault)
            {
                _log("Orders.CancelOrder(" + orderId + ") -> FaultException<OrderFault> " + fault.Detail.Code + ": " + fault.Reason);
                attempt.Add("outcome", "fault");
                attempt.Add("exceptionType", TypeName(fault.GetType()));
                attempt.Add("faultCode", fault.Code == null ? null : fault.Code.Name);
                attempt.Add("faultReason", fault.Reason == null ? null : fault.Reason.ToString());
                attempt.Add("detail", Dump.Value(fault.Detail));
            }
            catch (FaultException fault)
            {
                // An undeclared fault: recorded so the test shows the type that arrived instead.
                _log("Orders.CancelOrder(" + orderId + ") -> untyped " + TypeName(fault.GetType()) + ": " + fault.Message);
                attempt.Add("outcome", "fault");
                attempt.Add("exceptionType", TypeName(fault.GetType()));
                attempt.Add("faultReason", fault.Message);
            }

            return attempt;
        }

        /// <summary>RequestRestock is one-way: the call returns while the service still works; a later query sees the work finish.</summary>
        private JsonObject OneWay()
        {
            var inventory = _connections.Shared<IInventoryService>(Endpoints.Inventory);

            // Queries go over a second connection: on a sessionful net.tcp channel a dispatcher may hold later messages
            // until the one-way operation finishes, which would hide what the client saw.
            var monitor = _connections.Open<IInventoryService>(Endpoints.Inventory);
            Guid requestId = Guid.NewGuid();

            DateTime callStarted = DateTime.UtcNow;
            var watch = Stopwatch.StartNew();
            inventory.RequestRestock(requestId, "SKU-2001", 25);
            watch.Stop();
            DateTime callReturned = DateTime.UtcNow;
            _log("Inventory.RequestRestock(one-way, SKU-2001 +25) returned after " + watch.ElapsedMilliseconds + " ms");

            RestockStatus rightAfter = monitor.GetRestockStatus(requestId);
            RestockStatus latest = rightAfter;
            int polls = 1;
            var deadline = Stopwatch.StartNew();
            while (latest.State != "Completed" && deadline.Elapsed < PatienceForServerWork)
            {
                Thread.Sleep(200);
                latest = monitor.GetRestockStatus(requestId);
                polls++;
            }

            _log("Inventory.GetRestockStatus -> " + rightAfter.State + " right after the call, " + latest.State + " after " + polls + " polls");
            return new JsonObject
            {
                { "requestId", Dump.Value(requestId) },
                { "callStartedAt", Dump.Value(callStarted) },
                { "callReturnedAt", Dump.Value(callReturned) },
                { "callElapsedMs", watch.ElapsedMilliseconds },
                { "statusRightAfter", Dump.Value(rightAfter) },
                { "finalStatus", Dump.Value(latest) },
                { "polls", polls },
            };
        }

        /// <summary>Duplex: Subscribe calls back once per SKU; AdjustStock calls back every watcher.</summary>
        private JsonObject Duplex()
        {
            var callback = new StockWatchCallback();
            var watch = _connections.OpenDuplex<IStockWatch>(callback, Endpoints.StockWatch);

            var skus = new List<string> { "SKU-1001", "SKU-1002" };
            int watched = watch.Subscribe(skus);
            int arrivedBeforeSubscribeReturned = callback.Count;
            _log("StockWatch.Subscribe(" + string.Join(", ", skus) + ") -> " + watched + "; callbacks so far: " + arrivedBeforeSubscribeReturned);

            StockLevel adjusted = watch.AdjustStock("SKU-1002", -2);
            bool adjustmentArrived = callback.WaitFor(level => level.Sku == "SKU-1002" && level.OnHand == adjusted.OnHand, PatienceForServerWork);
            _log("StockWatch.AdjustStock(SKU-1002, -2) -> on hand " + adjusted.OnHand + "; callback " + (adjustmentArrived ? "arrived" : "did NOT arrive"));

            // Callbacks that arrive after the call returned are still ordered after the ones above; wait for the initial two.
            callback.WaitForCount(skus.Count + 1, PatienceForServerWork);
            return new JsonObject
            {
                { "subscribed", Dump.Value(skus) },
                { "subscribeResult", watched },
                { "callbacksBeforeSubscribeReturned", arrivedBeforeSubscribeReturned },
                { "adjustResult", Dump.Value(adjusted) },
                { "callbacks", callback.Snapshot().Select(Dump.Value).ToList() },
            };
        }

        /// <summary>PerCall, PerSession and Single instancing, each seen through the instance id a call reports.</summary>
        private JsonObject Instancing()
        {
            var orders = _connections.Shared<IOrderService>(Endpoints.Orders);
            var perCall = Enumerable.Range(0, 3).Select(_ => orders.Describe()).ToList();
            _log("Orders.Describe() x3 (PerCall) -> " + perCall.Select(i => i.InstanceId).Distinct().Count() + " distinct instances");

            var cartA = _connections.Open<IShoppingCart>(Endpoints.Cart);
            var cartB = _connections.Open<IShoppingCart>(Endpoints.Cart);
            var linesA = new List<int>
            {
                cartA.AddLine(new OrderLine { Sku = "SKU-1001", Quantity = 1, UnitPrice = 19.990m }),
                cartA.AddLine(new OrderLine { Sku = "SKU-1002", Quantity = 2, UnitPrice = 5.25m, DiscountPercent = 10 }),
            };
            var linesB = new List<int> { cartB.AddLine(new OrderLine { Sku = "SKU-2001", Quantity = 5, UnitPrice = 0.99m }) };
            CartSummary summaryA = cartA.GetSummary();
            CartSummary summaryB = cartB.GetSummary();
            CartSummary summaryAAgain = cartA.GetSummary();
            _log("Cart (PerSession): session A has " + summaryA.Lines.Count + " lines, session B " + summaryB.Lines.Count
                + "; A's instance " + (summaryA.Instance.InstanceId == summaryAAgain.Instance.InstanceId ? "kept" : "CHANGED"));

            var warehouse1 = _connections.Shared<IWarehouse>(Endpoints.Warehouse);
            var warehouse2 = _connections.Open<IWarehouse>(Endpoints.Warehouse);
            var single = new List<object>
            {
                Dump.Value(warehouse1.Describe()),
                Dump.Value(warehouse2.Describe()),
                Dump.Value(warehouse1.Reserve("SKU-1001", 1)),
                Dump.Value(warehouse2.Reserve("SKU-1001", 2)),
            };
            _log("Warehouse (Single): 4 calls over 2 connections");

            return new JsonObject
            {
                { "perCall", perCall.Select(Dump.Value).ToList() },
                {
                    "perSession", new JsonObject
                    {
                        { "addLineResultsA", Dump.Value(linesA) },
                        { "addLineResultsB", Dump.Value(linesB) },
                        { "summaryA", Dump.Value(summaryA) },
                        { "summaryB", Dump.Value(summaryB) },
                        { "summaryAAgain", Dump.Value(summaryAAgain) },
                    }
                },
                { "single", single },
            };
        }

        /// <summary>Calls into the ConcurrencyMode.Single singleton from two connections at once; WCF serializes them.</summary>
        private JsonObject Concurrency()
        {
            const int callsPerConnection = 3;
            var first = _connections.Shared<IWarehouse>(Endpoints.Warehouse);
            var second = _connections.Open<IWarehouse>(Endpoints.Warehouse);
            var reservations = new ConcurrentQueue<Reservation>();
            Task[] workers = new[] { first, second }
                .Select(channel => Task.Factory.StartNew(
                    () =>
                    {
                        for (int i = 0; i < callsPerConnection; i++)
                        {
                            reservations.Enqueue(channel.Reserve("SKU-1001", 1));
                        }
                    },
                    TaskCreationOptions.LongRunning))
                .ToArray();
            Task.WaitAll(workers);

            List<Reservation> ordered = reservations.OrderBy(r => r.Number).ToList();
            int maxConcurrent = ordered.Max(r => r.ConcurrentCalls);
            _log("Warehouse.Reserve x" + ordered.Count + " from 2 connections at once -> at most " + maxConcurrent + " call(s) inside the singleton");
            return new JsonObject
            {
                { "connections", 2 },
                { "reservations", ordered.Select(Dump.Value).ToList() },
                { "maxConcurrentCalls", maxConcurrent },
            };
        }

        /// <summary>A readable type name: FaultException&lt;OrderFault&gt; rather than FaultException`1.</summary>
        internal static string TypeName(Type type)
        {
            if (!type.IsGenericType)
            {
                return type.Name;
            }

            string name = type.Name.Substring(0, type.Name.IndexOf('`'));
            return name + "<" + string.Join(",", type.GetGenericArguments().Select(TypeName)) + ">";
        }

    }

    /// <summary>Receives <see cref="IStockWatchCallback"/> calls; Multiple concurrency, so callbacks never wait for the caller.</summary>
    [CallbackBehavior(ConcurrencyMode = ConcurrencyMode.Multiple, UseSynchronizationContext = false)]
    internal sealed class StockWatchCallback : IStockWatchCallback
    {
        private readonly object _gate = new object();
        private readonly List<StockLevel> _arrivals = new List<StockLevel>();

        public int Count
        {
            get
            {
                lock (_gate)
                {
                    return _arrivals.Count;
                }
            }
        }

        public void StockChanged(StockLevel level)
        {
            lock (_gate)
            {
                _arrivals.Add(level);
                Monitor.PulseAll(_gate);
            }
        }

        public List<StockLevel> Snapshot()
        {
            lock (_gate)
            {
                return new List<StockLevel>(_arrivals);
            }
        }

        public bool WaitFor(Func<StockLevel, bool> match, TimeSpan timeout)
        {
            return WaitUntil(() => _arrivals.Any(match), timeout);
        }

        public bool WaitForCount(int count, TimeSpan timeout)
        {
            return WaitUntil(() => _arrivals.Count >= count, timeout);
        }

        private bool WaitUntil(Func<bool> condition, TimeSpan timeout)
        {
            var watch = Stopwatch.StartNew();
            lock (_gate)
            {
                while (!condition())
                {
                    TimeSpan left = timeout - watch.Elapsed;
                    if (left <= TimeSpan.Zero)
                    {
                        return false;
                    }

                    Monitor.Wait(_gate, left);
                }

                return true;
            }
        }
    }
}
