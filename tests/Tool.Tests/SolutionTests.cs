using System.Text.Json;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// Solutions (.sln, .slnx) are their C# projects, each one compilation; old-style projects whose packages/ folder was
/// never restored say once which references are missing instead of one error per unresolved type.
/// </summary>
public sealed class SolutionTests
{
    private const string SdkProject = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup>
          <ItemGroup><ProjectReference Include="..\Erp.Contracts\Erp.Contracts.csproj" /></ItemGroup>
        </Project>
        """;

    /// <summary>An old-style project as Visual Studio and NuGet's packages.config write it: MongoDB by HintPath into packages/.</summary>
    private const string OldStyleProject = """
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="15.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup><AssemblyName>Erp.Contracts</AssemblyName><TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion></PropertyGroup>
          <ItemGroup>
            <Reference Include="MongoDB.Bson, Version=2.4.4.0, Culture=neutral, processorArchitecture=MSIL">
              <HintPath>..\packages\MongoDB.Bson.2.4.4\lib\net45\MongoDB.Bson.dll</HintPath>
            </Reference>
            <Reference Include="System" />
            <Reference Include="System.Runtime.Serialization" />
            <Reference Include="System.ServiceModel" />
          </ItemGroup>
          <ItemGroup>
            <Compile Include="Orders.cs" />
          </ItemGroup>
          <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
        </Project>
        """;

    private const string Orders = """
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using MongoDB.Bson;

        namespace Erp
        {
            [DataContract]
            public class Order
            {
                [DataMember] public ObjectId Id { get; set; }
                [DataMember] public BsonDocument Extra { get; set; }
                [DataMember] public string Customer { get; set; }
            }

            [DataContract]
            public class Line
            {
                [DataMember] public int Quantity { get; set; }
            }

            [ServiceContract]
            public interface IOrders
            {
                [OperationContract] Order Get(int id);
                [OperationContract] Line GetLine(int id);
            }
        }
        """;

    private const string Api = """
        using System.ServiceModel;

        namespace Erp.Api
        {
            [ServiceContract]
            public interface IApi
            {
                [OperationContract] string Ping(string text);
            }
        }
        """;

    /// <summary>The .sln Visual Studio writes: a solution folder, two C# projects (one new-style type GUID) and a VB project.</summary>
    private const string Sln = """

        Microsoft Visual Studio Solution File, Format Version 12.00
        # Visual Studio Version 17
        VisualStudioVersion = 17.0.31903.59
        MinimumVisualStudioVersion = 10.0.40219.1
        Project("{2150E333-8FDC-42A3-9474-1A3956D46DE8}") = "src", "src", "{3FA0F85F-A7C6-0754-1E55-9BD5D403A7D0}"
        EndProject
        Project("{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}") = "Erp.Contracts", "Erp.Contracts\Erp.Contracts.csproj", "{A64F6A0D-7840-420A-BA30-F75A54128154}"
        EndProject
        Project("{9A19103F-16F7-4668-BE54-9A1E7A4F7556}") = "Erp.Api", "Erp.Api\Erp.Api.csproj", "{439CE26B-14E8-459F-BA57-FC313C8BF5FF}"
        EndProject
        Project("{F184B08F-C81C-45F6-A57F-5ABD9991F28F}") = "Reports", "Reports\Reports.vbproj", "{EED19D48-AF29-42FA-9E3B-D9F66820E1C7}"
        EndProject
        Global
        	GlobalSection(SolutionConfigurationPlatforms) = preSolution
        		Debug|Any CPU = Debug|Any CPU
        	EndGlobalSection
        EndGlobal
        """;

    private const string Slnx = """
        <Solution>
          <Configurations>
            <Platform Name="Any CPU" />
          </Configurations>
          <Folder Name="/src/">
            <Project Path="Erp.Contracts/Erp.Contracts.csproj" />
          </Folder>
          <Project Path="Erp.Api/Erp.Api.csproj">
            <BuildType Project="Release" />
          </Project>
          <Project Path="Reports/Reports.vbproj" />
        </Solution>
        """;

    private static string Erp(TempFolder temp, string solutionName = "Erp.sln", string solution = Sln)
    {
        temp.WriteFile("erp/Erp.Contracts/Erp.Contracts.csproj", OldStyleProject);
        temp.WriteFile("erp/Erp.Contracts/Orders.cs", Orders);
        temp.WriteFile("erp/Erp.Api/Erp.Api.csproj", SdkProject);
        temp.WriteFile("erp/Erp.Api/Api.cs", Api);
        // A file no project of the solution compiles: a solution is its projects, not its folder.
        temp.WriteFile("erp/Scratch/Scratch.cs", "namespace Scratch { [System.ServiceModel.ServiceContract] public interface IScratch { [System.ServiceModel.OperationContract] void Go(); } }");
        return temp.WriteFile("erp/" + solutionName, solution);
    }

    [Theory]
    [InlineData("Erp.sln", Sln)]
    [InlineData("Erp.slnx", Slnx)]
    public async Task Solution_AnalysesEachCSharpProjectOnce_WithItsLoadMode(string name, string solution)
    {
        using var temp = new TempFolder();
        var path = Erp(temp, name, solution);

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        var root = report.RootElement;
        ReportSchema.AssertConforms(root);
        Assert.Equal(
            [("Erp.Api", "Erp.Api/Erp.Api.csproj", "sdkProjectFile"), ("Erp.Contracts", "Erp.Contracts/Erp.Contracts.csproj", "oldStyleProjectFile")],
            root.GetProperty("projects").EnumerateArray().Select(p => (p.GetProperty("name").GetString(), p.GetProperty("path").GetString(), p.GetProperty("load").GetString())).OrderBy(p => p.Item1));
        Assert.Equal(
            ["Erp.Api.IApi", "Erp.IOrders"],
            root.GetProperty("services").EnumerateArray().Select(s => s.GetProperty("key").GetString()).Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task Solution_TextReport_NamesWhatIsNotACSharpProject()
    {
        using var temp = new TempFolder();
        var path = Erp(temp);

        var result = await MigrateWcfCli.RunAsync("analyze", path);

        Assert.Contains(@"not analysed (not C# projects): Reports\Reports.vbproj", result.Output);
        Assert.Contains("Erp.Contracts: Erp.Contracts/Erp.Contracts.csproj (old-style project file", result.Output);
        Assert.DoesNotContain("IScratch", result.Output);
    }

    [Fact]
    public async Task MissingPackagesFolder_IsOneFindingNamingTheReference_NotOnePerType()
    {
        using var temp = new TempFolder();
        var path = Erp(temp);

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        var findings = report.RootElement.GetProperty("findings").EnumerateArray()
            .Where(f => f.GetProperty("project").GetString() == "Erp.Contracts" && f.GetProperty("severity").GetString() != "info")
            .ToList();
        var finding = Assert.Single(findings);
        Assert.Equal("WCFM2003", finding.GetProperty("ruleId").GetString());
        Assert.Equal("Erp.Contracts/Erp.Contracts.csproj", finding.GetProperty("file").GetString());
        Assert.Equal(5, finding.GetProperty("line").GetInt32());
        Assert.Equal(["MongoDB.Bson"], finding.GetProperty("arguments").EnumerateArray().Select(a => a.GetString()));
        var message = finding.GetProperty("message").GetString()!;
        Assert.StartsWith("2 unresolved-type findings left out", message);
        Assert.Contains(@"HintPath ..\packages\MongoDB.Bson.2.4.4\lib\net45\MongoDB.Bson.dll not found", message);
        // Everything that does not need MongoDB still maps: both operations, the data type without MongoDB members.
        var project = report.RootElement.GetProperty("projects").EnumerateArray().Single(p => p.GetProperty("name").GetString() == "Erp.Contracts");
        Assert.Equal(2, project.GetProperty("summary").GetProperty("operationsMappedCleanly").GetInt32());
        Assert.Equal(1, project.GetProperty("summary").GetProperty("dataTypesMappedCleanly").GetInt32());
        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
    }

    [Fact]
    public async Task RestoredPackagesFolder_HintPathAssemblyIsReferenced_AndTypesResolve()
    {
        using var temp = new TempFolder();
        var path = Erp(temp);
        // A real assembly at the HintPath, as `nuget restore` would put it: MongoDB.Bson's two types, compiled here.
        var bson = CSharpCompilation.Create(
                "MongoDB.Bson",
                [CSharpSyntaxTree.ParseText("namespace MongoDB.Bson { public struct ObjectId { public int Value; } public class BsonDocument { public string Json; } }")],
                ReferenceSet.Net472References,
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var dll = temp.Combine("erp", "packages", "MongoDB.Bson.2.4.4", "lib", "net45", "MongoDB.Bson.dll");
        Directory.CreateDirectory(Path.GetDirectoryName(dll)!);
        Assert.True(bson.Emit(dll).Success);

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        Assert.DoesNotContain(report.RootElement.GetProperty("findings").EnumerateArray(), f => f.GetProperty("ruleId").GetString() == "WCFM2003");
        Assert.Equal(ExitCode.Success, result.Code);
    }

    [Fact]
    public async Task MissingPackagesFolder_WithRestore_BecomesRealFindings_FromTheFeed()
    {
        using var temp = new TempFolder();
        var path = Erp(temp);
        // As NuGet wrote it beside the project. This machine's feed has no MongoDB.Bson 2.4.4, so the nearest higher
        // stable version is restored (2.30.0 when this was written), and the HintPath's lib/net45 is read from its lib/net472.
        temp.WriteFile("erp/Erp.Contracts/packages.config", """
            <?xml version="1.0" encoding="utf-8"?>
            <packages>
              <package id="MongoDB.Bson" version="2.4.4" targetFramework="net472" />
            </packages>
            """);

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json", "--restore");

        Assert.Contains("MongoDB.Bson 2.4.4 is not on", result.Error);
        using var report = JsonDocument.Parse(result.Output);
        Assert.DoesNotContain(report.RootElement.GetProperty("findings").EnumerateArray(), f => f.GetProperty("ruleId").GetString() == "WCFM2003");
        var dataTypes = report.RootElement.GetProperty("dataTypes").EnumerateArray().Select(t => t.GetProperty("key").GetString()).ToList();
        Assert.Contains("MongoDB.Bson.ObjectId", dataTypes);
        var project = report.RootElement.GetProperty("projects").EnumerateArray().Single(p => p.GetProperty("name").GetString() == "Erp.Contracts");
        Assert.Equal(2, project.GetProperty("summary").GetProperty("operationsMappedCleanly").GetInt32());
        Assert.Equal(ExitCode.Success, result.Code);
    }

    [Theory]
    [InlineData("Erp.sln", "Project(\"{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}\") = \"Gone\", \"Gone\\Gone.csproj\", \"{A64F6A0D-7840-420A-BA30-F75A54128155}\"\nEndProject\n", "lists the project 'Gone\\Gone.csproj', which does not exist.")]
    [InlineData("Erp.slnx", "<Project Path=\"Gone/Gone.csproj\" />", "lists the project 'Gone/Gone.csproj', which does not exist.")]
    [InlineData("Erp.slnx", "<Solutions />", "line 12: unknown element <Solutions> in a .slnx solution.")]
    public async Task BadSolution_IsInputError_InOneLine(string name, string extra, string expected)
    {
        using var temp = new TempFolder();
        var solution = name.EndsWith(".slnx", StringComparison.Ordinal)
            ? Slnx.Replace("</Solution>", "  " + extra + "\n</Solution>", StringComparison.Ordinal)
            : Sln.Replace("Global\n", extra + "Global\n", StringComparison.Ordinal);
        var path = Erp(temp, name, solution);

        var result = await MigrateWcfCli.RunAsync("analyze", path);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.EndsWith(expected, Assert.Single(result.ErrorLines));
        Assert.Empty(result.Output);
    }

    [Fact]
    public async Task Proto_FromASolution_WritesBesideItsProjects_NotInsideOne()
    {
        using var temp = new TempFolder();
        var path = Erp(temp);
        var bson = temp.WriteFile("erp/Erp.Contracts/Orders.cs", Orders.Replace("using MongoDB.Bson;", string.Empty, StringComparison.Ordinal)
            .Replace("ObjectId Id", "int Id", StringComparison.Ordinal).Replace("BsonDocument Extra", "string Extra", StringComparison.Ordinal));
        Assert.True(File.Exists(bson));

        var inside = await MigrateWcfCli.RunAsync("proto", path, "--out", temp.Combine("erp", "Erp.Api", "protos"));
        var beside = await MigrateWcfCli.RunAsync("proto", path, "--out", temp.Combine("erp", "protos"));

        Assert.Equal(ExitCode.UsageError, inside.Code);
        Assert.False(Directory.Exists(temp.Combine("erp", "Erp.Api", "protos")));
        Assert.True(beside.Code == ExitCode.Success, beside.ToString());
        Assert.True(File.Exists(temp.Combine("erp", "protos", "Erp.Contracts", "migrate-wcf.lock")), beside.ToString());
        Assert.True(File.Exists(temp.Combine("erp", "protos", "Erp.Api", "migrate-wcf.lock")), beside.ToString());
    }

    [Fact]
    public async Task SolutionWithoutCSharpProjects_IsInputError()
    {
        using var temp = new TempFolder();
        var path = temp.WriteFile("Only.slnx", "<Solution>\n  <Project Path=\"Reports/Reports.vbproj\" />\n</Solution>\n");

        var result = await MigrateWcfCli.RunAsync("analyze", path);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.EndsWith("lists no C# projects (.csproj).", Assert.Single(result.ErrorLines));
    }
}
