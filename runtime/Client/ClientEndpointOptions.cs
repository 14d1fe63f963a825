using Microsoft.Extensions.Configuration;

namespace MigrateWcf.Runtime;

/// <summary>
/// Where and how a client reaches a migrated service: configuration section <c>MigrateWcf:Clients:&lt;name&gt;</c>
/// (docs/hosting.md), in place of a WCF <c>&lt;client&gt;&lt;endpoint name="…"&gt;</c>. One address is one channel, as
/// <see cref="EndpointChannel"/> makes; several addresses (<see cref="Addresses"/>) or a <c>dns:///</c> address are
/// balanced by grpc-dotnet's client-side load balancing. TLS, client certificates and retries are grpc-dotnet's own.
/// </summary>
public sealed class ClientEndpointOptions
{
    /// <summary>The section client endpoints are read from.</summary>
    public const string SectionName = "MigrateWcf:Clients";

    // Where the options came from, so error messages name the configuration key a user has to change.
    private string _keyPrefix = string.Empty;

    /// <summary>The contract's full C# name (informational, as WCF's <c>contract=</c>).</summary>
    public string? Contract { get; set; }

    /// <summary>One endpoint (<c>unix:/path</c>, <c>pipe:name</c>, <c>https://host:port</c>, <c>http://host:port</c>) or
    /// <c>dns:///host:port</c> (every address the name resolves to, balanced).</summary>
    public string? Address { get; set; }

    /// <summary>Several <c>https://</c> (or <c>http://</c>) addresses of one service, balanced; all of one scheme.</summary>
    public List<string> Addresses { get; set; } = [];

    /// <summary><c>round_robin</c> or <c>pick_first</c> (grpc-dotnet's policies); <c>round_robin</c> when unset.</summary>
    public string? LoadBalancing { get; set; }

    /// <summary><c>dns:///</c> addresses only: plaintext HTTP/2 instead of TLS (an <c>http://</c> address says it itself).</summary>
    public bool Insecure { get; set; }

    /// <summary>The deadline of each unary or client-streaming call that sets none (WCF's <c>sendTimeout</c>).</summary>
    public TimeSpan SendTimeout { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>Bytes a call may receive; grpc-dotnet's 4 MiB when unset.</summary>
    public int? MaxReceiveMessageSize { get; set; }

    /// <summary>Bytes a call may send; unlimited when unset.</summary>
    public int? MaxSendMessageSize { get; set; }

    /// <summary>Which rpcs are retried, and how often.</summary>
    public ClientRetryOptions Retry { get; set; } = new();

    /// <summary>The certificate the client presents over TLS; none when unset.</summary>
    public ClientCertificateOptions? ClientCertificate { get; set; }

    /// <summary>A certificate trusted besides the machine's store; none when unset.</summary>
    public TrustedCertificateOptions? TrustedCertificate { get; set; }

    /// <summary>Negotiate (Kerberos or NTLM) with the process's own credentials (WCF's <c>clientCredentialType="Windows"</c>).</summary>
    public bool UseDefaultCredentials { get; set; }

    /// <summary>
    /// The client endpoint <paramref name="endpointName"/> of <paramref name="configuration"/>: section
    /// <c>MigrateWcf:Clients:&lt;endpointName&gt;</c>, checked (<see cref="Validate"/>).
    /// </summary>
    /// <exception cref="InvalidOperationException">There is no such section (the message lists the configured names),
    /// it holds a key these options do not have, or a value is invalid; the message names the key.</exception>
    public static ClientEndpointOptions FromConfiguration(IConfiguration configuration, string endpointName)
    {
        ArgumentNullException.ThrowIfNull(configuration);
        ArgumentException.ThrowIfNullOrWhiteSpace(endpointName);
        var clients = configuration.GetSection(SectionName);
        var section = clients.GetSection(endpointName);
        if (!section.Exists())
        {
            var names = clients.GetChildren().Select(c => c.Key).Order(StringComparer.Ordinal).ToList();
            throw new InvalidOperationException(names.Count == 0
                ? $"No client endpoint '{endpointName}': the configuration has no section {SectionName}."
                : $"No client endpoint '{endpointName}' in {SectionName}; the configured ones are: {string.Join(", ", names)}.");
        }

        var options = new ClientEndpointOptions { _keyPrefix = section.Path + ":" };
        try
        {
            section.Bind(options, binder => binder.ErrorOnUnknownConfiguration = true);
        }
        catch (InvalidOperationException ex)
        {
            // The binder names the unknown key or the value it could not convert; say which endpoint and what is allowed.
            throw new InvalidOperationException(
                $"{section.Path}: {ex.Message} The keys of a client endpoint are Contract, Address, Addresses, LoadBalancing, Insecure, SendTimeout, "
                + "MaxReceiveMessageSize, MaxSendMessageSize, Retry:Methods, Retry:MaxAttempts, ClientCertificate:Path/KeyPath/Password, "
                + "TrustedCertificate:Path and UseDefaultCredentials.", ex);
        }

        options.Validate();
        return options;
    }

    /// <summary>Checks the options without touching the network or the certificate files' contents.</summary>
    /// <exception cref="InvalidOperationException">A value is missing or invalid; the message names its key.</exception>
    public void Validate() => _ = Resolve();

    /// <summary>The configuration key of an option, for messages: <c>MigrateWcf:Clients:orders:Address</c>.</summary>
    internal string Key(string name) => _keyPrefix + name;

    /// <summary>The addresses and TLS of these options, checked.</summary>
    internal ResolvedClientEndpoint Resolve() => ResolvedClientEndpoint.From(this);
}
