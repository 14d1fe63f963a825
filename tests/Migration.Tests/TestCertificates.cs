using System.Net;
using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// Certificates made for one test run (never committed): an authority, a server certificate for 127.0.0.1 and
/// localhost, and client certificates, all ECDSA P-256, written as PEM files where a process needs them.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
internal sealed class TestCertificates : IDisposable
{
    private static readonly Oid ServerAuthentication = new("1.3.6.1.5.5.7.3.1");
    private static readonly Oid ClientAuthentication = new("1.3.6.1.5.5.7.3.2");

    public TestCertificates(string name = "migrate-wcf test authority")
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest($"CN={name}", key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(true, false, 0, true));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.KeyCertSign | X509KeyUsageFlags.CrlSign, true));
        request.CertificateExtensions.Add(new X509SubjectKeyIdentifierExtension(request.PublicKey, false));
        Authority = request.CreateSelfSigned(DateTimeOffset.UtcNow.AddDays(-1), DateTimeOffset.UtcNow.AddDays(30));
    }

    public X509Certificate2 Authority { get; }

    /// <summary>A server certificate for 127.0.0.1, ::1 and localhost, issued by <see cref="Authority"/>.</summary>
    public X509Certificate2 Server() => Issue("CN=127.0.0.1", ServerAuthentication, san =>
    {
        san.AddIpAddress(IPAddress.Loopback);
        san.AddIpAddress(IPAddress.IPv6Loopback);
        san.AddDnsName("localhost");
    });

    /// <summary>A client certificate issued by <see cref="Authority"/>.</summary>
    public X509Certificate2 Client(string name = "migrated client") => Issue($"CN={name}", ClientAuthentication, _ => { });

    /// <summary>Writes the certificate and its private key as PEM files in <paramref name="folder"/> (key readable by the owner only).</summary>
    public static (string Certificate, string Key) WritePem(X509Certificate2 certificate, string folder, string name)
    {
        var certificatePath = Path.Combine(folder, name + ".crt.pem");
        var keyPath = Path.Combine(folder, name + ".key.pem");
        File.WriteAllText(certificatePath, certificate.ExportCertificatePem());
        if (certificate.GetECDsaPrivateKey() is { } key)
        {
            using (key)
            {
                File.WriteAllText(keyPath, key.ExportPkcs8PrivateKeyPem());
            }

            File.SetUnixFileMode(keyPath, UnixFileMode.UserRead | UnixFileMode.UserWrite);
        }

        return (certificatePath, keyPath);
    }

    /// <summary>Whether <paramref name="certificate"/> chains to <see cref="Authority"/> alone (a client's server check).</summary>
    public bool Trusts(X509Certificate? certificate)
    {
        if (certificate is null)
        {
            return false;
        }

        using var chain = new X509Chain();
        chain.ChainPolicy.TrustMode = X509ChainTrustMode.CustomRootTrust;
        chain.ChainPolicy.CustomTrustStore.Add(Authority);
        chain.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
        using var leaf = X509CertificateLoader.LoadCertificate(certificate.GetRawCertData());
        return chain.Build(leaf);
    }

    public void Dispose() => Authority.Dispose();

    private X509Certificate2 Issue(string subject, Oid usage, Action<SubjectAlternativeNameBuilder> names)
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest(subject, key, HashAlgorithmName.SHA256);
        request.CertificateExtensions.Add(new X509BasicConstraintsExtension(false, false, 0, false));
        request.CertificateExtensions.Add(new X509KeyUsageExtension(X509KeyUsageFlags.DigitalSignature, true));
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([usage], false));
        var san = new SubjectAlternativeNameBuilder();
        names(san);
        if (usage.Value == ServerAuthentication.Value)
        {
            request.CertificateExtensions.Add(san.Build());
        }

        var serial = RandomNumberGenerator.GetBytes(16);
        serial[0] &= 0x7f;
        using var issued = request.Create(Authority, DateTimeOffset.UtcNow.AddDays(-1), DateTimeOffset.UtcNow.AddDays(29), serial);
        return issued.CopyWithPrivateKey(key);
    }
}
