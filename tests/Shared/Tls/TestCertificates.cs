using System.Net;
using System.Numerics;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// Certificates made at test time (no key material is committed): an authority, a server certificate it issues for
/// 127.0.0.1 and localhost, a client certificate it issues, a self-signed server certificate, a client certificate
/// of another authority, and the client certificates a server must refuse (<see cref="Refused"/>); more are issued on
/// demand (<see cref="IssueClient"/>, with a revocation list address). The PEM files a configuration names are written
/// to an owner-only temporary folder, removed on dispose.
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
        SelfSignedClient = SelfSigned("CN=x", server: false);
        (SelfSignedClientPath, SelfSignedClientKeyPath) = WritePem("self-signed-client", SelfSignedClient);
        Refused = new Dictionary<string, X509Certificate2>(StringComparer.Ordinal)
        {
            ["self-signed"] = SelfSignedClient,
            ["another authority's"] = OtherClient,
            ["expired"] = IssueClient("CN=an expired client", notBefore: DateTimeOffset.UtcNow.AddDays(-3), notAfter: DateTimeOffset.UtcNow.AddDays(-1)),
            ["not yet valid"] = IssueClient("CN=a client of tomorrow", notBefore: DateTimeOffset.UtcNow.AddDays(1), notAfter: DateTimeOffset.UtcNow.AddDays(2)),
            ["server-only"] = Issue(Authority, "CN=a server certificate used as a client's", server: true),
            // Self-signed with the authority's own name: a check that compares names instead of building the chain takes it for the authority.
            ["impostor of the authority"] = SelfSigned(Authority.Subject, server: false),
        };
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

    /// <summary>A client certificate the caller made for itself (<c>CN=x</c>, clientAuth), as
    /// <c>openssl req -x509 ... -addext extendedKeyUsage=clientAuth</c> makes one.</summary>
    public X509Certificate2 SelfSignedClient { get; }

    public string SelfSignedClientPath { get; }

    public string SelfSignedClientKeyPath { get; }

    /// <summary>Client certificates a server that trusts <see cref="Authority"/> refuses, by why: self-signed, another
    /// authority's, expired, not yet valid, issued for servers only (no clientAuth usage), and self-signed under the
    /// authority's own name.</summary>
    public IReadOnlyDictionary<string, X509Certificate2> Refused { get; }

    /// <summary>A client certificate <see cref="Authority"/> issues (valid from an hour ago for two days unless told),
    /// naming <paramref name="revocationListUrl"/> as its CRL distribution point when given.</summary>
    public X509Certificate2 IssueClient(string subject, string? revocationListUrl = null, DateTimeOffset? notBefore = null, DateTimeOffset? notAfter = null) =>
        Issue(Authority, subject, server: false, revocationListUrl, notBefore, notAfter);

    /// <summary><see cref="Authority"/>'s revocation list (DER) revoking <paramref name="revoked"/>, valid for a day.</summary>
    public byte[] RevocationList(params X509Certificate2[] revoked)
    {
        var builder = new CertificateRevocationListBuilder();
        foreach (var certificate in revoked)
        {
            builder.AddEntry(certificate, DateTimeOffset.UtcNow.AddMinutes(-5), X509RevocationReason.KeyCompromise);
        }

        return builder.Build(Authority, BigInteger.One, DateTimeOffset.UtcNow.AddDays(1), HashAlgorithmName.SHA256, thisUpdate: DateTimeOffset.UtcNow.AddMinutes(-1));
    }

    /// <summary>Writes a certificate and its key as PEM files in <see cref="Directory"/>: <c>name.pem</c>, <c>name.key</c>.</summary>
    public (string CertificatePath, string KeyPath) WritePem(string name, X509Certificate2 certificate) =>
        (Write(name + ".pem", certificate.ExportCertificatePem()), Write(name + ".key", certificate.GetECDsaPrivateKey()!.ExportPkcs8PrivateKeyPem()));

    /// <summary>Writes certificates (no keys) into one PEM file in <see cref="Directory"/>.</summary>
    public string WritePemBundle(string name, params X509Certificate2[] certificates) =>
        Write(name, string.Join("\n", certificates.Select(c => c.ExportCertificatePem())) + "\n");

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

    /// <summary>Writes <paramref name="text"/> to <c>name</c> in <see cref="Directory"/>; returns its path.</summary>
    public string Write(string name, string text)
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
        return request.CreateSelfSigned(DateTimeOffset.UtcNow.AddDays(-7), DateTimeOffset.UtcNow.AddDays(7));
    }

    private static X509Certificate2 Issue(X509Certificate2 authority, string subject, bool server, string? revocationListUrl = null, DateTimeOffset? notBefore = null, DateTimeOffset? notAfter = null)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = Leaf(subject, key, server);
        request.CertificateExtensions.Add(X509AuthorityKeyIdentifierExtension.CreateFromCertificate(authority, true, false));
        if (revocationListUrl is not null)
        {
            request.CertificateExtensions.Add(CertificateRevocationListBuilder.BuildCrlDistributionPointExtension([revocationListUrl]));
        }

        var serial = RandomNumberGenerator.GetBytes(16);
        serial[0] &= 0x7f;
        using var issued = request.Create(authority, notBefore ?? DateTimeOffset.UtcNow.AddHours(-1), notAfter ?? DateTimeOffset.UtcNow.AddDays(2), serial);
        return issued.CopyWithPrivateKey(key);
    }

    private static X509Certificate2 SelfSigned(string subject, bool server = true)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        return Leaf(subject, key, server).CreateSelfSigned(DateTimeOffset.UtcNow.AddHours(-1), DateTimeOffset.UtcNow.AddDays(2));
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
