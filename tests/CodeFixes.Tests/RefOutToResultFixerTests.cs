using MigrateWcf.Analyzers;
using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.CodeFixes.Tests.CodeFixVerifier<MigrateWcf.Analyzers.Contracts.ContractAnalyzer, MigrateWcf.CodeFixes.Contracts.RefOutToResultFixer>;

namespace MigrateWcf.CodeFixes.Tests;

public class RefOutToResultFixerTests
{
    [Fact]
    public async Task Fix_AddsTheResultType_AdaptsTheImplementation_AndRewritesCallsInTheDocument()
    {
        var test = Verify.Create(RuleIds.RefOutParameter, """
            using System.ServiceModel;

            [ServiceContract]
            public interface IPrices
            {
                [OperationContract]
                bool {|#0:TryGetPrice|}(string sku, out decimal price);
            }

            public static class PriceClient
            {
                public static decimal Price(IPrices prices)
                {
                    // look it up
                    var found = prices.TryGetPrice("a", out var price);
                    return found ? price : 0m;
                }

                public static bool Has(IPrices prices, ref decimal last)
                {
                    return prices.TryGetPrice("b", out last);
                }
            }
            """, """
            using System.Runtime.Serialization;
            using System.ServiceModel;

            [ServiceContract]
            public interface IPrices
            {
                [OperationContract]
                TryGetPriceResult TryGetPrice(string sku);
            }

            /// <summary>What <see cref="IPrices.TryGetPrice"/> returns: its result and its ref/out values.</summary>
            [DataContract]
            public class TryGetPriceResult
            {
                [DataMember(Order = 1)]
                public bool Result { get; set; }

                [DataMember(Order = 2)]
                public decimal Price { get; set; }
            }

            public static class PriceClient
            {
                public static decimal Price(IPrices prices)
                {
                    // look it up
                    var tryGetPriceResult = prices.TryGetPrice("a");
                    var price = tryGetPriceResult.Price;
                    var found = tryGetPriceResult.Result;
                    return found ? price : 0m;
                }

                public static bool Has(IPrices prices, ref decimal last)
                {
                    var tryGetPriceResult = prices.TryGetPrice("b");
                    last = tryGetPriceResult.Price;
                    return tryGetPriceResult.Result;
                }
            }
            """,
            EquivalenceKeys.RefOutToResultType,
            Verify.Diagnostic(WcfDiagnostics.RefOutParameter).WithLocation(0).WithArguments("IPrices.TryGetPrice", "price"));
        test.TestState.Sources.Add(("/0/Prices.cs", """
            public class Prices : IPrices
            {
                public bool TryGetPrice(string sku, out decimal price)
                {
                    price = 1.5m;
                    return true;
                }
            }
            """));
        test.FixedState.Sources.Add(("/0/Prices.cs", """
            public class Prices : IPrices
            {
                public bool TryGetPrice(string sku, out decimal price)
                {
                    price = 1.5m;
                    return true;
                }

                public TryGetPriceResult TryGetPrice(string sku)
                {
                    decimal price;
                    var result = TryGetPrice(sku, out price);
                    return new TryGetPriceResult { Result = result, Price = price };
                }
            }
            """));
        await test.RunAsync();
    }

    [Fact]
    public Task Fix_KeepsRefParametersAsInputs_AndTurnsAnExplicitImplementationPrivate()
        => Verify.VerifyFixAsync(RuleIds.RefOutParameter, """
            using System.ServiceModel;

            [ServiceContract]
            public interface ICounter
            {
                [OperationContract]
                void {|#0:Advance|}(string name, ref int value);
            }

            public class Counter : ICounter
            {
                void ICounter.Advance(string name, ref int value)
                {
                    value++;
                }
            }
            """, """
            using System.Runtime.Serialization;
            using System.ServiceModel;

            [ServiceContract]
            public interface ICounter
            {
                [OperationContract]
                AdvanceResult Advance(string name, int value);
            }

            /// <summary>What <see cref="ICounter.Advance"/> returns: its result and its ref/out values.</summary>
            [DataContract]
            public class AdvanceResult
            {
                [DataMember(Order = 1)]
                public int Value { get; set; }
            }

            public class Counter : ICounter
            {
                private void Advance(string name, ref int value)
                {
                    value++;
                }

                AdvanceResult ICounter.Advance(string name, int value)
                {
                    Advance(name, ref value);
                    return new AdvanceResult { Value = value };
                }
            }
            """,
            EquivalenceKeys.RefOutToResultType,
            Verify.Diagnostic(WcfDiagnostics.RefOutParameter).WithLocation(0).WithArguments("ICounter.Advance", "value"));

    [Fact]
    public Task FixAll_AddsOneResultTypePerOperation()
        => Verify.VerifyFixAsync(RuleIds.RefOutParameter, """
            using System.ServiceModel;

            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                bool {|#0:TryReserve|}(string sku, out int reservation);

                [OperationContract]
                int {|#1:Count|}(string sku, out string warehouse);
            }
            """, """
            using System.Runtime.Serialization;
            using System.ServiceModel;

            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                TryReserveResult TryReserve(string sku);

                [OperationContract]
                CountResult Count(string sku);
            }

            /// <summary>What <see cref="IStock.Count"/> returns: its result and its ref/out values.</summary>
            [DataContract]
            public class CountResult
            {
                [DataMember(Order = 1)]
                public int Result { get; set; }

                [DataMember(Order = 2)]
                public string Warehouse { get; set; }
            }

            /// <summary>What <see cref="IStock.TryReserve"/> returns: its result and its ref/out values.</summary>
            [DataContract]
            public class TryReserveResult
            {
                [DataMember(Order = 1)]
                public bool Result { get; set; }

                [DataMember(Order = 2)]
                public int Reservation { get; set; }
            }
            """,
            EquivalenceKeys.RefOutToResultType,
            Verify.Diagnostic(WcfDiagnostics.RefOutParameter).WithLocation(0).WithArguments("IStock.TryReserve", "reservation"),
            Verify.Diagnostic(WcfDiagnostics.RefOutParameter).WithLocation(1).WithArguments("IStock.Count", "warehouse"));

    [Fact]
    public Task CallInACondition_IsNotRewritten_SoNoFixIsOffered()
    {
        var source = """
            using System.ServiceModel;

            [ServiceContract]
            public interface IPrices
            {
                [OperationContract]
                bool {|#0:TryGetPrice|}(string sku, out decimal price);
            }

            public static class PriceClient
            {
                public static decimal Price(IPrices prices, bool ask) => ask && prices.TryGetPrice("a", out var price) ? price : 0m;
            }
            """;
        return Verify.VerifyFixAsync(RuleIds.RefOutParameter, source, source, EquivalenceKeys.RefOutToResultType,
            Verify.Diagnostic(WcfDiagnostics.RefOutParameter).WithLocation(0).WithArguments("IPrices.TryGetPrice", "price"));
    }
}
