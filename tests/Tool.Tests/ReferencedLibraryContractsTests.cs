using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// generate compiles the projects its inputs reference with them; the service contracts of a referenced project that is
/// not an input are migrated only where the inputs reach them (WCFM1028 lists the others), while a project given as an
/// input keeps every contract.
/// </summary>
public sealed class ReferencedLibraryContractsTests
{
    private static string OldStyleProject(string compile, string references = "") => $"""
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="15.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup>
            <OutputType>Library</OutputType>
            <TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion>
          </PropertyGroup>
          <ItemGroup>
            <Reference Include="System" />
            <Reference Include="System.Runtime.Serialization" />
            <Reference Include="System.ServiceModel" />
          </ItemGroup>
          <ItemGroup>{compile}</ItemGroup>
          <ItemGroup>{references}</ItemGroup>
          <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
        </Project>
        """;

    /// <summary>A toolkit library with a contract services expose and one only its own proxy calls, and a service referencing it.</summary>
    private static void WriteRepository(TempFolder temp, string serviceCode)
    {
        temp.WriteFile("repo/Toolkit/Toolkit.csproj", OldStyleProject("""<Compile Include="Toolkit.cs" />"""));
        temp.WriteFile("repo/Toolkit/Toolkit.cs", """
            using System.ServiceModel;
            namespace Toolkit
            {
                [ServiceContract] public interface IHeartbeat { [OperationContract] string Beat(); }
                [ServiceContract] public interface ILogbook { [OperationContract(IsOneWay = true)] void Log(string text); }
                public class LogbookClient : ClientBase<ILogbook>, ILogbook { public void Log(string text) => Channel.Log(text); }
            }
            """);
        temp.WriteFile("repo/Orders/Orders.csproj", OldStyleProject("""<Compile Include="Orders.cs" />""", """<ProjectReference Include="..\Toolkit\Toolkit.csproj" />"""));
        temp.WriteFile("repo/Orders/Orders.cs", serviceCode);
    }

    private const string Service = """
        using System.ServiceModel;
        namespace Orders
        {
            [ServiceContract] public interface IOrders { [OperationContract] int Count(); }
            public class OrderService : IOrders, Toolkit.IHeartbeat { public int Count() => 1; public string Beat() => "alive"; }
        }
        """;

    private static string Protos(string output)
        => string.Concat(TempFolder.Snapshot(output).Where(f => f.Key.EndsWith(".proto", StringComparison.Ordinal)).Select(f => f.Value));

    [Fact]
    public async Task AReferencedLibrary_HasOnlyTheContractsTheInputImplementsMigrated_AsAnInputItKeepsEvery()
    {
        using var temp = new TempFolder();
        WriteRepository(temp, Service);
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", temp.Combine("repo", "Orders", "Orders.csproj"), "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("service Orders", Protos(output));
        Assert.Contains("service Heartbeat", Protos(output));
        Assert.DoesNotContain("Logbook", Protos(output));
        Assert.Contains(
            "Toolkit/Toolkit.cs:5:40: info WCFM1028: 1 service contract(s) of projects the input references but does not name as inputs are not migrated, since no code of the input implements, extends or names them: 'Toolkit.ILogbook' (project 'Toolkit')",
            result.Error);

        var both = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", temp.Combine("repo", "Orders", "Orders.csproj"), temp.Combine("repo", "Toolkit", "Toolkit.csproj"), "--out", output + "-2");

        Assert.True(both.Code == ExitCode.Success, both.ToString());
        Assert.Contains("service Logbook", Protos(output + "-2"));
        Assert.DoesNotContain("WCFM1028", both.Error);
    }

    /// <summary>
    /// How a library's code the migrated project leaves out uses WCF (its own host, its proxies) is not generate's to
    /// report: those findings are counted in the summary line, and analyze of the library lists them.
    /// </summary>
    [Fact]
    public async Task WcfCodeInALibraryFileLeftOutWhole_IsNotListedByGenerate_ButCounted_AndAnalyzeOfTheLibraryListsIt()
    {
        using var temp = new TempFolder();
        WriteRepository(temp, Service);
        temp.WriteFile("repo/Toolkit/Toolkit.csproj", OldStyleProject("""<Compile Include="Toolkit.cs" /><Compile Include="SelfHost.cs" />"""));
        temp.WriteFile("repo/Toolkit/SelfHost.cs", """
            using System;
            using System.ServiceModel;
            namespace Toolkit
            {
                public static class SelfHost
                {
                    public static ServiceHost Open(Type service, string address)
                    {
                        var host = new ServiceHost(service, new Uri(address));
                        host.AddServiceEndpoint(typeof(IHeartbeat), new NetTcpBinding(), address);
                        host.Open();
                        return host;
                    }

                    public static ILogbook Logbook(string address) => new ChannelFactory<ILogbook>(new NetTcpBinding(), new EndpointAddress(address)).CreateChannel();
                }
            }
            """);
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", temp.Combine("repo", "Orders", "Orders.csproj"), "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.DoesNotContain("Toolkit/SelfHost.cs", result.Error);
        // WCFM4001 (the host), WCFM4002 twice (each NetTcpBinding), WCFM4003 (the ChannelFactory): the file is left out whole.
        Assert.True(result.Output.Contains("4 finding(s) about WCF code of referenced projects that the migrated project leaves out not shown (analyze lists them)", StringComparison.Ordinal), result.ToString());
        // The library's own file that the migrated project compiles keeps its findings.
        Assert.Contains("Toolkit/Toolkit.cs:5:40: info WCFM1028", result.Error);

        var analyze = await MigrateWcfCli.RunAsync("analyze", temp.Combine("repo", "Toolkit", "Toolkit.csproj"));

        Assert.True((analyze.Output + analyze.Error).Contains("SelfHost.cs:9:24: info WCFM4001", StringComparison.Ordinal), analyze.ToString());
    }

    [Fact]
    public async Task AnInputWithoutContractsOfItsOwn_AndALibraryItDoesNotUse_HasNothingToGenerate_AndSaysWhy()
    {
        using var temp = new TempFolder();
        WriteRepository(temp, "namespace Orders { public class Program { public static void Main() { } } }");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", temp.Combine("repo", "Orders", "Orders.csproj"), "--out", temp.Combine("migrated"));

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("2 [ServiceContract] interface(s) were found, and 2 are of a referenced project no input implements, extends or names (WCFM1028: give its project as an input too)", result.Error);
    }
}
