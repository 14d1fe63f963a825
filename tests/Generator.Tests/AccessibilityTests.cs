using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// Accessibility kept: generated code that names an internal type in a signature is internal; a type generated code
/// cannot name (private or protected nested, or nested in such a type) is left out with a warning at it (WCFM1026).
/// The corpus compiles the emitted C# of such projects (InternalContracts, PrivateNestedContract).
/// </summary>
public class AccessibilityTests
{
    private static EngineResult Run(string source) => MigrationEngine.Run(WcfTestCompilation.Create(source), new EngineOptions { CSharp = new CSharpOptions() });

    private static string File(EngineResult result, string name) => result.CSharpFiles.Single(f => f.RelativePath.EndsWith(name, StringComparison.Ordinal)).Content;

    [Fact]
    public void AnInternalContract_GetsAnInternalAdapterProxyAndFactoryMethod()
    {
        var result = Run("""
            using System.Runtime.Serialization;
            using System.ServiceModel;
            namespace Shop
            {
                [ServiceContract] internal interface IEcho { [OperationContract] Note Echo(Note note); }
                [DataContract] internal class Note { [DataMember] public string Text = ""; }
                internal class EchoService : IEcho { public Note Echo(Note note) => note; }
                [ServiceContract] public interface IPing { [OperationContract] void Ping(); }
                public class PingService : IPing { public void Ping() { } }
            }
            """);

        Assert.True(result.Model.Services.Single(s => s.Key == "Shop.IEcho").IsInternal);
        Assert.False(result.Model.Services.Single(s => s.Key == "Shop.IPing").IsInternal);
        Assert.True(result.Model.DataTypes.Single().IsInternal);
        Assert.True(result.Model.Implementations.Single(i => i.Key == "Shop.EchoService").IsInternal);
        Assert.Contains("internal sealed class EchoAdapter<TService>", File(result, "/EchoAdapter.g.cs"));
        Assert.Contains("internal sealed class EchoProxy", File(result, "/EchoProxy.g.cs"));
        Assert.Contains("internal global::Shop.IEcho CreateEcho()", File(result, "MigratedClientFactory.g.cs"));
        Assert.Contains("public sealed class PingAdapter<TService>", File(result, "/PingAdapter.g.cs"));
        Assert.Contains("public global::Shop.IPing CreatePing()", File(result, "MigratedClientFactory.g.cs"));
    }

    [Fact]
    public void APublicContractWithAnInternalCallback_IsInternalToo()
    {
        var result = Run("""
            using System.ServiceModel;
            internal interface IFeedCallback { [OperationContract(IsOneWay = true)] void Item(string text); }
            [ServiceContract(CallbackContract = typeof(IFeedCallback))] public interface IFeed { [OperationContract(IsOneWay = true)] void Follow(string topic); }
            """);

        Assert.True(Assert.Single(result.Model.Services).IsInternal);
        Assert.Contains("internal global::IFeed CreateFeed(global::IFeedCallback callback)", File(result, "MigratedClientFactory.g.cs"));
    }

    [Fact]
    public void AChoiceAmongInternalImplementations_IsInternal()
    {
        var result = Run("""
            using System.ServiceModel;
            [ServiceContract] public interface IEcho { [OperationContract] string Echo(string s); }
            public class Loud : IEcho { public string Echo(string s) => s.ToUpperInvariant(); }
            internal class Quiet : IEcho { public string Echo(string s) => s.ToLowerInvariant(); }
            """);

        var hosting = File(result, "MigratedServices.g.cs");
        Assert.Contains("internal enum EchoImplementation", hosting);
        Assert.Contains("internal EchoImplementation Echo { get; set; } = EchoImplementation.Loud;", hosting);
        Assert.Contains("public sealed class EchoAdapter<TService>", File(result, "/EchoAdapter.g.cs"));
    }

    [Fact]
    public void TypesNestedInAccessibleTypes_AreMigrated_WithQualifiedNames()
    {
        var result = Run("""
            using System.Runtime.Serialization;
            using System.ServiceModel;
            namespace Shop
            {
                public static class Api
                {
                    [ServiceContract] public interface IEcho { [OperationContract] Wire.Note Echo(Wire.Note note); }
                    internal class EchoService : IEcho { public Wire.Note Echo(Wire.Note note) => note; }
                }
                internal static class Wire { [DataContract] public class Note { [DataMember] public string Text = ""; } }
            }
            """);

        Assert.Empty(result.FindingsOf(RuleIds.UnreachableType));
        var contract = Assert.Single(result.Model.Services);
        Assert.Equal(("global::Shop.Api.IEcho", false), (contract.CSharpName, contract.IsInternal));
        Assert.Equal(("global::Shop.Wire.Note", true), (result.Model.DataTypes.Single().CSharpName, result.Model.DataTypes.Single().IsInternal));
        Assert.Contains("where TService : class, global::Shop.Api.IEcho", File(result, "/EchoAdapter.g.cs"));
        Assert.Contains("AddWcfService<global::Shop.Api.EchoService>", File(result, "MigratedServices.g.cs"));
    }

    [Fact]
    public void APrivateNestedContract_AndItsImplementation_AreLeftOut_WithOneWarningAtTheContract()
    {
        var result = Run("""
            using System.Runtime.Serialization;
            using System.ServiceModel;
            public class EchoTests
            {
                [ServiceContract] private interface IEcho { [OperationContract] Note Echo(Note note); }
                [DataContract] private class Note { [DataMember] public string Text = ""; }
                private class EchoService : IEcho { public Note Echo(Note note) => note; }
            }
            """);

        Assert.Empty(result.Model.Services);
        Assert.Empty(result.Model.Implementations);
        Assert.Empty(result.Model.DataTypes);
        var finding = Assert.Single(result.FindingsOf(RuleIds.UnreachableType));
        Assert.Equal(FindingSeverity.Warning, finding.Severity);
        Assert.Equal(5, finding.Position!.Line);
        Assert.StartsWith("Service contract 'EchoTests.IEcho' is private in 'EchoTests', so generated code cannot name it.", finding.Text());
    }

    [Fact]
    public void AContractNestedInAPrivateType_IsLeftOut()
    {
        var result = Run("""
            using System.ServiceModel;
            public class Outer
            {
                private static class Fixtures
                {
                    [ServiceContract] public interface IEcho { [OperationContract] string Echo(string s); }
                }
            }
            """);

        Assert.Empty(result.Model.Services);
        Assert.Contains("Service contract 'Outer.Fixtures.IEcho' is nested in the private type 'Outer.Fixtures'", Assert.Single(result.FindingsOf(RuleIds.UnreachableType)).Text());
    }

    [Fact]
    public void AProtectedImplementationOfAPublicContract_IsNotServed_WithAWarningAtIt()
    {
        var result = Run("""
            using System.ServiceModel;
            [ServiceContract] public interface IEcho { [OperationContract] string Echo(string s); }
            public class EchoService : IEcho { public string Echo(string s) => s; }
            public class Tests { protected class Stub : IEcho { public string Echo(string s) => ""; } }
            """);

        Assert.Equal(["EchoService"], result.Model.Implementations.Select(i => i.Key));
        Assert.Equal(["EchoService"], result.CSharp!.Services.Single().Implementations.Select(i => i.Key));
        Assert.StartsWith("'Tests.Stub' implements 'IEcho' but is protected in 'Tests', so the generated hosting cannot create it", Assert.Single(result.FindingsOf(RuleIds.UnreachableType)).Text());
        Assert.Empty(result.FindingsOf(RuleIds.ImplementationChoice));
    }

    [Fact]
    public void APrivateMemberOfAPrivateNestedType_IsLeftOutOfItsMessage()
    {
        var result = Run("""
            using System.Collections.Generic;
            using System.Runtime.Serialization;
            using System.ServiceModel;
            [DataContract] public class Reply
            {
                [DataMember] public string Text = "";
                [DataMember] private Audit audit = new Audit();
                [DataMember] private List<Audit> history = new List<Audit>();
                [DataContract] private class Audit { [DataMember] public string By = ""; }
            }
            [ServiceContract] public interface IEcho { [OperationContract] Reply Echo(string s); }
            """);

        Assert.Equal(["text"], result.Message("Reply").Fields.Select(f => f.Name));
        Assert.DoesNotContain(result.Model.DataTypes, t => t.Key == "Reply.Audit");
        var findings = result.FindingsOf(RuleIds.UnreachableType);
        Assert.Equal(["'Reply.audit'", "'Reply.history'"], findings.Select(f => f.Text().Split(':')[1].Trim().Split(',')[0]));
        Assert.All(findings, f => Assert.Equal(9, f.Position!.Line));
        Assert.DoesNotContain(result.CSharpFiles, f => f.Content.Contains("Audit", StringComparison.Ordinal));
    }
}
