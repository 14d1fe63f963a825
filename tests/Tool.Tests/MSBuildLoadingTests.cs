using System.Text.Json;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// Restored SDK-style projects load through MSBuild (MSBuildWorkspace): real references and target frameworks, a
/// multi-targeting project analysed once for its first framework; a restored project MSBuild cannot evaluate is read from
/// its project file, and the report says why. Each test restores a real project with `dotnet restore` (from the local
/// package cache: System.ServiceModel.Primitives and the .NET Framework reference assemblies are the repository's own).
/// </summary>
public sealed class MSBuildLoadingTests
{
    /// <summary>
    /// Targets .NET 10 (the WCF client package) and .NET Framework 4.7.2; <c>#if NETFRAMEWORK</c> hides an operation from
    /// the .NET 10 build, so which framework was analysed shows in the operations found.
    /// </summary>
    private const string MultiTargeting = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFrameworks>net10.0;net472</TargetFrameworks>
            <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
          </PropertyGroup>
          <ItemGroup Condition="'$(TargetFramework)' == 'net10.0'">
            <PackageReference Include="System.ServiceModel.Primitives" Version="10.1.0" />
          </ItemGroup>
          <ItemGroup Condition="'$(TargetFramework)' == 'net472'">
            <Reference Include="System.ServiceModel" />
          </ItemGroup>
          <ItemGroup>
            <!-- Only MSBuild evaluates this: the project file reader skips items with properties. -->
            <Compile Include="$(MSBuildThisFileDirectory)../shared/Status.cs" />
          </ItemGroup>
        </Project>
        """;

    private const string Contract = """
        using System.ServiceModel;

        namespace Inventory
        {
            [ServiceContract]
            public interface IInventory
            {
        #if NETFRAMEWORK
                [OperationContract] string LegacyOnly();
        #endif
                [OperationContract] Status Get(int id);
            }
        }
        """;

    private const string Status = """
        namespace Inventory
        {
            public enum Status { Unknown, InStock, Sold }
        }
        """;

    private static async Task<string> RestoredProject(TempFolder temp)
    {
        var project = temp.WriteFile("repo/Inventory/Inventory.csproj", MultiTargeting);
        temp.WriteFile("repo/Inventory/IInventory.cs", Contract);
        temp.WriteFile("repo/shared/Status.cs", Status);
        await DotnetRestore.RunAsync(project);
        return project;
    }

    [Fact]
    public async Task RestoredMultiTargetingProject_LoadsThroughMSBuild_OnceForItsFirstFramework()
    {
        using var temp = new TempFolder();
        var project = await RestoredProject(temp);

        var result = await MigrateWcfCli.RunAsync("analyze", project, "--format", "json");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        using var report = JsonDocument.Parse(result.Output);
        ReportSchema.AssertConforms(report.RootElement);
        var loaded = Assert.Single(report.RootElement.GetProperty("projects").EnumerateArray());
        Assert.Equal("msbuild", loaded.GetProperty("load").GetString());
        Assert.Equal("net10.0", loaded.GetProperty("targetFramework").GetString());
        Assert.Equal(["net472"], loaded.GetProperty("otherTargetFrameworks").EnumerateArray().Select(f => f.GetString()));
        // The item only MSBuild evaluates is compiled: Status binds and maps as an enum, and is counted as a source file.
        Assert.Equal(2, loaded.GetProperty("sourceFiles").GetInt32());
        Assert.Contains(report.RootElement.GetProperty("dataTypes").EnumerateArray(), t => t.GetProperty("key").GetString() == "Inventory.Status");
        var service = Assert.Single(report.RootElement.GetProperty("services").EnumerateArray());
        Assert.Equal(["Get"], service.GetProperty("operations").EnumerateArray().Select(o => o.GetProperty("name").GetString()));
        // Info findings say what each contract becomes; nothing worse.
        Assert.DoesNotContain(report.RootElement.GetProperty("findings").EnumerateArray(), f => f.GetProperty("severity").GetString() != "info");
    }

    [Fact]
    public async Task RestoredProjectThatMSBuildCannotEvaluate_IsReadFromItsFile_AndTheReportSaysWhy()
    {
        using var temp = new TempFolder();
        var project = await RestoredProject(temp);
        File.WriteAllText(project, MultiTargeting.Replace("</Project>", "  <PropertyGroup><Version>$([System.IO.File]::ReadAllText('missing.txt'))</Version></PropertyGroup>\n</Project>", StringComparison.Ordinal));

        var result = await MigrateWcfCli.RunAsync("analyze", project);

        Assert.True(result.Output.Contains("Inventory: Inventory.csproj (SDK-style project file, 1 C# file)", StringComparison.Ordinal), result.ToString());
        var note = Assert.Single(result.Output.Split('\n'), l => l.Contains("read without MSBuild: ", StringComparison.Ordinal));
        Assert.Contains("MSBuild could not load it", note);
        Assert.Contains("missing.txt", note);
    }
}
