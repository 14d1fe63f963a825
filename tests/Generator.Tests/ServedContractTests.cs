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

    /// <summary>A generic receiver hosting itself, as course projects write it: one queue per closed type.</summary>
    private const string Receiver = """
        using System;
        using System.ServiceModel;
        namespace Harness
        {
            [ServiceContract] public interface ICommService { [OperationContract(IsOneWay = true)] void PostMessage(string body); }
            public class Receiver<T> : ICommService
            {
                public void PostMessage(string body) { }
                public void Open(string address) => new ServiceHost(typeof(Receiver<T>), new Uri(address)).Open();
            }
        }
        """;

    [Theory]
    [InlineData("public class Server { Receiver<Server> rcvr = new Receiver<Server>(); }", "Harness.Receiver<Harness.Server>")]
    [InlineData("public class Server { public void Host() { var host = new ServiceHost(typeof(Receiver<Server>)); } }", "Harness.Receiver<Harness.Server>")]
    [InlineData("public class Comm<T> { public Receiver<T> rcvr { get; } = new Receiver<T>(); } public class Server { Comm<Server> comm = new Comm<Server>(); }", "Harness.Receiver<Harness.Server>")]
    [InlineData("public class Comm<T> { public Receiver<T[]> rcvr = new Receiver<T[]>(); } public class Server { Comm<Server> comm = new Comm<Server>(); }", "Harness.Receiver<Harness.Server[]>")]
    public void AGenericImplementationTheInputClosesOnce_IsServedAsThatClosedType(string closing, string served)
    {
        var result = Run(Receiver + "namespace Harness { using System.ServiceModel; " + closing + " }");

        var implementation = Assert.Single(result.Model.Implementations);
        Assert.Equal(served, implementation.Key);
        Assert.Equal("Harness.Receiver<T>", implementation.GenericDefinitionKey);
        Assert.True(implementation.IsActivatable);
        Assert.NotEmpty(implementation.TypeArgumentPositions);
        var csharpName = "global::" + served.Replace("<Harness.", "<global::Harness.", StringComparison.Ordinal);
        Assert.Contains(result.CSharpFiles, f => f.Content.Contains($"MapGrpcService<CommServiceAdapter<{csharpName}>>", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("", new string[0])]
    [InlineData("public class A { object a = new Receiver<A>(); } public class B { object b = new Receiver<B>(); }", new[] { "Harness.Receiver<Harness.A>", "Harness.Receiver<Harness.B>" })]
    [InlineData("public class Comm<T> { public void Start<U>() { var r = new Receiver<U>(); } } public class A { Comm<A> c = new Comm<A>(); }", new string[0])]
    public void AGenericImplementationClosedNoneOrSeveralWays_IsNotServed_AndKeepsTheClosingsFound(string closing, string[] closings)
    {
        var result = Run(Receiver + "namespace Harness { " + closing + " }");

        var implementation = Assert.Single(result.Model.Implementations);
        Assert.Equal("Harness.Receiver<T>", implementation.Key);
        Assert.False(implementation.IsActivatable);
        Assert.Equal(closings, implementation.Closings.AsImmutableArray());
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
