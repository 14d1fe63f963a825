using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// What the generated host serves is what WCF served: an implementation WCF's dispatcher could create (its
/// parameterless constructor, public or not) is served; a callback contract is no service of its own, even with
/// [ServiceContract]; syndication formatters, which WCF wrote as XML, are refused with WCFM2002, never mapped as members.
/// </summary>
public class ServedContractTests
{
    private static EngineResult Run(string source) => MigrationEngine.Run(WcfTestCompilation.Create(source), new EngineOptions { CSharp = new CSharpOptions() });

    [Theory]
    [InlineData("EchoService() { }")]
    [InlineData("private EchoService() { }")]
    [InlineData("internal EchoService() { }")]
    [InlineData("protected EchoService() { }")]
    [InlineData("public EchoService(string prefix) { }")]
    public void AnImplementationWcfCouldCreate_IsServed(string constructor)
    {
        var result = Run($$"""
            using System.ServiceModel;
            [ServiceContract] public interface IEcho { [OperationContract] string Echo(string s); }
            public class EchoService : IEcho { {{constructor}} public string Echo(string s) => s; }
            """);

        Assert.True(Assert.Single(result.Model.Implementations).IsActivatable);
        Assert.Equal(["EchoService"], result.CSharp!.Services.Single().Implementations.Select(i => i.Key));
        Assert.Contains(result.CSharpFiles, f => f.Content.Contains("MapGrpcService<EchoAdapter<global::EchoService>>", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("public abstract class EchoService : IEcho { public abstract string Echo(string s); }")]
    [InlineData("public class EchoService : IEcho { private EchoService(int seed) { } public string Echo(string s) => s; }")]
    public void AnImplementationNobodyCanCreate_IsNotServed(string implementation)
    {
        var result = Run($$"""
            using System.ServiceModel;
            [ServiceContract] public interface IEcho { [OperationContract] string Echo(string s); }
            {{implementation}}
            """);

        Assert.False(Assert.Single(result.Model.Implementations).IsActivatable);
        Assert.Empty(result.CSharp!.Services.Single().Implementations);
    }

    [Fact]
    public void ACallbackContractWithServiceContract_IsNoServiceOfItsOwn_AndWCFM1002SaysWhy()
    {
        var result = Run("""
            using System.ServiceModel;
            namespace Ticker
            {
                [ServiceContract] public interface ITickerCallback { [OperationContract(IsOneWay = true)] void Update(string s, decimal p); }
                [ServiceContract(CallbackContract = typeof(ITickerCallback))] public interface ITicker { [OperationContract] void Subscribe(string s); }
                public class TickerService : ITicker { public void Subscribe(string s) { } }
            }
            """);

        var service = Assert.Single(result.Model.Services);
        Assert.Equal("Ticker.ITicker", service.Key);
        Assert.Equal("Ticker.ITickerCallback", service.CallbackContractKey);
        Assert.Equal(["Ticker"], result.Proto.SelectMany(f => f.Services).Select(s => s.Name));
        Assert.Contains(result.Proto.SelectMany(f => f.Services).Single().Rpcs, r => r.Name == "Callbacks");
        var finding = Assert.Single(result.FindingsOf(RuleIds.DuplexCallback), f => f.MessageId == FindingMessages.CallbackContractNotAService.Id);
        Assert.StartsWith("'Ticker.ITickerCallback' carries [ServiceContract] and is the callback contract of 'Ticker.ITicker'", finding.Text());
    }

    [Fact]
    public void ASyndicationFormatterResult_IsRefusedWithWCFM2002_AndItsKnownTypesAreNoMessages()
    {
        var result = Run("""
            using System.ServiceModel;
            using System.ServiceModel.Syndication;
            [ServiceContract]
            [ServiceKnownType(typeof(Atom10FeedFormatter))]
            [ServiceKnownType(typeof(Rss20FeedFormatter))]
            public interface IFeeds
            {
                [OperationContract] SyndicationFeedFormatter CreateFeed();
                [OperationContract] int Count();
            }
            """);

        var refused = Assert.Single(result.FindingsOf(RuleIds.UnmappedType));
        Assert.Contains("'SyndicationFeedFormatter', a syndication feed or formatter (WCF wrote it as Atom or RSS XML", refused.Text());
        Assert.Empty(result.Model.DataTypes);
        Assert.DoesNotContain(result.ProtoFiles, f => f.Content.Contains("FeedFormatter", StringComparison.Ordinal) && f.Content.Contains("message Atom10", StringComparison.Ordinal));
    }
}
