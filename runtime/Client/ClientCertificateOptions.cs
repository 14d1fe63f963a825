namespace MigrateWcf.Runtime;

/// <summary>
/// The certificate a client presents over TLS (section <c>ClientCertificate</c> of a client endpoint; WCF's
/// <c>clientCredentialType="Certificate"</c>): a PEM certificate with its PEM key (<see cref="KeyPath"/>, or the key in
/// the same file), or a PKCS#12 file with its <see cref="Password"/>.
/// </summary>
public sealed class ClientCertificateOptions
{
    /// <summary>The certificate file: PEM, or PKCS#12 (<c>.pfx</c>, <c>.p12</c>).</summary>
    public string? Path { get; set; }

    /// <summary>The PEM private key of a PEM certificate; none when the key is in <see cref="Path"/> itself.</summary>
    public string? KeyPath { get; set; }

    /// <summary>The password of a PKCS#12 file (or of an encrypted PEM key).</summary>
    public string? Password { get; set; }
}
