using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.Analyzers.Tests.Infrastructure.AnalyzerVerifier<MigrateWcf.Analyzers.DataContracts.DataContractAnalyzer>;

namespace MigrateWcf.Analyzers.Tests;

/// <summary>
/// WCFM2xxx as the IDE and the build see them, one "reports" and one "does not report" per rule. WCFM2090 reports a
/// failure of the engine itself; WCFM2080 is about the lock file, which only <c>migrate-wcf proto</c> reads.
/// </summary>
public class DataContractAnalyzerTests
{
    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using System.Threading.Tasks;

        """;

    private static Task Reports(string ruleId, string source, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected)
        => Verify.VerifyOnlyAsync([ruleId], Usings + source, expected);

    /// <summary>A contract that sends <paramref name="type"/>, so the type is a data type at all.</summary>
    private static string Sends(string type) => $$"""

        [ServiceContract]
        public interface IUses
        {
            [OperationContract]
            Task SendAsync({{type}} value);
        }
        """;

    [Fact]
    public Task ObjectMember_Reports()
        => Reports(RuleIds.ObjectMember, """
            [DataContract]
            public class Envelope
            {
                [DataMember(Order = 1)] public object {|#0:Payload|} { get; set; }
            }
            """ + Sends("Envelope"),
            Verify.Diagnostic(WcfDiagnostics.ObjectMember).WithLocation(0).WithArguments("'Envelope.Payload'"));

    [Fact]
    public Task ConcreteMember_DoesNotReportObject()
        => Reports(RuleIds.ObjectMember, """
            [DataContract]
            public class Envelope
            {
                [DataMember(Order = 1)] public string Payload { get; set; }
            }
            """ + Sends("Envelope"));

    [Fact]
    public Task DataTableAndStreamMembers_ReportNoProtoForm()
        => Reports(RuleIds.UnmappedType, """
            [DataContract]
            public class Report
            {
                [DataMember(Order = 1)] public System.Data.DataTable {|#0:Rows|} { get; set; }
                [DataMember(Order = 2)] public Stream {|#1:Attachment|} { get; set; }
            }
            """ + Sends("Report"),
            Verify.Diagnostic(WcfDiagnostics.UnmappedType).WithLocation(0).WithArguments("'Report.Rows'", "DataTable", "an ADO.NET DataTable/DataSet (schema known only at run time)"),
            Verify.Diagnostic(WcfDiagnostics.StreamInMessage).WithLocation(1).WithArguments("'Report.Attachment'"));

    [Fact]
    public Task ListMember_DoesNotReportNoProtoForm()
        => Reports(RuleIds.UnmappedType, """
            [DataContract]
            public class Report
            {
                [DataMember(Order = 1)] public List<string> Rows { get; set; }
            }
            """ + Sends("Report"));

    [Fact]
    public Task UnresolvedMemberType_Reports()
        => Reports(RuleIds.UnresolvedType, """
            [DataContract]
            public class Claim
            {
                [DataMember(Order = 1)] public {|CS0246:Adjuster|} {|#0:HandledBy|} { get; set; }
            }
            """ + Sends("Claim"),
            Verify.Diagnostic(WcfDiagnostics.UnresolvedType).WithLocation(0).WithArguments("'Claim.HandledBy'", "Adjuster"));

    [Fact]
    public Task ResolvedMemberType_DoesNotReportUnresolved()
        => Reports(RuleIds.UnresolvedType, """
            [DataContract]
            public class Claim
            {
                [DataMember(Order = 1)] public string HandledBy { get; set; }
            }
            """ + Sends("Claim"));

    [Fact]
    public Task EnumWithoutZero_Reports()
        => Reports(RuleIds.EnumWithoutZero, """
            public enum {|#0:Priority|} { Low = 1, High = 2 }
            """ + Sends("Priority"),
            Verify.Diagnostic(WcfDiagnostics.EnumWithoutZero).WithLocation(0).WithArguments("Priority"));

    [Fact]
    public Task EnumWithZero_DoesNotReport()
        => Reports(RuleIds.EnumWithoutZero, """
            public enum Priority { None = 0, Low = 1, High = 2 }
            """ + Sends("Priority"));

    [Fact]
    public Task FlagsEnum_Reports()
        => Reports(RuleIds.FlagsEnum, """
            [Flags]
            public enum {|#0:Rights|} { None = 0, Read = 1, Write = 2 }
            """ + Sends("Rights"),
            Verify.Diagnostic(WcfDiagnostics.FlagsEnum).WithLocation(0).WithArguments("Rights"));

    [Fact]
    public Task PlainEnum_DoesNotReportFlags()
        => Reports(RuleIds.FlagsEnum, """
            public enum Rights { None = 0, Read = 1, Write = 2 }
            """ + Sends("Rights"));

    [Fact]
    public Task EnumValueBeyondInt32_Reports()
        => Reports(RuleIds.EnumValueOutOfRange, """
            public enum {|#0:Quota|} : long { None = 0, Huge = 5000000000 }
            """ + Sends("Quota"),
            Verify.Diagnostic(WcfDiagnostics.EnumValueOutOfRange).WithLocation(0).WithArguments("Quota", "Huge", "5000000000"));

    [Fact]
    public Task LongEnumWithinInt32_DoesNotReport()
        => Reports(RuleIds.EnumValueOutOfRange, """
            public enum Quota : long { None = 0, Large = 2000000000 }
            """ + Sends("Quota"));

    [Fact]
    public Task DictionaryKeyedByADataContract_Reports()
        => Reports(RuleIds.NonScalarDictionaryKey, """
            [DataContract]
            public class Cell
            {
                [DataMember(Order = 1)] public int Row { get; set; }
            }

            [DataContract]
            public class Grid
            {
                [DataMember(Order = 1, IsRequired = true)] public Dictionary<Cell, string> {|#0:Labels|} { get; set; }
            }
            """ + Sends("Grid"),
            Verify.Diagnostic(WcfDiagnostics.NonScalarDictionaryKey).WithLocation(0).WithArguments("'Grid.Labels'", "Cell"));

    [Fact]
    public Task DictionaryKeyedByString_DoesNotReport()
        => Reports(RuleIds.NonScalarDictionaryKey, """
            [DataContract]
            public class Grid
            {
                [DataMember(Order = 1)] public Dictionary<string, string> Labels { get; set; }
            }
            """ + Sends("Grid"));

    [Fact]
    public Task TypesSharingAProtoName_ReportEachOther()
        => Reports(RuleIds.NameCollision, """
            namespace Orders
            {
                [DataContract(Namespace = "urn:shop")]
                public class {|#0:Item|} { [DataMember(Order = 1)] public int Id { get; set; } }
            }

            namespace Stock
            {
                [DataContract(Namespace = "urn:shop")]
                public class {|#1:Item|} { [DataMember(Order = 1)] public int Id { get; set; } }
            }

            [ServiceContract]
            public interface IShop
            {
                [OperationContract]
                Task MoveAsync(Orders.Item from, Stock.Item to);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.NameCollision).WithLocation(0).WithLocation(1).WithArguments("Orders.Item", "Item", "OrdersItem", "shop", "Item", "'Stock.Item' (WCF name 'Item') maps to as well"),
            Verify.Diagnostic(WcfDiagnostics.NameCollision).WithLocation(1).WithLocation(0).WithArguments("Stock.Item", "Item", "StockItem", "shop", "Item", "'Orders.Item' (WCF name 'Item') maps to as well"));

    [Fact]
    public Task DistinctNames_DoNotReportCollisions()
        => Reports(RuleIds.NameCollision, """
            namespace Orders
            {
                [DataContract(Namespace = "urn:shop")]
                public class OrderItem { [DataMember(Order = 1)] public int Id { get; set; } }
            }

            namespace Stock
            {
                [DataContract(Namespace = "urn:shop")]
                public class StockItem { [DataMember(Order = 1)] public int Id { get; set; } }
            }

            [ServiceContract]
            public interface IShop
            {
                [OperationContract]
                Task MoveAsync(Orders.OrderItem from, Stock.StockItem to);
            }
            """);

    [Fact]
    public Task MessageHeader_Reports()
        => Reports(RuleIds.MessageContractHeader, """
            [MessageContract]
            public class Upload
            {
                [MessageHeader] public string {|#0:Tenant|} { get; set; }
                [MessageBodyMember(Order = 1)] public byte[] Content { get; set; }
            }
            """ + Sends("Upload"),
            Verify.Diagnostic(WcfDiagnostics.MessageContractHeader).WithLocation(0).WithArguments("Upload", "Tenant"));

    [Fact]
    public Task MessageBodyOnly_DoesNotReportHeaders()
        => Reports(RuleIds.MessageContractHeader, """
            [MessageContract]
            public class Upload
            {
                [MessageBodyMember(Order = 1)] public byte[] Content { get; set; }
            }
            """ + Sends("Upload"));

    [Fact]
    public Task SerializableType_Reports()
        => Reports(RuleIds.SerializableType, """
            [Serializable]
            public class {|#0:Money|}
            {
                public decimal Amount;
            }
            """ + Sends("Money"),
            Verify.Diagnostic(WcfDiagnostics.SerializableType).WithLocation(0).WithArguments("Money"));

    [Fact]
    public Task DataContractType_DoesNotReportSerializable()
        => Reports(RuleIds.SerializableType, """
            [DataContract]
            public class Money
            {
                [DataMember(Order = 1)] public decimal Amount { get; set; }
            }
            """ + Sends("Money"));

    [Fact]
    public Task CustomSerialization_Reports()
        => Reports(RuleIds.CustomSerialization, """
            [Serializable]
            public class {|#0:Token|} : ISerializable
            {
                public string Value;

                public void GetObjectData(SerializationInfo info, StreamingContext context) => info.AddValue("v", Value);
            }
            """ + Sends("Token"),
            Verify.Diagnostic(WcfDiagnostics.CustomSerialization).WithLocation(0).WithArguments("Token"));

    [Fact]
    public Task SerializableWithoutCustomCode_DoesNotReportCustomSerialization()
        => Reports(RuleIds.CustomSerialization, """
            [Serializable]
            public class Token
            {
                public string Value;
            }
            """ + Sends("Token"));

    [Fact]
    public Task RequiredMember_Reports()
        => Reports(RuleIds.RequiredMember, """
            [DataContract]
            public class {|#0:Customer|}
            {
                [DataMember(Order = 1, IsRequired = true)] public string Name { get; set; }
            }
            """ + Sends("Customer"),
            Verify.Diagnostic(WcfDiagnostics.RequiredMember).WithLocation(0).WithArguments("Customer", "Name"));

    [Fact]
    public Task OptionalMember_DoesNotReportRequired()
        => Reports(RuleIds.RequiredMember, """
            [DataContract]
            public class Customer
            {
                [DataMember(Order = 1)] public string Name { get; set; }
            }
            """ + Sends("Customer"));

    [Fact]
    public Task KnownTypesFromReflection_Report()
        => Reports(RuleIds.KnownTypeNotResolved, """
            [DataContract]
            [KnownType("Derived")]
            public class {|#0:Shape|}
            {
                [DataMember(Order = 1)] public string Name { get; set; }

                private static IEnumerable<Type> Derived() => typeof(Shape).Assembly.GetTypes();
            }
            """ + Sends("Shape"),
            Verify.Diagnostic(WcfDiagnostics.KnownTypesNotReadable).WithLocation(0).WithArguments("Shape", "Shape", "Derived"));

    [Fact]
    public Task KnownTypesListedWithTypeof_DoNotReport()
        => Reports(RuleIds.KnownTypeNotResolved, """
            [DataContract]
            [KnownType("Derived")]
            public class Shape
            {
                [DataMember(Order = 1)] public string Name { get; set; }

                private static Type[] Derived() => new[] { typeof(Circle) };
            }

            [DataContract]
            public class Circle : Shape
            {
                [DataMember(Order = 2)] public double Radius { get; set; }
            }
            """ + Sends("Shape"));

    [Fact]
    public Task IsReference_Reports()
        => Reports(RuleIds.ReferencePreserved, """
            [DataContract(IsReference = true)]
            public class {|#0:Node|}
            {
                [DataMember(Order = 1)] public Node Parent { get; set; }
            }
            """ + Sends("Node"),
            Verify.Diagnostic(WcfDiagnostics.ReferencePreserved).WithLocation(0).WithArguments("Node"));

    [Fact]
    public Task TreeWithoutIsReference_DoesNotReport()
        => Reports(RuleIds.ReferencePreserved, """
            [DataContract]
            public class Node
            {
                [DataMember(Order = 1)] public List<Node> Children { get; set; }
            }
            """ + Sends("Node"));

    [Fact]
    public Task MembersWithoutOrder_ReportTodaysOrder()
        => Reports(RuleIds.DataMemberOrder, """
            [DataContract]
            public class {|#0:Customer|}
            {
                [DataMember] public string {|#1:Name|} { get; set; }
                [DataMember] public int {|#2:Id|} { get; set; }
            }
            """ + Sends("Customer"),
            Verify.Diagnostic(WcfDiagnostics.MembersWithoutOrder).WithLocation(0).WithLocation(2).WithLocation(1).WithArguments("Customer", "Id, Name"));

    [Fact]
    public Task MembersSharingAnOrder_Report()
        => Reports(RuleIds.DataMemberOrder, """
            [DataContract]
            public class {|#0:Customer|}
            {
                [DataMember(Order = 1)] public string {|#1:Name|} { get; set; }
                [DataMember(Order = 1)] public int {|#2:Id|} { get; set; }
            }
            """ + Sends("Customer"),
            Verify.Diagnostic(WcfDiagnostics.MembersSharingOrder).WithLocation(0).WithLocation(2).WithLocation(1).WithArguments("Customer", "Id (Order 1), Name (Order 1)"));

    [Fact]
    public Task DistinctOrders_DoNotReport()
        => Reports(RuleIds.DataMemberOrder, """
            [DataContract]
            public class Customer
            {
                [DataMember(Order = 2)] public string Name { get; set; }
                [DataMember(Order = 1)] public int Id { get; set; }
            }
            """ + Sends("Customer"));

    [Fact]
    public Task KnownDerivedTypes_ReportTheOneof()
        => Reports(RuleIds.KnownTypesMapped, """
            [DataContract]
            [KnownType(typeof(Circle))]
            public class {|#0:Shape|}
            {
                [DataMember(Order = 1)] public string Name { get; set; }
            }

            [DataContract]
            public class Circle : Shape
            {
                [DataMember(Order = 2)] public double Radius { get; set; }
            }
            """ + Sends("Shape"),
            Verify.Diagnostic(WcfDiagnostics.KnownTypesMapped).WithLocation(0).WithArguments("Shape", "Circle"));

    [Fact]
    public Task TypeWithoutKnownTypes_DoesNotReportAOneof()
        => Reports(RuleIds.KnownTypesMapped, """
            [DataContract]
            public class Shape
            {
                [DataMember(Order = 1)] public string Name { get; set; }
            }
            """ + Sends("Shape"));

    [Fact]
    public Task DateTimeMemberAndParameter_Report()
        => Reports(RuleIds.DateTimeValue, """
            [DataContract]
            public class Shipment
            {
                [DataMember(Order = 1)] public DateTime {|#0:ShippedOn|} { get; set; }
            }

            [ServiceContract]
            public interface IShipping
            {
                [OperationContract]
                Task {|#1:RecordAsync|}(Shipment shipment, DateTime? at);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.DateTimeMapped).WithLocation(0).WithArguments("'Shipment.ShippedOn'"),
            Verify.Diagnostic(WcfDiagnostics.DateTimeMapped).WithLocation(1).WithArguments("Parameter 'at' of 'IShipping.RecordAsync'"));

    [Fact]
    public Task DateTimeOffset_DoesNotReportDateTime()
        => Reports(RuleIds.DateTimeValue, """
            [DataContract]
            public class Shipment
            {
                [DataMember(Order = 1)] public DateTimeOffset ShippedOn { get; set; }
            }
            """ + Sends("Shipment"));

    [Fact]
    public Task DecimalResult_Reports()
        => Reports(RuleIds.DecimalValue, """
            [ServiceContract]
            public interface IPricing
            {
                [OperationContract]
                Task<decimal> {|#0:GetPriceAsync|}(string sku);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.DecimalMapped).WithLocation(0).WithArguments("The result of 'IPricing.GetPriceAsync'"));

    [Fact]
    public Task LongResult_DoesNotReportDecimal()
        => Reports(RuleIds.DecimalValue, """
            [ServiceContract]
            public interface IPricing
            {
                [OperationContract]
                Task<long> GetPriceInCentsAsync(string sku);
            }
            """);

    [Fact]
    public Task TypeWithoutDataContract_ReportsInferredMembers()
        => Reports(RuleIds.InferredDataContract, """
            public class {|#0:Address|}
            {
                public string Street { get; set; }
            }
            """ + Sends("Address"),
            Verify.Diagnostic(WcfDiagnostics.InferredDataContract).WithLocation(0).WithArguments("Address"));

    [Fact]
    public Task TypeWithDataContract_DoesNotReportInferred()
        => Reports(RuleIds.InferredDataContract, """
            [DataContract]
            public class Address
            {
                [DataMember(Order = 1)] public string Street { get; set; }
            }
            """ + Sends("Address"));

    [Fact]
    public Task TypeNoContractSends_IsNotReportedAtAll()
        => Verify.VerifyAsync(Usings + """
            [DataContract]
            public class Unused
            {
                [DataMember] public object Anything { get; set; }
                [DataMember] public DateTime When { get; set; }
            }
            """);
}
