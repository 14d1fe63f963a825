using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.Analyzers.Tests.Infrastructure.AnalyzerVerifier<MigrateWcf.Analyzers.Behaviors.BehaviorAnalyzer>;

namespace MigrateWcf.Analyzers.Tests;

/// <summary>WCFM3xxx as the IDE and the build see them: instancing, concurrency, sessions, transactions, OperationContext.</summary>
public class BehaviorAnalyzerTests
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
    public Task PerCallWithSingleConcurrency_Reports()
        => Verify.VerifyAsync(Contract + """
            [{|#0:ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single)|}]
            public class {|#1:SimpleSingle|} : ISimple
            {
                public void Put() { }
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.PerCallWithSingleConcurrency).WithLocation(0).WithLocation(1).WithArguments("SimpleSingle"));

    [Fact]
    public Task PerCallWithMultipleConcurrency_DoesNotReport()
        => Verify.VerifyAsync(Contract + """
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
            public class SimpleMultiple : ISimple
            {
                public void Put() { }
            }
            """);

    private static Task Reports(string ruleId, string source, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected)
        => Verify.VerifyOnlyAsync([ruleId], Contract + source, expected);

    [Fact]
    public Task Reentrant_Reports()
        => Reports(RuleIds.ReentrantConcurrency, """
            [{|#0:ServiceBehavior(ConcurrencyMode = ConcurrencyMode.Reentrant)|}]
            public class {|#1:Simple|} : ISimple { public void Put() { } }
            """,
            Verify.Diagnostic(WcfDiagnostics.ReentrantConcurrency).WithLocation(0).WithLocation(1).WithArguments("Simple"));

    [Fact]
    public Task MultipleConcurrency_DoesNotReportReentrant()
        => Reports(RuleIds.ReentrantConcurrency, """
            [ServiceBehavior(ConcurrencyMode = ConcurrencyMode.Multiple)]
            public class Simple : ISimple { public void Put() { } }
            """);

    [Fact]
    public Task ExplicitPerSession_Reports()
        => Reports(RuleIds.PerSessionInstancing, """
            [{|#0:ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession)|}]
            public class {|#1:Simple|} : ISimple { public void Put() { } }
            """,
            Verify.Diagnostic(WcfDiagnostics.PerSessionInstancing).WithLocation(0).WithLocation(1).WithArguments("Simple"));

    [Fact]
    public Task PerCall_DoesNotReportPerSession()
        => Reports(RuleIds.PerSessionInstancing, """
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
            public class Simple : ISimple { public void Put() { } }
            """);

    [Fact]
    public Task SessionRequired_IsReportedOnTheContract()
        => Verify.VerifyOnlyAsync([RuleIds.SessionRequired], """
            using System.ServiceModel;

            [ServiceContract(SessionMode = SessionMode.Required)]
            public interface {|#0:ICart|}
            {
                [OperationContract]
                void Add(string sku);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.SessionRequired).WithLocation(0).WithArguments("ICart"));

    [Fact]
    public Task SessionAllowed_DoesNotReportRequired()
        => Verify.VerifyOnlyAsync([RuleIds.SessionRequired], """
            using System.ServiceModel;

            [ServiceContract(SessionMode = SessionMode.Allowed)]
            public interface ICart
            {
                [OperationContract]
                void Add(string sku);
            }
            """);

    [Fact]
    public Task MandatoryTransactionFlow_Reports()
        => Verify.VerifyOnlyAsync([RuleIds.TransactionFlow], """
            using System.ServiceModel;

            [ServiceContract]
            public interface IBank
            {
                [OperationContract]
                [TransactionFlow(TransactionFlowOption.Mandatory)]
                void {|#0:Debit|}(decimal amount);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.TransactionFlow).WithLocation(0).WithArguments("IBank.Debit", "Mandatory"));

    [Fact]
    public Task TransactionFlowNotAllowed_DoesNotReport()
        => Verify.VerifyOnlyAsync([RuleIds.TransactionFlow], """
            using System.ServiceModel;

            [ServiceContract]
            public interface IBank
            {
                [OperationContract]
                [TransactionFlow(TransactionFlowOption.NotAllowed)]
                void Debit(decimal amount);
            }
            """);

    [Fact]
    public Task TransactionScopeRequired_Reports()
        => Reports(RuleIds.TransactionScopeRequired, """
            public class {|#1:Simple|} : ISimple
            {
                [{|#0:OperationBehavior(TransactionScopeRequired = true)|}]
                public void Put() { }
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.TransactionScopeRequired).WithLocation(0).WithLocation(1).WithArguments("Simple", "Put"));

    [Fact]
    public Task OperationBehaviorWithoutTransactions_DoesNotReport()
        => Reports(RuleIds.TransactionScopeRequired, """
            public class Simple : ISimple
            {
                [OperationBehavior(TransactionScopeRequired = false)]
                public void Put() { }
            }
            """);

    [Fact]
    public Task TerminatingOperation_Reports()
        => Verify.VerifyOnlyAsync([RuleIds.InitiatingTerminating], """
            using System.ServiceModel;

            [ServiceContract(SessionMode = SessionMode.Required)]
            public interface ICart
            {
                [OperationContract(IsTerminating = true)]
                void {|#0:Checkout|}();
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.InitiatingTerminating).WithLocation(0).WithArguments("ICart.Checkout", "true", "true"));

    [Fact]
    public Task DefaultSessionBounds_DoNotReport()
        => Verify.VerifyOnlyAsync([RuleIds.InitiatingTerminating], """
            using System.ServiceModel;

            [ServiceContract]
            public interface ICart
            {
                [OperationContract]
                void Checkout();
            }
            """);

    [Fact]
    public Task SingleInstanceWithSingleConcurrency_Reports()
        => Reports(RuleIds.SingleInstanceSingleConcurrency, """
            [{|#0:ServiceBehavior(InstanceContextMode = InstanceContextMode.Single)|}]
            public class {|#1:Simple|} : ISimple { public void Put() { } }
            """,
            Verify.Diagnostic(WcfDiagnostics.SingleInstanceSingleConcurrency).WithLocation(0).WithLocation(1).WithArguments("Simple"));

    [Fact]
    public Task SingleInstanceWithMultipleConcurrency_DoesNotReport()
        => Reports(RuleIds.SingleInstanceSingleConcurrency, """
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
            public class Simple : ISimple { public void Put() { } }
            """);

    [Fact]
    public Task OperationContextMembersTheMigrationSupplies_Report()
        => Reports(RuleIds.OperationContextUse, """
            public class Simple : ISimple
            {
                public void Put()
                {
                    var session = OperationContext.{|#0:Current|}.{|#1:SessionId|};
                }
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.OperationContextMember).WithLocation(0).WithArguments("Simple.Put", "Current"),
            Verify.Diagnostic(WcfDiagnostics.OperationContextMember).WithLocation(1).WithArguments("Simple.Put", "SessionId"));

    [Fact]
    public Task CodeWithoutOperationContext_DoesNotReport()
        => Reports(RuleIds.OperationContextUse, """
            public class Simple : ISimple
            {
                public void Put() { var current = System.Threading.Thread.CurrentThread; }
            }
            """);

    [Fact]
    public Task OperationContextHeadersAndQualifiedName_Report()
        => Reports(RuleIds.OperationContextUnsupported, """
            public class Simple : ISimple
            {
                public void Put()
                {
                    var action = {|#0:System.ServiceModel.OperationContext|}.Current.{|#1:IncomingMessageHeaders|}.Action;
                }
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.OperationContextQualified).WithLocation(0).WithArguments("Simple.Put", "System.ServiceModel.OperationContext"),
            Verify.Diagnostic(WcfDiagnostics.OperationContextMemberUnsupported).WithLocation(1).WithArguments("Simple.Put", "IncomingMessageHeaders"));

    [Fact]
    public Task SupportedOperationContextMembers_DoNotReportUnsupported()
        => Reports(RuleIds.OperationContextUnsupported, """
            public class Simple : ISimple
            {
                public void Put() { var session = OperationContext.Current.SessionId; }
            }
            """);
}
