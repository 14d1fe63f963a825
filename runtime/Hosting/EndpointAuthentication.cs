namespace MigrateWcf.Runtime;

/// <summary>How an endpoint authenticates callers (ASP.NET Core authentication).</summary>
public enum EndpointAuthentication
{
    /// <summary>No authentication: a Unix socket or named pipe is already the owner's only.</summary>
    None,

    /// <summary>WCF's Transport security with Windows credentials. Refused by <see cref="MigratedHost"/>: Negotiate
    /// authenticates HTTP/1.1 connections and gRPC is HTTP/2; use <see cref="Certificate"/>.</summary>
    Windows,

    /// <summary>The TLS client certificate: WCF's Certificate client credentials.</summary>
    Certificate,
}
