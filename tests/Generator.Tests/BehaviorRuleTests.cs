using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>The conditions of the behavior rules beyond each page's before/after example.</summary>
public class BehaviorRuleTests
{
    private static EngineResult Service(string behavior, string contractAttributes = "[ServiceContract]") => Engine.Run($$"""
        using System.ServiceModel;
        {{contractAttributes}} public interface ISimple { [OperationContract] void Put(); }
        {{behavior}} public class Simple : ISimple { public void Put() { } }
        """);

    [Fact]
    public void PerCallWithSingleConcurrency_Reports()
    {
        var result = Service("[ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single)]");

        var finding = Assert.Single(result.FindingsOf(RuleIds.PerCallWithSingleConcurrency));
        Assert.Equal(FindingSeverity.Warning, finding.Severity);
        Assert.Equal(3, finding.Position!.Line);
    }

    [Fact]
    public void PerCallWithMultipleConcurrency_DoesNotReport()
        => Assert.Empty(Service("[ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]").FindingsOf(RuleIds.PerCallWithSingleConcurrency));

    [Fact]
    public void PerCallWithDefaultConcurrency_DoesNotReport()
        => Assert.Empty(Service("[ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]").FindingsOf(RuleIds.PerCallWithSingleConcurrency));

    [Fact]
    public void SingleInstanceWithDefaultConcurrency_ReportsSerializedCalls()
        => Assert.Single(Service("[ServiceBehavior(InstanceContextMode = InstanceContextMode.Single)]").FindingsOf(RuleIds.SingleInstanceSingleConcurrency));

    [Fact]
    public void SingleInstanceWithMultipleConcurrency_DoesNotReportSerializedCalls()
        => Assert.Empty(Service("[ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]").FindingsOf(RuleIds.SingleInstanceSingleConcurrency));

    [Fact]
    public void ReentrantConcurrency_Reports()
        => Assert.Single(Service("[ServiceBehavior(ConcurrencyMode = ConcurrencyMode.Reentrant)]").FindingsOf(RuleIds.ReentrantConcurrency));

    [Fact]
    public void ExplicitPerSession_Reports()
        => Assert.Single(Service("[ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession)]").FindingsOf(RuleIds.PerSessionInstancing));

    [Fact]
    public void DefaultPerSessionOnContractRequiringSessions_Reports()
        => Assert.Single(Service(string.Empty, "[ServiceContract(SessionMode = SessionMode.Required)]").FindingsOf(RuleIds.PerSessionInstancing));

    [Fact]
    public void DefaultPerSessionWithoutSessions_DoesNotReport()
        => Assert.Empty(Service(string.Empty).FindingsOf(RuleIds.PerSessionInstancing));

    [Fact]
    public void TransactionFlowNotAllowed_DoesNotReport()
    {
        var result = Engine.Run("""
            using System.ServiceModel;
            [ServiceContract] public interface IBank { [OperationContract, TransactionFlow(TransactionFlowOption.NotAllowed)] void Pay(); }
            """);

        Assert.Empty(result.FindingsOf(RuleIds.TransactionFlow));
    }

    [Fact]
    public void TransactionFlowAllowed_Reports()
    {
        var result = Engine.Run("""
            using System.ServiceModel;
            [ServiceContract] public interface IBank { [OperationContract, TransactionFlow(TransactionFlowOption.Allowed)] void Pay(); }
            """);

        Assert.Contains("TransactionFlowOption.Allowed", Assert.Single(result.FindingsOf(RuleIds.TransactionFlow)).Text());
    }

    [Fact]
    public void OperationBehaviorWithoutTransactionScope_DoesNotReport()
        => Assert.Empty(Service(string.Empty).FindingsOf(RuleIds.TransactionScopeRequired));

    [Fact]
    public void ImplementationBehaviors_AreInTheModel()
    {
        var result = Engine.Run("""
            using System.ServiceModel;
            [ServiceContract] public interface IBank { [OperationContract] void Pay(); }
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
            public class Bank : IBank { [OperationBehavior(TransactionScopeRequired = true)] public void Pay() { } }
            """);

        var implementation = Assert.Single(result.Model.Implementations);
        Assert.Equal(("Bank", Model.InstanceMode.Single, Model.ConcurrencyModeValue.Multiple), (implementation.ClrName, implementation.InstanceContextMode, implementation.ConcurrencyMode));
        Assert.Equal(new[] { "IBank" }, implementation.ContractKeys);
        Assert.True(Assert.Single(implementation.OperationBehaviors).TransactionScopeRequired);
    }

    [Fact]
    public void OneWayOperation_Reports_AndRequestResponse_DoesNot()
    {
        var result = Engine.Run("""
            using System.ServiceModel;
            [ServiceContract] public interface ILog { [OperationContract(IsOneWay = true)] void Write(string line); [OperationContract] void Flush(); }
            """);

        Assert.Contains("ILog.Write", Assert.Single(result.FindingsOf(RuleIds.OneWayOperation)).Text());
    }
}
