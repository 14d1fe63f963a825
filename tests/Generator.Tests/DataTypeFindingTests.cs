using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// Findings about data types that name what WCF sees: the wire names of colliding types (WCFM2008), and types WCF's
/// DataContractSerializer refuses or sends empty (WCFM2021), told apart from the plain types it infers a contract for.
/// </summary>
public class DataTypeFindingTests
{
    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.Runtime.Serialization;
        using System.ServiceModel;

        """;

    [Fact]
    public void ANameCollision_NamesTheWcfNames_NotOnlyTheCSharpNames()
    {
        var result = Engine.Run(Usings + """
            namespace Contoso.Catalog { [DataContract(Name = "Machine Part", Namespace = "urn:contoso")] public class Part { [DataMember] public int Id; } }
            namespace Contoso.Stock { [DataContract(Namespace = "urn:contoso")] public class MachinePart { [DataMember] public int Count; } }
            namespace Contoso { [ServiceContract] public interface IParts { [OperationContract] Catalog.Part Find(Stock.MachinePart part); } }
            """);

        var texts = result.FindingsOf(RuleIds.NameCollision).Select(f => f.Text()).ToList();
        Assert.Equal(2, texts.Count);
        Assert.StartsWith("'Contoso.Catalog.Part' (WCF name 'Machine Part') is named 'CatalogMachinePart' in proto package 'contoso', not 'MachinePart', which 'Contoso.Stock.MachinePart' (WCF name 'MachinePart') maps to as well.", texts[0]);
        Assert.StartsWith("'Contoso.Stock.MachinePart' (WCF name 'MachinePart') is named 'StockMachinePart' in proto package 'contoso', not 'MachinePart', which 'Contoso.Catalog.Part' (WCF name 'Machine Part') maps to as well.", texts[1]);
    }

    [Fact]
    public void AClassWithNothingToSerialize_IsReportedAtEachUse()
    {
        // A database client held in a data contract and taken as a parameter: get-only properties and methods only.
        var result = Engine.Run(Usings + """
            public class DocumentStore
            {
                public DocumentStore() { }
                public string Database { get; } = "main";
                public void Save(string document) { }
            }
            [DataContract] public class ImportJob { [DataMember] public string Name = ""; [DataMember] public DocumentStore Target = new DocumentStore(); }
            [ServiceContract] public interface IImports { [OperationContract] void Start(ImportJob job, DocumentStore store); }
            """);

        var findings = result.FindingsOf(RuleIds.NotSerializable);
        Assert.Equal([("NotSerializableEmpty", 11), ("NotSerializableEmpty", 12)], findings.Select(f => (f.MessageId, f.Position!.Line)));
        Assert.Equal(FindingSeverity.Warning, findings[0].Severity);
        Assert.StartsWith("'ImportJob.Target' is of type 'DocumentStore', which has no [DataContract], is not [Serializable] and has no public read/write property or field: it carries nothing.", findings[0].Text());
        Assert.StartsWith("Parameter 'store' of 'IImports.Start'", findings[1].Text());
    }

    [Theory]
    [InlineData("public class Connection { public Connection(string address) { } public string Address { get; set; } = \"\"; }", "has no public parameterless constructor")]
    [InlineData("internal class Connection { public string Address { get; set; } = \"\"; }", "is not public")]
    public void AClassTheSerializerRefuses_IsReported_WithWhy(string declaration, string why)
    {
        var result = Engine.Run(Usings + declaration + """

            [ServiceContract] internal interface IConnections { [OperationContract] void Open(Connection connection); }
            """);

        Assert.Contains($"Parameter 'connection' of 'IConnections.Open' is of type 'Connection', which has no [DataContract], is not [Serializable] and {why}: WCF's DataContractSerializer refuses it", Assert.Single(result.FindingsOf(RuleIds.NotSerializable)).Text());
    }

    [Theory]
    [InlineData("public class Address { public string Street { get; set; } = \"\"; public string City; }")]
    [InlineData("public struct Address { public string Street; }")]
    [InlineData("public class Base { public string Street { get; set; } = \"\"; } public class Address : Base { }")]
    [InlineData("[DataContract] public class Address { }")]
    [InlineData("[Serializable] public class Address { private string street = \"\"; }")]
    [InlineData("[KnownType(typeof(Home))] public class Address { } public class Home : Address { public string Street { get; set; } = \"\"; }")]
    public void TypesTheSerializerCarries_AreNotReported(string declaration)
    {
        var result = Engine.Run(Usings + declaration + """

            [ServiceContract] public interface IAddresses { [OperationContract] Address Find(string name); }
            """);

        Assert.Empty(result.FindingsOf(RuleIds.NotSerializable));
    }
}
