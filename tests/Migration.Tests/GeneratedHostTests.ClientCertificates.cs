using System.Diagnostics;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using Grpc.Core;
using MigrateWcf.Runtime;
using MigratedClientFactory = LegacyWcf.Contracts.Grpc.MigratedClientFactory;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// Client certificates on the generated host's TLS endpoint (issue 44, item 1): the chain of every certificate is built
/// to the configured authority or the machine's store, so a certificate the caller made itself, another authority's,
/// an expired or not yet valid one, one without the clientAuth usage and a self-signed one under the authority's own
/// name are all refused with UNAUTHENTICATED; a self-signed certificate passes only when the authority file names it;
/// an allowed (not required) certificate may be left out but not be invalid; revocation is checked only when
/// configured; and no data protection keys are made or written.
/// </summary>
public sealed partial class GeneratedHostTests
{
    private const string TlsKey = "--MigrateWcf:Endpoints:Tls:";

    [Fact]
    public async Task A_required_client_certificate_refuses_a_self_signed_one_the_caller_made_with_openssl()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        string selfCertificate = Path.Combine(certificates.Directory, "self.crt"), selfKey = Path.Combine(certificates.Directory, "self.key");
        // The issue's reproduction, word for word.
        await RunOpenSslAsync("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", selfKey, "-out", selfCertificate, "-subj", "/CN=x", "-addext", "extendedKeyUsage=clientAuth");
        using var selfMade = X509Certificate2.CreateFromPemFile(selfCertificate, selfKey);

        using var host = await StartWithTls(folder, certificates, TlsKey + "ClientCertificate", "Required", TlsKey + "ClientCertificateAuthority:Path", certificates.AuthorityPath);

        Assert.Equal(StatusCode.Unauthenticated, PutStatus(host, certificates, selfMade));
        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, certificates.Client));
    }

    [Fact]
    public async Task A_required_client_certificate_is_accepted_when_the_authority_issued_it_and_refused_for_every_other_reason()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();

        using var host = await StartWithTls(folder, certificates, TlsKey + "ClientCertificate", "Required", TlsKey + "ClientCertificateAuthority:Path", certificates.AuthorityPath);

        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, certificates.Client));
        Assert.Equal(
            certificates.Refused.ToDictionary(p => p.Key, _ => StatusCode.Unauthenticated),
            certificates.Refused.ToDictionary(p => p.Key, p => PutStatus(host, certificates, p.Value)));

        // The caller learns nothing more; the host's log says whose certificate was refused and why.
        Assert.True(await host.StopAsync(), host.Output);
        Assert.All(certificates.Refused.Values, refused => Assert.Contains($"Certificate validation failed, subject was {refused.Subject}. ", host.Stderr));
    }

    [Fact]
    public async Task Certificate_authentication_against_the_machine_store_accepts_what_it_trusts_and_refuses_the_rest()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        // The host's machine store holds the test authority alone: OpenSSL's SSL_CERT_FILE and SSL_CERT_DIR, which .NET
        // reads on Linux for its root store; HOME is where the current user's own store would be.
        string noCertificates = Directory.CreateDirectory(folder.Combine("no-certificates")).FullName;
        var machineStore = new Dictionary<string, string>
        {
            ["SSL_CERT_FILE"] = certificates.AuthorityPath,
            ["SSL_CERT_DIR"] = noCertificates,
            ["HOME"] = Directory.CreateDirectory(folder.Combine("home")).FullName,
        };

        using var host = await StartWithTls(folder, certificates, machineStore, TlsKey + "Authentication", "Certificate");

        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, certificates.Client));
        Assert.Equal(
            certificates.Refused.ToDictionary(p => p.Key, _ => StatusCode.Unauthenticated),
            certificates.Refused.ToDictionary(p => p.Key, p => PutStatus(host, certificates, p.Value)));
    }

    [Fact]
    public async Task A_self_signed_client_certificate_is_accepted_only_when_the_authority_file_names_it()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        string trusted = certificates.WritePemBundle("trusted.pem", certificates.Authority, certificates.SelfSignedClient);

        using var host = await StartWithTls(folder, certificates, TlsKey + "ClientCertificate", "Required", TlsKey + "ClientCertificateAuthority:Path", trusted);

        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, certificates.Client));
        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, certificates.SelfSignedClient));
        Assert.Equal(StatusCode.Unauthenticated, PutStatus(host, certificates, certificates.Refused["impostor of the authority"]));
        Assert.Equal(StatusCode.Unauthenticated, PutStatus(host, certificates, certificates.OtherClient));
    }

    [Fact]
    public async Task An_allowed_client_certificate_may_be_left_out_but_one_presented_must_be_valid()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();

        using var host = await StartWithTls(folder, certificates, TlsKey + "ClientCertificate", "Allow", TlsKey + "ClientCertificateAuthority:Path", certificates.AuthorityPath);

        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, clientCertificate: null));
        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, certificates.Client));
        Assert.Equal(StatusCode.Unauthenticated, PutStatus(host, certificates, certificates.SelfSignedClient));
        Assert.Equal(StatusCode.Unauthenticated, PutStatus(host, certificates, certificates.OtherClient));
    }

    [Fact]
    public async Task Revocation_is_not_checked_by_default_so_a_revoked_certificate_is_accepted_and_no_list_is_fetched()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        await using var revocationList = new RevocationListServer([]);
        var revoked = certificates.IssueClient("CN=a revoked client", revocationList.Url);
        revocationList.RevocationList = certificates.RevocationList(revoked);

        using var host = await StartWithTls(folder, certificates, PrivateHome(folder), TlsKey + "ClientCertificate", "Required", TlsKey + "ClientCertificateAuthority:Path", certificates.AuthorityPath);

        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, revoked));
        Assert.Equal(0, revocationList.Requests);
    }

    [Fact]
    public async Task Online_revocation_refuses_a_revoked_certificate_and_one_whose_list_cannot_be_fetched_and_accepts_the_rest()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        await using var revocationList = new RevocationListServer([]);
        var revoked = certificates.IssueClient("CN=a revoked client", revocationList.Url);
        var valid = certificates.IssueClient("CN=a client in good standing", revocationList.Url);
        // Nothing listens on port 1 of loopback: the list cannot be fetched.
        var unverifiable = certificates.IssueClient("CN=a client whose list is unreachable", "http://127.0.0.1:1/authority.crl");
        revocationList.RevocationList = certificates.RevocationList(revoked);

        using var host = await StartWithTls(
            folder, certificates, PrivateHome(folder),
            TlsKey + "ClientCertificate", "Required", TlsKey + "ClientCertificateAuthority:Path", certificates.AuthorityPath, TlsKey + "ClientCertificateRevocation", "Online");

        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, valid));
        Assert.Equal(StatusCode.Unauthenticated, PutStatus(host, certificates, revoked));
        Assert.Equal(StatusCode.Unauthenticated, PutStatus(host, certificates, unverifiable));
        Assert.True(revocationList.Requests > 0);
    }

    // Issue 44, item 7: ASP.NET Core authentication registers data protection, whose key ring was made at start-up and
    // written unencrypted to ~/.aspnet/DataProtection-Keys, with a warning saying so. Nothing in the host uses it.
    [Fact]
    public async Task A_host_with_client_certificates_makes_no_data_protection_keys_and_logs_nothing()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        var home = PrivateHome(folder);

        using var host = await StartWithTls(folder, certificates, home, TlsKey + "ClientCertificate", "Required", TlsKey + "ClientCertificateAuthority:Path", certificates.AuthorityPath);
        Assert.Equal(StatusCode.OK, PutStatus(host, certificates, certificates.Client));
        Assert.True(await host.StopAsync(), host.Output);

        Assert.Equal(0, host.ExitCode);
        Assert.Equal("", host.Stderr);
        Assert.False(Directory.Exists(Path.Combine(home["HOME"], ".aspnet")));
    }

    /// <summary>A HOME of the host's own: the user's certificate stores and .NET's revocation list cache are under it.</summary>
    private static Dictionary<string, string> PrivateHome(SocketFolder folder) =>
        new() { ["HOME"] = Directory.CreateDirectory(folder.Combine("home")).FullName };

    /// <summary>Calls Simple/Put on the host's TLS endpoint presenting <paramref name="clientCertificate"/> (or none): OK, or the status refused with.</summary>
    private static StatusCode PutStatus(MigratedHostProcess host, TestCertificates certificates, X509Certificate2? clientCertificate)
    {
        using var clients = new MigratedClientFactory(GrpcEndpoint.Https("127.0.0.1", TlsPort(host)), TrustingOptions(certificates, clientCertificate));
        try
        {
            clients.CreateSimple().Put();
            return StatusCode.OK;
        }
        catch (CommunicationException e) when (e.InnerException is RpcException rpc)
        {
            return rpc.StatusCode;
        }
    }

    private static async Task RunOpenSslAsync(params string[] arguments)
    {
        var start = new ProcessStartInfo("openssl") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        arguments.ToList().ForEach(start.ArgumentList.Add);
        using var process = Process.Start(start)!;
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        _ = process.StandardOutput.ReadToEndAsync();
        await process.WaitForExitAsync().WaitAsync(Patience);
        Assert.True(process.ExitCode == 0, "openssl " + string.Join(' ', arguments) + ":\n" + await stderr);
    }
}
