using MigrateWcf.Analyzers;
using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.CodeFixes.Tests.CodeFixVerifier<MigrateWcf.Analyzers.Contracts.ContractAnalyzer, MigrateWcf.CodeFixes.Contracts.TaskBasedOperationFixer>;

namespace MigrateWcf.CodeFixes.Tests;

public class TaskBasedOperationFixerTests
{
    [Fact]
    public async Task Fix_ConvertsTheContractItsImplementationAndItsCallers()
    {
        var test = Verify.Create(RuleIds.SynchronousOperation, """
            using System.ServiceModel;

            [ServiceContract]
            public interface IQuotes
            {
                /// <summary>The price; see <see cref="IQuotes.GetPrice"/>.</summary>
                [OperationContract]
                decimal {|#0:GetPrice|}(string sku); // per unit
            }
            """, """
            using System.ServiceModel;
            using System.Threading.Tasks;

            [ServiceContract]
            public interface IQuotes
            {
                /// <summary>The price; see <see cref="IQuotes.GetPriceAsync"/>.</summary>
                [OperationContract]
                Task<decimal> GetPriceAsync(string sku); // per unit
            }
            """,
            EquivalenceKeys.ConvertToTaskBasedOperation,
            Verify.Diagnostic(WcfDiagnostics.SynchronousOperation).WithLocation(0).WithArguments("IQuotes.GetPrice"));
        test.TestState.Sources.Add(("/0/Quotes.cs", """
            using System;

            public class Quotes : IQuotes
            {
                public decimal GetPrice(string sku)
                {
                    if (sku == null)
                    {
                        throw new ArgumentNullException(nameof(sku));
                    }

                    Func<int> unrelated = () => { return 1; };
                    return sku.Length * 1.5m; // computed
                }
            }

            public static class Client
            {
                public static decimal Total(IQuotes quotes) => quotes.GetPrice("a") + new Quotes().GetPrice("b");
            }
            """));
        test.FixedState.Sources.Add(("/0/Quotes.cs", """
            using System;
            using System.Threading.Tasks;

            public class Quotes : IQuotes
            {
                public Task<decimal> GetPriceAsync(string sku)
                {
                    if (sku == null)
                    {
                        throw new ArgumentNullException(nameof(sku));
                    }

                    Func<int> unrelated = () => { return 1; };
                    return Task.FromResult(sku.Length * 1.5m); // computed
                }
            }

            public static class Client
            {
                public static decimal Total(IQuotes quotes) => quotes.GetPriceAsync("a").GetAwaiter().GetResult() + new Quotes().GetPriceAsync("b").GetAwaiter().GetResult();
            }
            """));
        await test.RunAsync();
    }

    [Fact]
    public async Task FixAll_ConvertsEveryOperation_VoidOnesIncluded()
    {
        var test = Verify.Create(RuleIds.SynchronousOperation, """
            using System.ServiceModel;

            [ServiceContract]
            public interface ILog
            {
                [OperationContract(IsOneWay = true)]
                void {|#0:Write|}(string line);

                [OperationContract]
                int {|#1:Count|}();

                [OperationContract]
                void {|#2:Clear|}();
            }

            public class Log : ILog
            {
                private int _count;

                public void Write(string line) => _count++;

                public int Count() => _count;

                public void Clear()
                {
                    if (_count == 0)
                    {
                        return;
                    }

                    _count = 0;
                }
            }
            """, """
            using System.ServiceModel;
            using System.Threading.Tasks;

            [ServiceContract]
            public interface ILog
            {
                [OperationContract(IsOneWay = true)]
                Task WriteAsync(string line);

                [OperationContract]
                Task<int> CountAsync();

                [OperationContract]
                Task ClearAsync();
            }

            public class Log : ILog
            {
                private int _count;

                public Task WriteAsync(string line)
                {
                    _count++;
                    return Task.CompletedTask;
                }

                public Task<int> CountAsync() => Task.FromResult(_count);

                public Task ClearAsync()
                {
                    if (_count == 0)
                    {
                        return Task.CompletedTask;
                    }

                    _count = 0;
                    return Task.CompletedTask;
                }
            }
            """,
            EquivalenceKeys.ConvertToTaskBasedOperation,
            Verify.Diagnostic(WcfDiagnostics.SynchronousOperation).WithLocation(0).WithArguments("ILog.Write"),
            Verify.Diagnostic(WcfDiagnostics.SynchronousOperation).WithLocation(1).WithArguments("ILog.Count"),
            Verify.Diagnostic(WcfDiagnostics.SynchronousOperation).WithLocation(2).WithArguments("ILog.Clear"));
        await test.RunAsync();
    }

    [Fact]
    public async Task EmptyVoidBody_BecomesABlockReturningACompletedTask_AndTheUsingJoinsTheSystemGroup()
    {
        // As in samples/LegacyWcf: System usings first, the project's own after them, and an empty "{ }" body.
        await Verify.VerifyFixAsync(RuleIds.SynchronousOperation, """
            using System.ServiceModel;
            using Legacy.Shared;

            namespace Legacy.Shared { public static class Marker { } }

            [ServiceContract]
            public interface ISimple
            {
                [OperationContract]
                void {|#0:Put|}();
            }

            public class Simple : ISimple
            {
                public void Put() { }
            }
            """, """
            using System.ServiceModel;
            using System.Threading.Tasks;
            using Legacy.Shared;

            namespace Legacy.Shared { public static class Marker { } }

            [ServiceContract]
            public interface ISimple
            {
                [OperationContract]
                Task PutAsync();
            }

            public class Simple : ISimple
            {
                public Task PutAsync()
                {
                    return Task.CompletedTask;
                }
            }
            """,
            EquivalenceKeys.ConvertToTaskBasedOperation,
            Verify.Diagnostic(WcfDiagnostics.SynchronousOperation).WithLocation(0).WithArguments("ISimple.Put"));
    }

    [Fact]
    public async Task MethodGroupUse_IsNotConvertedBehindTheCallersBack()
    {
        var source = """
            using System;
            using System.ServiceModel;

            [ServiceContract]
            public interface IClock
            {
                [OperationContract]
                long {|#0:Ticks|}();
            }

            public static class Use
            {
                public static Func<long> Later(IClock clock) => clock.Ticks;
            }
            """;
        var test = Verify.Create(RuleIds.SynchronousOperation, source, source, EquivalenceKeys.ConvertToTaskBasedOperation,
            Verify.Diagnostic(WcfDiagnostics.SynchronousOperation).WithLocation(0).WithArguments("IClock.Ticks"));
        await test.RunAsync();
    }
}
