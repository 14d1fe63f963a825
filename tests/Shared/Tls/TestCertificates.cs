using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// Certificates made at test time (no key material is committed): an authority, a server certificate it issues for
/// 127.0.0.1 and localhost, a client certificate it issues, a self-signed server certificate, and a client certificate
/// of another authority; the PEM files a configuration names are written to an owner-only temporary folder, removed on
/// dispose.
/// </summary>
public sealed class TestCertificates : IDisposable
{
    public TestCertificates()
    {
        Directory = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "mwtls-" + Guid.NewGuid().ToString("N")[..10]);
        if (OperatingSystem.IsWindows())
        {
            System.IO.Directory.CreateDirectory(Directory);
        }
        else
        {
            // The keys are in it.
            System.IO.Directory.CreateDirectory(Directory, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }
        Authority = CreateAuthority("CN=migrate-wcf test authority");
        Server = Issue(Authority, "CN=localhost", server: true);
        Client = Issue(Authority, "CN=migrate-wcf test client", server: false);
        SelfSignedServer = SelfSigned("CN=localhost");
        OtherAuthority = CreateAuthority("CN=another authority");
        OtherClient = Issue(OtherAuthority, "CN=a client of another authority", server: false);
        ServerPath = Write("server.pem", Server.ExportCertificatePem());
        ServerKeyPath = Write("server.key", Server.GetECDsaPrivateKey()!.ExportPkcs8PrivateKeyPem());
        AuthorityPath = Write("authority.pem", Authority.ExportCertificatePem());
        OtherAuthorityPath = Write("other-authority.pem", OtherAuthority.ExportCertificatePem());
        SelfSignedServerPath = Write("self-signed.pem", SelfSignedServer.ExportCertificatePem());
        ClientPath = Write("client.pem", Client.ExportCertificatePem());
        ClientKeyPath = Write("client.key", Client.GetECDsaPrivateKey()!.ExportPkcs8PrivateKeyPem());
        ClientPkcs12Path = System.IO.Path.Combine(Directory, "client.pfx");
        File.WriteAllBytes(ClientPkcs12Path, Client.Export(X509ContentType.Pkcs12, "secret"));
    }

    public string Directory { get; }

    public X509Certificate2 Authority { get; }

    public X509Certificate2 OtherAuthority { get; }

    public X509Certificate2 Server { get; }

    public X509Certificate2 SelfSignedServer { get; }

    public X509Certificate2 Client { get; }

    /// <summary>A client certificate issued by <see cref="OtherAuthority"/>.</summary>
    public X509Certificate2 OtherClient { get; }

    public string ServerPath { get; }

    public string ServerKeyPath { get; }

    public string AuthorityPath { get; }

    public string OtherAuthorityPath { get; }

    public string SelfSignedServerPath { get; }

    public string ClientPath { get; }

    public string ClientKeyPath { get; }

    /// <summary>The client certificate and key as PKCS#12, password <c>secret</c>.</summary>
    public string ClientPkcs12Path { get; }

    /// <summary>True when <paramref name="certificate"/> chains to <see cref="Authority"/> (a server's client-certificate check).</summary>
    public bool IssuedByAuthority(X509Certificate2 certificate)
    {
        using var chain = new X509Chain();
        chain.ChainPolicy.TrustMode = X509ChainTrustMode.CustomRootTrust;
        chain.ChainPolicy.CustomTrustStore.Add(Authority);
        chain.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
        return chain.Build(certificate);
    }

    /// <summary>True when a server presented a certificate that chains to <see cref="Authority"/> (a client's check of the server).</summary>
    public bool Trusts(X509Certificate? presented)
    {
        if (presented is null)
        {
            return false;
        }

        using var certificate = X509CertificateLoader.LoadCertificate(presented.GetRawCertData());
        return IssuedByAuthority(certificate);
    }

    public void Dispose()
    {
        if (System.IO.Directory.Exists(Directory))
        {
            System.IO.Directory.Delete(Directory, recursive: true);
        }
    }

    private string Write(string name, string text)
    {
        var path = System.IO.Path.Combine(Directory, name);
        File.WriteAllText(path, text);
        return path;
    }

    private static X509Certificate2 CreateAuthority(string subject)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest(subject, key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(true, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.KeyCertSign | X509KeyUsageFlags.CrlSign, true));
        request.CertificateExtensions.Add(new X509SubjectKeyIdentifierExtension(request.PublicKey, false));
        return request.CreateSelfSigned(DateTimeOffset.UtcNow.AddDays(-1), DateTimeOffset.UtcNow.AddDays(7));
    }

    private static X509Certificate2 Issue(X509Certificate2 authority, string subject, bool server)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = Leaf(subject, key, server);
        request.CertificateExtensions.Add(X509AuthorityKeyIdentifierExtension.CreateFromCertificate(authority, true, false));
        var serial = RandomNumberGenerator.GetBytes(16);
        serial[0] &= 0x7f;
        using var issued = request.Create(authority, DateTimeOffset.UtcNow.AddHours(-1), DateTimeOffset.UtcNow.AddDays(2), serial);
        return issued.CopyWithPrivateKey(key);
    }

    private static X509Certificate2 SelfSigned(string subject)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        return Leaf(subject, key, server: true).CreateSelfSigned(DateTimeOffset.UtcNow.AddHours(-1), DateTimeOffset.UtcNow.AddDays(2));
    }

    private static CertificateRequest Leaf(string subject, ECDsa key, bool server)
    {
        var request = new CertificateRequest(subject, key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(false, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.DigitalSignature, true));
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension(
            [server ? new Oid("1.3.6.1.5.5.7.3.1") : new Oid("1.3.6.1.5.5.7.3.2")], false));
        if (server)
        {
            var names = new SubjectAlternativeNameBuilder();
            names.AddDnsName("localhost");
            names.AddIpAddress(IPAddress.Loopback);
            request.CertificateExtensions.Add(names.Build());
        }

        return request;
    }
}
