using System.Xml.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generation;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// What the project <c>generate</c> writes references of the original projects': packages.config packages as
/// PackageReferences at the version restored (a family at one version), HintPath assemblies from a lib/ folder, not
/// test frameworks, build tooling or .NET Framework assemblies; test projects of a folder left out; and messages a
/// user can act on (a quoted build command, a stray copy of a config file not read). The --restore tests use this
/// machine's NuGet feed (a partial copy of nuget.org: Newtonsoft.Json 13.0.1; MongoDB.Driver 2.22.0 and 2.30.0,
/// MongoDB.Driver.Core and MongoDB.Bson 2.30.0, none at 2.4.4).
/// </summary>
public sealed class ProjectReferencesTests
{
    /// <summary>An old-style service project as Visual Studio writes it, with packages.config references by HintPath.</summary>
    private static string ServiceProject(string references, string compile = """<Compile Include="IPricing.cs" /><Compile Include="PricingService.cs" />""") => $"""
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="15.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup>
            <OutputType>Library</OutputType>
            <AssemblyName>Erp.Pricing</AssemblyName>
            <TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion>
          </PropertyGroup>
          <ItemGroup>
            {references}
            <Reference Include="System" />
            <Reference Include="System.Runtime.Serialization" />
            <Reference Include="System.ServiceModel" />
          </ItemGroup>
          <ItemGroup>{compile}</ItemGroup>
          <ItemGroup><None Include="packages.config" /></ItemGroup>
          <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
        </Project>
        """;

    private static string PackagesConfig(params (string Id, string Version)[] packages)
        => "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<packages>\n"
           + string.Concat(packages.Select(p => $"  <package id=\"{p.Id}\" version=\"{p.Version}\" targetFramework=\"net472\" />\n"))
           + "</packages>\n";

    private static string HintPathReference(string name, string hintPath) => $"""
        <Reference Include="{name}"><HintPath>{hintPath}</HintPath></Reference>
        """;

    private const string Contract = """
        using System.Runtime.Serialization;
        using System.ServiceModel;

        namespace Erp.Pricing
        {
            [DataContract]
            public class Quote
            {
                [DataMember(Order = 1)] public string Sku { get; set; }
                [DataMember(Order = 2)] public decimal Price { get; set; }
                [DataMember(Order = 3)] public string Json { get; set; }
            }

            [ServiceContract]
            public interface IPricing
            {
                [OperationContract] Quote Price(string sku);
            }
        }
        """;

    /// <summary>Uses Newtonsoft.Json and an assembly from the solution's lib/ folder inside the implementation only.</summary>
    private const string Implementation = """
        using Acme.Rates;
        using Newtonsoft.Json;

        namespace Erp.Pricing
        {
            public class PricingService : IPricing
            {
                public Quote Price(string sku)
                {
                    var quote = new Quote { Sku = sku, Price = RateTable.Lookup(sku) };
                    quote.Json = JsonConvert.SerializeObject(new { quote.Sku, quote.Price });
                    return quote;
                }
            }
        }
        """;

    /// <summary>A vendor's assembly committed in lib/, as old solutions keep one: compiled here against .NET Framework 4.7.2.</summary>
    private static void WriteRatesAssembly(string path)
    {
        var compilation = CSharpCompilation.Create(
            "Acme.Rates",
            [CSharpSyntaxTree.ParseText("namespace Acme.Rates { public static class RateTable { public static decimal Lookup(string sku) { return sku.Length * 1.5m; } } }")],
            ReferenceSet.Net472References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        Assert.True(compilation.Emit(path).Success);
    }

    private static IEnumerable<XElement> Items(XDocument project, string name) => project.Descendants(name);

    private static string MigratedProject(string folder) => Directory.EnumerateFiles(folder, "*.csproj").Single();

    [Fact]
    public async Task PackagesConfigPackagesAndLibAssemblies_AreReferenced_AndTheMigratedProjectBuilds()
    {
        using var temp = new TempFolder();
        var project = temp.WriteFile("erp/Erp.Pricing/Erp.Pricing.csproj", ServiceProject(
            HintPathReference("Newtonsoft.Json, Version=13.0.0.0, Culture=neutral, PublicKeyToken=30ad4fe6b2a6aeed", @"..\packages\Newtonsoft.Json.13.0.1\lib\net45\Newtonsoft.Json.dll")
            + HintPathReference("Acme.Rates", @"..\lib\Acme.Rates.dll")));
        temp.WriteFile("erp/Erp.Pricing/packages.config", PackagesConfig(("Newtonsoft.Json", "13.0.1")));
        temp.WriteFile("erp/Erp.Pricing/IPricing.cs", Contract);
        temp.WriteFile("erp/Erp.Pricing/PricingService.cs", Implementation);
        WriteRatesAssembly(temp.Combine("erp", "lib", "Acme.Rates.dll"));
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", project, "--out", output, "--restore", "--runtime-project", Repository.Combine("runtime", "MigrateWcf.Runtime.csproj"));

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var migrated = XDocument.Load(MigratedProject(output));
        Assert.Contains(Items(migrated, "PackageReference"), p => p.Attribute("Include")!.Value == "Newtonsoft.Json" && p.Attribute("Version")!.Value == "13.0.1");
        var rates = Assert.Single(Items(migrated, "Reference"));
        Assert.Equal("Acme.Rates", rates.Attribute("Include")!.Value);
        Assert.Equal("../erp/lib/Acme.Rates.dll", rates.Element("HintPath")!.Value);

        // The one real build of a generated project in these tests (about 30 s), generate's own verification: the
        // references are what it needs.
        Assert.Contains("; the migrated project and its host build, and the host serves 1 gRPC service; run it: dotnet run --project ", result.Output);
    }

    [Fact]
    public async Task APackageFamily_IsRestoredAndReferencedAtOneVersion_WithANote()
    {
        using var temp = new TempFolder();
        string[] family = ["MongoDB.Bson", "MongoDB.Driver", "MongoDB.Driver.Core"];
        var project = temp.WriteFile("erp/Erp.Pricing/Erp.Pricing.csproj", ServiceProject(
            string.Concat(family.Select(id => HintPathReference(id, $@"..\packages\{id}.2.4.4\lib\net45\{id}.dll")))));
        temp.WriteFile("erp/Erp.Pricing/packages.config", PackagesConfig([.. family.Select(id => (id, "2.4.4"))]));
        temp.WriteFile("erp/Erp.Pricing/IPricing.cs", Contract);
        // The service uses a type of each package of the family (a package the compiled code does not use is not carried).
        temp.WriteFile("erp/Erp.Pricing/PricingService.cs", """
            namespace Erp.Pricing
            {
                public class PricingService : IPricing
                {
                    public Quote Price(string sku)
                    {
                        var id = MongoDB.Bson.ObjectId.GenerateNewId();
                        var settings = new MongoDB.Driver.MongoClientSettings();
                        var state = MongoDB.Driver.Core.Clusters.ClusterState.Connected;
                        return new Quote { Sku = sku + id + settings.ApplicationName + state };
                    }
                }
            }
            """);
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", project, "--out", output, "--restore");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        // Each package once, all at one version, which the feed has for every one of them (so not 2.4.4). Taken one by
        // one, MongoDB.Driver would be 2.22.0 and the others 2.30.0.
        var folders = Directory.GetDirectories(temp.Combine("erp", "packages")).Select(Path.GetFileName).Order(StringComparer.Ordinal).ToList();
        var version = folders.Single(f => f!.StartsWith("MongoDB.Bson.", StringComparison.Ordinal))!["MongoDB.Bson.".Length..];
        Assert.NotEqual("2.4.4", version);
        Assert.Equal(family.Select(id => $"{id}.{version}"), folders);
        Assert.Contains("the nearest version every package of its family (MongoDB.Bson, MongoDB.Driver, MongoDB.Driver.Core) has", result.Error);

        var migrated = XDocument.Load(MigratedProject(output));
        Assert.Equal(
            family.Select(id => (id, version)),
            Items(migrated, "PackageReference").Where(p => p.Attribute("Include")!.Value.StartsWith("MongoDB", StringComparison.Ordinal)).Select(p => (p.Attribute("Include")!.Value, p.Attribute("Version")!.Value)));
        Assert.Contains($"MongoDB.Driver: packages.config asks 2.4.4, which", File.ReadAllText(MigratedProject(output)));
        // One warning per package, at its packages.config line.
        Assert.Equal(3, result.ErrorLines.Count(l => l.Contains("warning WCFM4022", StringComparison.Ordinal) && l.StartsWith("packages.config:", StringComparison.Ordinal)));
        Assert.Contains($"Package 'MongoDB.Driver' is referenced at {version}: packages.config asks 2.4.4, which", result.Error);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task PackagesNeverRestored_AreCarriedOnlyWhenTheCompiledCodeHasANameThatDidNotBind_AndPartsOfDotNetNever(bool implementationUsesEntityFramework)
    {
        using var temp = new TempFolder();
        // No packages/ folder: which package declares what cannot be told, only whether every name bound.
        var project = temp.WriteFile("erp/Erp.Pricing/Erp.Pricing.csproj", ServiceProject(
            HintPathReference("EntityFramework", @"..\packages\EntityFramework.6.2.0\lib\net45\EntityFramework.dll")
            + HintPathReference("System.ValueTuple", @"..\packages\System.ValueTuple.4.5.0\lib\net47\System.ValueTuple.dll")));
        temp.WriteFile("erp/Erp.Pricing/packages.config", PackagesConfig(("EntityFramework", "6.2.0"), ("System.ValueTuple", "4.5.0")));
        temp.WriteFile("erp/Erp.Pricing/IPricing.cs", Contract);
        temp.WriteFile("erp/Erp.Pricing/PricingService.cs", implementationUsesEntityFramework
            ? "namespace Erp.Pricing { public class PricingService : IPricing { public Quote Price(string sku) { using (var db = new System.Data.Entity.DbContext(\"prices\")) { return new Quote { Sku = sku }; } } } }"
            : "namespace Erp.Pricing { public class PricingService : IPricing { public Quote Price(string sku) { return new Quote { Sku = sku }; } } }");
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", project, "--out", output, "--no-verify");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var migrated = XDocument.Load(MigratedProject(output));
        var text = File.ReadAllText(MigratedProject(output));
        Assert.Equal(implementationUsesEntityFramework, Items(migrated, "PackageReference").Any(p => p.Attribute("Include")!.Value == "EntityFramework"));
        Assert.Equal(!implementationUsesEntityFramework, text.Contains("EntityFramework 6.2.0: " + ReferenceKinds.NotUsed, StringComparison.Ordinal));
        Assert.DoesNotContain(Items(migrated, "PackageReference"), p => p.Attribute("Include")!.Value == "System.ValueTuple");
        Assert.Contains("System.ValueTuple 4.5.0: " + ReferenceKinds.PartOfDotNet, text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AUsingOfAPackageNeverRestored_Stays_AndOneNothingDeclares_Goes()
    {
        using var temp = new TempFolder();
        // A test class beside the service, as samples keep them; MSTest came from Visual Studio, log4net from packages/.
        var project = temp.WriteFile("erp/Erp.Pricing/Erp.Pricing.csproj", ServiceProject(
            HintPathReference("log4net", @"..\packages\log4net.2.0.8\lib\net45-full\log4net.dll")
            + """<Reference Include="Microsoft.VisualStudio.QualityTools.UnitTestFramework" />"""));
        temp.WriteFile("erp/Erp.Pricing/packages.config", PackagesConfig(("log4net", "2.0.8")));
        temp.WriteFile("erp/Erp.Pricing/IPricing.cs", Contract);
        temp.WriteFile("erp/Erp.Pricing/PricingService.cs", """
            using log4net;
            using Microsoft.VisualStudio.TestTools.UnitTesting;

            namespace Erp.Pricing
            {
                public class PricingService : IPricing
                {
                    private static readonly ILog Log = LogManager.GetLogger("pricing");

                    public Quote Price(string sku) { Log.Info(sku); return new Quote { Sku = sku }; }
                }

                [TestClass]
                public class PricingTests
                {
                    [TestMethod]
                    public void Prices() { Assert.IsNotNull(new PricingService().Price("a")); }
                }
            }
            """);
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", project, "--out", output, "--no-verify");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var copy = File.ReadAllText(Path.Combine(output, "Original", "Erp.Pricing", "PricingService.cs"));
        Assert.Contains("\nusing log4net;\n", copy, StringComparison.Ordinal);
        Assert.DoesNotContain("Microsoft.VisualStudio", copy, StringComparison.Ordinal);
        Assert.DoesNotContain("[TestClass]", copy, StringComparison.Ordinal);
        Assert.Contains(Items(XDocument.Load(MigratedProject(output)), "PackageReference"), p => p.Attribute("Include")!.Value == "log4net");
    }

    [Fact]
    public void PackageFamilies_AreFoundFromMetadataOrFromSharedVersionAndPrefix()
    {
        static NuGet.Versioning.NuGetVersion V(string version) => NuGet.Versioning.NuGetVersion.Parse(version);
        var packages = new List<(string, NuGet.Versioning.NuGetVersion)>
        {
            ("MongoDB.Driver", V("2.4.4")), ("MongoDB.Bson", V("2.4.4")), ("Microsoft.AspNet.WebApi.Core", V("5.2.3")),
            ("Microsoft.Owin", V("5.2.3")), ("Acme.Client", V("1.0.0")), ("Contoso.Core", V("3.1.0")), ("Newtonsoft.Json", V("2.4.4")),
        };

        // Acme.Client depends on Contoso.Core at its own version (a family by metadata, across prefixes); the two
        // Microsoft packages share a version but not "Microsoft.<segment>".
        var families = PackageFamilies.Group(packages, i => i == 4 ? ["Contoso.Core"] : []);

        List<List<int>> expected = [[0, 1], [2], [3], [4, 5], [6]];
        Assert.Equal(expected, families);
        Assert.Equal(V("2.30.0"), PackageFamilies.CommonVersion([(V("2.4.4"), [V("2.22.0"), V("2.30.0")]), (V("2.4.4"), [V("2.30.0"), V("3.0.0")])]));
        Assert.Null(PackageFamilies.CommonVersion([(V("2.4.4"), [V("2.22.0")]), (V("2.4.4"), [V("2.30.0")])]));
    }

    [Fact]
    public async Task TestFrameworksAndBuildTooling_AreLeftOut_WithAFinding_AndWhatTheProjectHasIsNotAddedTwice()
    {
        using var temp = new TempFolder();
        var project = temp.WriteFile("erp/Erp.Pricing/Erp.Pricing.csproj", ServiceProject(string.Empty, """<Compile Include="IPricing.cs" />"""));
        temp.WriteFile("erp/Erp.Pricing/packages.config", PackagesConfig(
            ("Newtonsoft.Json", "13.0.1"), ("Microsoft.Net.Compilers", "2.4.0"), ("Moq", "4.7.0"), ("Google.Protobuf", "3.5.1"), ("System.ServiceModel.Primitives", "4.5.3")));
        temp.WriteFile("erp/Erp.Pricing/IPricing.cs", Contract);
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", project, "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var text = File.ReadAllText(MigratedProject(output));
        var migrated = XDocument.Parse(text);
        // Without --restore and with no packages/ folder: the version packages.config asks for.
        Assert.Single(Items(migrated, "PackageReference"), p => p.Attribute("Include")!.Value == "Newtonsoft.Json" && p.Attribute("Version")!.Value == "13.0.1");
        Assert.DoesNotContain(Items(migrated, "PackageReference"), p => p.Attribute("Include")!.Value is "Microsoft.Net.Compilers" or "Moq" or "System.ServiceModel.Primitives");
        Assert.Single(Items(migrated, "PackageReference"), p => p.Attribute("Include")!.Value == "Google.Protobuf");
        Assert.Contains($"Microsoft.Net.Compilers 2.4.0: {ReferenceKinds.BuildTooling}", text);
        Assert.Contains($"Moq 4.7.0: {ReferenceKinds.TestLibrary}", text);
        Assert.Contains("Google.Protobuf 3.5.1: the migrated project references it already", text);
        Assert.Contains("packages.config:5:4: info WCFM4021: Package 'Moq' 4.7.0 is not referenced by the migrated project: a test framework", result.Error);
        Assert.Contains("info WCFM4021: Package 'Microsoft.Net.Compilers' 2.4.0", result.Error);
        Assert.DoesNotContain("'Google.Protobuf'", result.Error);
    }

    [Fact]
    public async Task FrameworkAndPackageFolderAssemblies_AreNotReferencedByHintPath_ButPackageFolderOnesArePackages()
    {
        using var temp = new TempFolder();
        var project = temp.WriteFile("erp/Erp.Pricing/Erp.Pricing.csproj", ServiceProject(
            HintPathReference("System.Web", @"..\lib\System.Web.dll") + HintPathReference("Acme.Rates", @"..\packages\Acme.Rates.1.2.0\lib\net45\Acme.Rates.dll")
            + HintPathReference("Newtonsoft.Json", @"..\nuget\Newtonsoft.Json.13.0.1\lib\net45\Newtonsoft.Json.dll"),
            """<Compile Include="IPricing.cs" />"""));
        temp.WriteFile("erp/Erp.Pricing/packages.config", PackagesConfig(("Newtonsoft.Json", "13.0.1")));
        temp.WriteFile("erp/Erp.Pricing/IPricing.cs", Contract);
        WriteRatesAssembly(temp.Combine("erp", "lib", "System.Web.dll"));
        WriteRatesAssembly(temp.Combine("erp", "packages", "Acme.Rates.1.2.0", "lib", "net45", "Acme.Rates.dll"));
        // A packages folder of another name (nuget.config's repositoryPath): its packages are still packages.
        WriteRatesAssembly(temp.Combine("erp", "nuget", "Newtonsoft.Json.13.0.1", "lib", "net45", "Newtonsoft.Json.dll"));
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", project, "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var migrated = XDocument.Load(MigratedProject(output));
        Assert.Empty(Items(migrated, "Reference"));
        // A package folder's assembly that no packages.config lists is its package, at that folder's version; neither is
        // carried, since the compiled code (a contract) uses neither: the project file says so.
        Assert.DoesNotContain(Items(migrated, "PackageReference"), p => p.Attribute("Include")!.Value is "Acme.Rates" or "Newtonsoft.Json");
        var text = File.ReadAllText(MigratedProject(output));
        Assert.Contains("Acme.Rates 1.2.0: " + ReferenceKinds.NotUsed, text, StringComparison.Ordinal);
        Assert.Contains("Newtonsoft.Json 13.0.1: " + ReferenceKinds.NotUsed, text, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ATestProjectInTheFolder_IsLeftOut_WithAFinding_AndAloneItLeavesNothingToGenerate()
    {
        using var temp = new TempFolder();
        var service = temp.CopyFixture("Orders", "repo/Orders");
        File.WriteAllText(Path.Combine(service, "Orders.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup></Project>");
        temp.WriteFile("repo/Orders.Tests/Orders.Tests.csproj", """
            <?xml version="1.0" encoding="utf-8"?>
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup>
                <ProjectTypeGuids>{3AC096D0-A1C2-E12C-1390-A8335801FDAB};{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}</ProjectTypeGuids>
                <TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion>
              </PropertyGroup>
              <ItemGroup>
                <Reference Include="Microsoft.VisualStudio.QualityTools.UnitTestFramework" />
                <Reference Include="System.ServiceModel" />
              </ItemGroup>
              <ItemGroup><Compile Include="OrderServiceTests.cs" /></ItemGroup>
              <ItemGroup><ProjectReference Include="..\Orders\Orders.csproj" /></ItemGroup>
            </Project>
            """);
        temp.WriteFile("repo/Orders.Tests/OrderServiceTests.cs", """
            using Microsoft.VisualStudio.TestTools.UnitTesting;
            namespace Contoso.Orders.Tests
            {
                [TestClass]
                public class OrderServiceTests
                {
                    [TestMethod] public void Places() { Assert.IsNotNull(new OrderService().PlaceOrder(new Order())); }
                }
            }
            """);
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", temp.Combine("repo"), "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("Orders.Tests/Orders.Tests.csproj:4:6: info WCFM4020: Project 'Orders.Tests' is a test project (its ProjectTypeGuids mark a test project), so the migrated project does not compile it", result.Error);
        var migrated = XDocument.Load(MigratedProject(output));
        Assert.DoesNotContain(Items(migrated, "Compile"), c => c.Attribute("Include")!.Value.Contains("Tests", StringComparison.Ordinal));
        Assert.Contains(Items(migrated, "Compile"), c => c.Attribute("Include")!.Value.EndsWith("OrderService.cs", StringComparison.Ordinal));

        // A folder of test projects only: nothing to generate, and the error says what was left out.
        Directory.Delete(service, recursive: true);
        File.WriteAllText(temp.Combine("repo", "Orders.Tests", "Orders.Tests.csproj"), File.ReadAllText(temp.Combine("repo", "Orders.Tests", "Orders.Tests.csproj")).Replace("<ProjectReference Include=\"..\\Orders\\Orders.csproj\" />", string.Empty, StringComparison.Ordinal));
        var alone = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", temp.Combine("repo"), "--out", output + "-2");

        Assert.Equal(ExitCode.InputError, alone.Code);
        Assert.Contains("nothing to generate", Assert.Single(alone.ErrorLines, l => l.StartsWith("migrate-wcf: error:", StringComparison.Ordinal)));
        Assert.Contains("test projects left out: Orders.Tests", alone.Error);
        Assert.False(Directory.Exists(output + "-2"));
    }

    [Theory]
    [InlineData("MSTest.TestFramework", true)]
    [InlineData("NUnit", true)]
    [InlineData("xunit.core", true)]
    [InlineData("Microsoft.NET.Test.Sdk", true)]
    [InlineData("Moq", false)]
    [InlineData("Newtonsoft.Json", false)]
    public void TestFrameworks_MakeATestProject_MockingLibrariesAlone_DoNot(string id, bool isTestFramework)
    {
        Assert.Equal(isTestFramework, ReferenceKinds.IsTestFramework(id));
        Assert.Equal(id == "Newtonsoft.Json" ? null : ReferenceKinds.TestLibrary, ReferenceKinds.WhyNotCarried(id));
    }

    [Fact]
    public async Task TheBuildCommand_QuotesAPathWithSpaces()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("my services", "migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", input, "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains($"Build it with: dotnet build '{Path.Join(output, "Orders.Migrated.csproj")}'", result.Output);
    }

    [Theory]
    [InlineData("/tmp/out/A.csproj", false, "/tmp/out/A.csproj")]
    [InlineData("/tmp/my services/A.csproj", false, "'/tmp/my services/A.csproj'")]
    [InlineData("/tmp/it's/A.csproj", false, "'/tmp/it'\\''s/A.csproj'")]
    [InlineData("/tmp/$HOME/A.csproj", false, "'/tmp/$HOME/A.csproj'")]
    [InlineData(@"C:\src\A.csproj", true, @"C:\src\A.csproj")]
    [InlineData(@"C:\my services\A.csproj", true, @"""C:\my services\A.csproj""")]
    [InlineData(@"C:\src\A.csproj", false, @"'C:\src\A.csproj'")]
    public void ShellArgument_IsQuotedOnlyWhereAShellWouldReadIt(string argument, bool windows, string expected)
        => Assert.Equal(expected, ShellArgument.Quote(argument, windows));

    [Fact]
    public async Task AStrayCopyOfTheConfig_IsNotReadAsTheProjectsConfiguration_ButAListedConfigIs()
    {
        using var temp = new TempFolder();
        var folder = temp.CopyFixture("Orders");
        static string Config(string service) => $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <system.serviceModel>
                <services>
                  <service name="{service}">
                    <endpoint address="net.tcp://localhost:9100/orders" binding="netTcpBinding" contract="Contoso.Orders.IOrderService" />
                  </service>
                </services>
              </system.serviceModel>
            </configuration>
            """;
        File.WriteAllText(Path.Combine(folder, "Orders.csproj"), """
            <?xml version="1.0" encoding="utf-8"?>
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <PropertyGroup><TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion></PropertyGroup>
              <ItemGroup><Reference Include="System.ServiceModel" /><Reference Include="System.Runtime.Serialization" /></ItemGroup>
              <ItemGroup>
                <Compile Include="IOrderService.cs" />
                <Compile Include="OrderData.cs" />
                <Compile Include="OrderService.cs" />
              </ItemGroup>
              <ItemGroup>
                <Content Include="Web.config" />
                <Content Include="Web - copia.config" />
                <None Include="Config\Services.config" />
              </ItemGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(folder, "Web.config"), Config("Contoso.Orders.FromWebConfig"));
        File.WriteAllText(Path.Combine(folder, "Web - copia.config"), Config("Contoso.Orders.FromSpanishCopy"));
        File.WriteAllText(Path.Combine(folder, "App - Copy.config"), Config("Contoso.Orders.FromEnglishCopy"));
        File.WriteAllText(Path.Combine(folder, "Web.config.bak"), Config("Contoso.Orders.FromBackup"));
        File.WriteAllText(Path.Combine(folder, "Unlisted.config"), Config("Contoso.Orders.FromUnlisted"));
        temp.WriteFile("Orders/Config/Services.config", Config("Contoso.Orders.FromListed"));

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", Path.Combine(folder, "Orders.csproj"), "--out", temp.Combine("migrated"));

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("'Contoso.Orders.FromWebConfig'", result.Error);
        Assert.Contains("'Contoso.Orders.FromListed'", result.Error);
        Assert.DoesNotContain("FromSpanishCopy", result.Error);
        Assert.DoesNotContain("FromEnglishCopy", result.Error);
        Assert.DoesNotContain("FromBackup", result.Error);
        Assert.DoesNotContain("FromUnlisted", result.Error);
    }
}
