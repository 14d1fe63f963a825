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

    /// <summary>The authority client certificates chain to (a PEM certificate); null: the machine's trust store.</summary>
    public CertificateFileOptions? ClientCertificateAuthority { get; set; }

    /// <summary>How callers of this endpoint are authenticated; a call that is not gets UNAUTHENTICATED.</summary>
    public EndpointAuthentication Authentication { get; set; } = EndpointAuthentication.None;

    /// <summary>Allows plaintext TCP (<c>http://</c>) for gRPC; loopback addresses only unless
    /// <see cref="AllowRemoteInsecure"/>. The host warns at start-up.</summary>
    public bool Insecure { get; set; }

    /// <summary>Allows a plaintext endpoint that other machines can reach.</summary>
    public bool AllowRemoteInsecure { get; set; }
}

/// <summary>What an endpoint speaks.</summary>
public enum HostEndpointProtocol
{
    /// <summary>gRPC over HTTP/2 (with TLS, HTTP/1.1 too for health probes).</summary>
    Grpc,

    /// <summary>HTTP/1.1 + JSON: the rpcs with a <c>google.api.http</c> option, through gRPC JSON transcoding.</summary>
    HttpJson,
}

/// <summary>Whether a TLS endpoint asks callers for a client certificate.</summary>
public enum ClientCertificateRequirement
{
    None,

    /// <summary>Asked for, not required.</summary>
    Allow,

    /// <summary>Required: a call without a valid one fails with UNAUTHENTICATED.</summary>
    Required,
}

/// <summary>How an endpoint authenticates callers (ASP.NET Core authentication).</summary>
public enum EndpointAuthentication
{
    /// <summary>No authentication: a Unix socket or named pipe is already the owner's only.</summary>
    None,

    /// <summary>Negotiate (Kerberos/NTLM): WCF's Transport security with Windows credentials.</summary>
    Windows,

    /// <summary>The TLS client certificate: WCF's Certificate client credentials.</summary>
    Certificate,
}
