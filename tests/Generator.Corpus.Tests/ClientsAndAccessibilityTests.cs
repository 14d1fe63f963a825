using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// Real WCF code read as WCF reads it, and the migrated project built from it working: client code beside an
/// implementation is never served (the implementation answers over a socket), client-side copies of a contract get no
/// service, internal contracts get internal generated code that compiles and serves (the default implementation and
/// the one the options choose), types generated code cannot name are left out, and [WebGet]-only methods are operations.
/// </summary>
public sealed class ClientsAndAccessibilityTests(ClientsAndAccessibilityTests.Driven driven) : IClassFixture<ClientsAndAccessibilityTests.Driven>
{
    [Fact]
    public Task ClientCodeBesideTheService_IsNotServed_TheImplementationsAnswerOverASocket()
        => DrivenScenario.WithSocketAsync("mwclients-", socket => (Task)driven.Clients.Value.Invoke("ServeAsync", socket)!);

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public Task InternalContracts_AreServedByInternalGeneratedCode_ByTheDefaultOrTheChosenImplementation(bool chooseInventoryService)
        => DrivenScenario.WithSocketAsync("mwinternal-", socket => (Task)driven.Internal.Value.Invoke("ServeAsync", socket, chooseInventoryService)!);

    [Fact]
    public void ClientCode_IsNeitherAnImplementationNorOfferedToHosting()
    {
        var result = EngineRun.CSharpRun(CorpusScenario.Get("NetFramework/ClientsBesideService"));

        Assert.Equal(["Contoso.Quotes.PortfolioService", "Contoso.Quotes.QuoteService", "Contoso.Quotes.QuoteTicker"], result.Model.Implementations.Select(i => i.Key));
        Assert.Equal(
            [("Contoso.Quotes.QuoteChannel", "ChannelFactory<IQuoteService>"), ("Contoso.Quotes.QuoteClient", "ClientBase<IQuoteService>"), ("Contoso.Quotes.QuoteTickerClient", "DuplexClientBase<IQuoteTicker>")],
            result.Model.ClientClasses.Select(c => (c.Key, c.BuiltOn)));
        Assert.All(result.CSharp!.Services, s => Assert.Single(s.Implementations));
        Assert.DoesNotContain(result.CSharpFiles, f => f.Content.Contains("QuoteClient", StringComparison.Ordinal) || f.Content.Contains("QuoteChannel", StringComparison.Ordinal));
        Assert.Equal(3, result.Findings.Count(f => f.RuleId == RuleIds.ClientCode));
    }

    [Fact]
    public void ClientSideCopies_GetNoServiceOfTheirOwn()
    {
        var result = EngineRun.CSharpRun(CorpusScenario.Get("NetFramework/ClientSideContractCopy"));

        Assert.Equal("Litware.Orders.Service.IOrderService", Assert.Single(result.Model.Services).Key);
        Assert.Equal("OrderService", Assert.Single(result.Proto.SelectMany(f => f.Services)).Name);
        Assert.DoesNotContain(result.Model.DataTypes, t => t.Key == "Litware.Orders.Client.OrderStatusView");
        Assert.Equal(
            ["ClientSideContractCopy", "ClientSideContractGenerated"],
            result.Findings.Where(f => f.RuleId == RuleIds.ClientSideContract).Select(f => f.MessageId));
    }

    [Fact]
    public void InternalContracts_GetInternalGeneratedCode()
    {
        var result = EngineRun.CSharpRun(CorpusScenario.Get("NetFramework/InternalContracts"));
        string File(string name) => result.CSharpFiles.Single(f => f.RelativePath.EndsWith(name, StringComparison.Ordinal)).Content;

        Assert.Contains("internal sealed class InventoryServiceAdapter<TService>", File("/InventoryServiceAdapter.g.cs"));
        Assert.Contains("internal sealed class InventoryServiceProxy", File("/InventoryServiceProxy.g.cs"));
        Assert.Contains("internal sealed class StockWatchProxy", File("/StockWatchProxy.g.cs"));
        Assert.Contains("internal global::Fabrikam.Warehouse.IInventoryService CreateInventoryService()", File("MigratedClientFactory.g.cs"));
        Assert.Contains("internal enum InventoryServiceImplementation", File("MigratedServices.g.cs"));
        Assert.Contains("internal InventoryServiceImplementation InventoryService { get; set; }", File("MigratedServices.g.cs"));
        // The set-wide entry points stay public: they name no internal type in a signature.
        Assert.Contains("public static class MigratedServices", File("MigratedServices.g.cs"));
        Assert.Contains("public sealed class MigratedClientFactory", File("MigratedClientFactory.g.cs"));
        Assert.Contains("global::Fabrikam.Warehouse.Bins.Location", File("/V2016TypesMappers.g.cs"));
    }

    [Fact]
    public void TypesGeneratedCodeCannotName_AreLeftOut_WithAWarningAtTheType()
    {
        var result = EngineRun.CSharpRun(CorpusScenario.Get("NetFramework/PrivateNestedContract"));

        Assert.Equal("Northwind.Greetings.IGreetingService", Assert.Single(result.Model.Services).Key);
        Assert.Equal("Northwind.Greetings.GreetingService", Assert.Single(result.Model.Implementations).Key);
        Assert.DoesNotContain(result.Model.DataTypes, t => t.Key.Contains("Trace", StringComparison.Ordinal) || t.Key.Contains("Probe", StringComparison.Ordinal));
        Assert.Equal(["text"], result.Proto.SelectMany(f => f.Definitions).Single(d => d.Name == "Greeting").Message!.Fields.Select(f => f.Name));
        var unreachable = result.Findings.Where(f => f.RuleId == RuleIds.UnreachableType).ToList();
        Assert.Equal(["UnreachableContract", "UnreachableImplementation", "UnreachableMember"], unreachable.Select(f => f.MessageId).Order());
        Assert.All(unreachable, f => Assert.Equal(FindingSeverity.Warning, f.Severity));
        Assert.DoesNotContain(result.CSharpFiles, f => f.Content.Contains("Probe", StringComparison.Ordinal) || f.Content.Contains("GreetingStub", StringComparison.Ordinal) || f.Content.Contains("Trace", StringComparison.Ordinal));
    }

    [Fact]
    public void WebGetAndWebInvokeWithoutOperationContract_AreTheContractsOperations()
    {
        var result = EngineRun.CSharpRun(CorpusScenario.Get("NetFramework/WebGetOnlyOperations"));

        Assert.Equal(["GetValues", "GetValue", "PutValue", "DeleteValue"], Assert.Single(result.Model.Services).Operations.Select(o => o.Name));
        Assert.Equal(["get", "get", "put", "delete"], result.Proto.SelectMany(f => f.Services).Single().Rpcs.Select(r => r.Http!.Method));
    }

    /// <summary>The two driven scenarios, each compiled once with its driver, on first use.</summary>
    public sealed class Driven
    {
        public Lazy<DrivenScenario> Clients { get; } = new(() => new DrivenScenario("NetFramework/ClientsBesideService", "ClientsBesideServiceDriver.cs", "ClientsBesideServiceCheck.Driver"));

        public Lazy<DrivenScenario> Internal { get; } = new(() => new DrivenScenario("NetFramework/InternalContracts", "InternalContractsDriver.cs", "InternalContractsCheck.Driver"));
    }
}
