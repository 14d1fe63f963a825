using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.Authentication.Certificate;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>
/// Which client certificates an endpoint of a <see cref="MigratedHost"/> trusts, as WCF's ChainTrust decided it: a
/// certificate is valid when its chain is built, within its dates and those of its issuers, to one of the configured
/// roots (<c>ClientCertificateAuthority</c>) or, without them, to the machine's trusted roots; with its revocation checked
/// as configured; and for client authentication throughout (no extended key usage, or one that includes clientAuth),
/// where WCF's ClientChainTrustValidator asks it of the issuers only.
/// A self-signed certificate is its own chain, so it is trusted only when it is one of those roots itself.
/// </summary>
internal sealed class ClientCertificateTrust(X509Certificate2Collection? roots, X509RevocationMode revocation)
{
    private static readonly Oid ClientAuthentication = new("1.3.6.1.5.5.7.3.2");

    /// <summary>The configured roots; null: the machine's trust store.</summary>
    public X509Certificate2Collection? Roots { get; } = roots;

    public X509RevocationMode Revocation { get; } = revocation;

    /// <summary>Sets ASP.NET Core's certificate authentication to this trust.</summary>
    public void Configure(CertificateAuthenticationOptions options)
    {
        // The handler skips chain trust for a self-signed certificate when it allows the type (it builds the chain with
        // AllowUnknownCertificateAuthority), and refuses the type outright otherwise, which would refuse one that is a
        // configured root too. So it is allowed here, and every certificate's chain is built again by WhyNotTrusted below.
        options.AllowedCertificateTypes = CertificateTypes.All;
        options.ChainTrustValidationMode = Roots is null ? X509ChainTrustMode.System : X509ChainTrustMode.CustomRootTrust;
        if (Roots is not null)
        {
            options.CustomTrustStore.AddRange(Roots);
        }

        options.RevocationMode = Revocation;
        options.ValidateCertificateUse = true;
        options.ValidateValidityPeriod = true;
        options.Events = new CertificateAuthenticationEvents
        {
            OnCertificateValidated = context =>
            {
                if (WhyNotTrusted(context.ClientCertificate) is { } reasons)
                {
                    // Worded as the handler's own warning for a chain it cannot build, so both refusals read alike.
                    context.HttpContext.RequestServices.GetRequiredService<ILoggerFactory>().CreateLogger<ClientCertificateTrust>()
                        .LogWarning("Certificate validation failed, subject was {Subject}. {ChainErrors}", context.ClientCertificate.Subject, reasons);
                    context.Fail("The client certificate's chain does not end in a trusted root.");
                }

                return Task.CompletedTask;
            },
        };
    }

    /// <summary>Null when <paramref name="certificate"/>'s chain is built to a trusted root, as the type's summary says;
    /// otherwise what is wrong with the chain.</summary>
    public string? WhyNotTrusted(X509Certificate2 certificate)
    {
        using var chain = new X509Chain();
        var policy = chain.ChainPolicy;
        policy.TrustMode = Roots is null ? X509ChainTrustMode.System : X509ChainTrustMode.CustomRootTrust;
        if (Roots is not null)
        {
            policy.CustomTrustStore.AddRange(Roots);
        }

        policy.RevocationMode = Revocation;
        policy.RevocationFlag = X509RevocationFlag.ExcludeRoot;
        policy.ApplicationPolicy.Add(ClientAuthentication);
        try
        {
            return chain.Build(certificate)
                ? null
                : string.Join(", ", chain.ChainStatus.Select(status => $"{status.Status} {status.StatusInformation.Trim()}"));
        }
        finally
        {
            foreach (var element in chain.ChainElements)
            {
                element.Certificate.Dispose();
            }
        }
    }
}
