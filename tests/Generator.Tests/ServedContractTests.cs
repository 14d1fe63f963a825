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
    [InlineData("public class Server { Receiver<Server> rcvr = new Receiver<Server>(); }", "Harness.Receiver<Harness.Server>", true)]
    [InlineData("public class Server { public void Host() { var host = new ServiceHost(typeof(Receiver<Server>)); } }", "Harness.Receiver<Harness.Server>", true)]
    [InlineData("public class Comm<T> { public Receiver<T> rcvr { get; } = new Receiver<T>(); } public class Server { Comm<Server> comm = new Comm<Server>(); }", "Harness.Receiver<Harness.Server>", true)]
    [InlineData("public class Comm<T> { public Receiver<T[]> rcvr = new Receiver<T[]>(); } public class Server { Comm<Server> comm = new Comm<Server>(); }", "Harness.Receiver<Harness.Server[]>", false)]
    public void AGenericImplementationTheInputClosesOnce_IsServedAsThatClosedType(string closing, string served, bool byNameOnly)
    {
        var result = Run(Receiver + "namespace Harness { using System.ServiceModel; " + closing + " }");

        var implementation = Assert.Single(result.Model.Implementations);
        Assert.Equal(served, implementation.Key);
        Assert.Equal("Harness.Receiver<T>", implementation.GenericDefinitionKey);
        Assert.True(implementation.IsActivatable);
        Assert.NotEmpty(implementation.TypeArgumentPositions);
        // T unconstrained: the closing needs Server by name only; Server[] is an array of it, which stays needed whole.
        Assert.Equal(byNameOnly, implementation.NameOnlyTypeArgumentPositions.Count > 0);
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

    /// <summary>The compilation's files other than <paramref name="inputFiles"/>, as the projects (their first folder) the input references.</summary>
    private static IReadOnlyList<ReferencedProject> ReferencedBesides(Microsoft.CodeAnalysis.Compilation compilation, IReadOnlyCollection<string> inputFiles)
        => compilation.SyntaxTrees.Select(t => t.FilePath).Where(f => f.Contains('/', StringComparison.Ordinal) && !inputFiles.Contains(f))
            .GroupBy(f => f.Substring(0, f.IndexOf('/', StringComparison.Ordinal)), StringComparer.Ordinal)
            .Select(g => new ReferencedProject(g.Key, g.ToArray()))
            .ToList();

    /// <summary>
    /// The input's project (Server.cs) with the projects it references compiled beside it, as generate reads them: each of
    /// those projects was a program of its own, closing the receiver its own way (Comm.cs's test stub, Client.cs).
    /// </summary>
    private static EngineResult RunWithReferencedProjects(string server, params string[] inputFiles)
    {
        var compilation = WcfTestCompilation.Create(
        [
            ("Communication/Receiver.cs", Receiver),
            ("Communication/Comm.cs", "namespace Harness { public class Comm<T> { public Receiver<T> rcvr = new Receiver<T>(); } class Cat { } class TestComm { static void Main() { var comm = new Comm<Cat>(); } } }"),
            ("Client/Client.cs", "namespace Harness { public class Client { Comm<Client> comm = new Comm<Client>(); } }"),
            ("Server/Server.cs", "namespace Harness { " + server + " }"),
        ]);
        return MigrationEngine.Run(compilation, new EngineOptions { CSharp = new CSharpOptions(), ReferencedProjects = ReferencedBesides(compilation, inputFiles) });
    }

    [Theory]
    [InlineData("public class Server { Comm<Server> comm = new Comm<Server>(); }")]
    [InlineData("public class Server { static void Main() { new System.ServiceModel.ServiceHost(typeof(Receiver<Server>)).Open(); } }")]
    public void AGenericImplementationTheInputClosesOnce_IsServedAsThatClosing_WhateverTheReferencedProjectsClose(string server)
    {
        var result = RunWithReferencedProjects(server, "Server/Server.cs");

        Assert.Equal("Harness.Receiver<Harness.Server>", Assert.Single(result.Model.Implementations).Key);
        Assert.Contains(result.CSharpFiles, f => f.Content.Contains("MapGrpcService<CommServiceAdapter<global::Harness.Receiver<global::Harness.Server>>>", StringComparison.Ordinal));
    }

    [Fact]
    public void AGenericImplementationTheInputClosesTwice_StaysUnserved_WithOnlyTheInputsClosings()
    {
        var result = RunWithReferencedProjects("public class Server { Comm<Server> comm = new Comm<Server>(); } public class Backup { Comm<Backup> comm = new Comm<Backup>(); }", "Server/Server.cs");

        var implementation = Assert.Single(result.Model.Implementations);
        Assert.False(implementation.IsActivatable);
        Assert.Equal(new[] { "Harness.Receiver<Harness.Backup>", "Harness.Receiver<Harness.Server>" }, implementation.Closings.AsImmutableArray());
    }

    [Fact]
    public void AGenericImplementationTheInputDoesNotClose_KeepsEveryReferencedProjectsClosing()
    {
        // The input reaches the contract (it names it) but closes no receiver of its own.
        var result = RunWithReferencedProjects("public class Server { ICommService peer; }", "Server/Server.cs");

        Assert.Equal(new[] { "Harness.Receiver<Harness.Cat>", "Harness.Receiver<Harness.Client>" }, Assert.Single(result.Model.Implementations).Closings.AsImmutableArray());
    }

    [Fact]
    public void AReferencedProjectsGenericServiceTheInputNeitherClosesNorNames_IsLeftOut_WithWCFM1028()
    {
        var result = RunWithReferencedProjects("public class Server { }", "Server/Server.cs");

        Assert.Empty(result.Model.Implementations);
        Assert.Empty(result.Model.Services);
        Assert.Contains(result.Findings, f => f.RuleId == RuleIds.ReferencedProjectContract && f.Arguments.AsImmutableArray().Contains("'Harness.ICommService' (project 'Communication')"));
    }

    [Fact]
    public void WithoutReferencedProjects_EveryFileIsTheInputs_AndThreeClosingsStayUnserved()
    {
        var result = MigrationEngine.Run(
            WcfTestCompilation.Create(
            [
                ("Communication/Receiver.cs", Receiver),
                ("Communication/Comm.cs", "namespace Harness { public class Comm<T> { public Receiver<T> rcvr = new Receiver<T>(); } class Cat { } class TestComm { static void Main() { var comm = new Comm<Cat>(); } } }"),
                ("Client/Client.cs", "namespace Harness { public class Client { Comm<Client> comm = new Comm<Client>(); } }"),
                ("Server/Server.cs", "namespace Harness { public class Server { Comm<Server> comm = new Comm<Server>(); } }"),
            ]),
            new EngineOptions { CSharp = new CSharpOptions() });

        Assert.Equal(3, Assert.Single(result.Model.Implementations).Closings.Count);
    }

    /// <summary>
    /// A course's file service given by its project (Repository/), with the Client project it references: each has its
    /// own copy of IStreamService, and the service, declared in the Client's namespace, implements the Client's copy.
    /// </summary>
    private static EngineResult RunStreamServices(string repositoryContract, string clientCode = "", params string[] inputFiles)
    {
        var compilation = WcfTestCompilation.Create(
        [
            ("Repository/IStreamService.cs", """
                using System.ServiceModel;
                namespace Repository
                {
                    [ServiceContract(Namespace = "http://Repository")]
                    public interface IStreamService { OPERATIONS }
                    [MessageContract] public class FileMessage { [MessageBodyMember] public string name { get; set; } }
                }
                """.Replace("OPERATIONS", repositoryContract, StringComparison.Ordinal)),
            ("Repository/Repository.cs", """
                using Repository;
                namespace RemoteTestHarness
                {
                    public class RepositoryTransfer : IStreamService { public int blockSize() => 1024; public void upLoad(FileMessage msg) { } }
                }
                """ + clientCode),
            ("Client/IStreamService.cs", """
                using System.ServiceModel;
                namespace RemoteTestHarness
                {
                    [ServiceContract(Namespace = "http://RemoteTestHarness")]
                    public interface IStreamService { [OperationContract] int blockSize(); [OperationContract(IsOneWay = true)] void upLoad(FileMessage msg); }
                    [MessageContract] public class FileMessage { [MessageBodyMember] public string name { get; set; } }
                }
                """),
        ]);
        return MigrationEngine.Run(compilation, new EngineOptions { CSharp = new CSharpOptions(), ReferencedProjects = ReferencedBesides(compilation, inputFiles.Length == 0 ? ["Repository/IStreamService.cs", "Repository/Repository.cs"] : inputFiles) });
    }

    private const string SameOperations = "[OperationContract] int blockSize(); [OperationContract(IsOneWay = true)] void upLoad(Repository.FileMessage msg);";

    [Fact]
    public void TheInputsContract_WhenItsClassImplementsAReferencedProjectsCopyInAnotherNamespace_IsNoServiceOfItsOwn_AndWCFM1024SaysWhy()
    {
        var result = RunStreamServices(SameOperations);

        Assert.Equal(["RemoteTestHarness.IStreamService"], result.Model.Services.Select(s => s.Key));
        var finding = Assert.Single(result.FindingsOf(RuleIds.ClientSideContract));
        Assert.Contains("Service contract 'Repository.IStreamService' is implemented nowhere in the input and no client code calls it, while the input implements 'RemoteTestHarness.IStreamService' of a project it references, with its WCF name 'IStreamService' and the same operations in namespace 'http://RemoteTestHarness' rather than 'http://Repository'", finding.Text(), StringComparison.Ordinal);
    }

    [Theory]
    // Another operation: another service, which a service outside the input may implement.
    [InlineData("[OperationContract] int blockSize(); [OperationContract] string[] fileNames();")]
    // The same operation, not one-way here: another contract.
    [InlineData("[OperationContract] int blockSize(); [OperationContract] void upLoad(Repository.FileMessage msg);")]
    public void TheInputsContract_WithOtherOperations_StaysAService(string operations)
    {
        var result = RunStreamServices(operations);

        Assert.Equal(new[] { "RemoteTestHarness.IStreamService", "Repository.IStreamService" }, result.Model.Services.Select(s => s.Key).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void TheInputsContract_ThatClientCodeCalls_StaysAService()
    {
        var result = RunStreamServices(SameOperations, """
            namespace Repository
            {
                public class StreamClient : IStreamService
                {
                    readonly IStreamService channel = new System.ServiceModel.ChannelFactory<IStreamService>(new System.ServiceModel.BasicHttpBinding(), new System.ServiceModel.EndpointAddress("http://localhost/s")).CreateChannel();
                    public int blockSize() => channel.blockSize();
                    public void upLoad(FileMessage msg) => channel.upLoad(msg);
                }
            }
            """);

        Assert.Contains(result.Model.Services, s => s.Key == "Repository.IStreamService");
        Assert.Empty(result.FindingsOf(RuleIds.ClientSideContract));
    }

    [Fact]
    public void BothCopiesInTheInput_StayServices_AnotherNamespaceBeingAnotherService()
    {
        var result = RunStreamServices(SameOperations, "", "Repository/IStreamService.cs", "Repository/Repository.cs", "Client/IStreamService.cs");

        Assert.Equal(new[] { "RemoteTestHarness.IStreamService", "Repository.IStreamService" }, result.Model.Services.Select(s => s.Key).Order(StringComparer.Ordinal));
        Assert.Empty(result.FindingsOf(RuleIds.ClientSideContract));
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
