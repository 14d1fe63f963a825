using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>WCFM2015: which data contracts lack distinct explicit Orders, and the facts its fix needs (today's order, the first number).</summary>
public class DataMemberOrderTests
{
    private static EngineResult Run(string types) => Engine.Run($$"""
        using System.Runtime.Serialization;
        using System.ServiceModel;
        {{types}}
        [ServiceContract] public interface IUse { [OperationContract] void Use(Derived value); }
        """);

    private static Finding OrderFinding(EngineResult result, string typeKey)
        => Assert.Single(result.FindingsOf(RuleIds.DataMemberOrder), f => f.Arguments[0] == typeKey);

    [Fact]
    public void MembersWithoutOrder_ReportTodaysWireOrderAndStartAtOne()
    {
        var result = Run("""
            [DataContract] public class Derived
            {
                [DataMember] public string Zeta { get; set; }
                [DataMember(Name = "alpha")] public string Beta { get; set; }
                [DataMember(Order = 1)] public string Gamma { get; set; }
                [DataMember] public string Delta { get; set; }
            }
            """);

        var finding = OrderFinding(result, "Derived");
        Assert.Equal(FindingMessages.MembersWithoutOrder.Id, finding.MessageId);
        // DataContractSerializer's order: members without Order by serialized name (Delta, Zeta, then "alpha" sorts
        // after upper case), then by Order.
        Assert.Equal("Delta,Zeta,Beta,Gamma", finding.Property(DataMemberOrderProperties.Order));
        Assert.Equal("1", finding.Property(DataMemberOrderProperties.First));
        Assert.Equal(4, finding.AdditionalPositions.Count);
    }

    [Fact]
    public void DerivedType_StartsAfterItsBaseTypes()
    {
        var result = Run("""
            [DataContract] public class Root { [DataMember] public int A { get; set; } [DataMember] public int B { get; set; } }
            [DataContract] public class Middle : Root { [DataMember(Order = 7)] public int C { get; set; } }
            [DataContract] public class Derived : Middle { [DataMember] public int D { get; set; } }
            """);

        Assert.Equal("1", OrderFinding(result, "Root").Property(DataMemberOrderProperties.First));
        Assert.DoesNotContain(result.FindingsOf(RuleIds.DataMemberOrder), f => f.Arguments[0] == "Middle");
        // Root's two members take 1 and 2 once fixed; Middle keeps its explicit 7; Derived continues at 8.
        Assert.Equal("8", OrderFinding(result, "Derived").Property(DataMemberOrderProperties.First));
    }

    [Fact]
    public void OrderSharedWithTheBaseType_IsReported()
    {
        var result = Run("""
            [DataContract] public class Root { [DataMember(Order = 1)] public int A { get; set; } }
            [DataContract] public class Derived : Root { [DataMember(Order = 1)] public int B { get; set; } [DataMember(Order = 2)] public int C { get; set; } }
            """);

        var finding = OrderFinding(result, "Derived");
        Assert.Equal(FindingMessages.MembersSharingOrder.Id, finding.MessageId);
        Assert.Contains("B (Order 1)", finding.Arguments[1]);
        Assert.Equal("B,C", finding.Property(DataMemberOrderProperties.Order));
        Assert.Equal("2", finding.Property(DataMemberOrderProperties.First));
        Assert.DoesNotContain(result.FindingsOf(RuleIds.DataMemberOrder), f => f.Arguments[0] == "Root");
    }

    [Fact]
    public void DistinctExplicitOrders_DoNotReport()
    {
        var result = Run("""
            [DataContract] public class Root { [DataMember(Order = 1)] public int A { get; set; } }
            [DataContract] public class Derived : Root { [DataMember(Order = 2)] public int B { get; set; } [DataMember(Order = 5)] public int C { get; set; } }
            """);

        Assert.Empty(result.FindingsOf(RuleIds.DataMemberOrder));
    }

    [Fact]
    public void OrderZero_IsNotAFieldNumber_AndIsReported()
    {
        var result = Run("""
            [DataContract] public class Derived { [DataMember(Order = 0)] public int A { get; set; } [DataMember(Order = 1)] public int B { get; set; } }
            """);

        Assert.Equal("A,B", OrderFinding(result, "Derived").Property(DataMemberOrderProperties.Order));
    }

    [Fact]
    public void MessageContractsAndSerializableTypes_AreNotReported()
    {
        var result = Engine.Run("""
            using System;
            using System.ServiceModel;
            [MessageContract] public class Upload { [MessageBodyMember] public string Name { get; set; } }
            [Serializable] public class Legacy { public int Value; }
            [ServiceContract] public interface IUse { [OperationContract] void Send(Upload upload); [OperationContract] void Keep(Legacy legacy); }
            """);

        Assert.Empty(result.FindingsOf(RuleIds.DataMemberOrder));
    }
}
