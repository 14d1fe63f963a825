using System.Text;
using System.Text.Json;
using MigrateWcf.Generation;
using MigrateWcf.Generator;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// The generated host's appsettings.json (<see cref="HostConfiguration.HostAppSettings"/>): JSON that System.Text.Json
/// reads with the values docs/hosting.md promises, keys in a fixed order, LF line ends and a final newline, the same
/// bytes for the same input.
/// </summary>
public sealed class HostAppSettingsTests
{
    private const string Config = """
        <?xml version="1.0" encoding="utf-8"?>
        <configuration>
          <system.serviceModel>
            <bindings>
              <netTcpBinding>
                <binding name="secure" maxReceivedMessageSize="4194304" sendTimeout="00:00:45">
                  <security mode="Transport"><transport clientCredentialType="Certificate" /></security>
                </binding>
              </netTcpBinding>
              <netNamedPipeBinding><binding maxReceivedMessageSize="8388608" /></netNamedPipeBinding>
              <basicHttpBinding><binding name="win"><security mode="Transport"><transport clientCredentialType="Windows" /></security></binding></basicHttpBinding>
            </bindings>
            <services>
              <service name="LegacyWcf.OrderService">
                <host><baseAddresses><add baseAddress="net.pipe://localhost/LegacyWcf" /></baseAddresses></host>
                <endpoint address="Orders" binding="netNamedPipeBinding" contract="LegacyWcf.IOrders" />
                <endpoint address="net.tcp://localhost:8523/orders" binding="netTcpBinding" bindingConfiguration="secure" contract="LegacyWcf.IOrders" />
              </service>
              <service name="LegacyWcf.ReportService">
                <endpoint address="https://reports.contoso.com:8443/reports" binding="basicHttpBinding" bindingConfiguration="win" contract="LegacyWcf.IReports" />
                <endpoint address="http://localhost:8090/api" binding="webHttpBinding" contract="LegacyWcf.IReports" />
              </service>
            </services>
            <client>
              <endpoint name="Orders" address="net.tcp://orders.contoso.com:8523/orders" binding="netTcpBinding" bindingConfiguration="secure" contract="LegacyWcf.IOrders" />
              <endpoint name="Local" address="net.pipe://localhost/LegacyWcf/Orders" binding="netNamedPipeBinding" contract="LegacyWcf.IOrders" />
            </client>
          </system.serviceModel>
        </configuration>
        """;

    private static string AppSettings(string config, string project = "LegacyWcf.Service")
        => HostConfiguration.HostAppSettings([new ConfigurationFile("/in/App.config", config)], project);

    [Fact]
    public void Endpoints_Limits_AndClients_ParseWithTheTranslatedValues()
    {
        using var json = JsonDocument.Parse(AppSettings(Config));
        var section = json.RootElement.GetProperty("MigrateWcf");
        var endpoints = section.GetProperty("Endpoints");

        Assert.Equal(["OrderServiceNetNamedPipe", "OrderServiceNetTcp", "ReportServiceBasicHttp", "ReportServiceWebHttp"], endpoints.EnumerateObject().Select(p => p.Name));
        Assert.Equal("pipe:LegacyWcf.Orders", endpoints.GetProperty("OrderServiceNetNamedPipe").GetProperty("Url").GetString());
        Assert.False(endpoints.GetProperty("OrderServiceNetNamedPipe").TryGetProperty("Authentication", out _));
        var tcp = endpoints.GetProperty("OrderServiceNetTcp");
        Assert.Equal("https://127.0.0.1:8523", tcp.GetProperty("Url").GetString());
        Assert.Equal("Required", tcp.GetProperty("ClientCertificate").GetString());
        Assert.Equal("Certificate", tcp.GetProperty("Authentication").GetString());
        // No certificate is written: outside Development the host refuses to start until one is given (a finding says so).
        Assert.False(tcp.TryGetProperty("Certificate", out _));
        Assert.Equal("https://0.0.0.0:8443", endpoints.GetProperty("ReportServiceBasicHttp").GetProperty("Url").GetString());
        // Windows credentials cannot authenticate HTTP/2: they become client certificates.
        Assert.Equal("Certificate", endpoints.GetProperty("ReportServiceBasicHttp").GetProperty("Authentication").GetString());
        Assert.Equal("HttpJson", endpoints.GetProperty("ReportServiceWebHttp").GetProperty("Protocol").GetString());
        Assert.Equal(8388608, section.GetProperty("MaxReceiveMessageSize").GetInt64());

        var clients = section.GetProperty("Clients");
        var orders = clients.GetProperty("Orders");
        Assert.Equal("LegacyWcf.IOrders", orders.GetProperty("Contract").GetString());
        Assert.Equal("https://orders.contoso.com:8523", orders.GetProperty("Address").GetString());
        Assert.Equal("00:00:45", orders.GetProperty("SendTimeout").GetString());
        Assert.Equal(4194304, orders.GetProperty("MaxReceiveMessageSize").GetInt64());
        Assert.Equal("", orders.GetProperty("ClientCertificate").GetProperty("Path").GetString());
        Assert.Equal("pipe:LegacyWcf.Orders", clients.GetProperty("Local").GetProperty("Address").GetString());
        Assert.False(clients.GetProperty("Local").TryGetProperty("UseDefaultCredentials", out _));
    }

    [Fact]
    public void Text_IsTwoSpaceIndentedWithLfLineEndsAndAFinalNewline_AndTheSameBytesTwice()
    {
        var first = AppSettings(Config);
        var second = HostConfiguration.HostAppSettings([new ConfigurationFile("/in/Web.config", "<configuration />"), new ConfigurationFile("/in/App.config", Config)], "LegacyWcf.Service");

        Assert.Equal(Encoding.UTF8.GetBytes(first), Encoding.UTF8.GetBytes(second));
        Assert.DoesNotContain('\r', first);
        Assert.EndsWith("}\n", first, StringComparison.Ordinal);
        Assert.StartsWith("{\n  \"Logging\": {\n    \"LogLevel\": {\n      \"Default\": \"Warning\"\n    }\n  },\n  \"MigrateWcf\": {\n    \"Endpoints\": {\n      \"OrderServiceNetNamedPipe\": {\n        \"Url\": \"pipe:LegacyWcf.Orders\"\n      },", first, StringComparison.Ordinal);
        // The same text System.Text.Json writes indented, so the file reads as any tool would write it.
        using var parsed = JsonDocument.Parse(first);
        var rewritten = JsonSerializer.Serialize(parsed.RootElement, new JsonSerializerOptions { WriteIndented = true, NewLine = "\n" }) + "\n";
        Assert.Equal(rewritten, first);
    }

    [Fact]
    public void WithoutServiceModel_TheHostListensOnAnOwnerOnlyPipeNamedAfterTheProject()
    {
        var text = AppSettings("<configuration><appSettings><add key=\"a\" value=\"b\" /></appSettings></configuration>", "LegacyWcf.Service");

        // The Socket key, which --socket PATH replaces.
        Assert.Equal("{\n  \"Logging\": {\n    \"LogLevel\": {\n      \"Default\": \"Warning\"\n    }\n  },\n  \"MigrateWcf\": {\n    \"Socket\": \"LegacyWcf.Service\"\n  }\n}\n", text);
    }

    [Fact]
    public void Names_WithQuotesOrBackslashes_AreEscaped()
    {
        var text = AppSettings("""<configuration><system.serviceModel><client><endpoint name="a&quot;b\c" address="net.pipe://localhost/x" binding="netNamedPipeBinding" contract="X" /></client></system.serviceModel></configuration>""");

        using var json = JsonDocument.Parse(text);
        Assert.True(json.RootElement.GetProperty("MigrateWcf").GetProperty("Clients").TryGetProperty("a\"b\\c", out _));
    }
}
