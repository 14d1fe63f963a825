using System.Security.Cryptography.X509Certificates;

namespace MigrateWcf.Runtime;

/// <summary>One endpoint of a <see cref="MigratedHost"/> (<c>MigrateWcf:Endpoints:&lt;name&gt;</c>).</summary>
public sealed class HostEndpointOptions
{
    /// <summary><c>unix:/path</c>, <c>pipe:name</c>, <c>https://host:port</c> or <c>http://host:port</c>.</summary>
    public string? Url { get; set; }

    /// <summary>gRPC (HTTP/2), or HTTP/1.1 + JSON through gRPC JSON transcoding.</summary>
    public HostEndpointProtocol Protocol { get; set; } = HostEndpointProtocol.Grpc;

    /// <summary>The TLS certificate of an <c>https://</c> endpoint. Without one, the ASP.NET Core development certificate
    /// is used in the Development environment and the host refuses to start elsewhere.</summary>
    public CertificateFileOptions? Certificate { get; set; }

    /// <summary>Whether callers present a TLS client certificate (WCF's <c>clientCredentialType="Certificate"</c>).</summary>
    public ClientCertificateRequirement ClientCertificate { get; set; } = ClientCertificateRequirement.None;

    /// <summary>The roots a client certificate's chain may end in: a PEM file of one or more certificates (authorities,
    /// or a self-signed client certificate itself), or a PKCS#12 file; null: the machine's trust store.</summary>
    public CertificateFileOptions? ClientCertificateAuthority { get; set; }

    /// <summary>How the revocation of a client certificate's chain is checked; null: not at all
    /// (<see cref="X509RevocationMode.NoCheck"/>). <see cref="X509RevocationMode.Online"/> fetches each authority's list
    /// (WCF's default); <see cref="X509RevocationMode.Offline"/> uses only lists already cached on the machine.</summary>
    public X509RevocationMode? ClientCertificateRevocation { get; set; }

    /// <summary>How callers of this endpoint are authenticated; a call that is not gets UNAUTHENTICATED.</summary>
    public EndpointAuthentication Authentication { get; set; } = EndpointAuthentication.None;

    /// <summary>Allows plaintext TCP (<c>http://</c>) for gRPC; loopback addresses only unless
    /// <see cref="AllowRemoteInsecure"/>. The host warns at start-up.</summary>
    public bool Insecure { get; set; }

    /// <summary>Allows a plaintext endpoint that other machines can reach.</summary>
    public bool AllowRemoteInsecure { get; set; }
}
