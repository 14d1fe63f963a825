using System.Text.Json;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// A project's app.config / web.config joins the analysis: its &lt;system.serviceModel&gt; services, endpoints and bindings
/// are findings at the config file's lines, in analyze, proto and generate alike.
/// </summary>
public sealed class ConfigurationFileTests
{
    private const string AppConfig = """
        <?xml version="1.0" encoding="utf-8"?>
        <configuration>
          <system.serviceModel>
            <bindings>
              <netTcpBinding>
                <binding name="secureTcp">
                  <security mode="Message" />
                </binding>
              </netTcpBinding>
            </bindings>
            <services>
              <service name="Contoso.Orders.OrderService">
                <endpoint address="net.tcp://localhost:9100/orders" binding="netTcpBinding" bindingConfiguration="secureTcp" contract="Contoso.Orders.IOrderService" />
              </service>
            </services>
          </system.serviceModel>
        </configuration>
        """;

    /// <summary>A Web.config transform: it holds a &lt;system.serviceModel&gt; too, but is not a configuration of its own.</summary>
    private const string Transform = """
        <?xml version="1.0" encoding="utf-8"?>
        <configuration xmlns:xdt="http://schemas.microsoft.com/XML-Document-Transform">
          <system.serviceModel>
            <services>
              <service name="Contoso.Orders.Transformed" xdt:Transform="Insert" />
            </services>
          </system.serviceModel>
        </configuration>
        """;

    private const string OldStyleProject = """
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="15.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <PropertyGroup><TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion></PropertyGroup>
          <ItemGroup>
            <Reference Include="System" />
            <Reference Include="System.Runtime.Serialization" />
            <Reference Include="System.ServiceModel" />
          </ItemGroup>
          <ItemGroup>
            <Compile Include="IOrderService.cs" />
            <Compile Include="OrderData.cs" />
            <Compile Include="OrderService.cs" />
          </ItemGroup>
          <ItemGroup><None Include="App.config" /></ItemGroup>
          <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
        </Project>
        """;

    private static string OrdersProject(TempFolder temp)
    {
        var folder = temp.CopyFixture("Orders");
        File.WriteAllText(Path.Combine(folder, "Orders.csproj"), OldStyleProject);
        File.WriteAllText(Path.Combine(folder, "App.config"), AppConfig);
        File.WriteAllText(Path.Combine(folder, "App.Release.config"), Transform);
        return Path.Combine(folder, "Orders.csproj");
    }

    [Fact]
    public async Task Analyze_ReportsTheProjectsConfig_AtItsLines_AndSkipsTransforms()
    {
        using var temp = new TempFolder();
        var project = OrdersProject(temp);

        var result = await MigrateWcfCli.RunAsync("analyze", project, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        var inConfig = report.RootElement.GetProperty("findings").EnumerateArray()
            .Where(f => f.GetProperty("file").GetString() is { } file && file.EndsWith(".config", StringComparison.Ordinal))
            .Select(f => (Rule: f.GetProperty("ruleId").GetString(), File: f.GetProperty("file").GetString(), Line: f.GetProperty("line").GetInt32(), Message: f.GetProperty("message").GetString()!))
            .ToList();
        Assert.Contains(inConfig, f => f is { Rule: "WCFM4006", File: "App.config", Line: 12 } && f.Message.Contains("'Contoso.Orders.OrderService'", StringComparison.Ordinal));
        Assert.Contains(inConfig, f => f is { Rule: "WCFM4005", File: "App.config", Line: 7 } && f.Message.Contains("'Message'", StringComparison.Ordinal));
        Assert.DoesNotContain(inConfig, f => f.File == "App.Release.config");
        Assert.Equal(ExitCode.Success, result.Code);
    }

    [Fact]
    public async Task Analyze_OfLooseFiles_ReadsTheConfigBesideThem()
    {
        using var temp = new TempFolder();
        var folder = temp.CopyFixture("Orders");
        File.WriteAllText(Path.Combine(folder, "Web.config"), AppConfig);

        var result = await MigrateWcfCli.RunAsync("analyze", folder);

        Assert.Contains("Web.config:12:8: info WCFM4006: Service 'Contoso.Orders.OrderService'", result.Output);
        Assert.Contains("warning WCFM4005: Binding configuration 'netTcpBinding/secureTcp' uses security mode 'Message'.", result.Output);
    }

    [Fact]
    public async Task ProtoAndGenerate_ReportTheConfigFindingsToo()
    {
        using var temp = new TempFolder();
        var project = OrdersProject(temp);

        var proto = await MigrateWcfCli.RunAsync("proto", project, "--out", temp.Combine("protos"));
        var generate = await MigrateWcfCli.RunAsync("generate", "--no-verify", project, "--out", temp.Combine("migrated"));

        Assert.True(proto.Code == ExitCode.Success, proto.ToString());
        Assert.True(generate.Code == ExitCode.Success, generate.ToString());
        Assert.Contains("App.config:7:", proto.Error);
        Assert.Contains("WCFM4005", proto.Error);
        Assert.Contains("App.config:7:", generate.Error);
        Assert.Contains("WCFM4005", generate.Error);
    }

    [Fact]
    public async Task ConfigThatIsNotXml_IsAFinding_NotAFailure()
    {
        using var temp = new TempFolder();
        var project = OrdersProject(temp);
        File.WriteAllText(Path.Combine(Path.GetDirectoryName(project)!, "App.config"), "<configuration><system.serviceModel><services></configuration>");

        var result = await MigrateWcfCli.RunAsync("analyze", project);

        Assert.Contains("App.config:1:", result.Output);
        Assert.Contains("WCFM4006", result.Output);
        Assert.Equal(ExitCode.Success, result.Code);
    }
}
