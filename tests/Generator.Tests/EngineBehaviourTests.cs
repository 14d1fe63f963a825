using System.Diagnostics;
using MigrateWcf.Generator.Model;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>Whole-engine properties: determinism, model equality, robustness on broken code, and protoc's verdict.</summary>
public class EngineBehaviourTests
{
    private const string Rich = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using System.Threading.Tasks;

        namespace Contoso.Orders
        {
            /// <summary>An item.</summary>
            [DataContract(Namespace = "http://contoso.com/orders/2024")] public class Item { [DataMember(Order = 1)] public string Name = ""; [DataMember(Order = 2)] public decimal Price; }
            [DataContract(Name = "PageOf{0}")] public class Page<T> { [DataMember] public List<T> Items = new(); [DataMember] public int Total; }
            public enum Color { Red = 1, Green = 2 }
            [DataContract, KnownType(typeof(Circle))] public class Shape { [DataMember] public string? Label; }
            [DataContract] public class Circle : Shape { [DataMember] public double Radius; }
            [DataContract] public class Node
            {
                [DataMember] public Node? Next; [DataMember] public object? Tag; [DataMember] public System.Collections.ArrayList? Legacy;
                [DataMember] public Dictionary<Color, string> ByColor = new(); [DataMember] public List<List<int>> Grid = new();
                [DataMember] public Dictionary<string, List<int>> Multi = new(); [DataMember] public int?[] Maybe = new int?[0];
                [DataMember] public TimeSpan Span; [DataMember] public DateTimeOffset At; [DataMember] public DateTime When; [DataMember] public Guid Id;
                [DataMember] public Uri? Link; [DataMember] public char Letter; [DataMember] public byte[]? Blob; [DataMember] public List<string>? MaybeList;
                [DataMember] public Dictionary<string, Shape>? MaybeMap; [DataMember] public Shape Shape = new();
            }
            [MessageContract] public class UploadMessage { [MessageHeader] public string Token = ""; [MessageBodyMember(Order = 1)] public byte[] Data = new byte[0]; }
            public interface IChatCallback { [OperationContract(IsOneWay = true)] void Said(string who, string text); [OperationContract] bool Confirm(string q); }

            [ServiceContract(Namespace = "http://contoso.com/orders/2024", CallbackContract = typeof(IChatCallback))]
            public interface IOrders
            {
                [OperationContract] Page<Item> List(int page);
                [OperationContract] Task<Page<Item>> ListAsync(int page);
                [OperationContract(Name = "AddItem")] void Add(Item item);
                [OperationContract(Name = "AddMany")] void Add(Item[] items, out int added, ref string note);
                [OperationContract] Stream Download(string name);
                [OperationContract] void Upload(Stream data);
                [OperationContract] UploadMessage Send(UploadMessage m);
                [OperationContract(IsOneWay = true)] void Ping();
                [OperationContract] Node Echo(Node node, Color color, Shape shape);
                [OperationContract] string Hello();
                [OperationContract(Name = "Hello")] string HelloAgain();
            }
        }
        namespace Contoso.Inventory
        {
            [DataContract(Namespace = "http://contoso.com/orders/2024")] public class Item { [DataMember] public int Qty; }
            [ServiceContract] public interface IStock { [OperationContract] Item Get(Contoso.Orders.Item item); [OperationContract] Contoso.Orders.Node Node(); }
        }
        """;

    [Fact]
    public void TwoRuns_ProduceTheSameBytes()
    {
        var first = Engine.Run(Rich);
        var second = Engine.Run(Rich);

        Assert.Equal(first.ProtoFiles.Select(f => f.RelativePath), second.ProtoFiles.Select(f => f.RelativePath));
        Assert.Equal(first.ProtoFiles.Select(f => f.Content), second.ProtoFiles.Select(f => f.Content));
        Assert.Equal(first.LockFileText, second.LockFileText);
        Assert.Equal(string.Join("\n", first.Findings), string.Join("\n", second.Findings));
    }

    [Fact]
    public void SourceFilesInAnotherOrder_ProduceTheSameBytes()
    {
        var parts = Rich.Split("namespace Contoso.Inventory");
        var usings = parts[0].Substring(0, parts[0].IndexOf("namespace", StringComparison.Ordinal));
        var a = WcfTestCompilation.Create(new[] { ("A.cs", parts[0]), ("B.cs", usings + "namespace Contoso.Inventory" + parts[1]) });
        var b = WcfTestCompilation.Create(new[] { ("B.cs", usings + "namespace Contoso.Inventory" + parts[1]), ("A.cs", parts[0]) });

        var first = MigrationEngine.Run(a, new EngineOptions());
        var second = MigrationEngine.Run(b, new EngineOptions());

        Assert.Equal(string.Join("\n", first.ProtoFiles), string.Join("\n", second.ProtoFiles));
    }

    [Fact]
    public void SameSource_GivesEqualModels()
    {
        var first = Engine.Run(Rich).Model;
        var second = Engine.Run(Rich).Model;

        Assert.Equal(first, second);
        Assert.Equal(first.GetHashCode(), second.GetHashCode());
        Assert.NotSame(first, second);
    }

    [Fact]
    public void ChangedSource_GivesUnequalModels()
    {
        var first = Engine.Run(Rich).Model;
        var second = Engine.Run(Rich.Replace("public int Total;", "public long Total;")).Model;

        Assert.NotEqual(first, second);
    }

    [Fact]
    public void RichContract_IsAcceptedByProtoc()
    {
        var result = Engine.Run(Rich);
        Assert.Empty(RunProtoc(result));
    }

    [Fact]
    public void ContractNamespaceStartingLikeTheCommonPackage_IsImportedProperly()
    {
        var result = Engine.Run("""
            using System.Runtime.Serialization;
            using System.ServiceModel;
            [DataContract(Namespace = "http://migrate-wcf.samples/legacy/data")] public class Line { [DataMember] public decimal Price; }
            [ServiceContract(Namespace = "http://migrate-wcf.samples/legacy")] public interface ICart { [OperationContract] void Add(Line line); }
            """);

        Assert.Equal("migrate_wcf.legacy.data", result.Proto.Single(f => f.Definitions.Any(d => d.Name == "Line")).Package);
        Assert.Empty(RunProtoc(result));
    }

    [Fact]
    public void SummaryCountsContractsOperationsAndTypes()
    {
        var summary = Engine.Run(Rich).Summary;

        Assert.Equal(2, summary.ServiceContracts);
        Assert.Equal(12, summary.Operations);
        Assert.True(summary.OperationsMappedCleanly < summary.Operations);
        Assert.True(summary.DataTypesMappedCleanly < summary.DataTypes);
    }

    [Fact]
    public void UnresolvedTypes_AreReportedByNameWithoutException()
    {
        var result = Engine.Run("""
            using System.Runtime.Serialization;
            using System.ServiceModel;
            using Missing.Library;
            [DataContract] public class Order { [DataMember] public Money Total; [DataMember] public int Id; }
            [ServiceContract] public interface IOrders { [OperationContract] Order Get(CustomerKey key); [OperationContract] Receipt Pay(Order order); }
            """);

        var messages = result.FindingsOf("WCFM2003").Select(f => f.Text()).ToList();
        Assert.Contains(messages, m => m.Contains("'Money'"));
        Assert.Contains(messages, m => m.Contains("'CustomerKey'"));
        Assert.Contains(messages, m => m.Contains("'Receipt'"));
        Assert.Equal("bytes", result.Field("Order", "total").Type);
        Assert.Equal("Placeholder: the C# type Money could not be resolved (WCFM2003).", result.Field("Order", "total").Comment);
        Assert.Empty(RunProtoc(result));
    }

    [Fact]
    public void CodeWithSyntaxErrors_StillYieldsTheContractsThatParse()
    {
        var result = Engine.Run("""
            using System.ServiceModel;
            [ServiceContract] public interface IGood { [OperationContract] int Add(int a, int b); }
            [ServiceContract] public interface IBroken { [OperationContract] int Oops(int a, ; }
            public class Half { public void M( { }
            """);

        Assert.Equal(new[] { "Add" }, result.Service("Good").Rpcs.Select(r => r.Name));
        Assert.Empty(RunProtoc(result));
    }

    [Fact]
    public void CollectionOfItself_IsAPlaceholderWithAFinding_NotEndlessRecursion()
    {
        // As Json.NET's JToken (IEnumerable<JToken>) and MongoDB's BsonArray (a BsonValue holding BsonValues) are.
        var result = Engine.Run("""
            using System.Collections;
            using System.Collections.Generic;
            using System.Runtime.Serialization;
            using System.ServiceModel;
            public class Token : IEnumerable<Token> { public IEnumerator<Token> GetEnumerator() => null!; IEnumerator IEnumerable.GetEnumerator() => null!; }
            public class Bag : Token, IEnumerable<KeyValuePair<string, Token>> { IEnumerator<KeyValuePair<string, Token>> IEnumerable<KeyValuePair<string, Token>>.GetEnumerator() => null!; }
            [DataContract] public class Doc { [DataMember(Order = 1)] public Token? Extra; [DataMember(Order = 2)] public Bag? More; [DataMember(Order = 3)] public int Id; }
            [ServiceContract] public interface IDocs { [OperationContract] Doc Get(); }
            """);

        Assert.Contains(result.FindingsOf("WCFM2002"), f => f.Text().Contains("contain the collection type itself"));
        Assert.Equal(new[] { "Get" }, result.Service("Docs").Rpcs.Select(r => r.Name));
        Assert.Empty(RunProtoc(result));
    }

    [Fact]
    public void GenericTypeThatNestsItself_StopsWithAFinding()
    {
        var result = Engine.Run("""
            using System.Runtime.Serialization;
            using System.ServiceModel;
            [DataContract] public class Node<T> { [DataMember] public T Value = default!; [DataMember] public Node<Node<T>>? Child; }
            [DataContract] public class Grow<T> { [DataMember] public Grow<T[]>? Next; }
            [ServiceContract] public interface ITree { [OperationContract] Node<int> Get(); [OperationContract] Grow<int> Grow(); }
            """);

        Assert.Contains(result.FindingsOf("WCFM2002"), f => f.Text().Contains("nests itself"));
        Assert.True(result.Model.DataTypes.Count <= 16);
        Assert.Empty(RunProtoc(result));
    }

    [Fact]
    public void CompilationWithoutWcf_ProducesNothingAndDoesNotThrow()
    {
        var compilation = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create("Plain", new[] { Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText("class C { }") });

        var result = MigrationEngine.Run(compilation, new EngineOptions());

        Assert.Empty(result.ProtoFiles);
        Assert.Empty(result.Findings);
    }

    [Fact]
    public void FindingsCarryFileLineAndColumnAndWhereTheNamedCodeEnds()
    {
        var result = Engine.Run("""
            using System.ServiceModel;
            [ServiceContract] public interface ILog
            {
                [OperationContract(IsOneWay = true)] void Write(string line);
            }
            """);

        var finding = Assert.Single(result.FindingsOf("WCFM1001"));
        // The method's name, Write: line 4, columns 47 to 52 (exclusive), so a front end underlines the name.
        Assert.Equal(new SourcePosition("Test.cs", 4, 47) { EndLine = 4, EndColumn = 52 }, finding.Position);
    }

    [Fact]
    public void TypeThatCannotBeMapped_CostsThatTypeOnly()
    {
        var model = Engine.Run(Rich).Model;
        var broken = model.DataTypes.Single(t => t.ClrName == "Circle");
        var malformed = new Model.TypeRef(Model.TypeShape.Collection, "X", "X", Model.EquatableArray<Model.TypeRef>.Empty, Model.NullabilityValue.NotNull);
        var members = broken.Members.Select(m => m with { Type = malformed }).ToEquatableArray();
        var damaged = model with { DataTypes = model.DataTypes.Select(t => t == broken ? t with { Members = members } : t).ToEquatableArray() };

        var result = MigrationEngine.Map(damaged, Array.Empty<Finding>(), new EngineOptions());

        Assert.Contains("'Contoso.Orders.Circle' could not be mapped", Assert.Single(result.FindingsOf("WCFM2090")).Text());
        Assert.NotNull(result.Message("Node"));
    }

    [Fact]
    public void ServiceThatCannotBeMapped_CostsThatServiceOnly()
    {
        var model = Engine.Run(Rich).Model;
        var stock = model.Services.Single(s => s.ClrName == "IStock");
        var malformed = new Model.TypeRef(Model.TypeShape.Nullable, "X", "X", Model.EquatableArray<Model.TypeRef>.Empty, Model.NullabilityValue.NotNull);
        var operations = stock.Operations.Select(o => o with { ReturnType = malformed }).ToEquatableArray();
        var damaged = model with { Services = model.Services.Select(s => s == stock ? s with { Operations = operations } : s).ToEquatableArray() };

        var result = MigrationEngine.Map(damaged, Array.Empty<Finding>(), new EngineOptions());

        Assert.Single(result.FindingsOf("WCFM1090"));
        Assert.DoesNotContain(result.Proto, f => f.Services.Any(s => s.Name == "Stock"));
        Assert.NotNull(result.Service("Orders"));
        Assert.Empty(RunProtoc(result));
    }

    [Fact]
    public void FindingsOnParameters_PointAtTheOperation()
    {
        var result = Engine.Run("""
            using System.ServiceModel;
            [ServiceContract] public interface IInbox
            {
                [OperationContract] void Post(object payload);
            }
            """);

        var finding = Assert.Single(result.FindingsOf("WCFM2001"));
        Assert.Equal(4, finding.Position?.Line);
        Assert.Contains("Parameter 'payload' of 'IInbox.Post'", finding.Text());
    }

    [Fact]
    public void HostingCode_IsFoundThroughAliasesGenericsDerivedTypesLambdasLocalFunctionsMembersAndTargetTypedNew()
    {
        var result = Engine.Run("""
            using System;
            using System.Linq;
            using System.ServiceModel;
            using Tcp = System.ServiceModel.NetTcpBinding;
            [ServiceContract] public interface IClock { [OperationContract] DateTime Now(); }
            public class Clock : IClock { public DateTime Now() => DateTime.UtcNow; }
            public class TunedBinding : BasicHttpBinding { }
            public static class Wiring
            {
                public static object[] All()
                {
                    NetNamedPipeBinding pipe = new();
                    var bindings = Enumerable.Range(0, 2).Select(i => new Tcp(SecurityMode.None)).ToArray();
                    var factory = new ChannelFactory<IClock>(new TunedBinding(), "http://localhost/clock");
                    var host = new ServiceHost(typeof(Clock));
                    var notWcf = new System.Text.StringBuilder();
                    return new object[] { pipe, bindings, factory, host, notWcf };
                }

                public static T Make<T>() where T : new() => new T();

                public static ChannelFactory<TChannel> Open<TChannel>() => new ChannelFactory<TChannel>(new WSHttpBinding());

                public static object Local()
                {
                    object Make<TBinding>() where TBinding : new() => new NetHttpBinding();
                    return Make<int>();
                }
            }

            public class Proxy
            {
                private readonly System.ServiceModel.Channels.Binding _binding = new LocalBinding();
                public Proxy() { Host = new WebLikeHost(); }
                public object Host { get; }
                public object Lazy { get { return new System.ServiceModel.Channels.CustomBinding(); } }
                private sealed class LocalBinding : NetTcpBinding { }
                private sealed class WebLikeHost : ServiceHost { }
            }
            """);

        var found = result.Findings.Where(f => f.RuleId is "WCFM4001" or "WCFM4002" or "WCFM4003")
            .Select(f => $"{f.RuleId} {f.Position?.Line}:{f.Position?.Column} {f.Text().Split('\'')[1]}")
            .ToList();
        Assert.Equal(
            [
                "WCFM4002 7:29 System.ServiceModel.BasicHttpBinding",
                "WCFM4002 12:36 System.ServiceModel.NetNamedPipeBinding",
                "WCFM4002 13:59 System.ServiceModel.NetTcpBinding",
                "WCFM4003 14:23 System.ServiceModel.ChannelFactory<TChannel>",
                "WCFM4002 14:50 System.ServiceModel.BasicHttpBinding",
                "WCFM4001 15:20 System.ServiceModel.ServiceHost",
                "WCFM4003 22:64 System.ServiceModel.ChannelFactory<TChannel>",
                "WCFM4002 22:93 System.ServiceModel.WSHttpBinding",
                "WCFM4002 26:59 System.ServiceModel.NetHttpBinding",
                "WCFM4002 33:70 System.ServiceModel.NetTcpBinding",
                "WCFM4001 34:29 System.ServiceModel.ServiceHost",
                "WCFM4002 36:39 System.ServiceModel.Channels.CustomBinding",
                "WCFM4002 37:41 System.ServiceModel.NetTcpBinding",
                "WCFM4001 38:40 System.ServiceModel.ServiceHost",
            ],
            found);
    }

    [Fact]
    public void Cancellation_IsHonoured()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();

        Assert.ThrowsAny<OperationCanceledException>(() => MigrationEngine.Run(WcfTestCompilation.Create(Rich), new EngineOptions(), cancelled.Token));
    }

    /// <summary>Writes the files to a temporary folder and runs Grpc.Tools' protoc over all of them; returns its errors.</summary>
    internal static string RunProtoc(EngineResult result)
    {
        var tools = Engine.Metadata("GrpcToolsFolder");
        var platform = OperatingSystem.IsWindows() ? "windows_x64" : OperatingSystem.IsMacOS() ? "macosx_x64" : "linux_x64";
        var protoc = Path.Combine(tools, "tools", platform, OperatingSystem.IsWindows() ? "protoc.exe" : "protoc");
        var folder = Directory.CreateTempSubdirectory("engine-protoc-");
        try
        {
            foreach (var file in result.ProtoFiles)
            {
                var path = Path.Combine(folder.FullName, "in", file.RelativePath);
                Directory.CreateDirectory(Path.GetDirectoryName(path)!);
                File.WriteAllText(path, file.Content);
            }

            var output = Directory.CreateDirectory(Path.Combine(folder.FullName, "out"));
            var start = new ProcessStartInfo(protoc) { RedirectStandardError = true, RedirectStandardOutput = true };
            start.ArgumentList.Add("--proto_path=" + Path.Combine(folder.FullName, "in"));
            start.ArgumentList.Add("--proto_path=" + Path.Combine(tools, "build", "native", "include"));
            start.ArgumentList.Add("--csharp_out=" + output.FullName);
            start.ArgumentList.Add("--fatal_warnings");
            foreach (var file in result.ProtoFiles)
            {
                start.ArgumentList.Add(file.RelativePath);
            }

            using var process = Process.Start(start)!;
            var errors = process.StandardError.ReadToEnd();
            process.WaitForExit();
            return process.ExitCode == 0 ? string.Empty : errors + " (exit " + process.ExitCode + ")";
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    [Fact]
    public void CallbackBehavior_IsReadForClassesImplementingACallbackContract()
    {
        var result = Engine.Run("""
            using System.ServiceModel;
            public interface ITickerCallback { [OperationContract(IsOneWay = true)] void Tick(string symbol); }
            [ServiceContract(CallbackContract = typeof(ITickerCallback))]
            public interface ITicker { [OperationContract] void Subscribe(string symbol); }
            [CallbackBehavior(ConcurrencyMode = ConcurrencyMode.Reentrant, UseSynchronizationContext = false)]
            public class TickerClient : ITickerCallback { public void Tick(string symbol) { } }
            [CallbackBehavior]
            public class NotACallback : System.IDisposable { public void Dispose() { } }
            """);

        var callback = Assert.Single(result.Model.CallbackImplementations);
        Assert.Equal("TickerClient", callback.Key);
        Assert.Equal(["ITickerCallback"], callback.CallbackContractKeys);
        Assert.Equal(ConcurrencyModeValue.Reentrant, callback.ConcurrencyMode);
        Assert.True(callback.ConcurrencyModeExplicit);
        Assert.False(callback.UseSynchronizationContext);
        Assert.NotNull(callback.BehaviorPosition);
    }
}
