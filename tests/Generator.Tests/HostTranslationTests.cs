using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// &lt;system.serviceModel&gt; translated into the generated host's configuration (docs/hosting.md, "From the WCF
/// configuration"): endpoints per binding, addresses, shared addresses, message sizes, timeouts, security, clients, and
/// a finding at the line and column of every setting with no counterpart.
/// </summary>
public class HostTranslationTests
{
    private static HostSettings Translate(string config, string projectName = "Orders")
        => HostTranslation.Translate([new ConfigurationFile("App.config", config)], projectName);

    private static string Service(string endpoints, string bindings = "", string behaviors = "", string name = "Shop.OrderService") => $"""
        <configuration>
          <system.serviceModel>
            <bindings>{bindings}</bindings>
            <behaviors><serviceBehaviors>{behaviors}</serviceBehaviors></behaviors>
            <services>
              <service name="{name}">
                {endpoints}
              </service>
            </services>
          </system.serviceModel>
        </configuration>
        """;

    /// <summary>"line:column" of the first occurrence of <paramref name="text"/> in <paramref name="config"/> (1-based, as XML line info).</summary>
    private static string At(string config, string text)
    {
        var index = config.IndexOf(text, StringComparison.Ordinal);
        Assert.True(index >= 0, text);
        var line = config[..index].Count(c => c == '\n') + 1;
        var column = index - (config.LastIndexOf('\n', Math.Max(index - 1, 0)) + 1) + 1;
        return $"{line}:{column}";
    }

    private static List<string> Places(HostSettings settings, FindingMessage message)
        => settings.Findings.Where(f => f.MessageId == message.Id).Select(f => $"{f.Position!.Line}:{f.Position.Column}").ToList();

    [Fact]
    public void NetPipe_BecomesAPipeNameFromTheAddressPath_WithoutTlsOrAuthentication()
    {
        var settings = Translate(Service("""<endpoint address="net.pipe://localhost/LegacyWcf/Orders" binding="netNamedPipeBinding" contract="Shop.IOrders" />"""));

        var endpoint = Assert.Single(settings.Endpoints);
        Assert.Equal(new HostEndpointSettings("OrderServiceNetNamedPipe", "pipe:LegacyWcf.Orders", "Grpc", "None", "None"), endpoint);
        Assert.DoesNotContain(settings.Findings, f => f.MessageId == FindingMessages.EndpointNeedsCertificate.Id);
    }

    [Fact]
    public void PipeNames_KeepOnlyLettersDigitsDotsDashesAndUnderscores()
        => Assert.Equal("pipe:my_app.v2-x", Assert.Single(Translate(Service("""<endpoint address="net.pipe://localhost/my app/v2-x" binding="netNamedPipeBinding" contract="Shop.IOrders" />""")).Endpoints).Url);

    [Theory]
    [InlineData("net.tcp://localhost:8523/orders", "netTcpBinding", "https://127.0.0.1:8523", "NetTcp")]
    [InlineData("net.tcp://orders.contoso.com/orders", "netTcpBinding", "https://0.0.0.0:808", "NetTcp")]
    [InlineData("http://localhost:8080/orders", "basicHttpBinding", "https://127.0.0.1:8080", "BasicHttp")]
    [InlineData("http://+:8081/orders", "wsHttpBinding", "https://0.0.0.0:8081", "WsHttp")]
    [InlineData("https://server01/orders", "basicHttpBinding", "https://0.0.0.0:443", "BasicHttp")]
    public void TcpAndHttpEndpoints_BecomeTlsEndpointsKeepingThePort_LoopbackOrAllAddresses(string address, string binding, string url, string suffix)
    {
        var config = Service($"""<endpoint address="{address}" binding="{binding}" contract="Shop.IOrders" />""");
        var settings = Translate(config);

        var endpoint = Assert.Single(settings.Endpoints);
        Assert.Equal(url, endpoint.Url);
        Assert.Equal("OrderService" + suffix, endpoint.Name);
        Assert.Equal("Grpc", endpoint.Protocol);
        // The certificate is the user's to give: the finding says where, at the address.
        var finding = Assert.Single(settings.Findings, f => f.MessageId == FindingMessages.EndpointNeedsCertificate.Id);
        Assert.Equal(At(config, "address="), $"{finding.Position!.Line}:{finding.Position.Column}");
        Assert.Contains($"MigrateWcf:Endpoints:{endpoint.Name}:Certificate", finding.Text(), StringComparison.Ordinal);
    }

    [Fact]
    public void CustomBinding_TakesItsTransportElementsScheme_AndItsOtherElementsAreFindings()
    {
        var config = Service(
            """
            <host><baseAddresses><add baseAddress="net.tcp://localhost:9200/Shop" /></baseAddresses></host>
                  <endpoint address="Orders" binding="customBinding" bindingConfiguration="binaryTcp" contract="Shop.IOrders" />
            """,
            """<customBinding><binding name="binaryTcp"><binaryMessageEncoding /><tcpTransport /></binding></customBinding>""");
        var settings = Translate(config);

        Assert.Equal("https://127.0.0.1:9200", Assert.Single(settings.Endpoints).Url);
        Assert.Equal([At(config, "binaryMessageEncoding")], Places(settings, FindingMessages.SettingWithoutCounterpart));
    }

    [Fact]
    public void WebHttpBinding_IsAnHttpJsonEndpoint()
    {
        var endpoint = Assert.Single(Translate(Service("""<endpoint address="http://localhost:8090/api" binding="webHttpBinding" contract="Shop.IOrders" />""")).Endpoints);

        Assert.Equal(("https://127.0.0.1:8090", "HttpJson"), (endpoint.Url, endpoint.Protocol));
    }

    [Fact]
    public void RelativeAddresses_ResolveAgainstTheBaseAddressOfTheirScheme()
    {
        var settings = Translate(Service("""
            <host><baseAddresses>
                    <add baseAddress="http://localhost:8000/Shop" />
                    <add baseAddress="net.pipe://localhost/Shop" />
                    <add baseAddress="net.tcp://localhost:9000/Shop" />
                  </baseAddresses></host>
                  <endpoint address="Orders" binding="netNamedPipeBinding" contract="Shop.IOrders" />
                  <endpoint address="" binding="netTcpBinding" contract="Shop.IOrders" />
                  <endpoint binding="basicHttpBinding" contract="Shop.IOrders" />
            """));

        Assert.Equal(["pipe:Shop.Orders", "https://127.0.0.1:9000", "https://127.0.0.1:8000"], settings.Endpoints.Select(e => e.Url));
    }

    [Fact]
    public void RelativeAddressWithoutABaseAddressOfItsScheme_IsAFindingAtTheAddress_AndTheHostGetsTheDefaultEndpoint()
    {
        var config = Service("""<endpoint address="Orders" binding="netTcpBinding" contract="Shop.IOrders" />""");
        var settings = Translate(config);

        Assert.Equal([At(config, "address=")], Places(settings, FindingMessages.SettingWithoutCounterpart));
        Assert.Equal(HostTranslation.DefaultEndpointName, Assert.Single(settings.Endpoints).Name);
    }

    [Fact]
    public void ServicesOnOneAddress_ShareOneEndpoint_NamedAfterTheFirst()
    {
        var config = """
            <configuration>
              <system.serviceModel>
                <services>
                  <service name="Shop.OrderService">
                    <endpoint address="net.tcp://localhost:8523/orders" binding="netTcpBinding" contract="Shop.IOrders" />
                    <endpoint address="net.tcp://localhost:8523/orders/admin" binding="netTcpBinding" contract="Shop.IAdmin" />
                  </service>
                  <service name="Shop.StockService">
                    <endpoint address="net.tcp://localhost:8523/stock" binding="netTcpBinding" contract="Shop.IStock" />
                    <endpoint address="net.tcp://localhost:8524/stock" binding="netTcpBinding" contract="Shop.IStock" />
                  </service>
                </services>
              </system.serviceModel>
            </configuration>
            """;
        var settings = Translate(config);

        Assert.Equal([("OrderServiceNetTcp", "https://127.0.0.1:8523"), ("StockServiceNetTcp", "https://127.0.0.1:8524")], settings.Endpoints.Select(e => (e.Name, e.Url)));
        Assert.Equal(2, Places(settings, FindingMessages.EndpointNeedsCertificate).Count);
    }

    [Fact]
    public void EndpointNames_AreUnique()
    {
        var settings = Translate(Service("""
            <endpoint address="net.tcp://localhost:8523/a" binding="netTcpBinding" contract="Shop.IOrders" />
                  <endpoint address="net.tcp://localhost:8524/b" binding="netTcpBinding" contract="Shop.IOrders" />
            """));

        Assert.Equal(["OrderServiceNetTcp", "OrderServiceNetTcp2"], settings.Endpoints.Select(e => e.Name));
    }

    [Fact]
    public void MaxReceivedMessageSize_IsTheHostsLimit_TheLargest_WithAFindingAtEachSmallerOne()
    {
        var config = Service(
            """
            <endpoint address="net.tcp://localhost:8523/a" binding="netTcpBinding" bindingConfiguration="small" contract="Shop.IOrders" />
                  <endpoint address="net.pipe://localhost/a" binding="netNamedPipeBinding" bindingConfiguration="large" contract="Shop.IOrders" />
            """,
            """
            <netTcpBinding><binding name="small" maxReceivedMessageSize="65536"><security mode="Transport"><transport clientCredentialType="Certificate" /></security></binding></netTcpBinding>
                  <netNamedPipeBinding><binding name="large" maxReceivedMessageSize="10485760" /></netNamedPipeBinding>
            """);
        var settings = Translate(config);

        Assert.Equal(10485760, settings.MaxReceiveMessageSize);
        Assert.Equal([At(config, "maxReceivedMessageSize=\"65536")], Places(settings, FindingMessages.MessageSizeLimitPerHost));
        Assert.Empty(Places(settings, FindingMessages.SettingWithoutCounterpart));
    }

    [Fact]
    public void NoMessageSize_LeavesGrpcsDefault()
        => Assert.Null(Translate(Service("""<endpoint address="net.pipe://localhost/a" binding="netNamedPipeBinding" contract="Shop.IOrders" />""")).MaxReceiveMessageSize);

    [Theory]
    [InlineData("""<security mode="Transport"><transport clientCredentialType="Windows" /></security>""", "Required", "Certificate")]
    [InlineData("""<security mode="Transport"><transport clientCredentialType="Certificate" /></security>""", "Required", "Certificate")]
    [InlineData("""<security mode="Transport"><transport clientCredentialType="None" /></security>""", "None", "None")]
    [InlineData("""<security mode="None" />""", "None", "None")]
    [InlineData("""<security mode="Message"><message clientCredentialType="Certificate" /></security>""", "Required", "Certificate")]
    [InlineData("""<security mode="TransportWithMessageCredential"><message clientCredentialType="Windows" /></security>""", "Required", "Certificate")]
    [InlineData("", "Required", "Certificate")]
    public void TcpSecurity_BecomesTheEndpointsClientCertificateAndAuthentication(string security, string clientCertificate, string authentication)
    {
        var settings = Translate(Service(
            """<endpoint address="net.tcp://localhost:8523/a" binding="netTcpBinding" bindingConfiguration="b" contract="Shop.IOrders" />""",
            $"""<netTcpBinding><binding name="b">{security}</binding></netTcpBinding>"""));

        var endpoint = Assert.Single(settings.Endpoints);
        Assert.Equal((clientCertificate, authentication), (endpoint.ClientCertificate, endpoint.Authentication));
    }

    [Fact]
    public void SecurityModeNone_IsAFindingOverTcp_ButNotOnAPipe()
    {
        var config = Service(
            """
            <endpoint address="net.tcp://localhost:8523/a" binding="netTcpBinding" bindingConfiguration="open" contract="Shop.IOrders" />
                  <endpoint address="net.pipe://localhost/a" binding="netNamedPipeBinding" bindingConfiguration="open" contract="Shop.IOrders" />
            """,
            """
            <netTcpBinding><binding name="open"><security mode="None" /></binding></netTcpBinding>
                  <netNamedPipeBinding><binding name="open"><security mode="None" /></binding></netNamedPipeBinding>
            """);

        Assert.Equal([At(config, "mode=\"None\"")], Places(Translate(config), FindingMessages.SettingWithoutCounterpart));
    }

    [Fact]
    public void MessageSecurityModes_AreLeftToWcfm4005_NotReportedTwice()
    {
        var config = Service(
            """<endpoint address="http://localhost:8080/a" binding="wsHttpBinding" bindingConfiguration="m" contract="Shop.IOrders" />""",
            """<wsHttpBinding><binding name="m"><security mode="Message"><message clientCredentialType="Windows" /></security></binding></wsHttpBinding>""");

        var findings = CompilationAnalysis.ConfigurationFindings("App.config", config);

        Assert.Equal([At(config, "mode=\"Message\"")], findings.Where(f => f.RuleId == RuleIds.SecurityModeWithoutEquivalent).Select(f => $"{f.Position!.Line}:{f.Position.Column}"));
        // The mode is WCFM4005's; the Windows credential it names becomes a client certificate, said at its own place.
        var credential = Assert.Single(findings, f => f.RuleId == RuleIds.ConfigurationSettingWithoutCounterpart);
        Assert.Equal(At(config, "clientCredentialType="), $"{credential.Position!.Line}:{credential.Position.Column}");
        Assert.Contains("requires client certificates instead", credential.Text(), StringComparison.Ordinal);
    }

    [Fact]
    public void WindowsCredentials_BecomeRequiredClientCertificates_WithAFindingWhereWcfsDefaultChoseThem()
    {
        var config = Service(
            """<endpoint address="net.tcp://localhost:8523/a" binding="netTcpBinding" contract="Shop.IOrders" />""",
            """<netTcpBinding><binding name="unused" /></netTcpBinding>""");

        var settings = Translate(config);

        var endpoint = Assert.Single(settings.Endpoints);
        Assert.Equal(("Required", "Certificate"), (endpoint.ClientCertificate, endpoint.Authentication));
        var finding = Assert.Single(settings.Findings, f => f.MessageId == FindingMessages.SettingWithoutCounterpart.Id);
        Assert.Equal(At(config, "endpoint address=\"net.tcp"), $"{finding.Position!.Line}:{finding.Position.Column}");
        Assert.Contains("default security is Transport with Windows credentials", finding.Text(), StringComparison.Ordinal);
    }

    [Fact]
    public void EverySettingWithoutACounterpart_IsAFindingAtItsLineAndColumn()
    {
        var bindings = """
            <netTcpBinding>
                    <binding name="b" maxReceivedMessageSize="1048576" sendTimeout="00:02:00" receiveTimeout="00:20:00" openTimeout="00:01:00" closeTimeout="00:01:00"
                             maxBufferSize="1048576" maxBufferPoolSize="524288" transferMode="Streamed" listenBacklog="10">
                      <readerQuotas maxArrayLength="1048576" maxStringContentLength="1048576" />
                      <reliableSession enabled="true" ordered="true" />
                      <security mode="Transport"><transport clientCredentialType="Windows" protectionLevel="EncryptAndSign" /></security>
                    </binding>
                  </netTcpBinding>
            """;
        var behaviors = """
            <behavior>
                      <serviceThrottling maxConcurrentCalls="16" maxConcurrentSessions="100" />
                      <serviceDebug includeExceptionDetailInFaults="true" />
                      <serviceMetadata />
                      <serviceCredentials><serviceCertificate findValue="CN=orders" /></serviceCredentials>
                      <serviceAuthorization principalPermissionMode="UseWindowsGroups" serviceAuthorizationManagerType="Shop.Authz, Shop" />
                    </behavior>
            """;
        var config = Service("""<endpoint address="net.tcp://localhost:8523/a" binding="netTcpBinding" bindingConfiguration="b" contract="Shop.IOrders" />""", bindings, behaviors);

        var findings = CompilationAnalysis.ConfigurationFindings("App.config", config).Where(f => f.RuleId == RuleIds.ConfigurationSettingWithoutCounterpart).ToList();

        string[] unmapped =
        [
            "sendTimeout=", "receiveTimeout=", "openTimeout=", "closeTimeout=", "maxBufferSize=", "maxBufferPoolSize=", "transferMode=", "listenBacklog=",
            "maxArrayLength=", "maxStringContentLength=", "enabled=", "ordered=", "clientCredentialType=", "protectionLevel=",
            "maxConcurrentSessions=", "includeExceptionDetailInFaults=", "serviceMetadata", "findValue=", "principalPermissionMode=", "serviceAuthorizationManagerType=",
        ];
        Assert.Equal(unmapped.Select(s => At(config, s)).Order(), findings.Select(f => $"{f.Position!.Line}:{f.Position.Column}").Order());
        Assert.All(findings, f => Assert.Equal("App.config", f.Position!.FilePath));
        Assert.Contains(findings, f => f.Text().Contains("[Authorize(Policy", StringComparison.Ordinal) && f.Text().StartsWith("serviceAuthorization/principalPermissionMode=\"UseWindowsGroups\"", StringComparison.Ordinal));
        Assert.Contains(findings, f => f.Text().Contains("never sends exception text", StringComparison.Ordinal));
        // The code's side is WCFM4012's, with the same advice: each message points at it.
        Assert.Contains(findings, f => f.Text().Contains("IAuthorizationHandler", StringComparison.Ordinal) && f.Text().Contains(RuleIds.AuthorizationWithoutCounterpart, StringComparison.Ordinal)
            && f.Text().StartsWith("serviceAuthorization/serviceAuthorizationManagerType=\"Shop.Authz, Shop\"", StringComparison.Ordinal));
        Assert.Contains(findings, f => f.Text().Contains(RuleIds.AuthorizationWithoutCounterpart, StringComparison.Ordinal)
            && f.Text().StartsWith("serviceAuthorization/principalPermissionMode=", StringComparison.Ordinal));
    }

    [Fact]
    public void IncludeExceptionDetailFalse_AndBufferedTransfer_AreNotFindings()
    {
        var config = Service(
            """<endpoint address="net.pipe://localhost/a" binding="netNamedPipeBinding" bindingConfiguration="b" contract="Shop.IOrders" />""",
            """<netNamedPipeBinding><binding name="b" transferMode="Buffered" /></netNamedPipeBinding>""",
            """<behavior><serviceDebug includeExceptionDetailInFaults="false" /></behavior>""");

        Assert.Empty(Translate(config).Findings);
    }

    [Fact]
    public void ClientEndpoints_BecomeClientsWithTranslatedAddressesTimeoutsSizesAndCredentials()
    {
        var config = """
            <configuration>
              <system.serviceModel>
                <bindings>
                  <netTcpBinding>
                    <binding name="win" sendTimeout="00:00:30" maxReceivedMessageSize="2097152" />
                    <binding name="cert"><security mode="Transport"><transport clientCredentialType="Certificate" /></security></binding>
                  </netTcpBinding>
                  <netNamedPipeBinding><binding name="local" sendTimeout="00:05:00" receiveTimeout="00:10:00" /></netNamedPipeBinding>
                </bindings>
                <client>
                  <endpoint name="Orders" address="net.tcp://orders.contoso.com:8523/orders" binding="netTcpBinding" bindingConfiguration="win" contract="Shop.IOrders" />
                  <endpoint name="Stock" address="net.tcp://stock.contoso.com:9000/stock" binding="netTcpBinding" bindingConfiguration="cert" contract="Shop.IStock" />
                  <endpoint name="Local" address="net.pipe://localhost/Shop/Audit" binding="netNamedPipeBinding" bindingConfiguration="local" contract="Shop.IAudit" />
                </client>
              </system.serviceModel>
            </configuration>
            """;
        var settings = Translate(config);

        Assert.Equal(
            [
                new ClientEndpointSettings("Orders", "Shop.IOrders", "https://orders.contoso.com:8523", "00:00:30", 2097152, ClientCertificate: true),
                new ClientEndpointSettings("Stock", "Shop.IStock", "https://stock.contoso.com:9000", null, null, ClientCertificate: true),
                new ClientEndpointSettings("Local", "Shop.IAudit", "pipe:Shop.Audit", "00:05:00", null, ClientCertificate: false),
            ],
            settings.Clients.ToArray());
        // Windows credentials (netTcpBinding's default) and certificate credentials both become a client certificate to give.
        Assert.Equal([At(config, "endpoint name=\"Orders\""), At(config, "endpoint name=\"Stock\"")], Places(settings, FindingMessages.ClientNeedsCertificate));
        // A client's sendTimeout is its deadline; its receiveTimeout has no counterpart.
        Assert.Equal([At(config, "receiveTimeout=")], Places(settings, FindingMessages.SettingWithoutCounterpart));
        // No service: the host keeps its default endpoint.
        Assert.Equal(HostTranslation.DefaultEndpointName, Assert.Single(settings.Endpoints).Name);
    }

    [Fact]
    public void ConfigurationWithoutServiceModel_GivesTheDefaultOwnerOnlyPipeNamedAfterTheProject()
    {
        var settings = HostTranslation.Translate([new ConfigurationFile("App.config", "<configuration><appSettings /></configuration>")], "LegacyWcf.Service");

        Assert.Equal(new HostEndpointSettings("Main", "pipe:LegacyWcf.Service", "Grpc", "None", "None"), Assert.Single(settings.Endpoints));
        Assert.Empty(settings.Clients);
        Assert.Empty(settings.Findings);
        Assert.Equal("pipe:MigratedService", Assert.Single(HostTranslation.Translate(Array.Empty<ConfigurationFile>(), "").Endpoints).Url);
    }

    [Fact]
    public void EngineRun_ReportsTheTranslationsFindingsWithTheCode()
    {
        var config = Service(
            """<endpoint address="net.pipe://localhost/a" binding="netNamedPipeBinding" bindingConfiguration="b" contract="Shop.IOrders" />""",
            """<netNamedPipeBinding><binding name="b" receiveTimeout="00:10:00" /></netNamedPipeBinding>""");
        var options = new EngineOptions { ConfigurationFiles = [new ConfigurationFile("App.config", config)] };
        var result = MigrationEngine.Run(MigrateWcf.Tests.Shared.WcfTestCompilation.Create("public class Nothing { }"), options);

        var finding = Assert.Single(result.FindingsOf(RuleIds.ConfigurationSettingWithoutCounterpart));
        Assert.Equal(At(config, "receiveTimeout="), $"{finding.Position!.Line}:{finding.Position.Column}");
        Assert.Equal(FindingSeverity.Warning, finding.Severity);
    }
}
