using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// The proto model records, for each message and field, the C# symbol it came from and the conversion its value needs,
/// so the C# emitters read every decision instead of making it again.
/// </summary>
public class ProtoModelOriginTests
{
    private const string Contracts = """
        using System;
        using System.Collections.Generic;
        using System.Runtime.Serialization;
        using System.ServiceModel;

        namespace Shop
        {
            public enum Status { [EnumMember(Value = "open")] Open, Closed }

            [DataContract] public struct Money { [DataMember] public long Cents; }

            [DataContract]
            [KnownType(typeof(Order))]
            public class Document { [DataMember] public Guid Id { get; set; } }

            [DataContract]
            public class Order : Document
            {
                [DataMember] public int Count { get; set; }
                [DataMember] public short Small { get; set; }
                [DataMember] public char Letter { get; set; }
                [DataMember] public string Name { get; set; } = "";
                [DataMember] public string? Note { get; set; }
                [DataMember] public Uri? Link { get; set; }
                [DataMember] public byte[]? Blob { get; set; }
                [DataMember] public decimal Total { get; set; }
                [DataMember] public DateTime Placed { get; set; }
                [DataMember] public DateTimeOffset Seen { get; set; }
                [DataMember] public TimeSpan Age { get; set; }
                [DataMember] public Status State { get; set; }
                [DataMember] public int? Rank { get; set; }
                [DataMember] public Money Price { get; set; }
                [DataMember] public Order? Parent { get; set; }
                [DataMember] public List<string>? Tags { get; set; }
                [DataMember] public List<string> Lines { get; set; } = new();
                [DataMember] public List<int?> Scores { get; set; } = new();
                [DataMember] public List<List<int>> Grid { get; set; } = new();
                [DataMember] public Dictionary<string, int> Stock { get; set; } = new();
                [DataMember] public Dictionary<Money, int> ByPrice { get; set; } = new();
                [DataMember] public object? Extra { get; set; }
                [DataMember] public System.Data.DataTable? Table { get; set; }
            }

            [ServiceContract]
            public interface IBase { [OperationContract] Order Get(Guid id); }

            public interface IShopCallback { [OperationContract(IsOneWay = true)] void Shipped(Guid id, DateTime at); [OperationContract] bool Confirm(); }

            [ServiceContract(CallbackContract = typeof(IShopCallback))]
            public interface IShop : IBase { [OperationContract] int Put(Order order, ref int version, out string receipt); }
        }
        """;

    private static readonly EngineResult Result = Engine.Run(Contracts);

    // What these tests check is the conversion; the C# spellings it carries are checked in CSharpFactsTests.
    private static ProtoConversion Conversion(string field) => WithoutCSharp(Result.Field("Order", field).Conversion!);

    private static ProtoConversion WithoutCSharp(ProtoConversion conversion)
        => conversion with { CSharp = null, Arguments = conversion.Arguments.Select(WithoutCSharp).ToEquatableArray() };

    [Fact]
    public void DataTypeMessage_NamesItsTypeAndEachFieldItsDeclaringTypeAndMember()
    {
        Assert.Equal(new MessageOrigin(MessageOriginKind.DataType, "Shop.Order"), Result.Message("Order").Origin);
        Assert.Equal(new FieldOrigin(FieldOriginKind.Member, "Shop.Order", "Count"), Result.Field("Order", "count").Origin);
        // Inherited members are flattened into the message; their origin is the base type that declares them.
        Assert.Equal(new FieldOrigin(FieldOriginKind.Member, "Shop.Document", "Id"), Result.Field("Order", "id").Origin);
        var subtype = Result.Field("Document", "order");
        Assert.Equal(new FieldOrigin(FieldOriginKind.KnownSubtype, "Shop.Order"), subtype.Origin);
        Assert.Equal(ConversionKind.Message, subtype.Conversion!.Kind);
    }

    [Theory]
    [InlineData("count", ConversionKind.Same, "System.Int32", NullMapping.None)]
    [InlineData("small", ConversionKind.Widened, "System.Int16", NullMapping.None)]
    [InlineData("letter", ConversionKind.Char, "System.Char", NullMapping.None)]
    [InlineData("id", ConversionKind.Guid, "System.Guid", NullMapping.None)]
    [InlineData("name", ConversionKind.Same, "System.String", NullMapping.NotCarried)]
    [InlineData("note", ConversionKind.Same, "System.String", NullMapping.Unset)]
    [InlineData("link", ConversionKind.Uri, "System.Uri", NullMapping.Unset)]
    [InlineData("blob", ConversionKind.Bytes, "System.Byte[]", NullMapping.Unset)]
    [InlineData("total", ConversionKind.Decimal, "System.Decimal", NullMapping.None)]
    [InlineData("placed", ConversionKind.DateTime, "System.DateTime", NullMapping.None)]
    [InlineData("seen", ConversionKind.DateTimeOffset, "System.DateTimeOffset", NullMapping.None)]
    [InlineData("age", ConversionKind.TimeSpan, "System.TimeSpan", NullMapping.None)]
    [InlineData("state", ConversionKind.Enum, "Shop.Status", NullMapping.None)]
    [InlineData("price", ConversionKind.Message, "Shop.Money", NullMapping.None)]
    [InlineData("parent", ConversionKind.Message, "Shop.Order", NullMapping.Unset)]
    [InlineData("extra", ConversionKind.Any, "System.Object", NullMapping.Unset)]
    [InlineData("table", ConversionKind.Unsupported, "System.Data.DataTable", NullMapping.None)]
    public void ScalarAndMessageFields_RecordTheirConversion(string field, ConversionKind kind, string clrType, NullMapping nulls)
    {
        var conversion = Conversion(field);
        Assert.Equal((kind, clrType, nulls), (conversion.Kind, conversion.ClrType, conversion.Null));
        Assert.Empty(conversion.Arguments);
    }

    [Fact]
    public void NullableValue_IsAnOptionalFieldWhoseUnsetIsNull()
    {
        var rank = Result.Field("Order", "rank");
        Assert.Equal(ProtoLabel.Optional, rank.Label);
        Assert.Equal(ProtoConversion.Of(ConversionKind.Nullable, "System.Int32?", NullMapping.Unset, Same("System.Int32")), WithoutCSharp(rank.Conversion!));
    }

    [Fact]
    public void Collections_RecordTheirElementsAndWrappers()
    {
        // A list that may be null is a wrapper message; the wrapper's items field as a whole is a repeated of strings.
        Assert.Equal(
            ProtoConversion.Of(ConversionKind.ListWrapper, "System.Collections.Generic.List<System.String>", NullMapping.Unset,
                ProtoConversion.Of(ConversionKind.Repeated, "System.Collections.Generic.List<System.String>", NullMapping.NotCarried, Same("System.String", NullMapping.NotCarried))),
            Conversion("tags"));
        Assert.Equal(
            ProtoConversion.Of(ConversionKind.Repeated, "System.Collections.Generic.List<System.String>", NullMapping.NotCarried, Same("System.String", NullMapping.NotCarried)),
            Conversion("lines"));
        Assert.Equal(
            ProtoConversion.Of(ConversionKind.Repeated, "System.Collections.Generic.List<System.Int32?>", NullMapping.NotCarried,
                ProtoConversion.Of(ConversionKind.NullableWrapper, "System.Int32?", NullMapping.NotCarried, Same("System.Int32"))),
            Conversion("scores"));
        var grid = Conversion("grid");
        Assert.Equal(ConversionKind.Repeated, grid.Kind);
        Assert.Equal(ConversionKind.ListWrapper, grid.Arguments[0].Kind);
        Assert.Equal(ConversionKind.Repeated, grid.Arguments[0].Arguments[0].Kind);
    }

    [Fact]
    public void Dictionaries_AreMapsOrEntryLists()
    {
        Assert.Equal(
            ProtoConversion.Of(ConversionKind.Map, "System.Collections.Generic.Dictionary<System.String,System.Int32>", NullMapping.NotCarried, Same("System.String", NullMapping.NotCarried), Same("System.Int32")),
            Conversion("stock"));
        var byPrice = Conversion("by_price");
        Assert.Equal(ConversionKind.Entries, byPrice.Kind);
        Assert.Equal([ConversionKind.Message, ConversionKind.Same], byPrice.Arguments.Select(a => a.Kind));
    }

    [Fact]
    public void GeneratedWrappers_HaveNoSymbol()
    {
        var wrapper = Result.Message("StringList");
        Assert.Equal(MessageOriginKind.Generated, wrapper.Origin!.Kind);
        Assert.Null(wrapper.Origin.TypeKey);
        Assert.All(wrapper.Fields, f => Assert.Equal(FieldOriginKind.Generated, f.Origin!.Kind));
    }

    [Fact]
    public void EnumRecordsItsTypeAndEachValueItsMember()
    {
        var status = Result.Enum("Status");
        Assert.Equal("Shop.Status", status.TypeKey);
        Assert.Equal([("STATUS_OPEN", "Open"), ("STATUS_CLOSED", "Closed")], status.Values.Select(v => (v.Name, v.ClrName)));
    }

    [Fact]
    public void OperationMessages_NameTheMethodAndEachParameter()
    {
        var request = Result.Message("PutRequest");
        Assert.Equal(new MessageOrigin(MessageOriginKind.Request, "Shop.IShop", "Put", "Put"), request.Origin);
        // Each parameter field knows its index in the operation's parameters, so no emitter matches them by name.
        Assert.Equal(new FieldOrigin(FieldOriginKind.Parameter, "Shop.IShop", "order", ParameterDirection.In) { ParameterIndex = 0 }, request.Fields.Single(f => f.Name == "order").Origin);
        Assert.Equal(new FieldOrigin(FieldOriginKind.Parameter, "Shop.IShop", "version", ParameterDirection.Ref) { ParameterIndex = 1 }, request.Fields.Single(f => f.Name == "version").Origin);

        var response = Result.Message("PutResponse");
        Assert.Equal(MessageOriginKind.Response, response.Origin!.Kind);
        Assert.Equal(new FieldOrigin(FieldOriginKind.ReturnValue, "Shop.IShop"), response.Fields.Single(f => f.Name == "result").Origin);
        Assert.Equal(new FieldOrigin(FieldOriginKind.Parameter, "Shop.IShop", "receipt", ParameterDirection.Out) { ParameterIndex = 2 }, response.Fields.Single(f => f.Name == "receipt").Origin);
    }

    [Fact]
    public void FieldTypesAndRpcMessages_AreResolvedReferences_NotTextToParse()
    {
        var stock = Result.Field("Order", "stock").Reference!;
        Assert.Equal(ProtoTypeKind.Map, stock.Kind);
        Assert.Equal(ProtoTypeReference.Scalar("string"), stock.MapKey);
        Assert.Equal(ProtoTypeReference.Scalar("int32"), stock.MapValue);

        var request = Result.Message("PutRequest");
        var orderField = request.Fields.Single(f => f.Name == "order");
        Assert.Equal(ProtoTypeKind.Message, orderField.Reference!.Kind);
        Assert.EndsWith(".Order", orderField.Reference.Name, StringComparison.Ordinal);
        Assert.Equal(ProtoTypeReference.Scalar("int32"), request.Fields.Single(f => f.Name == "version").Reference);

        var rpcs = Result.Service("Shop").Rpcs;
        var put = rpcs.Single(r => r.Name == "Put");
        Assert.EndsWith(".PutRequest", put.RequestFullName, StringComparison.Ordinal);
        Assert.EndsWith(".PutResponse", put.ResponseFullName, StringComparison.Ordinal);
        // The callback contract has a two-way callback (Confirm), so the client streams replies.
        var callbacks = rpcs.Single(r => r.Origin!.OperationIndex < 0);
        Assert.NotEqual("google.protobuf.Empty", callbacks.RequestFullName);
        Assert.EndsWith("." + callbacks.ResponseType, callbacks.ResponseFullName, StringComparison.Ordinal);
    }

    [Fact]
    public void ServiceAndRpcs_NameTheirContractAndOperation_InheritedOnesTheirBaseContract()
    {
        var service = Result.Service("Shop");
        Assert.Equal("Shop.IShop", service.ContractKey);
        Assert.Equal(new RpcOrigin("Shop.IShop", "Put", "Put") { OperationIndex = 0 }, Result.Rpc("Shop", "Put").Origin);
        Assert.Equal(new RpcOrigin("Shop.IBase", "Get", "Get") { OperationIndex = 1 }, Result.Rpc("Shop", "Get").Origin);
        Assert.Equal(MessageOriginKind.Request, Result.Message("GetRequest").Origin!.Kind);
        Assert.Equal("Shop.IBase", Result.Message("GetRequest").Origin!.TypeKey);
    }

    [Fact]
    public void Callbacks_NameTheCallbackContractAndMethods()
    {
        Assert.Equal(new RpcOrigin("Shop.IShopCallback", null, null), Result.Rpc("Shop", "Callbacks").Origin);
        var envelope = Result.Message("ShopCallback");
        Assert.Equal(new MessageOrigin(MessageOriginKind.CallbackEnvelope, "Shop.IShopCallback"), envelope.Origin);
        Assert.Equal(
            [new FieldOrigin(FieldOriginKind.Callback, "Shop.IShopCallback", "Shipped"), new FieldOrigin(FieldOriginKind.Callback, "Shop.IShopCallback", "Confirm")],
            envelope.Oneofs.Single().Fields.Select(f => f.Origin));
        Assert.Equal(FieldOriginKind.Generated, envelope.Fields.Single(f => f.Name == "call_id").Origin!.Kind);
        Assert.Equal(new MessageOrigin(MessageOriginKind.CallbackRequest, "Shop.IShopCallback", "Shipped", "Shipped"), Result.Message("ShippedCallback").Origin);
        Assert.Equal(ConversionKind.DateTime, Result.Field("ShippedCallback", "at").Conversion!.Kind);
        Assert.Equal(new MessageOrigin(MessageOriginKind.CallbackReply, "Shop.IShopCallback"), Result.Message("ShopCallbackReply").Origin);
        Assert.Equal(MessageOriginKind.CallbackResult, Result.Message("ConfirmCallbackResult").Origin!.Kind);
    }

    private static ProtoConversion Same(string clrType, NullMapping nulls = NullMapping.None)
        => ProtoConversion.Of(ConversionKind.Same, clrType, nulls);
}
