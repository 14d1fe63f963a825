namespace MigrateWcf.Migration.Tests;

/// <summary>
/// Client certificates from callers in other languages (issue 44, item 1): Python on C-core and Node on grpc-js call
/// the generated host's TLS endpoint, which requires a client certificate of its configured authority
/// (OtherLanguages/client_certificate_client.*). One the authority issued is served; one the caller made itself is
/// answered UNAUTHENTICATED.
/// </summary>
public sealed partial class OtherLanguageCallerTests
{
    [Fact]
    public Task Python_with_a_client_certificate_is_served_only_when_the_authority_issued_it() =>
        AssertClientCertificatesAsync("/usr/bin/python3", Script("client_certificate_client.py"), nodePath: null);

    [Fact]
    public Task Node_with_a_client_certificate_is_served_only_when_the_authority_issued_it() =>
        AssertClientCertificatesAsync("node", Script("client_certificate_client.js"), nodePath: Metadata("NodeModules"));

    private static async Task AssertClientCertificatesAsync(string program, string script, string? nodePath)
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        const string Tls = "--MigrateWcf:Endpoints:Tls:";
        using var host = await MigratedHostProcess.StartReadyAsync(
            "--socket", folder.Combine("migrated.sock"),
            Tls + "Url", "https://127.0.0.1:0", Tls + "Certificate:Path", certificates.ServerPath, Tls + "Certificate:KeyPath", certificates.ServerKeyPath,
            Tls + "ClientCertificate", "Required", Tls + "ClientCertificateAuthority:Path", certificates.AuthorityPath);
        string target = TlsAddress().Match(host.Stdout).Value;

        async Task<string> PutAsync(string certificate, string key)
        {
            var (exitCode, stdout, stderr) = await RunAsync(
                program, [script, target], nodePath, certificates.AuthorityPath,
                new Dictionary<string, string> { ["MIGRATE_WCF_CLIENT_CERT"] = certificate, ["MIGRATE_WCF_CLIENT_KEY"] = key });
            Assert.True(exitCode == 0, $"{program} exited with {exitCode}:\n{stdout}\n{stderr}");
            return stdout.Trim();
        }

        Assert.Equal("put OK", await PutAsync(certificates.ClientPath, certificates.ClientKeyPath));
        Assert.Equal("put UNAUTHENTICATED", await PutAsync(certificates.SelfSignedClientPath, certificates.SelfSignedClientKeyPath));
    }
}
