using System.Text.Json;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// Old-style projects whose references are not all packages: an assembly the machine that built the project had
/// installed (ASP.NET MVC 3's System.Web.Mvc, from an SDK or the GAC) is named without a HintPath, so WCFM2003 says to
/// give it one, not to restore; and an assembly referenced by HintPath that defines a type the built-in set defines too
/// (the 2011 WCF Web API preview's Microsoft.Net.Http and System.Net.Http.HttpResponseMessage) binds that type.
/// </summary>
public sealed class FrameworkReferencesTests
{
    private static string Project(string references) => $"""
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="4.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup><AssemblyName>Contacts</AssemblyName><TargetFrameworkVersion>v4.0</TargetFrameworkVersion></PropertyGroup>
          <ItemGroup>
        {references}
            <Reference Include="System" />
            <Reference Include="System.Runtime.Serialization" />
            <Reference Include="System.ServiceModel" />
          </ItemGroup>
          <ItemGroup><Compile Include="Contacts.cs" /></ItemGroup>
          <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
        </Project>
        """;

    private const string MvcReference = """    <Reference Include="System.Web.Mvc, Version=3.0.0.0, Culture=neutral, PublicKeyToken=31bf3856ad364e35, processorArchitecture=MSIL" />""";

    private const string BsonReference = """
            <Reference Include="MongoDB.Bson, Version=2.4.4.0, Culture=neutral, processorArchitecture=MSIL">
              <HintPath>..\packages\MongoDB.Bson.2.4.4\lib\net45\MongoDB.Bson.dll</HintPath>
            </Reference>
        """;

    /// <summary>A data contract with one member from System.Web.Mvc and, optionally, one from MongoDB.Bson.</summary>
    private static string Contacts(bool withBson) => $$"""
        using System.Runtime.Serialization;
        using System.ServiceModel;

        namespace Contacts
        {
            [DataContract]
            public class Contact
            {
                [DataMember] public string Name { get; set; }
                [DataMember] public System.Web.Mvc.SelectListItem Choice { get; set; }
                {{(withBson ? "[DataMember] public MongoDB.Bson.ObjectId Id { get; set; }" : string.Empty)}}
            }

            [ServiceContract]
            public interface IContacts
            {
                [OperationContract] Contact Get(string name);
            }
        }
        """;

    private static string Write(TempFolder temp, string references, string source)
    {
        temp.WriteFile("repo/Contacts/Contacts.cs", source);
        return temp.WriteFile("repo/Contacts/Contacts.csproj", Project(references));
    }

    /// <summary>Compiles <paramref name="source"/> into <paramref name="path"/> against the built-in set, as the assembly a HintPath names.</summary>
    private static void CompileAssembly(string name, string source, string path)
    {
        var compilation = CSharpCompilation.Create(name, [CSharpSyntaxTree.ParseText(source)], ReferenceSet.Net472References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        Assert.True(compilation.Emit(path).Success);
    }

    private static List<JsonElement> Findings(JsonDocument report, string ruleId)
        => report.RootElement.GetProperty("findings").EnumerateArray().Where(f => f.GetProperty("ruleId").GetString() == ruleId).ToList();

    [Fact]
    public async Task ReferenceWithoutHintPath_OutsideTheSet_SaysToGiveItAHintPath_NotToRestore()
    {
        using var temp = new TempFolder();
        var path = Write(temp, MvcReference, Contacts(withBson: false));

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        var message = Assert.Single(Findings(report, "WCFM2003")).GetProperty("message").GetString()!;
        Assert.StartsWith("1 unresolved-type finding left out", message);
        Assert.Contains("System.Web.Mvc is not part of .NET Framework 4.7.2's reference assemblies nor given by a HintPath", message);
        Assert.Contains("give it a HintPath (or a package) and run again", message);
        Assert.DoesNotContain("restore", message, StringComparison.OrdinalIgnoreCase);
        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);

        // What it says works: with a HintPath to the assembly, its type resolves.
        CompileAssembly("System.Web.Mvc", "namespace System.Web.Mvc { public class SelectListItem { public string Text { get; set; } } }", temp.Combine("repo", "lib", "System.Web.Mvc.dll"));
        File.WriteAllText(path, Project("""    <Reference Include="System.Web.Mvc"><HintPath>..\lib\System.Web.Mvc.dll</HintPath></Reference>"""));
        var again = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var resolved = JsonDocument.Parse(again.Output);
        Assert.Empty(Findings(resolved, "WCFM2003"));
        Assert.Contains("System.Web.Mvc.SelectListItem", resolved.RootElement.GetProperty("dataTypes").EnumerateArray().Select(t => t.GetProperty("key").GetString()));
    }

    [Fact]
    public async Task MissingPackageAndMachineAssembly_SaysBoth_EachForItsReferences()
    {
        using var temp = new TempFolder();
        var path = Write(temp, BsonReference + MvcReference, Contacts(withBson: true));

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        var message = Assert.Single(Findings(report, "WCFM2003")).GetProperty("message").GetString()!;
        Assert.StartsWith("2 unresolved-type findings left out", message);
        Assert.Contains("restore the packages of MongoDB.Bson (nuget restore, or run again with --restore)", message);
        Assert.Contains("System.Web.Mvc is not part of .NET Framework 4.7.2's reference assemblies nor given by a HintPath", message);
        Assert.DoesNotContain("packages of MongoDB.Bson and System.Web.Mvc", message);
    }

    /// <summary>The preview's Microsoft.Net.Http, cut down: its HttpResponseMessage has a member the framework's lacks.</summary>
    private const string PreviewHttp = "namespace System.Net.Http { public class HttpResponseMessage { public string PreviewOnly { get; set; } } }";

    private const string Resource = """
        using System.Net.Http;
        using System.ServiceModel;

        namespace Contacts
        {
            [ServiceContract]
            public interface ILogin
            {
                [OperationContract] void Login(string user, HttpResponseMessage responseMessage);
            }
        }
        """;

    private const string PreviewReference = """
            <Reference Include="Microsoft.Net.Http">
              <HintPath>..\lib\Http\Microsoft.Net.Http.dll</HintPath>
            </Reference>
        """;

    [Fact]
    public async Task HintPathAssemblyDefiningASetType_BindsIt_TheUnnamedSetAssemblyIsLeftOut()
    {
        using var temp = new TempFolder();
        CompileAssembly("Microsoft.Net.Http", PreviewHttp, temp.Combine("repo", "lib", "Http", "Microsoft.Net.Http.dll"));
        var path = Write(temp, PreviewReference, Resource);

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        Assert.Empty(Findings(report, "WCFM2003"));
        // The parameter's type is the HintPath assembly's: its one member, not the framework type's five.
        var type = Assert.Single(report.RootElement.GetProperty("dataTypes").EnumerateArray(), t => t.GetProperty("key").GetString() == "System.Net.Http.HttpResponseMessage");
        Assert.Equal(1, type.GetProperty("members").GetInt32());
        Assert.Equal(ExitCode.Success, result.Code);
    }

    [Fact]
    public async Task HintPathOutsideAPackagesFolder_NotOnDisk_SaysToPutTheFileThere_NotToRestore()
    {
        using var temp = new TempFolder();
        // A build output of the repository's own sources, not committed.
        var path = Write(
            temp,
            """    <Reference Include="Microsoft.ServiceModel.Http"><HintPath>..\lib\Http\Microsoft.ServiceModel.Http.dll</HintPath></Reference>""",
            "namespace Contacts { [System.ServiceModel.ServiceContract] public interface IHost { [System.ServiceModel.OperationContract] void Configure(Microsoft.ServiceModel.Http.HttpHostConfiguration configuration); } }");

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        var message = Assert.Single(Findings(report, "WCFM2003")).GetProperty("message").GetString()!;
        Assert.Contains(@"Microsoft.ServiceModel.Http (HintPath ..\lib\Http\Microsoft.ServiceModel.Http.dll not found)", message);
        Assert.Contains("put Microsoft.ServiceModel.Http where its HintPath points (no restore brings it) and run again", message);
        Assert.DoesNotContain("restore the packages", message);
    }

    [Fact]
    public async Task HintPathAssemblyDefiningASetType_WhenTheProjectNamesTheSetAssembly_StaysAmbiguous()
    {
        using var temp = new TempFolder();
        CompileAssembly("Microsoft.Net.Http", PreviewHttp, temp.Combine("repo", "lib", "Http", "Microsoft.Net.Http.dll"));
        // Its own build saw both assemblies, so the name was ambiguous there too (CS0433).
        var path = Write(temp, PreviewReference + """    <Reference Include="System.Net.Http" />""", Resource);

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        Assert.Contains("responseMessage", Assert.Single(Findings(report, "WCFM2003")).GetProperty("message").GetString());
        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
    }
}
