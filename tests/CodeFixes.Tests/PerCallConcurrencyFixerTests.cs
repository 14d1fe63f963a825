using MigrateWcf.Analyzers;
using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.CodeFixes.Tests.CodeFixVerifier<MigrateWcf.Analyzers.Behaviors.BehaviorAnalyzer, MigrateWcf.CodeFixes.Behaviors.PerCallConcurrencyFixer>;

namespace MigrateWcf.CodeFixes.Tests;

public class PerCallConcurrencyFixerTests
{
    private const string Contract = """
        using System.ServiceModel;

        [ServiceContract]
        public interface ISimple
        {
            [OperationContract]
            void Put();
        }

        """;

    [Fact]
    public Task RemoveFix_DropsOnlyTheConcurrencyMode()
        => Verify.VerifyFixAsync(RuleIds.PerCallWithSingleConcurrency, Contract + """
            /// <summary>Benchmark service.</summary>
            [{|#0:ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single, IncludeExceptionDetailInFaults = false)|}] // kept
            public sealed class {|#1:SimpleSingle|} : ISimple
            {
                public void Put() { }
            }
            """, Contract + """
            /// <summary>Benchmark service.</summary>
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, IncludeExceptionDetailInFaults = false)] // kept
            public sealed class SimpleSingle : ISimple
            {
                public void Put() { }
            }
            """,
            EquivalenceKeys.RemoveRedundantConcurrencyMode,
            Verify.Diagnostic(WcfDiagnostics.PerCallWithSingleConcurrency).WithLocation(0).WithLocation(1).WithArguments("SimpleSingle"));

    [Fact]
    public Task MultipleFix_KeepsHowTheEnumIsWritten()
        => Verify.VerifyFixAsync(RuleIds.PerCallWithSingleConcurrency, Contract + """
            [{|#0:ServiceBehavior(ConcurrencyMode = System.ServiceModel.ConcurrencyMode.Single, InstanceContextMode = InstanceContextMode.PerCall)|}]
            public sealed class {|#1:SimpleSingle|} : ISimple
            {
                public void Put() { }
            }
            """, Contract + """
            [ServiceBehavior(ConcurrencyMode = System.ServiceModel.ConcurrencyMode.Multiple, InstanceContextMode = InstanceContextMode.PerCall)]
            public sealed class SimpleSingle : ISimple
            {
                public void Put() { }
            }
            """,
            EquivalenceKeys.SetConcurrencyModeMultiple,
            Verify.Diagnostic(WcfDiagnostics.PerCallWithSingleConcurrency).WithLocation(0).WithLocation(1).WithArguments("SimpleSingle"));

    [Fact]
    public Task FixAll_RemovesEveryRedundantSetting()
        => Verify.VerifyFixAsync(RuleIds.PerCallWithSingleConcurrency, Contract + """
            [{|#0:ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single)|}]
            public sealed class {|#1:First|} : ISimple { public void Put() { } }

            [{|#2:ServiceBehavior(ConcurrencyMode = ConcurrencyMode.Single, InstanceContextMode = InstanceContextMode.PerCall)|}]
            public sealed class {|#3:Second|} : ISimple { public void Put() { } }

            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
            public sealed class Third : ISimple { public void Put() { } }
            """, Contract + """
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
            public sealed class First : ISimple { public void Put() { } }

            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
            public sealed class Second : ISimple { public void Put() { } }

            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
            public sealed class Third : ISimple { public void Put() { } }
            """,
            EquivalenceKeys.RemoveRedundantConcurrencyMode,
            Verify.Diagnostic(WcfDiagnostics.PerCallWithSingleConcurrency).WithLocation(0).WithLocation(1).WithArguments("First"),
            Verify.Diagnostic(WcfDiagnostics.PerCallWithSingleConcurrency).WithLocation(2).WithLocation(3).WithArguments("Second"));
}
