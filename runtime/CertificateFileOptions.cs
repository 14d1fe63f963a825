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
    /// <exception cref="InvalidOperationException">No path, a missing file, one that holds no such certificate, or one
    /// without its private key; the message says which.</exception>
    public X509Certificate2 LoadWithKey(string what)
    {
        var path = FullPath(what);
        var certificate = Load(what, path, " with its key", () => IsPkcs12(path)
            ? X509CertificateLoader.LoadPkcs12FromFile(path, Password)
            : Password is { Length: > 0 }
                ? X509Certificate2.CreateFromEncryptedPemFile(path, Password, KeyPath is null ? null : System.IO.Path.GetFullPath(KeyPath))
                : X509Certificate2.CreateFromPemFile(path, KeyPath is null ? null : System.IO.Path.GetFullPath(KeyPath)));
        if (!certificate.HasPrivateKey)
        {
            // A PEM pair without its key fails to load; a PKCS#12 file loads without one, and TLS would fail only when used.
            certificate.Dispose();
            throw new InvalidOperationException($"{what}: {path} holds no private key for its certificate; a TLS endpoint needs the certificate with its key.");
        }

        return certificate;
    }

    /// <summary>Loads every certificate of the file, without keys (authorities to trust): each certificate of a PEM file,
    /// or those of a PKCS#12 file.</summary>
    /// <exception cref="InvalidOperationException">No path, a missing file, or one that holds no certificate.</exception>
    public X509Certificate2Collection LoadCertificates(string what)
    {
        var path = FullPath(what);
        var certificates = Load(what, path, string.Empty, () =>
        {
            if (IsPkcs12(path))
            {
                return X509CertificateLoader.LoadPkcs12CollectionFromFile(path, Password);
            }

            var pem = new X509Certificate2Collection();
            pem.ImportFromPemFile(path);
            return pem;
        });
        return certificates.Count > 0
            ? certificates
            : throw new InvalidOperationException($"{what}: {path} holds no certificate (expected PEM \"BEGIN CERTIFICATE\" blocks, or a PKCS#12 file).");
    }

    private string FullPath(string what) => string.IsNullOrWhiteSpace(Path)
        ? throw new InvalidOperationException($"{what}: Path is empty; give the certificate file.")
        : System.IO.Path.GetFullPath(Path);

    private static bool IsPkcs12(string path) =>
        path.EndsWith(".pfx", StringComparison.OrdinalIgnoreCase) || path.EndsWith(".p12", StringComparison.OrdinalIgnoreCase);

    private static T Load<T>(string what, string path, string withWhat, Func<T> load)
    {
        try
        {
            return load();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Security.Cryptography.CryptographicException or ArgumentException)
        {
            throw new InvalidOperationException($"{what}: cannot load the certificate {path}{withWhat}: {e.Message}", e);
        }
    }
}
