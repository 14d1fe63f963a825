using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Text;
using MigrateWcf.Generator.Discovery;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>One endpoint of the generated host (<c>MigrateWcf:Endpoints:&lt;Name&gt;</c>, docs/hosting.md).</summary>
/// <param name="Url"><c>pipe:name</c> or <c>https://host:port</c>.</param>
/// <param name="Protocol"><c>Grpc</c> or <c>HttpJson</c>.</param>
/// <param name="ClientCertificate"><c>None</c> or <c>Required</c>.</param>
/// <param name="Authentication"><c>None</c> or <c>Certificate</c> (Windows credentials become client certificates).</param>
public sealed record HostEndpointSettings(string Name, string Url, string Protocol, string ClientCertificate, string Authentication);

/// <summary>One client endpoint (<c>MigrateWcf:Clients:&lt;Name&gt;</c>); null and false are "not set".</summary>
public sealed record ClientEndpointSettings(string Name, string Contract, string Address, string? SendTimeout, long? MaxReceiveMessageSize, bool ClientCertificate);

/// <summary>What the <c>&lt;system.serviceModel&gt;</c> of the input becomes in the generated host's appsettings.json, and
/// the findings about settings that became something else or nothing.</summary>
public sealed record HostSettings(
    ImmutableArray<HostEndpointSettings> Endpoints,
    long? MaxReceiveMessageSize,
    ImmutableArray<ClientEndpointSettings> Clients,
    ImmutableArray<Finding> Findings);

/// <summary>
/// The one translation of WCF configuration into the generated host's configuration (docs/hosting.md, "From the WCF
/// configuration"): <see cref="ConfigurationReader"/> reports its findings per file, and the generation plan writes
/// appsettings.json from its endpoints and clients.
/// </summary>
public static class HostTranslation
{
    /// <summary>The endpoint a host gets when the configuration names none (the legacy service was hosted in code).</summary>
    public const string DefaultEndpointName = "Main";

    private const string Tls = "https";
    private const string Pipe = "net.pipe";

    /// <summary>The transport scheme of each binding WCF configures by name; customBinding is decided by its transport element.</summary>
    private static readonly Dictionary<string, string> SchemeOfBinding = new(StringComparer.Ordinal)
    {
        ["netTcpBinding"] = "net.tcp",
        ["netNamedPipeBinding"] = Pipe,
        ["basicHttpBinding"] = "http",
        ["basicHttpsBinding"] = "http",
        ["wsHttpBinding"] = "http",
        ["ws2007HttpBinding"] = "http",
        ["netHttpBinding"] = "http",
        ["netHttpsBinding"] = "http",
        ["webHttpBinding"] = "http",
    };

    /// <summary>What a setting with no counterpart should become instead, by the start of its name; the first match wins.</summary>
    private static readonly (string Prefix, string Instead)[] Advice =
    {
        ("receiveTimeout", "gRPC has no idle receive timeout; a client's SendTimeout (the call's deadline) bounds each call"),
        ("openTimeout", "HTTP/2 connections have no open or close timeout of their own; a client's SendTimeout (the call's deadline) bounds the call"),
        ("closeTimeout", "HTTP/2 connections have no open or close timeout of their own; a client's SendTimeout (the call's deadline) bounds the call"),
        ("sendTimeout", "a gRPC server has no send timeout; each client's SendTimeout sets its calls' deadline"),
        ("maxBufferSize", "gRPC buffers one message at a time, bounded by MaxReceiveMessageSize"),
        ("maxBufferPoolSize", "gRPC buffers one message at a time, bounded by MaxReceiveMessageSize"),
        ("transferMode", "a Stream parameter or result becomes a gRPC stream by the contract's mapping; the binding has nothing to switch"),
        ("readerQuotas", "Protobuf has no reader quotas; MaxReceiveMessageSize bounds a whole message"),
        ("reliableSession", "HTTP/2 over one connection delivers in order and there is no WS-ReliableMessaging; a failed call is retried only where the client's Retry:Methods allows"),
        ("security/transport/clientCredentialType", WindowsCredentials),
        ("security/message/clientCredentialType", WindowsCredentials),
        ("security/transport/protectionLevel", "TLS always encrypts and signs, and a pipe or Unix socket is owner-only"),
        ("security/message", "message security has no gRPC counterpart (WCFM4005); the endpoint gets TLS and the nearest authentication"),
        ("security/transport", "transport security is TLS with the endpoint's ClientCertificate and Authentication"),
        ("hostNameComparisonMode", "the host listens on the endpoint's address and port whatever the Host header says"),
        ("portSharingEnabled", "Kestrel owns its port; two hosts cannot share one"),
        ("listenBacklog", "set Kestrel's limits (KestrelServerOptions.Limits) in the host's code"),
        ("maxConnections", "set Kestrel's limits (KestrelServerOptions.Limits: MaxConcurrentConnections) in the host's code"),
        ("serviceThrottling", "set Kestrel's limits (KestrelServerOptions.Limits: MaxConcurrentConnections, Http2.MaxStreamsPerConnection) in the host's code"),
        ("serviceDebug/includeExceptionDetailInFaults", "the migrated host never sends exception text; a declared FaultException<T> still travels with its detail"),
        ("serviceMetadata", "gRPC reflection (MigrateWcf:Reflection) and the generated .proto files describe the service"),
        ("serviceCredentials/serviceCertificate", "the TLS certificate is each endpoint's MigrateWcf:Endpoints:<name>:Certificate"),
        ("serviceCredentials/clientCertificate", "client certificates are checked against MigrateWcf:Endpoints:<name>:ClientCertificateAuthority"),
        ("serviceCredentials", "callers authenticate by the endpoint's Authentication (Windows or Certificate) or by credentials in call metadata"),
        ("serviceAuthorization/serviceAuthorizationManagerType", "the manager's CheckAccessCore never runs: do its checks in an IAuthorizationHandler of a policy (AddAuthorization) named by [Authorize(Policy = \"...\")] on the implementation class or method, or in a gRPC server interceptor (WCFM4012 at the class)"),
        ("serviceAuthorization", "authorize with ASP.NET Core: a policy per role or requirement (AddAuthorization) and [Authorize(Policy = \"...\")] on the implementation class or method, where WCFM4012 finds each [PrincipalPermission]"),
    };

    private const string NoCounterpart = "gRPC and Kestrel have no such setting";

    private const string WindowsCredentials = "Windows credentials cannot authenticate gRPC calls (Negotiate authenticates HTTP/1.1 connections; gRPC is HTTP/2), "
        + "so the endpoint requires client certificates instead (ClientCertificate Required, Authentication Certificate) and each client presents one; "
        + "Basic and Digest have no counterpart";

    /// <summary>
    /// Translates every <c>&lt;system.serviceModel&gt;</c> among <paramref name="files"/> (in path order). With no service
    /// endpoint to listen on, the host gets one owner-only endpoint <see cref="DefaultEndpointName"/>, <c>pipe:&lt;project&gt;</c>.
    /// </summary>
    public static HostSettings Translate(IReadOnlyList<ConfigurationFile> files, string projectName)
        => Translate(
            files.OrderBy(f => f.Path, StringComparer.Ordinal).Select(f => ConfigurationReader.ReadModel(f.Path, f.Text)).OfType<ServiceModelConfiguration>().ToList(),
            projectName);

    internal static HostSettings Translate(IReadOnlyList<ServiceModelConfiguration> sections, string projectName)
    {
        var findings = new List<Finding>();
        var bindings = sections.SelectMany(s => s.Bindings).ToList();
        var usedByClients = new HashSet<ConfiguredBinding>();

        // Service endpoints: one host endpoint per distinct URL (the host serves every service on every endpoint).
        var endpoints = new List<HostEndpointSettings>();
        var firstContributor = new Dictionary<string, (ConfiguredService Service, ConfiguredEndpoint Endpoint, string Address)>(StringComparer.Ordinal);
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var limits = new List<(ConfiguredBinding Binding, ConfigurationSetting Setting, long Value)>();
        foreach (var service in sections.SelectMany(s => s.Services))
        {
            foreach (var endpoint in service.Endpoints)
            {
                var binding = BindingOf(bindings, endpoint);

                if (IsMetadataExchange(endpoint))
                {
                    findings.Add(Finding.Create(FindingMessages.SettingWithoutCounterpart, endpoint.Position, Quoted("contract", endpoint.Contract), "service '" + service.Name + "'", Advice[Array.FindIndex(Advice, a => a.Prefix == "serviceMetadata")].Instead));
                    continue;
                }

                var scheme = SchemeOf(endpoint, binding);
                var address = Resolve(endpoint.Address, scheme, service.BaseAddresses);
                if (scheme is null || address is null || !TryTranslate(address, listening: true, ShortName(service.Name), out var url))
                {
                    var why = scheme is null
                        ? "its binding '" + endpoint.Binding + "' has no gRPC transport; the host serves the service on its other endpoints"
                        : "it has no absolute address, nor a base address of its scheme (" + scheme + ") to resolve against (hosted in IIS?); the host serves the service on its other endpoints";
                    findings.Add(Finding.Create(FindingMessages.SettingWithoutCounterpart, endpoint.AddressPosition, Quoted("address", endpoint.Address), "service '" + service.Name + "'", why));
                    continue;
                }

                if (binding?.Settings.LastOrDefault(s => s.Name == "maxReceivedMessageSize") is { } limit && TryParseBytes(limit.Value, out var bytes))
                {
                    limits.Add((binding, limit, bytes));
                }

                var isPipe = url.StartsWith("pipe:", StringComparison.Ordinal);
                var (clientCertificate, authentication) = isPipe ? ("None", "None") : Security(endpoint.Binding, binding);
                if (!isPipe && authentication == "Certificate" && UsesDefaultWindowsCredentials(endpoint.Binding, binding))
                {
                    findings.Add(Finding.Create(FindingMessages.SettingWithoutCounterpart, endpoint.Position, Quoted("binding", endpoint.Binding), "service '" + service.Name + "'",
                        "its default security is Transport with Windows credentials; " + WindowsCredentials));
                }

                var protocol = endpoint.Binding == "webHttpBinding" ? "HttpJson" : "Grpc";
                var index = endpoints.FindIndex(e => e.Url == url);
                if (index < 0)
                {
                    endpoints.Add(new HostEndpointSettings(UniqueName(names, ShortName(service.Name) + BindingShortName(endpoint.Binding)), url, protocol, clientCertificate, authentication));
                    firstContributor[url] = (service, endpoint, address);
                    continue;
                }

                // The strictest requirement of the services sharing an address holds for all of them.
                var shared = endpoints[index];
                endpoints[index] = shared with
                {
                    ClientCertificate = clientCertificate == "Required" ? clientCertificate : shared.ClientCertificate,
                    Authentication = Strictest(shared.Authentication, authentication),
                };
                if (shared.Protocol != protocol)
                {
                    findings.Add(Finding.Create(FindingMessages.SettingWithoutCounterpart, endpoint.Position, Quoted("binding", endpoint.Binding), "service '" + service.Name + "'",
                        "its address is also the " + shared.Protocol + " endpoint '" + shared.Name + "', and one endpoint speaks one protocol: give it a port of its own in MigrateWcf:Endpoints"));
                }
            }
        }

        foreach (var endpoint in endpoints.Where(e => e.Url.StartsWith(Tls + ":", StringComparison.Ordinal)))
        {
            var (service, first, address) = firstContributor[endpoint.Url];
            findings.Add(Finding.Create(FindingMessages.EndpointNeedsCertificate, first.AddressPosition, service.Name, address, endpoint.Name, endpoint.Url));
        }

        long? maxReceive = limits.Count == 0 ? null : limits.Max(l => l.Value);
        foreach (var (binding, setting, value) in limits.Where(l => l.Value < maxReceive).GroupBy(l => l.Setting).Select(g => g.First()))
        {
            findings.Add(Finding.Create(FindingMessages.MessageSizeLimitPerHost, setting.Position, binding.BindingType + "/" + binding.Name, Number(value), Number(maxReceive!.Value)));
        }

        if (endpoints.Count == 0)
        {
            endpoints.Add(new HostEndpointSettings(DefaultEndpointName, "pipe:" + PipeName(projectName, "MigratedService"), "Grpc", "None", "None"));
        }

        var clients = new List<ClientEndpointSettings>();
        var clientNames = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var client in sections.SelectMany(s => s.Clients))
        {
            var binding = BindingOf(bindings, client);
            if (binding is not null)
            {
                usedByClients.Add(binding);
            }

            var name = client.Name.Length > 0 ? client.Name : ShortName(client.Contract);
            if (!clientNames.Add(name))
            {
                findings.Add(Finding.Create(FindingMessages.SettingWithoutCounterpart, client.Position, Quoted("name", name), "a client endpoint", "another client endpoint has this name, and MigrateWcf:Clients keeps the first"));
                continue;
            }

            if (!TryTranslate(client.Address, listening: false, ShortName(client.Contract), out var address))
            {
                findings.Add(Finding.Create(FindingMessages.SettingWithoutCounterpart, client.AddressPosition, Quoted("address", client.Address), "client endpoint '" + name + "'",
                    "only net.pipe, net.tcp, http and https addresses have a gRPC counterpart; set MigrateWcf:Clients:" + name + ":Address by hand"));
                address = string.Empty;
            }

            var timeout = Setting(binding, "sendTimeout");
            var limit = Setting(binding, "maxReceivedMessageSize");
            var isPipe = address.StartsWith("pipe:", StringComparison.Ordinal);
            var (clientCertificate, _) = isPipe ? ("None", "None") : Security(client.Binding, binding);
            clients.Add(new ClientEndpointSettings(
                name,
                client.Contract,
                address,
                timeout is not null && IsTimeSpan(timeout.Value) ? timeout.Value : null,
                limit is not null && TryParseBytes(limit.Value, out var bytes) ? bytes : null,
                clientCertificate == "Required"));
            if (clientCertificate == "Required")
            {
                findings.Add(Finding.Create(FindingMessages.ClientNeedsCertificate, client.Position, name));
            }
        }

        foreach (var binding in bindings)
        {
            foreach (var setting in binding.Settings.Where(s => !Translated(binding, s, usedByClients.Contains(binding))))
            {
                findings.Add(Finding.Create(FindingMessages.SettingWithoutCounterpart, setting.Position, Written(setting), "binding configuration '" + binding.BindingType + "/" + binding.Name + "'", Instead(setting.Name)));
            }
        }

        foreach (var behavior in sections.SelectMany(s => s.Behaviors))
        {
            var where = (behavior.Kind == "endpointBehaviors" ? "endpoint behavior" : "service behavior") + " '" + behavior.Name + "'";
            foreach (var setting in behavior.Settings.Where(s => !Translated(s)))
            {
                findings.Add(Finding.Create(FindingMessages.SettingWithoutCounterpart, setting.Position, Written(setting), where, Instead(setting.Name)));
            }
        }

        return new HostSettings(endpoints.ToImmutableArray(), maxReceive, clients.ToImmutableArray(), FindingOrder.Sort(findings).ToImmutableArray());
    }

    /// <summary>Whether a binding's setting has a counterpart: message sizes, client send timeouts, transport security
    /// and the credential types that map to an authentication; the modes WCFM4005 reports are not reported again.</summary>
    private static bool Translated(ConfiguredBinding binding, ConfigurationSetting setting, bool usedByClient) => setting.Name switch
    {
        "maxReceivedMessageSize" => true,
        "sendTimeout" => usedByClient && IsTimeSpan(setting.Value),
        "transferMode" => setting.Value == "Buffered",
        // None on a pipe changes nothing: the migrated pipe or socket is owner-only. Elsewhere the endpoint gets TLS anyway.
        "security/mode" => setting.Value != "None" || binding.BindingType == "netNamedPipeBinding",
        "security/transport/clientCredentialType" => setting.Value is "None" or "Certificate",
        "security/message/clientCredentialType" => setting.Value is "None" or "Certificate",
        // A customBinding's transport element is what decides its endpoint's transport (SchemeOf).
        "tcpTransport" or "namedPipeTransport" or "httpTransport" or "httpsTransport" => binding.BindingType == "customBinding",
        _ => false,
    };

    /// <summary>Whether a behavior's setting has a counterpart: maxConcurrentCalls bounds one-way workers, webHttp is the
    /// HttpJson protocol, and keeping exception details out of faults is what the host does anyway.</summary>
    private static bool Translated(ConfigurationSetting setting) => setting.Name switch
    {
        "serviceThrottling/maxConcurrentCalls" => true,
        "serviceDebug/includeExceptionDetailInFaults" => !string.Equals(setting.Value, "true", StringComparison.OrdinalIgnoreCase),
        "webHttp" => true,
        _ => setting.Name.StartsWith("webHttp/", StringComparison.Ordinal),
    };

    private static string Instead(string settingName)
    {
        foreach (var (prefix, instead) in Advice)
        {
            if (settingName.StartsWith(prefix, StringComparison.Ordinal))
            {
                return instead;
            }
        }

        return NoCounterpart;
    }

    /// <summary>The setting as written: <c>receiveTimeout="00:10:00"</c>, or <c>&lt;serviceMetadata&gt;</c> for an element.</summary>
    private static string Written(ConfigurationSetting setting)
        => setting.IsElement ? "<" + setting.Name + ">" : Quoted(setting.Name, setting.Value);

    private static string Quoted(string name, string value) => name + "=\"" + value + "\"";

    /// <summary>The binding configuration an endpoint names, or the unnamed one of its binding type (WCF's default).</summary>
    private static ConfiguredBinding? BindingOf(List<ConfiguredBinding> bindings, ConfiguredEndpoint endpoint)
        => bindings.FirstOrDefault(b => b.BindingType == endpoint.Binding && b.Name == endpoint.BindingConfiguration);

    private static ConfigurationSetting? Setting(ConfiguredBinding? binding, string name) => binding?.Settings.LastOrDefault(s => s.Name == name);

    private static bool IsMetadataExchange(ConfiguredEndpoint endpoint)
        => endpoint.Contract == "IMetadataExchange" || endpoint.Binding.StartsWith("mex", StringComparison.Ordinal);

    private static string? SchemeOf(ConfiguredEndpoint endpoint, ConfiguredBinding? binding)
    {
        if (SchemeOfBinding.TryGetValue(endpoint.Binding, out var scheme))
        {
            return scheme;
        }

        if (endpoint.Binding == "customBinding" && binding is not null)
        {
            var transports = binding.Settings.Select(s => s.Name.Split('/')[0]).ToList();
            return transports.Contains("tcpTransport") ? "net.tcp"
                : transports.Contains("namedPipeTransport") ? Pipe
                : transports.Contains("httpTransport") || transports.Contains("httpsTransport") ? "http"
                : null;
        }

        return null;
    }

    /// <summary>An endpoint's absolute address: as written, or relative to the first base address of its scheme (http
    /// and https count as one), as WCF resolves it.</summary>
    private static string? Resolve(string address, string? scheme, EquatableArray<ConfigurationSetting> baseAddresses)
    {
        if (address.IndexOf("://", StringComparison.Ordinal) > 0)
        {
            return address;
        }

        var baseAddress = baseAddresses.Select(b => b.Value).FirstOrDefault(b => SchemeMatches(b, scheme));
        return baseAddress is null ? null : address.Length == 0 ? baseAddress : baseAddress.TrimEnd('/') + "/" + address.TrimStart('/');
    }

    private static bool SchemeMatches(string address, string? scheme)
    {
        var separator = address.IndexOf("://", StringComparison.Ordinal);
        var own = separator > 0 ? address.Substring(0, separator).ToLowerInvariant() : string.Empty;
        return own == scheme || (scheme == "http" && own == Tls);
    }

    /// <summary>
    /// A WCF address as a gRPC one: <c>net.pipe://host/a/b</c> is <c>pipe:a.b</c>; <c>net.tcp</c>, <c>http</c> and
    /// <c>https</c> are <c>https://host:port</c> with the port kept (WCF's default port where none is written). A host
    /// listens on <c>127.0.0.1</c> for a loopback name and on <c>0.0.0.0</c> otherwise; a client keeps the host.
    /// </summary>
    private static bool TryTranslate(string address, bool listening, string fallbackPipeName, out string translated)
    {
        translated = string.Empty;
        var text = address.Replace("://+", "://0.0.0.0").Replace("://*", "://0.0.0.0");
        if (!Uri.TryCreate(text, UriKind.Absolute, out var uri))
        {
            return false;
        }

        var scheme = uri.Scheme.ToLowerInvariant();
        if (scheme == Pipe)
        {
            translated = "pipe:" + PipeName(string.Join(".", uri.AbsolutePath.Split(new[] { '/' }, StringSplitOptions.RemoveEmptyEntries).Select(Uri.UnescapeDataString)), fallbackPipeName);
            return true;
        }

        int defaultPort;
        switch (scheme)
        {
            case "net.tcp": defaultPort = 808; break;
            case "http": defaultPort = 80; break;
            case Tls: defaultPort = 443; break;
            default: return false;
        }

        var port = uri.IsDefaultPort || uri.Port < 0 ? defaultPort : uri.Port;
        var host = uri.Host;
        if (listening)
        {
            host = host.Equals("localhost", StringComparison.OrdinalIgnoreCase) || uri.IsLoopback ? "127.0.0.1" : "0.0.0.0";
        }

        translated = Tls + "://" + host + ":" + port.ToString(CultureInfo.InvariantCulture);
        return true;
    }

    /// <summary>A pipe name the runtime accepts (letters, digits, '.', '-', '_'; others become '_'), from
    /// <paramref name="name"/>, or <paramref name="fallback"/> when that leaves nothing.</summary>
    private static string PipeName(string name, string fallback)
    {
        foreach (var candidate in new[] { name, fallback })
        {
            var builder = new StringBuilder(candidate.Length);
            foreach (var c in candidate)
            {
                builder.Append((c < 128 && char.IsLetterOrDigit(c)) || c is '.' or '-' or '_' ? c : '_');
            }

            var pipe = builder.ToString().Trim('.');
            if (pipe.Length > 0)
            {
                return pipe;
            }
        }

        return "MigratedService";
    }

    /// <summary>The client's and the host's authentication of a binding: (ClientCertificate, Authentication), from the
    /// security mode and the credential type it uses (WCF's defaults where unset: netTcpBinding is Transport with Windows).</summary>
    private static (string ClientCertificate, string Authentication) Security(string bindingType, ConfiguredBinding? binding)
    {
        var mode = Setting(binding, "security/mode")?.Value ?? bindingType switch
        {
            "netTcpBinding" => "Transport",
            "wsHttpBinding" or "ws2007HttpBinding" => "Message",
            "basicHttpsBinding" or "netHttpsBinding" => "Transport",
            _ => "None",
        };
        var transport = Setting(binding, "security/transport/clientCredentialType")?.Value ?? (bindingType == "netTcpBinding" ? "Windows" : "None");
        var message = Setting(binding, "security/message/clientCredentialType")?.Value ?? (bindingType is "netTcpBinding" or "wsHttpBinding" or "ws2007HttpBinding" ? "Windows" : "None");
        var credential = mode switch
        {
            "Transport" or "TransportCredentialOnly" => transport,
            "Message" or "TransportWithMessageCredential" => message,
            "Both" => transport != "None" ? transport : message,
            _ => "None",
        };
        return credential switch
        {
            "Certificate" => ("Required", "Certificate"),
            // Negotiate authenticates an HTTP/1.1 connection and gRPC is HTTP/2 (ASP.NET Core refuses it there): callers
            // that proved who they were with Windows credentials prove it with a client certificate.
            "Windows" or "Ntlm" => ("Required", "Certificate"),
            _ => ("None", "None"),
        };
    }

    /// <summary>True when Windows credentials come from WCF's defaults, not from a setting (which gets its own finding).</summary>
    private static bool UsesDefaultWindowsCredentials(string bindingType, ConfiguredBinding? binding)
        => Setting(binding, "security/mode") is null && Setting(binding, "security/transport/clientCredentialType") is null && Setting(binding, "security/message/clientCredentialType") is null
           && bindingType is "netTcpBinding" or "wsHttpBinding" or "ws2007HttpBinding";

    private static string Strictest(string a, string b) => a == "Certificate" || b == "Certificate" ? "Certificate" : "None";

    private static bool TryParseBytes(string text, out long value)
        => long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out value) && value > 0;

    private static bool IsTimeSpan(string text) => TimeSpan.TryParse(text, CultureInfo.InvariantCulture, out _);

    private static string Number(long value) => value.ToString(CultureInfo.InvariantCulture);

    private static string ShortName(string name) => name.Substring(name.LastIndexOf('.') + 1);

    /// <summary><c>netTcpBinding</c> is <c>NetTcp</c>.</summary>
    private static string BindingShortName(string binding)
    {
        var trimmed = binding.EndsWith("Binding", StringComparison.Ordinal) ? binding.Substring(0, binding.Length - "Binding".Length) : binding;
        return trimmed.Length == 0 ? string.Empty : char.ToUpperInvariant(trimmed[0]) + trimmed.Substring(1);
    }

    private static string UniqueName(HashSet<string> taken, string name)
    {
        var candidate = name.Length > 0 ? name : DefaultEndpointName;
        for (var i = 2; !taken.Add(candidate); i++)
        {
            candidate = name + i.ToString(CultureInfo.InvariantCulture);
        }

        return candidate;
    }
}
