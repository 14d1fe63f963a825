namespace MigrateWcf.Runtime;

/// <summary>
/// A certificate a client trusts besides the machine's store (section <c>TrustedCertificate</c> of a client endpoint):
/// the authority that issued the server's certificate, or a self-signed server certificate itself.
/// </summary>
public sealed class TrustedCertificateOptions
{
    /// <summary>The PEM certificate file.</summary>
    public string? Path { get; set; }
}
