using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>WCF REST operations: what the reader reads, the google.api.http rule each becomes, and the findings (docs/webhttp.md).</summary>
public class WebHttpTests
{
    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using System.ServiceModel.Web;

        """;

    private static EngineResult Run(string contract) => Engine.Run(Usings + contract);

    private static EngineResult RunWithCSharp(string contract)
        => MigrationEngine.Run(MigrateWcf.Tests.Shared.WcfTestCompilation.Create(Usings + contract), new EngineOptions(null) { CSharp = new CSharpOptions() });

    private static OperationModel Operation(EngineResult result, string name)
        => result.Model.Services.SelectMany(s => s.Operations).Single(o => o.Name == name);

    [Fact]
    public void Reader_AppliesWcfsDefaults()
    {
        var result = Run("""
            [ServiceContract]
            public interface IShop
            {
                [OperationContract, WebGet] string Find(string text);
                [OperationContract, WebInvoke] void Add(string item);
                [OperationContract] void NotRest();
            }
            """);

        Assert.Equal(new WebHttpModel("GET", null, WebFormat.Xml, WebFormat.Xml, WebBodyStyle.Bare, true, true, Operation(result, "Find").WebHttp!.Position), Operation(result, "Find").WebHttp);
        var add = Operation(result, "Add").WebHttp!;
        Assert.Equal(("POST", false, WebFormat.Xml, WebBodyStyle.Bare), (add.Method, add.IsWebGet, add.RequestFormat, add.BodyStyle));
        Assert.Null(Operation(result, "NotRest").WebHttp);
    }

    [Fact]
    public void Reader_ReadsEverySetting_AtTheAttribute()
    {
        var result = Run("""
            [ServiceContract]
            public interface IShop
            {
                [OperationContract]
                [WebInvoke(Method = "put", UriTemplate = "items/{id}", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json, BodyStyle = WebMessageBodyStyle.WrappedRequest)]
                bool Put(string id, int count);
            }
            """);

        var web = Operation(result, "Put").WebHttp!;
        Assert.Equal(("PUT", "items/{id}", WebFormat.Json, WebFormat.Json, WebBodyStyle.WrappedRequest), (web.Method, web.UriTemplate, web.RequestFormat, web.ResponseFormat, web.BodyStyle));
        Assert.Equal(10, web.Position!.Line);
    }

    [Fact]
    public void CoreWcfsWebAttributes_AreReadLikeWcfs()
    {
        var result = Engine.Run("""
            using CoreWCF;
            using CoreWCF.Web;
            [ServiceContract]
            public interface IShop
            {
                [OperationContract]
                [WebInvoke(Method = "DELETE", UriTemplate = "items/{id}", ResponseFormat = WebMessageFormat.Json)]
                bool Remove(string id);
            }
            """, withCoreWcf: true);

        var web = Operation(result, "Remove").WebHttp!;
        Assert.Equal(("DELETE", WebFormat.Json, false), (web.Method, web.ResponseFormat, web.FromServiceModel));
        Assert.Equal(new ProtoHttpRule("delete", "/items/{id}", null, "result"), result.Rpc("Shop", "Remove").Http);
    }

    [Fact]
    public void WebGetAndWebInvokeWithoutOperationContract_AreOperations_WithOperationContractsDefaults()
    {
        // WCF makes an operation of a method with any IOperationContractAttributeProvider attribute, not only [OperationContract].
        var result = RunWithCSharp("""
            [ServiceContract]
            public interface IValues
            {
                [WebGet(UriTemplate = "values")] string[] GetValues();
                [WebInvoke(Method = "PUT", UriTemplate = "values/{id}")] void Put(string id, string value);
                string NotAnOperation();
            }
            public class ValuesService : IValues
            {
                public string[] GetValues() => new[] { "a" };
                public void Put(string id, string value) { }
                public string NotAnOperation() => "";
            }
            """);

        Assert.Equal(new[] { "GetValues", "Put" }, result.Model.Services.Single().Operations.Select(o => o.Name));
        var put = Operation(result, "Put");
        Assert.Equal(("Put", false, true, false, null), (put.MethodName, put.IsOneWay, put.IsInitiating, put.IsTerminating, put.Action));
        Assert.Equal(new ProtoHttpRule("get", "/values", null, "result"), result.Rpc("Values", "GetValues").Http);
        Assert.Equal("PUT", put.WebHttp!.Method);
        Assert.Equal(2, result.Summary.Operations);
        // The client proxy calls both operations and refuses only the method that is none.
        var proxy = result.CSharpFiles.Single(f => f.RelativePath.EndsWith("ValuesProxy.g.cs", StringComparison.Ordinal)).Content;
        Assert.Contains("NotAnOperation is no operation", proxy);
        Assert.DoesNotContain("GetValues is no operation", proxy);
    }

    [Fact]
    public void CoreWcfsWebGetWithoutOperationContract_IsAnOperation()
    {
        var result = Engine.Run("""
            using CoreWCF;
            using CoreWCF.Web;
            [ServiceContract]
            public interface IValues { [WebGet(UriTemplate = "values")] string[] GetValues(); }
            public class ValuesService : IValues { public string[] GetValues() => new[] { "a" }; }
            """, withCoreWcf: true);

        Assert.Equal("GetValues", Assert.Single(Assert.Single(result.Model.Services).Operations).Name);
        Assert.Equal(new ProtoHttpRule("get", "/values", null, "result"), result.Rpc("Values", "GetValues").Http);
    }

    [Fact]
    public void AMethodWithNeitherAttribute_IsNoOperation()
    {
        var result = Run("""
            [ServiceContract]
            public interface IValues { [Obsolete] string[] GetValues(); }
            """);

        Assert.Empty(Assert.Single(result.Model.Services).Operations);
        Assert.Single(result.FindingsOf(RuleIds.ContractWithoutOperations));
    }

    [Fact]
    public void GetWithPathAndQuery_BindsThePathVariable_AndLeavesTheQueryToTranscoding()
    {
        var result = Run("""
            [ServiceContract]
            public interface IShop
            {
                [OperationContract]
                [WebGet(UriTemplate = "items/{itemId}?q={query}", ResponseFormat = WebMessageFormat.Json)]
                string Get(string itemId, string query);
            }
            """);

        Assert.Equal(new ProtoHttpRule("get", "/items/{item_id}", null, "result"), result.Rpc("Shop", "Get").Http);
        // The query key "q" is the JSON name of the field, so transcoding binds ?q= to it.
        Assert.Equal("q", result.Field("GetRequest", "query").JsonName);
        Assert.Null(result.Field("GetRequest", "item_id").JsonName);
        Assert.Contains("import \"google/api/annotations.proto\";", result.AllProto());
        Assert.Contains("      get: \"/items/{item_id}\"\n      response_body: \"result\"\n", result.AllProto());
    }

    [Fact]
    public void BareBody_IsTheParameter_WrappedBody_IsEveryField_WithWcfsNames()
    {
        var result = Run("""
            [DataContract] public class Item { [DataMember(Order = 1)] public string Name { get; set; } }
            [ServiceContract]
            public interface IShop
            {
                [OperationContract]
                [WebInvoke(UriTemplate = "items", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
                int Add(Item item);

                [OperationContract]
                [WebInvoke(Method = "PUT", UriTemplate = "items/{id}", BodyStyle = WebMessageBodyStyle.Wrapped, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
                int Rename(string id, string NewName);
            }
            """);

        Assert.Equal(new ProtoHttpRule("post", "/items", "item", "result"), result.Rpc("Shop", "Add").Http);
        Assert.Equal(new ProtoHttpRule("put", "/items/{id}", "*", null), result.Rpc("Shop", "Rename").Http);
        Assert.Equal("NewName", result.Field("RenameRequest", "new_name").JsonName);
        Assert.Equal("RenameResult", result.Field("RenameResponse", "result").JsonName);
        // The data type keeps its DataMember name in JSON.
        Assert.Equal("Name", result.Field("Item", "name").JsonName);
    }

    [Fact]
    public void BareScalarBody_IsReadAsAJsonObject_WithAFinding_BecauseTranscodingTakesABodyOnlyIntoAMessage()
    {
        var result = Run("""
            [ServiceContract]
            public interface IShop
            {
                [OperationContract]
                [WebInvoke(Method = "PUT", UriTemplate = "items/{id}", RequestFormat = WebMessageFormat.Json)]
                void Rename(string id, string name);

                [OperationContract]
                [WebInvoke(UriTemplate = "counts", RequestFormat = WebMessageFormat.Json)]
                void Count(int? count);
            }
            """);

        Assert.Equal(new ProtoHttpRule("put", "/items/{id}", "*", null), result.Rpc("Shop", "Rename").Http);
        Assert.Contains(result.Findings, f => f.RuleId == "WCFM1020" && f.Text().Contains("the bare body parameter 'name' (string) is read by transcoding only as a member of a JSON object", StringComparison.Ordinal));
        // A nullable number is a proto3 optional scalar: the same.
        Assert.Equal(new ProtoHttpRule("post", "/counts", "*", null), result.Rpc("Shop", "Count").Http);
        Assert.Contains(result.Findings, f => f.RuleId == "WCFM1020" && f.Text().Contains("the bare body parameter 'count' (int32)", StringComparison.Ordinal));
    }

    [Fact]
    public void DataTypesNoRestOperationReaches_KeepProtocsJsonNames()
    {
        var result = Run("""
            [DataContract] public class Item { [DataMember(Order = 1)] public string Name { get; set; } }
            [ServiceContract]
            public interface IShop
            {
                [OperationContract] int Add(Item item);
            }
            """);

        Assert.Null(result.Field("Item", "name").JsonName);
        Assert.Null(result.Rpc("Shop", "Add").Http);
        Assert.DoesNotContain("google/api", result.AllProto());
        Assert.Empty(result.FindingsOf(RuleIds.RestOperation));
    }

    [Fact]
    public void NoUriTemplate_IsTheOperationName_WithTheParametersInTheQuery()
    {
        var result = Run("""
            [ServiceContract]
            public interface IShop
            {
                [OperationContract, WebGet(ResponseFormat = WebMessageFormat.Json)] int Count(string category);
                [OperationContract, WebInvoke(RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)] int Reset(string category);
            }
            """);

        Assert.Equal(new ProtoHttpRule("get", "/Count", null, "result"), result.Rpc("Shop", "Count").Http);
        // A bare string body is read as {"category": …}: transcoding takes a body only into a message field.
        Assert.Equal(new ProtoHttpRule("post", "/Reset", "*", "result"), result.Rpc("Shop", "Reset").Http);
    }

    [Fact]
    public void Wildcards_BecomeDoubleStars()
    {
        var result = Run("""
            [ServiceContract]
            public interface IFiles
            {
                [OperationContract, WebGet(UriTemplate = "files/{*path}", ResponseFormat = WebMessageFormat.Json)] string Read(string path);
                [OperationContract, WebGet(UriTemplate = "any/*", ResponseFormat = WebMessageFormat.Json)] string Any();
            }
            """);

        Assert.Equal("/files/{path=**}", result.Rpc("Files", "Read").Http!.Path);
        Assert.Equal("/any/**", result.Rpc("Files", "Any").Http!.Path);
    }

    [Fact]
    public void AnExactOperation_IsReportedAsKeepingItsShape()
    {
        var result = Run("""
            [ServiceContract]
            public interface IShop
            {
                [OperationContract, WebGet(UriTemplate = "count/{category}", ResponseFormat = WebMessageFormat.Json)] int Count(string category);
            }
            """);

        var finding = Assert.Single(result.FindingsOf(RuleIds.RestOperation));
        Assert.Equal(nameof(FindingMessages.RestOperationKept), finding.MessageId);
        Assert.Equal(9, finding.Position!.Line);
        Assert.Empty(result.Findings.Where(f => f.RuleId is RuleIds.RestXmlFormat or RuleIds.RestUriTemplate or RuleIds.RestJsonDiffers or RuleIds.RestFault));
    }

    [Fact]
    public void XmlFormat_IsReportedForTheBodiesThatTravel()
    {
        var result = Run("""
            [ServiceContract]
            public interface IShop
            {
                [OperationContract, WebGet(UriTemplate = "count/{category}")] int Count(string category);
                [OperationContract, WebInvoke(UriTemplate = "clear/{category}", ResponseFormat = WebMessageFormat.Json)] void Clear(string category);
            }
            """);

        var xml = Assert.Single(result.FindingsOf(RuleIds.RestXmlFormat));
        Assert.Contains("'IShop.Count' uses the XML format for its response", xml.Text());
        // Clear sends and answers no body, so XML does not matter; its empty answer becomes {} (WCFM1021), nothing else.
        Assert.Equal(nameof(FindingMessages.RestOperationChanged), result.FindingsOf(RuleIds.RestOperation).Single(f => f.Text().Contains("Clear")).MessageId);
        Assert.Contains("'IShop.Clear' carries no result", Assert.Single(result.FindingsOf(RuleIds.RestJsonDiffers)).Text());
    }

    [Theory]
    [InlineData("pages/{page=1}", "/pages/{page}", "default value")]
    [InlineData("pages/{page}?format=json", "/pages/{page}", "query literal 'format=json'")]
    public void UriTemplateFeaturesWithoutAnEquivalent_AreReported_AndTheRestIsKept(string template, string path, string reported)
    {
        var result = Run($$"""
            [ServiceContract]
            public interface IPages
            {
                [OperationContract, WebGet(UriTemplate = "{{template}}", ResponseFormat = WebMessageFormat.Json)] int Get(string page);
            }
            """);

        Assert.Equal(path, result.Rpc("Pages", "Get").Http!.Path);
        Assert.Contains(reported, Assert.Single(result.FindingsOf(RuleIds.RestUriTemplate)).Text());
        Assert.Equal(nameof(FindingMessages.RestOperationChanged), Assert.Single(result.FindingsOf(RuleIds.RestOperation)).MessageId);
    }

    [Theory]
    [InlineData("[WebGet(UriTemplate = \"img/{name}.{ext}\")] string Get(string name, string ext);", "compound path segment")]
    [InlineData("[WebInvoke(Method = \"*\", UriTemplate = \"x\")] string Get(string name, string ext);", "Method = \"*\"")]
    [InlineData("[WebGet(UriTemplate = \"img/{other}\")] string Get(string name, string ext);", "names no parameter")]
    public void TemplatesNoRuleCanStandFor_AreNotServedOverHttp(string operation, string reported)
    {
        var result = Run($$"""
            [ServiceContract]
            public interface IImages
            {
                [OperationContract] {{operation}}
            }
            """);

        Assert.Null(result.Rpc("Images", "Get").Http);
        Assert.Contains("is not served over HTTP", Assert.Single(result.FindingsOf(RuleIds.RestUriTemplate)).Text());
        Assert.Contains(reported, result.FindingsOf(RuleIds.RestUriTemplate)[0].Text());
        Assert.Empty(result.FindingsOf(RuleIds.RestOperation));
        Assert.DoesNotContain("google/api", result.AllProto());
    }

    [Fact]
    public void JsonThatDiffersFromWcfs_IsReportedOncePerKind_WithTheMembers()
    {
        var result = Run("""
            #nullable enable
            [DataContract] public class Base { }
            [DataContract] public class Derived : Base { }
            [DataContract, KnownType(typeof(Derived))]
            public class History
            {
                [DataMember(Order = 1)] public DateTime Since { get; set; }
                [DataMember(Order = 2)] public DateTime Until { get; set; }
                [DataMember(Order = 3)] public decimal Price { get; set; }
                [DataMember(Order = 4)] public Dictionary<string, int> Stock { get; set; } = new();
                [DataMember(Order = 5)] public string? Note { get; set; }
                [DataMember(Order = 6)] public List<int>? Marks { get; set; }
                [DataMember(Order = 7)] public Base Shape { get; set; } = new();
                [DataMember(Order = 8)] public Availability State { get; set; }
                [DataMember(Order = 9)] public long Count { get; set; }
            }
            public enum Availability { InStock = 1 }
            [ServiceContract]
            public interface IPrices
            {
                [OperationContract, WebGet(UriTemplate = "h/{id}", ResponseFormat = WebMessageFormat.Json)] History Get(string id);
            }
            """);

        var differences = result.FindingsOf(RuleIds.RestJsonDiffers).Select(f => f.Arguments[1] + " (" + f.Arguments[2] + ")").ToList();
        Assert.Equal(
            [
                "DateTime or DateTimeOffset values (History.Since, History.Until)",
                "decimal values (History.Price)",
                "dictionaries (History.Stock)",
                "known derived types (Base)",
                "lists or dictionaries that may be null (History.Marks)",
                "members that may be null (History.Note)",
            ],
            differences);
    }

    [Fact]
    public void FaultContractsOfARestOperation_AreReported()
    {
        var result = Run("""
            [DataContract] public class NotFound { [DataMember(Order = 1)] public int Id { get; set; } }
            [ServiceContract]
            public interface IShop
            {
                [OperationContract, FaultContract(typeof(NotFound)), WebInvoke(Method = "DELETE", UriTemplate = "items/{id}")] void Delete(string id);
            }
            """);

        Assert.Contains("NotFound", Assert.Single(result.FindingsOf(RuleIds.RestFault)).Text());
        Assert.Equal(new ProtoHttpRule("delete", "/items/{id}", null, null), result.Rpc("Shop", "Delete").Http);
    }

    [Fact]
    public void TheHostingOfASetWithRestOperations_ConfiguresJsonTranscoding()
    {
        var result = RunWithCSharp("""
            [ServiceContract]
            public interface IShop
            {
                [OperationContract, WebGet(UriTemplate = "count", ResponseFormat = WebMessageFormat.Json)] int Count();
            }
            public class Shop : IShop { public int Count() => 1; }
            """);

        Assert.True(result.CSharp!.HasHttpJsonOperations);
        var hosting = result.CSharpFiles.Single(f => f.RelativePath == result.CSharp.HostingClass + ".g.cs").Content;
        // WCF's JSON settings are the runtime's (WcfJsonTranscoding, tested there); the set adds its fault detail files.
        Assert.Contains("public static void ConfigureJsonTranscoding(GrpcJsonTranscodingOptions options)", hosting);
        Assert.Contains("=> WcfJsonTranscoding.Configure(options);", hosting);
        // [WebGet] is MigrateWcf.Compatibility's: nothing of System.ServiceModel.Web is generated.
        Assert.Equal(ServiceModelTypes.WebHttp, result.CSharp.CompatibilityTypes);
        Assert.DoesNotContain(result.CSharpFiles, f => f.RelativePath.EndsWith("System.ServiceModel.Web.g.cs", StringComparison.Ordinal));
    }

    [Fact]
    public void TheHostingOfASetWithoutRestOperations_HasNoTranscoding()
    {
        var result = RunWithCSharp("""
            [ServiceContract]
            public interface IShop { [OperationContract] int Count(); }
            public class Shop : IShop { public int Count() => 1; }
            """);

        Assert.False(result.CSharp!.HasHttpJsonOperations);
        Assert.DoesNotContain(result.CSharpFiles, f => f.Content.Contains("JsonTranscoding", StringComparison.Ordinal));
    }
}
