using System.Reflection;
using System.ServiceModel.Web;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using MigrateWcf.Compatibility;

namespace MigrateWcf.Runtime.Tests.Compatibility;

/// <summary>
/// MigrateWcf.Compatibility as a migrated project compiles against it: legacy WCF service code, unchanged, compiled with
/// warnings as errors against System.ServiceModel.Primitives' reference assemblies and the compatibility assembly, which
/// must declare nothing Primitives has (no CS0433) and every type of which the code uses.
/// </summary>
public sealed class CompatibilityAssemblyTests
{
    private const string Legacy = """
        using System;
        using System.Net;
        using System.ServiceModel;
        using System.ServiceModel.Activation;
        using System.ServiceModel.MsmqIntegration;
        using System.ServiceModel.Web;

        namespace Legacy.Services
        {
            public class Item
            {
                public string? Name { get; set; }
            }

            [ServiceContract]
            public interface ICatalog
            {
                [OperationContract]
                [WebGet(UriTemplate = "items/{name}", ResponseFormat = WebMessageFormat.Json, BodyStyle = WebMessageBodyStyle.Bare)]
                [AspNetCacheProfile("CacheFor10Seconds")]
                Item Get(string name);

                [OperationContract]
                [WebInvoke(Method = "PUT", UriTemplate = "items", RequestFormat = WebMessageFormat.Json, BodyStyle = WebMessageBodyStyle.Wrapped)]
                void Put(Item item);

                [OperationContract]
                string Session();
            }

            [AspNetCompatibilityRequirements(RequirementsMode = AspNetCompatibilityRequirementsMode.Allowed)]
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple, IncludeExceptionDetailInFaults = true)]
            public class Catalog : ICatalog
            {
                [OperationBehavior(TransactionScopeRequired = false)]
                public Item Get(string name)
                {
                    WebOperationContext context = WebOperationContext.Current;
                    IncomingWebRequestContext request = context.IncomingRequest;
                    UriTemplateMatch match = request.UriTemplateMatch;
                    if (request.UserAgent is null || match.BoundVariables["name"] is null)
                    {
                        throw new WebFaultException<string>("no caller", HttpStatusCode.BadRequest);
                    }

                    OutgoingWebResponseContext response = context.OutgoingResponse;
                    response.SetStatusAsCreated(new Uri("http://localhost/items/" + name));
                    return new Item { Name = name };
                }

                public void Put(Item item)
                {
                    if (item.Name is null)
                    {
                        throw new WebFaultException(HttpStatusCode.NotFound);
                    }
                }

                public string Session() => OperationContext.Current.SessionId;
            }

            [ServiceContract]
            public interface IItemQueue
            {
                [OperationContract(IsOneWay = true, Action = "*")]
                void Receive(MsmqMessage<Item> message);
            }

            public class ItemQueue : IItemQueue
            {
                public void Receive(MsmqMessage<Item> message)
                {
                    Item item = message.Body;
                    message.Body = new Item { Name = item.Name ?? "unnamed" };
                }
            }

            /// <summary>What generate writes into the implementations' namespace.</summary>
            internal sealed class OperationContext : global::MigrateWcf.Compatibility.OperationContextStandIn<OperationContext>
            {
            }
        }
        """;

    private static readonly string PrimitivesReferences = typeof(CompatibilityAssemblyTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "ServiceModelPrimitivesReferences").Value!;

    [Fact]
    public void LegacyServiceCode_CompilesUnchanged_WithWarningsAsErrors()
    {
        var compilation = Compile(Legacy);

        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity != DiagnosticSeverity.Hidden));
    }

    [Fact]
    public void EveryCompatibilityType_IsUsed_AndResolvesToTheCompatibilityAssemblyAlone()
    {
        var compilation = Compile(Legacy);
        var model = compilation.GetSemanticModel(compilation.SyntaxTrees.Single());
        var used = compilation.SyntaxTrees.Single().GetRoot().DescendantNodes().OfType<SimpleNameSyntax>()
            .Select(n => model.GetSymbolInfo(n).Symbol)
            .Select(s => s as INamedTypeSymbol ?? (s as IMethodSymbol)?.ContainingType ?? (s as IPropertySymbol)?.ContainingType)
            .OfType<INamedTypeSymbol>()
            .Select(t => t.OriginalDefinition)
            .Where(t => t.ContainingAssembly.Name == CompatibilityAssembly.GetName().Name)
            .Select(t => t.MetadataName is var name && t.ContainingNamespace.ToDisplayString() is var ns ? ns + "." + name : name)
            .ToHashSet(StringComparer.Ordinal);

        foreach (var type in CompatibilityAssembly.GetExportedTypes())
        {
            Assert.True(used.Contains(type.FullName!), $"{type.FullName} is not used by the legacy code");
            // Null when two referenced assemblies declare it (what would be CS0433 in code naming it).
            var symbol = compilation.GetTypeByMetadataName(type.FullName!);
            Assert.True(symbol is not null, $"{type.FullName} is ambiguous or missing");
            Assert.Equal(CompatibilityAssembly.GetName().Name, symbol.ContainingAssembly.Name);
        }
    }

    [Fact]
    public void ThePrimitivesReferencesDeclareNoneOfTheCompatibilityTypes()
    {
        var primitives = CSharpCompilation.Create("Primitives", references: References(withCompatibility: false));

        Assert.All(CompatibilityAssembly.GetExportedTypes().Where(t => t.Namespace!.StartsWith("System", StringComparison.Ordinal)), type =>
            Assert.Null(primitives.GetTypeByMetadataName(type.FullName!)));
    }

    private static Assembly CompatibilityAssembly => typeof(OperationContextStandIn<>).Assembly;

    private static CSharpCompilation Compile(string source)
        => CSharpCompilation.Create(
            "Legacy.Migrated",
            [CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest))],
            References(withCompatibility: true),
            new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable,
                generalDiagnosticOption: ReportDiagnostic.Error,
                // What every SDK project suppresses (assembly unification).
                specificDiagnosticOptions: new Dictionary<string, ReportDiagnostic> { ["CS1701"] = ReportDiagnostic.Suppress, ["CS1702"] = ReportDiagnostic.Suppress }));

    /// <summary>.NET (this process's assemblies), Primitives' reference assemblies, and the compatibility assembly with the runtime it uses.</summary>
    private static List<MetadataReference> References(bool withCompatibility)
    {
        var paths = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p) is var name
                        && !name.StartsWith("System.ServiceModel", StringComparison.Ordinal)
                        && (withCompatibility || !name.StartsWith("MigrateWcf.", StringComparison.Ordinal)))
            .Concat(Directory.EnumerateFiles(PrimitivesReferences, "*.dll"));
        return paths.Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToList();
    }
}
