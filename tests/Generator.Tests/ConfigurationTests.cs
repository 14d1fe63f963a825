using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>&lt;system.serviceModel&gt; in app.config / web.config: what is read, where findings point, and bad files.</summary>
public class ConfigurationTests
{
    private static IReadOnlyList<Finding> Findings(string config)
        => CompilationAnalysis.ConfigurationFindings("Web.config", config);

    [Fact]
    public void ServicesEndpointsBindingsAndSecurityModes_AreReportedWhereTheyAreWritten()
    {
        var findings = Findings("""
            <configuration>
              <system.serviceModel>
                <bindings>
                  <basicHttpBinding>
                    <binding name="legacy"><security mode="TransportCredentialOnly" /></binding>
                    <binding name="tls"><security mode="Transport" /></binding>
                  </basicHttpBinding>
                </bindings>
                <services>
                  <service name="Contoso.Orders">
                    <endpoint address="net.pipe://localhost/orders" binding="netNamedPipeBinding" contract="Contoso.IOrders" />
                  </service>
                </services>
              </system.serviceModel>
            </configuration>
            """);

        Assert.Equal(
            [
                "WCFM4005 5:42 Binding configuration 'basicHttpBinding/legacy' uses security mode 'TransportCredentialOnly'",
                "WCFM4006 10:8 Service 'Contoso.Orders' is configured in <system.serviceModel> with 1 endpoint(s)",
                "WCFM4004 11:19 'net.pipe://localhost/orders' is a net.pipe address",
                "WCFM4004 11:57 'netNamedPipeBinding' is a named-pipe binding",
            ],
            findings.Select(f => $"{f.RuleId} {f.Position!.Line}:{f.Position.Column} {f.Text().Split(". ")[0]}"));
        Assert.All(findings, f => Assert.Equal("Web.config", f.Position!.FilePath));
        Assert.All(findings, f => Assert.True(f.Position!.HasEnd));
    }

    [Fact]
    public void MalformedXml_IsOneFindingAtTheError_NotAnException()
    {
        var finding = Assert.Single(Findings("<configuration>\n  <system.serviceModel>\n    <services>\n  </system.serviceModel>\n"));

        Assert.Equal(FindingMessages.ConfigurationUnreadable.Id, finding.MessageId);
        Assert.Equal(4, finding.Position!.Line);
    }

    [Fact]
    public void Dtds_AreRefused_SoNoEntityIsExpanded()
    {
        var finding = Assert.Single(Findings("""
            <?xml version="1.0"?>
            <!DOCTYPE configuration [ <!ENTITY name "netNamedPipeBinding"> ]>
            <configuration><system.serviceModel><client><endpoint binding="&name;" contract="X" /></client></system.serviceModel></configuration>
            """));

        Assert.Equal(FindingMessages.ConfigurationUnreadable.Id, finding.MessageId);
    }

    [Fact]
    public void ConfigWithoutServiceModel_HasNoFindings()
        => Assert.Empty(Findings("<configuration><appSettings><add key=\"a\" value=\"b\" /></appSettings></configuration>"));

    [Fact]
    public void EngineRun_ReportsConfigurationFilesWithTheCode()
    {
        var options = new EngineOptions { ConfigurationFiles = [new ConfigurationFile("App.config", "<configuration><system.serviceModel><client><endpoint name=\"c\" contract=\"IX\" /></client></system.serviceModel></configuration>")] };
        var result = MigrationEngine.Run(MigrateWcf.Tests.Shared.WcfTestCompilation.Create("public class Nothing { }"), options);

        Assert.Equal("App.config", Assert.Single(result.FindingsOf(RuleIds.ConfigurationFile)).Position!.FilePath);
    }

    [Fact]
    public void ServiceThrottling_OfAServicesBehavior_BoundsItsOneWayWorkers_TheUnnamedBehaviorTheOthers()
    {
        var config = """
            <configuration>
              <system.serviceModel>
                <behaviors>
                  <serviceBehaviors>
                    <behavior name="busy"><serviceThrottling maxConcurrentCalls="48" maxConcurrentSessions="100" /></behavior>
                    <behavior><serviceThrottling maxConcurrentCalls="8" /></behavior>
                    <behavior name="broken"><serviceThrottling maxConcurrentCalls="lots" /></behavior>
                  </serviceBehaviors>
                </behaviors>
                <services>
                  <service name="Shop.Orders" behaviorConfiguration="busy"><endpoint binding="netTcpBinding" contract="Shop.IOrders" /></service>
                  <service name="Shop.Audit"><endpoint binding="netTcpBinding" contract="Shop.IAudit" /></service>
                  <service name="Shop.Stock" behaviorConfiguration="broken"><endpoint binding="netTcpBinding" contract="Shop.IStock" /></service>
                </services>
              </system.serviceModel>
            </configuration>
            """;
        var options = new EngineOptions { CSharp = new CSharpOptions(), ConfigurationFiles = [new ConfigurationFile("App.config", config)] };
        var result = MigrationEngine.Run(MigrateWcf.Tests.Shared.WcfTestCompilation.Create("""
            using System.ServiceModel;
            namespace Shop
            {
                [ServiceContract] public interface IOrders { [OperationContract(IsOneWay = true)] void Place(string id); }
                [ServiceContract] public interface IAudit { [OperationContract(IsOneWay = true)] void Record(string entry); }
                [ServiceContract] public interface IStock { [OperationContract(IsOneWay = true)] void Count(string sku); }
                public class Orders : IOrders { public void Place(string id) { } }
                public class Audit : IAudit { public void Record(string entry) { } }
                public class Stock : IStock { public void Count(string sku) { } }
            }
            """), options);

        var hosting = result.CSharpFiles.Single(f => f.RelativePath.EndsWith("MigratedServices.g.cs", StringComparison.Ordinal)).Content;
        // Each call on one line, however the emitter broke it to stay within 120 columns.
        hosting = System.Text.RegularExpressions.Regex.Replace(System.Text.RegularExpressions.Regex.Replace(hosting, @"\(\n\s*", "("), @",\n\s*", ", ");
        Assert.Contains("services.AddWcfService<global::Shop.Orders>(InstanceMode.PerSession, ConcurrencyMode.Single, oneWayWorkers: 48);", hosting, StringComparison.Ordinal);
        Assert.Contains("services.AddWcfService<global::Shop.Audit>(InstanceMode.PerSession, ConcurrencyMode.Single, oneWayWorkers: 8);", hosting, StringComparison.Ordinal);
        // Not a number: the runtime's default.
        Assert.Contains("services.AddWcfService<global::Shop.Stock>(InstanceMode.PerSession, ConcurrencyMode.Single);", hosting, StringComparison.Ordinal);
    }
}
