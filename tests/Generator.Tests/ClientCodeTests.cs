using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// Client code is not an implementation (WCFM1023), a client-side copy of a contract is not a service (WCFM1024), and
/// the implementation served when several exist is the first by name, reported with how to choose another (WCFM1025).
/// </summary>
public class ClientCodeTests
{
    private const string Echo = """
        using System;
        using System.ServiceModel;
        namespace Shop
        {
            [ServiceContract] public interface IEcho { [OperationContract] string Echo(string s); }
            public class EchoService : IEcho { public string Echo(string s) => s; }

        """;

    private static EngineResult Run(string source) => MigrationEngine.Run(WcfTestCompilation.Create(source), new EngineOptions { CSharp = new CSharpOptions() });

    private static IEnumerable<string> Served(EngineResult result, string contractKey)
        => result.CSharp!.Services.Single(s => s.ContractKey == contractKey).Implementations.Select(i => i.Key);

    [Fact]
    public void AClientBaseSubclass_IsClientCode_NeverTheDefaultImplementation()
    {
        // Named so that it sorts before the real implementation: it would have been the default.
        var result = Run(Echo + """
                public class EchoClient : ClientBase<IEcho>, IEcho { public string Echo(string s) => Channel.Echo(s); }
            }
            """);

        Assert.Equal(["Shop.EchoService"], Served(result, "Shop.IEcho"));
        Assert.Equal(["Shop.EchoService"], result.Model.Implementations.Select(i => i.Key));
        var client = Assert.Single(result.FindingsOf(RuleIds.ClientCode));
        Assert.Equal(FindingSeverity.Info, client.Severity);
        Assert.StartsWith("'Shop.EchoClient' implements 'Shop.IEcho' but is WCF client code, built on 'ClientBase<IEcho>'. Not served", client.Text());
        Assert.Contains("MigratedClientFactory", client.Text());
        Assert.Empty(result.FindingsOf(RuleIds.ImplementationChoice));
        Assert.DoesNotContain(result.CSharpFiles, f => f.Content.Contains("global::Shop.EchoClient", StringComparison.Ordinal));
    }

    [Fact]
    public void ADuplexClientBaseSubclass_IsClientCode()
    {
        var result = Run("""
            using System.ServiceModel;
            public interface IFeedCallback { [OperationContract(IsOneWay = true)] void Item(string text); }
            [ServiceContract(CallbackContract = typeof(IFeedCallback))] public interface IFeed { [OperationContract(IsOneWay = true)] void Follow(string topic); }
            public class Feed : IFeed { public void Follow(string topic) { } }
            public class FeedClient : DuplexClientBase<IFeed>, IFeed
            {
                public FeedClient(InstanceContext callback) : base(callback) { }
                public void Follow(string topic) => Channel.Follow(topic);
            }
            """);

        Assert.Equal(["Feed"], Served(result, "IFeed"));
        Assert.Equal("DuplexClientBase<IFeed>", Assert.Single(result.Model.ClientClasses).BuiltOn);
    }

    [Theory]
    [InlineData("private readonly ChannelFactory<IEcho> _factory = new ChannelFactory<IEcho>(\"echo\"); public string Echo(string s) => _factory.CreateChannel().Echo(s);", "ChannelFactory<IEcho>")]
    [InlineData("public string Echo(string s) { var factory = new ChannelFactory<IEcho>(\"echo\"); return factory.CreateChannel().Echo(s); }", "ChannelFactory<IEcho>")]
    [InlineData("public string Echo(string s) => ChannelFactory<IEcho>.CreateChannel(new BasicHttpBinding(), new EndpointAddress(\"http://echo\")).Echo(s);", "ChannelFactory<IEcho>")]
    [InlineData("private readonly IEchoChannel _channel; public EchoRelay(IEchoChannel channel) { _channel = channel; } public string Echo(string s) => _channel.Echo(s);", "IEchoChannel")]
    [InlineData("public string Echo(string s) { using (var proxy = new EchoProxy()) { return proxy.Echo(s); } }", "ClientBase<IEcho>")]
    public void AClassBuiltOnAChannelOfItsContract_IsClientCode(string body, string builtOn)
    {
        var result = Run(Echo + $$"""
                public interface IEchoChannel : IEcho, IClientChannel { }
                public class EchoProxy : ClientBase<IEcho>, IDisposable { public string Echo(string s) => Channel.Echo(s); void IDisposable.Dispose() { } }
                public class EchoRelay : IEcho { {{body}} }
            }
            """);

        Assert.Equal(["Shop.EchoService"], Served(result, "Shop.IEcho"));
        Assert.Equal(("Shop.EchoRelay", builtOn), result.Model.ClientClasses.Select(c => (c.Key, c.BuiltOn)).Single(c => c.Key == "Shop.EchoRelay"));
    }

    [Fact]
    public void AServiceCallingAnotherContractsChannel_OrARelayWithServiceBehavior_StaysAnImplementation()
    {
        var result = Run(Echo + """
                [ServiceContract] public interface IOrders { [OperationContract] string Place(string item); }
                public class Orders : IOrders
                {
                    private readonly ChannelFactory<IEcho> _echo = new ChannelFactory<IEcho>("echo");
                    public string Place(string item) => _echo.CreateChannel().Echo(item);
                }
                [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single)]
                public class EchoRelay : IEcho
                {
                    private readonly ChannelFactory<IEcho> _backend = new ChannelFactory<IEcho>("backend");
                    public string Echo(string s) => _backend.CreateChannel().Echo(s);
                }
                public class Decorator : IEcho
                {
                    private readonly IEcho _inner = new EchoService();
                    public string Echo(string s) => _inner.Echo(s);
                }
            }
            """);

        Assert.Empty(result.FindingsOf(RuleIds.ClientCode));
        Assert.Equal(["Shop.Decorator", "Shop.EchoRelay", "Shop.EchoService", "Shop.Orders"], result.Model.Implementations.Select(i => i.Key));
    }

    [Fact]
    public void AContractWithTheWcfNameOfAnImplementedOne_IsAClientSideCopy()
    {
        var result = Run(Echo + """
            }
            namespace Shop.Client
            {
                [ServiceContract(Name = "IEcho")] public interface IEchoService { [OperationContract] string Echo(string s); }
            }
            namespace Shop.Other
            {
                [ServiceContract(Namespace = "urn:other")] public interface IEcho { [OperationContract] string Echo(string s); }
            }
            """);

        Assert.Equal(["Shop.IEcho", "Shop.Other.IEcho"], result.Model.Services.Select(s => s.Key));
        var copy = Assert.Single(result.FindingsOf(RuleIds.ClientSideContract));
        Assert.StartsWith("Service contract 'Shop.Client.IEchoService' is implemented nowhere in the input, and 'Shop.IEcho', which is, has its WCF name 'IEcho' and namespace 'http://tempuri.org/': it is a client-side copy of 'Shop.IEcho'", copy.Text());
        Assert.DoesNotContain(result.Proto.SelectMany(f => f.Services), s => s.ContractKey == "Shop.Client.IEchoService");
    }

    [Theory]
    [InlineData("[System.CodeDom.Compiler.GeneratedCode(\"System.ServiceModel\", \"4.0.0.0\")] [ServiceContract]", "[GeneratedCode(\"System.ServiceModel\")]")]
    [InlineData("[ServiceContract(ConfigurationName = \"Refs.IQuotes\")]", "ServiceContract(ConfigurationName = \"Refs.IQuotes\")")]
    public void AGeneratedClientContract_BesideAnImplementedOne_IsClientCode(string attributes, string evidence)
    {
        var result = Run(Echo + $$"""
                {{attributes}} public interface IQuotes { [OperationContract] decimal Quote(string symbol); }
            }
            """);

        Assert.Equal(["Shop.IEcho"], result.Model.Services.Select(s => s.Key));
        Assert.Contains($"Service contract 'Shop.IQuotes' was generated for a client ({evidence})", Assert.Single(result.FindingsOf(RuleIds.ClientSideContract)).Text());
    }

    [Fact]
    public void ContractsWithoutImplementations_StayServices_WhenNothingIsImplemented()
    {
        // A contracts-only input, svcutil output included: every contract is migrated as today.
        var result = Run("""
            using System.ServiceModel;
            [ServiceContract] public interface IEcho { [OperationContract] string Echo(string s); }
            [System.CodeDom.Compiler.GeneratedCode("System.ServiceModel", "4.0.0.0")]
            [ServiceContract(ConfigurationName = "Refs.IQuotes")] public interface IQuotes { [OperationContract] decimal Quote(string symbol); }
            public class QuotesClient : ClientBase<IQuotes>, IQuotes { public decimal Quote(string symbol) => Channel.Quote(symbol); }
            """);

        Assert.Equal(["IEcho", "IQuotes"], result.Model.Services.Select(s => s.Key));
        Assert.Empty(result.FindingsOf(RuleIds.ClientSideContract));
    }

    [Fact]
    public void AHandWrittenContractWithoutImplementation_BesideImplementedOnes_StaysAService()
    {
        var result = Run(Echo + """
                [ServiceContract] public interface IAudit { [OperationContract] void Log(string text); }
            }
            """);

        Assert.Equal(["Shop.IAudit", "Shop.IEcho"], result.Model.Services.Select(s => s.Key));
        Assert.Empty(result.FindingsOf(RuleIds.ClientSideContract));
    }

    [Fact]
    public void SeveralImplementations_TheFirstByNameIsTheDefault_AndTheFindingSaysHowToChoose()
    {
        var source = Echo + """
                public class LoudEcho : IEcho { public string Echo(string s) => s.ToUpperInvariant(); }
                public abstract class AbstractEcho : IEcho { public abstract string Echo(string s); }
            }
            """;
        var result = Run(source);

        Assert.Equal(["Shop.EchoService", "Shop.LoudEcho"], Served(result, "Shop.IEcho"));
        var choice = Assert.Single(result.FindingsOf(RuleIds.ImplementationChoice));
        Assert.Equal(FindingSeverity.Info, choice.Severity);
        Assert.StartsWith("'Shop.EchoService' serves 'Shop.IEcho' by default; 'Shop.LoudEcho' implement(s) it too: set MigratedServicesOptions.Echo in AddMigratedServices to serve another", choice.Text());
        Assert.Equal(6, choice.Position!.Line);
        Assert.Equal(7, Assert.Single(choice.AdditionalPositions).Line);
        var plan = result.CSharp!.Services.Single();
        Assert.Equal(("EchoImplementation", "Echo"), (plan.Choice!.Enum, plan.Choice.Property));
        Assert.Contains("public EchoImplementation Echo { get; set; } = EchoImplementation.EchoService;", result.CSharpFiles.Single(f => f.RelativePath == "MigratedServices.g.cs").Content);
    }

    [Fact]
    public void OneImplementation_IsNotReportedAsAChoice()
    {
        Assert.Empty(Run(Echo + "}").FindingsOf(RuleIds.ImplementationChoice));
    }
}
