using System.Globalization;

namespace MigrateWcf.Runtime;

/// <summary>
/// The addresses of a <see cref="ClientEndpointOptions"/>, checked: one endpoint (<see cref="Single"/>), or a balanced
/// set (<see cref="Static"/> addresses, or a <see cref="DnsHost"/> resolved by grpc-dotnet), with TLS or not.
/// </summary>
internal sealed class ResolvedClientEndpoint
{
    public GrpcEndpoint? Single { get; private init; }

    public IReadOnlyList<GrpcEndpoint> Static { get; private init; } = [];

    public string? DnsHost { get; private init; }

    public int DnsPort { get; private init; }

    public bool IsTls { get; private init; }

    /// <summary>The load-balancing policy of a balanced set: <c>round_robin</c> or <c>pick_first</c>; null for one endpoint.</summary>
    public string? Policy { get; private init; }

    public bool IsBalanced => Single is null;

    public static ResolvedClientEndpoint From(ClientEndpointOptions options)
    {
        var hasAddresses = options.Addresses.Count > 0;
        if (string.IsNullOrWhiteSpace(options.Address) == !hasAddresses)
        {
            throw Invalid(options, "Address", hasAddresses
                ? "set Address or Addresses, not both."
                : "is required: one endpoint (unix:/path, pipe:name, https://host:port, http://host:port, dns:///host:port), or several https:// addresses under Addresses.");
        }

        var policy = PolicyOf(options);
        ResolvedClientEndpoint resolved;
        if (hasAddresses)
        {
            var endpoints = new List<GrpcEndpoint>();
            for (var i = 0; i < options.Addresses.Count; i++)
            {
                var endpoint = Parse(options, "Addresses:" + i.ToString(CultureInfo.InvariantCulture), options.Addresses[i]);
                if (endpoint.Kind != GrpcEndpointKind.Tcp)
                {
                    throw Invalid(options, "Addresses:" + i.ToString(CultureInfo.InvariantCulture), $"'{endpoint}' cannot be balanced: Addresses holds https:// or http:// addresses; a local socket or pipe goes in Address.");
                }

                if (endpoints.Count > 0 && endpoint.IsTls != endpoints[0].IsTls)
                {
                    throw Invalid(options, "Addresses:" + i.ToString(CultureInfo.InvariantCulture), $"'{endpoint}' mixes http:// and https://: one channel is TLS or plaintext throughout.");
                }

                endpoints.Add(endpoint);
            }

            resolved = new ResolvedClientEndpoint { Static = endpoints, IsTls = endpoints[0].IsTls, Policy = policy ?? "round_robin" };
        }
        else if (options.Address!.Trim() is var address && address.StartsWith("dns:", StringComparison.OrdinalIgnoreCase))
        {
            var authority = address.StartsWith("dns:///", StringComparison.OrdinalIgnoreCase) ? address[7..].TrimEnd('/') : string.Empty;
            var colon = authority.LastIndexOf(':');
            if (colon <= 0 || !int.TryParse(authority[(colon + 1)..], NumberStyles.None, CultureInfo.InvariantCulture, out var port) || port is 0 or > 65535
                || authority[..colon] is not { Length: > 0 } host || host.Contains('/'))
            {
                throw Invalid(options, "Address", $"'{address}' is not dns:///host:port (a host name and a port from 1 to 65535).");
            }

            resolved = new ResolvedClientEndpoint { DnsHost = host, DnsPort = port, IsTls = !options.Insecure, Policy = policy ?? "round_robin" };
        }
        else
        {
            var endpoint = Parse(options, "Address", address);
            if (policy is not null && endpoint.Kind != GrpcEndpointKind.Tcp)
            {
                throw Invalid(options, "LoadBalancing", $"balances TCP addresses; '{endpoint}' is one local endpoint.");
            }

            // An explicit policy over one TCP address still goes through grpc-dotnet's balancer, as configured.
            resolved = policy is null
                ? new ResolvedClientEndpoint { Single = endpoint, IsTls = endpoint.IsTls }
                : new ResolvedClientEndpoint { Static = [endpoint], IsTls = endpoint.IsTls, Policy = policy };
        }

        if (options.Insecure && resolved.DnsHost is null)
        {
            throw Invalid(options, "Insecure", "applies to dns:/// addresses only; write http:// in the address itself.");
        }

        resolved.CheckSettings(options);
        return resolved;
    }

    private void CheckSettings(ClientEndpointOptions options)
    {
        if (options.SendTimeout <= TimeSpan.Zero && options.SendTimeout != Timeout.InfiniteTimeSpan)
        {
            throw Invalid(options, "SendTimeout", $"'{options.SendTimeout}' is not a positive time span (e.g. 00:01:00).");
        }

        if (options.MaxReceiveMessageSize is <= 0)
        {
            throw Invalid(options, "MaxReceiveMessageSize", "must be a positive number of bytes.");
        }

        if (options.MaxSendMessageSize is <= 0)
        {
            throw Invalid(options, "MaxSendMessageSize", "must be a positive number of bytes.");
        }

        if (options.Retry.MaxAttempts is < 2 or > 5)
        {
            throw Invalid(options, "Retry:MaxAttempts", $"{options.Retry.MaxAttempts} is not from 2 to 5 (attempts in all, the first included).");
        }

        for (var i = 0; i < options.Retry.Methods.Count; i++)
        {
            if (string.IsNullOrWhiteSpace(options.Retry.Methods[i]))
            {
                throw Invalid(options, "Retry:Methods:" + i.ToString(CultureInfo.InvariantCulture), "is empty; expected an rpc name such as GetProduct.");
            }
        }

        var where = Single?.ToString() ?? options.Address ?? string.Join(", ", options.Addresses);
        if (options.ClientCertificate is { } client)
        {
            RequireTls(options, "ClientCertificate:Path", where);
            RequireFile(options, "ClientCertificate:Path", client.Path);
            if (client.KeyPath is not null)
            {
                RequireFile(options, "ClientCertificate:KeyPath", client.KeyPath);
            }
        }

        if (options.TrustedCertificate is { } trusted)
        {
            RequireTls(options, "TrustedCertificate:Path", where);
            RequireFile(options, "TrustedCertificate:Path", trusted.Path);
        }

        if (options.UseDefaultCredentials && Single is { Kind: not GrpcEndpointKind.Tcp })
        {
            throw Invalid(options, "UseDefaultCredentials", $"Negotiate runs over HTTP to a TCP address; '{where}' is a local endpoint, which the host secures by its owner.");
        }
    }

    private void RequireTls(ClientEndpointOptions options, string key, string where)
    {
        if (!IsTls)
        {
            throw Invalid(options, key, $"is for TLS; '{where}' is not https://.");
        }
    }

    private static void RequireFile(ClientEndpointOptions options, string key, string? path)
    {
        if (string.IsNullOrWhiteSpace(path))
        {
            throw Invalid(options, key, "is required: the certificate file.");
        }

        if (!File.Exists(path))
        {
            throw Invalid(options, key, $"the file '{path}' does not exist.");
        }
    }

    private static string? PolicyOf(ClientEndpointOptions options) => options.LoadBalancing?.Trim() switch
    {
        null or "" => null,
        var p when p.Equals("round_robin", StringComparison.OrdinalIgnoreCase) => "round_robin",
        var p when p.Equals("pick_first", StringComparison.OrdinalIgnoreCase) => "pick_first",
        var p => throw Invalid(options, "LoadBalancing", $"'{p}' is not round_robin or pick_first."),
    };

    private static GrpcEndpoint Parse(ClientEndpointOptions options, string key, string? text)
    {
        try
        {
            return GrpcEndpoint.Parse(text);
        }
        catch (FormatException ex)
        {
            throw Invalid(options, key, ex.Message, ex);
        }
    }

    public static InvalidOperationException Invalid(ClientEndpointOptions options, string key, string message, Exception? inner = null) =>
        new($"{options.Key(key)}: {message}", inner);
}
