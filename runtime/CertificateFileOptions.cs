using System.Security.Cryptography.X509Certificates;

namespace MigrateWcf.Runtime;

/// <summary>A certificate in files: a PEM certificate (with its PEM key where one is needed), or a PKCS#12 file with its password.</summary>
public sealed class CertificateFileOptions
{
    /// <summary>The certificate: <c>.pem</c>/<c>.crt</c> (PEM) or <c>.pfx</c>/<c>.p12</c> (PKCS#12).</summary>
    public string? Path { get; set; }

    /// <summary>The PEM private key of a PEM certificate; null when <see cref="Path"/> holds it or none is needed.</summary>
    public string? KeyPath { get; set; }

    /// <summary>The PKCS#12 file's password, or the PEM key's.</summary>
    public string? Password { get; set; }

    /// <summary>Loads the certificate with its private key (a server's or a client's own certificate).</summary>
    /// <exception cref="InvalidOperationException">No path, a missing file, or one that holds no such certificate; the message says which.</exception>
    public X509Certificate2 LoadWithKey(string what) => Load(what, withKey: true);

    /// <summary>Loads the certificate alone (an authority to trust).</summary>
    public X509Certificate2 LoadPublic(string what) => Load(what, withKey: false);

    private X509Certificate2 Load(string what, bool withKey)
    {
        if (string.IsNullOrWhiteSpace(Path))
        {
            throw new InvalidOperationException($"{what}: Path is empty; give the certificate file.");
        }

        var path = System.IO.Path.GetFullPath(Path);
        try
        {
            if (path.EndsWith(".pfx", StringComparison.OrdinalIgnoreCase) || path.EndsWith(".p12", StringComparison.OrdinalIgnoreCase))
            {
                return X509CertificateLoader.LoadPkcs12FromFile(path, Password);
            }

            if (!withKey)
            {
                return X509CertificateLoader.LoadCertificateFromFile(path);
            }

            return Password is { Length: > 0 }
                ? X509Certificate2.CreateFromEncryptedPemFile(path, Password, KeyPath is null ? null : System.IO.Path.GetFullPath(KeyPath))
                : X509Certificate2.CreateFromPemFile(path, KeyPath is null ? null : System.IO.Path.GetFullPath(KeyPath));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Security.Cryptography.CryptographicException or ArgumentException)
        {
            throw new InvalidOperationException($"{what}: cannot load the certificate {path}{(withKey ? " with its key" : string.Empty)}: {e.Message}", e);
        }
    }
}
