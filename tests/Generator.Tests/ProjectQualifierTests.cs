using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// <see cref="ProjectQualifier"/>: a front end that maps several projects puts a project into the packages that would
/// clash. Only packages (and their csharp_namespace, paths and imports) change; names, numbers and lock keys do not.
/// </summary>
public sealed class ProjectQualifierTests
{
    // Two user packages that refer to each other's types one way (orders → shared), a common type (decimal), a duplex
    // contract, known types and a wrapper: everything that writes a package name into another definition.
    private const string Source = """
        using System.Collections.Generic;
        using System.Runtime.Serialization;
        using System.ServiceModel;

        namespace Contoso.Shared
        {
            [DataContract(Namespace = "http://contoso.com/shared")] public class Money { [DataMember] public decimal Amount; [DataMember] public string Currency = ""; }
            [DataContract(Namespace = "http://contoso.com/shared"), KnownType(typeof(Parcel))] public class Shipment { [DataMember] public Money? Cost; }
            [DataContract(Namespace = "http://contoso.com/shared")] public class Parcel : Shipment { [DataMember] public double Weight; }
        }
        namespace Contoso.Orders
        {
            [DataContract] public class Order { [DataMember] public int Id; [DataMember] public Contoso.Shared.Money Total = new(); [DataMember] public List<string>? Notes; }
            public interface IOrderEvents { [OperationContract(IsOneWay = true)] void Shipped(Contoso.Shared.Shipment shipment); }
            [ServiceContract(CallbackContract = typeof(IOrderEvents))]
            public interface IOrderService
            {
                [OperationContract] Order Get(int id);
                [OperationContract] Contoso.Shared.Shipment Ship(Order order, Contoso.Shared.Money insurance);
            }
        }
        """;

    [Fact]
    public void EveryPackage_GetsTheProjectInFront_AndItsCSharpNamespaceEndsWithIt_WhileNamesAndNumbersStay()
    {
        var plain = Run(null);

        var qualified = Run(new ProjectQualifier("Orders.Api"));

        Assert.Equal("", EngineBehaviourTests.RunProtoc(qualified));
        var before = plain.Proto.ToDictionary(f => f.Path);
        foreach (var file in qualified.Proto)
        {
            if (file.Package == "migrate_wcf")
            {
                Assert.Equal(before[file.Path], file);
                continue;
            }

            Assert.StartsWith("orders_api/", file.Path);
            var original = before[file.Path["orders_api/".Length..]];
            Assert.Equal("orders_api." + original.Package, file.Package);
            Assert.Equal(original.CSharpNamespace + ".OrdersApi", file.CSharpNamespace);
            Assert.Equal(Shape(original), Shape(file));
        }

        Assert.Equal(plain.Proto.Length, qualified.Proto.Length);
        Assert.Equal(plain.LockFileText, qualified.LockFileText);
        // WCFM1014 names the gRPC service a contract becomes, package included; every other finding stays.
        Assert.True(plain.Findings.Where(f => f.RuleId != RuleIds.ServiceContractMapped).SequenceEqual(qualified.Findings.Where(f => f.RuleId != RuleIds.ServiceContractMapped)), "the findings differ");
        Assert.Equal(plain.Findings.Length, qualified.Findings.Length);
    }

    [Fact]
    public void OnlyTheListedPackages_AreQualified_AndTheFilesThatImportThemFollow()
    {
        var plain = Run(null);
        var shared = Assert.Single(plain.Proto, f => f.Path.EndsWith("_types.proto", StringComparison.Ordinal) && f.Package.Contains("shared", StringComparison.Ordinal)).Package;

        var qualified = Run(new ProjectQualifier("Orders.Api", [shared]));

        Assert.Equal("", EngineBehaviourTests.RunProtoc(qualified));
        Assert.Equal(
            plain.Proto.Select(f => f.Package == shared ? "orders_api." + shared : f.Package).Order(StringComparer.Ordinal),
            qualified.Proto.Select(f => f.Package).Order(StringComparer.Ordinal));
        var service = Assert.Single(qualified.Proto, f => f.Services.Count > 0);
        Assert.DoesNotContain("orders_api", service.Package);
        Assert.Contains(service.Imports, i => i.StartsWith("orders_api/contoso/shared/", StringComparison.Ordinal));
        Assert.Contains(".orders_api.contoso.shared.Money", qualified.AllProto());
        Assert.Equal(plain.LockFileText, qualified.LockFileText);
    }

    [Fact]
    public void APackageNamedLikeTheCommonOne_IsEscapedBelowTheProject_SoCommonTypesStillResolve()
    {
        // C# namespace MigrateWcf.Billing → package migrate_wcf.billing; below a project segment, "migrate_wcf" would
        // capture the common types' scope (migrate_wcf.Decimal), so it becomes migrate_wcf_.
        var result = MigrationEngine.Run(
            WcfTestCompilation.Create("""
                using System.Runtime.Serialization;
                using System.ServiceModel;
                namespace MigrateWcf.Billing
                {
                    [DataContract] public class Invoice { [DataMember] public decimal Total; }
                    [ServiceContract] public interface IBilling { [OperationContract] Invoice Get(int id); }
                }
                """),
            new EngineOptions { ProjectQualifier = new ProjectQualifier("Billing") });

        Assert.Equal("", EngineBehaviourTests.RunProtoc(result));
        Assert.Contains(result.Proto, f => f.Package == "billing.migrate_wcf_.billing");
        Assert.Contains("migrate_wcf.Decimal total = 1;", result.AllProto());
    }

    [Theory]
    [InlineData("LegacyWcf.Contracts", "legacy_wcf_contracts")]
    [InlineData("WcfService1", "wcf_service1")]
    [InlineData("XMLParser2", "xml_parser2")]
    [InlineData("2024 Api", "v2024_api")]
    [InlineData("google", "google_")]
    [InlineData("...", "project")]
    public void Segment_IsTheProjectNameInSnakeCase(string projectName, string segment)
        => Assert.Equal(segment, new ProjectQualifier(projectName).Segment);

    [Fact]
    public void Qualifies_EveryPackage_WhenNoneAreListed_OrOnlyTheListedOnes()
    {
        Assert.True(new ProjectQualifier("A").Qualifies("contoso.orders"));
        var listed = new ProjectQualifier("A", ["contoso.orders"]);
        Assert.True(listed.Qualifies("contoso.orders"));
        Assert.False(listed.Qualifies("contoso.shared"));
    }

    private static EngineResult Run(ProjectQualifier? qualifier)
        => MigrationEngine.Run(WcfTestCompilation.Create(Source), new EngineOptions { ProjectQualifier = qualifier });

    /// <summary>What must not change: each definition's and service's name, and each field's name and number.</summary>
    private static string Shape(ProtoFile file)
        => string.Join(
            "\n",
            file.Definitions.Select(d => d.Name + ":" + string.Join(",", (d.Message?.Fields.AsImmutableArray() ?? []).Concat(d.Message?.Oneofs.SelectMany(o => o.Fields) ?? []).Select(f => f.Name + "=" + f.Number)))
                .Concat(file.Services.Select(s => "service " + s.Name + ":" + string.Join(",", s.Rpcs.Select(r => r.Name)))));
}
