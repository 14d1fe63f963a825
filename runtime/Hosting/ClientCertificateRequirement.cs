namespace MigrateWcf.Runtime;

/// <summary>Whether a TLS endpoint asks callers for a client certificate.</summary>
public enum ClientCertificateRequirement
{
    None,

    /// <summary>Asked for, not required.</summary>
    Allow,

    /// <summary>Required: a call without a valid one fails with UNAUTHENTICATED.</summary>
    Required,
}
