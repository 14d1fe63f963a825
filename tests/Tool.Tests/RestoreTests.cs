using System.Text.Json;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// --restore: an old-style project whose packages/ folder is not in the repository gets its packages.config packages from
/// the configured NuGet feed (this machine's: a partial copy of nuget.org that has Newtonsoft.Json 12.0.1 and 12.0.3, not
/// 12.0.2), extracted where its HintPaths point, so its types resolve and the findings are real.
/// </summary>
public sealed class RestoreTests
{
    private static string Project(string version) => $"""
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="15.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup><AssemblyName>Erp.Contracts</AssemblyName><TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion></PropertyGroup>
          <ItemGroup>
            <Reference Include="Newtonsoft.Json, Version=12.0.0.0, Culture=neutral, PublicKeyToken=30ad4fe6b2a6aeed, processorArchitecture=MSIL">
              <HintPath>..\packages\Newtonsoft.Json.{version}\lib\net45\Newtonsoft.Json.dll</HintPath>
            </Reference>
            <Reference Include="System" />
            <Reference Include="System.Runtime.Serialization" />
            <Reference Include="System.ServiceModel" />
          </ItemGroup>
          <ItemGroup><Compile Include="Orders.cs" /></ItemGroup>
          <ItemGroup><None Include="packages.config" /></ItemGroup>
          <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
        </Project>
        """;

    private static string PackagesConfig(string version) => $"""
        <?xml version="1.0" encoding="utf-8"?>
        <packages>
          <package id="Newtonsoft.Json" version="{version}" targetFramework="net472" />
        </packages>
        """;

    private const string Orders = """
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using Newtonsoft.Json;

        namespace Erp
        {
            [DataContract]
            public class Order
            {
                [DataMember(Order = 1)] public int Id { get; set; }
                [DataMember(Order = 2)] public Formatting Style { get; set; }
                [DataMember(Order = 3)] public NullValueHandling Nulls { get; set; }
            }

            [ServiceContract]
            public interface IOrders
            {
                [OperationContract] Order Get(int id);
            }
        }
        """;

    private static string Erp(TempFolder temp, string version)
    {
        temp.WriteFile("erp/Erp.Contracts/Erp.Contracts.csproj", Project(version));
        temp.WriteFile("erp/Erp.Contracts/packages.config", PackagesConfig(version));
        temp.WriteFile("erp/Erp.Contracts/Orders.cs", Orders);
        return temp.Combine("erp", "Erp.Contracts", "Erp.Contracts.csproj");
    }

    private static List<JsonElement> Findings(JsonDocument report, string ruleId)
        => report.RootElement.GetProperty("findings").EnumerateArray().Where(f => f.GetProperty("ruleId").GetString() == ruleId).ToList();

    private static List<string> DataTypes(JsonDocument report)
        => report.RootElement.GetProperty("dataTypes").EnumerateArray().Select(t => t.GetProperty("key").GetString()!).ToList();

    [Fact]
    public async Task MissingPackagesFolder_WithoutRestore_IsOneFinding_AndNothingIsWritten()
    {
        using var temp = new TempFolder();
        var path = Erp(temp, "12.0.1");

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        var message = Assert.Single(Findings(report, "WCFM2003")).GetProperty("message").GetString()!;
        Assert.StartsWith("2 unresolved-type findings left out", message);
        // A HintPath into packages/ with its packages.config entry: a restore brings it.
        Assert.Contains("restore the packages (nuget restore, or run again with --restore) and run again", message);
        Assert.DoesNotContain("Newtonsoft.Json.Formatting", DataTypes(report));
        Assert.False(Directory.Exists(temp.Combine("erp", "packages")));
        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
    }

    [Fact]
    public async Task Restore_ExtractsThePackageWhereTheHintPathPoints_AndItsTypesResolve()
    {
        using var temp = new TempFolder();
        var path = Erp(temp, "12.0.1");

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json", "--restore");

        Assert.True(File.Exists(temp.Combine("erp", "packages", "Newtonsoft.Json.12.0.1", "lib", "net45", "Newtonsoft.Json.dll")), result.ToString());
        // Only the package folder: the staging folder it was extracted into is gone.
        Assert.Equal(["Newtonsoft.Json.12.0.1"], Directory.GetDirectories(temp.Combine("erp", "packages")).Select(Path.GetFileName));
        using var report = JsonDocument.Parse(result.Output);
        Assert.Empty(Findings(report, "WCFM2003"));
        Assert.Contains("Newtonsoft.Json.Formatting", DataTypes(report));
        Assert.Contains("Newtonsoft.Json.NullValueHandling", DataTypes(report));
        Assert.Contains("restore: 1 of 1 package in place", result.Error);
        Assert.Equal(ExitCode.Success, result.Code);

        // The folder is now restored: a run without --restore reads it as it is.
        var again = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json");
        Assert.Equal(result.Output, again.Output);
    }

    [Fact]
    public async Task Restore_WhenTheFeedLacksTheVersion_TakesTheNearestHigher_WithANote()
    {
        using var temp = new TempFolder();
        var path = Erp(temp, "12.0.2");

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json", "--restore");

        Assert.Contains("Newtonsoft.Json 12.0.2 is not on", result.Error);
        Assert.Contains("using the nearest higher version, 12.0.3.", result.Error);
        Assert.True(File.Exists(temp.Combine("erp", "packages", "Newtonsoft.Json.12.0.3", "lib", "net45", "Newtonsoft.Json.dll")), result.ToString());
        Assert.False(Directory.Exists(temp.Combine("erp", "packages", "Newtonsoft.Json.12.0.2")));
        using var report = JsonDocument.Parse(result.Output);
        Assert.Empty(Findings(report, "WCFM2003"));
        Assert.Contains("Newtonsoft.Json.Formatting", DataTypes(report));
        Assert.Equal(ExitCode.Success, result.Code);
    }

    [Fact]
    public async Task Restore_WithABadCommandLine_RestoresNothing()
    {
        using var temp = new TempFolder();
        var path = Erp(temp, "12.0.1");

        var result = await MigrateWcfCli.RunAsync("proto", path, "--out", temp.Combine("erp", "Erp.Contracts", "protos"), "--restore");

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.False(Directory.Exists(temp.Combine("erp", "packages")));
    }

    [Fact]
    public async Task Generate_WithRestore_BuildsFromTheRestoredReferences()
    {
        using var temp = new TempFolder();
        var path = Erp(temp, "12.0.1");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", path, "--out", temp.Combine("migrated"), "--restore");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.DoesNotContain("WCFM2003", result.Error);
        Assert.True(File.Exists(temp.Combine("erp", "packages", "Newtonsoft.Json.12.0.1", "lib", "net45", "Newtonsoft.Json.dll")));
        // Newtonsoft.Json's Formatting enum is a real proto enum now, not an opaque placeholder.
        Assert.Contains(Directory.EnumerateFiles(temp.Combine("migrated"), "*.proto", SearchOption.AllDirectories), f => File.ReadAllText(f).Contains("enum Formatting", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Restore_OfAPackageNoFeedHas_IsANote_AndTheReferenceStaysMissing()
    {
        using var temp = new TempFolder();
        var path = Erp(temp, "12.0.1");
        File.WriteAllText(temp.Combine("erp", "Erp.Contracts", "Erp.Contracts.csproj"), Project("12.0.1").Replace("Newtonsoft.Json", "MigrateWcf.NoSuchPackage.Anywhere", StringComparison.Ordinal));
        File.WriteAllText(temp.Combine("erp", "Erp.Contracts", "packages.config"), PackagesConfig("12.0.1").Replace("Newtonsoft.Json", "MigrateWcf.NoSuchPackage.Anywhere", StringComparison.Ordinal));

        var result = await MigrateWcfCli.RunAsync("analyze", path, "--format", "json", "--restore");

        Assert.Contains("restore: MigrateWcf.NoSuchPackage.Anywhere 12.0.1: not found on", result.Error);
        using var report = JsonDocument.Parse(result.Output);
        Assert.Single(Findings(report, "WCFM2003"));
        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
    }
}
