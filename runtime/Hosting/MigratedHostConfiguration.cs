using System.Globalization;
using System.Security.Cryptography.X509Certificates;
using Microsoft.Extensions.Configuration;

namespace MigrateWcf.Runtime;

/// <summary>
/// Reads the <see cref="MigratedHostOptions.SectionName"/> section as a whole before anything starts: every key with its
/// type and range, each endpoint's keys alike, and any other key refused by its full name, so that a typo can never
/// drop an endpoint or a limit in silence (the configuration binder skips a dictionary entry it cannot convert).
/// <c>Clients</c> belongs to the client factory, which reads and checks it (<see cref="ClientEndpointOptions"/>). An
/// empty value is no value (how an environment variable clears one from appsettings.json). Each error is one line: the
/// full key, the value, what is accepted. The keys: docs/hosting.md.
/// </summary>
internal static class MigratedHostConfiguration
{
    private const string Bytes = "a number of bytes from 1 to 2147483647";
    private static readonly TimeSpan LongestShutdown = TimeSpan.FromDays(1);

    /// <exception cref="InvalidOperationException">A key the section does not have, or a value it cannot use.</exception>
    public static MigratedHostOptions Read(IConfiguration configuration)
    {
        var options = new MigratedHostOptions();
        ReadKeys(configuration.GetSection(MigratedHostOptions.SectionName), "the MigrateWcf section",
            (nameof(MigratedHostOptions.Socket), key => options.Socket = Text(key)),
            (nameof(MigratedHostOptions.SocketOnly), key => options.SocketOnly = Boolean(key) ?? options.SocketOnly),
            (nameof(MigratedHostOptions.HttpPort), key => options.HttpPort = Integer(key, 1, 65535, "a port number from 1 to 65535")),
            (nameof(MigratedHostOptions.Endpoints), key => ReadEndpoints(key, options.Endpoints)),
            (nameof(MigratedHostOptions.MaxReceiveMessageSize), key => options.MaxReceiveMessageSize = Integer(key, 1, int.MaxValue, Bytes)),
            (nameof(MigratedHostOptions.MaxSendMessageSize), key => options.MaxSendMessageSize = Integer(key, 1, int.MaxValue, Bytes)),
            (nameof(MigratedHostOptions.ShutdownTimeout), key => options.ShutdownTimeout = Duration(key, LongestShutdown) ?? options.ShutdownTimeout),
            (nameof(MigratedHostOptions.Health), key => ReadHealth(key, options.Health)),
            (nameof(MigratedHostOptions.Reflection), key => options.Reflection = Boolean(key) ?? options.Reflection),
            (nameof(MigratedHostOptions.BulkLane), key => options.BulkLane = Boolean(key) ?? options.BulkLane),
            (nameof(MigratedHostOptions.MaxLaneConnections), key => options.MaxLaneConnections = Integer(key, 1, int.MaxValue, "a number of connections from 1 up")),
            ("Clients", _ => { }));
        return options;
    }

    private static void ReadEndpoints(IConfigurationSection endpoints, Dictionary<string, HostEndpointOptions> into)
    {
        if (Text(endpoints, allowChildren: true) is { } value)
        {
            throw new InvalidOperationException($"{endpoints.Path} is '{value}': expected a section of endpoints by name (Endpoints:<name>:Url and the rest).");
        }

        foreach (var section in endpoints.GetChildren())
        {
            var endpoint = new HostEndpointOptions();
            ReadKeys(section, "an endpoint",
                (nameof(HostEndpointOptions.Url), key => endpoint.Url = Text(key)),
                (nameof(HostEndpointOptions.Protocol), key => endpoint.Protocol = Choice(key, [HostEndpointProtocol.Grpc, HostEndpointProtocol.HttpJson]) ?? endpoint.Protocol),
                (nameof(HostEndpointOptions.Certificate), key => endpoint.Certificate = Certificate(key, "a certificate", withKey: true)),
                (nameof(HostEndpointOptions.ClientCertificate), key => endpoint.ClientCertificate =
                    Choice(key, [ClientCertificateRequirement.None, ClientCertificateRequirement.Allow, ClientCertificateRequirement.Required]) ?? endpoint.ClientCertificate),
                (nameof(HostEndpointOptions.ClientCertificateAuthority), key => endpoint.ClientCertificateAuthority = Certificate(key, "a certificate authority", withKey: false)),
                (nameof(HostEndpointOptions.ClientCertificateRevocation), key => endpoint.ClientCertificateRevocation =
                    Choice(key, [X509RevocationMode.NoCheck, X509RevocationMode.Online, X509RevocationMode.Offline])),
                // Windows is read so that it gets its own explanation (HostEndpoint), not listed as if it were accepted.
                (nameof(HostEndpointOptions.Authentication), key => endpoint.Authentication =
                    Choice(key, [EndpointAuthentication.None, EndpointAuthentication.Certificate], EndpointAuthentication.Windows) ?? endpoint.Authentication),
                (nameof(HostEndpointOptions.Insecure), key => endpoint.Insecure = Boolean(key) ?? endpoint.Insecure),
                (nameof(HostEndpointOptions.AllowRemoteInsecure), key => endpoint.AllowRemoteInsecure = Boolean(key) ?? endpoint.AllowRemoteInsecure));
            into[section.Key] = endpoint;
        }
    }

    private static void ReadHealth(IConfigurationSection health, HostHealthOptions into) =>
        ReadKeys(health, "the health settings",
            (nameof(HostHealthOptions.Grpc), key => into.Grpc = Boolean(key) ?? into.Grpc),
            (nameof(HostHealthOptions.HttpPath), key => into.HttpPath = Text(key) is { } path
                ? path.Any(c => c is '?' or '#' || char.IsWhiteSpace(c)) ? throw Invalid(key, "a path such as /healthz (no query, fragment or spaces)") : path
                : null));

    /// <summary>A certificate's files: <c>Path</c>, and <c>KeyPath</c> with <c>Password</c> or <c>Password</c> alone; null when none is set.</summary>
    private static CertificateFileOptions? Certificate(IConfigurationSection section, string what, bool withKey)
    {
        var files = new CertificateFileOptions();
        var keys = new List<(string, Action<IConfigurationSection>)> { (nameof(CertificateFileOptions.Path), key => files.Path = Text(key)) };
        if (withKey)
        {
            keys.Add((nameof(CertificateFileOptions.KeyPath), key => files.KeyPath = Text(key)));
        }

        keys.Add((nameof(CertificateFileOptions.Password), key => files.Password = Text(key)));
        ReadKeys(section, what, [.. keys]);
        return files.Path is null && files.KeyPath is null && files.Password is null ? null : files;
    }

    /// <summary>Reads each child of <paramref name="section"/> with the reader of its key (case-insensitive, as
    /// configuration keys are); a child no reader has, or a value where a section belongs, is refused.</summary>
    private static void ReadKeys(IConfigurationSection section, string what, params (string Name, Action<IConfigurationSection> Read)[] keys)
    {
        if (Text(section, allowChildren: true) is { } value)
        {
            throw new InvalidOperationException($"{section.Path} is '{value}': expected a section with {Listed(keys.Select(k => k.Name), "and")}.");
        }

        foreach (var child in section.GetChildren())
        {
            var reader = keys.FirstOrDefault(k => string.Equals(k.Name, child.Key, StringComparison.OrdinalIgnoreCase)).Read
                ?? throw new InvalidOperationException($"{child.Path} is not a key of {what}; its keys are {Listed(keys.Select(k => k.Name), "and")}.");
            reader(child);
        }
    }

    /// <summary>The key's value; null when empty. A key that takes a value has no keys below it.</summary>
    private static string? Text(IConfigurationSection key, bool allowChildren = false)
    {
        if (!allowChildren && key.GetChildren().FirstOrDefault() is { } child)
        {
            throw new InvalidOperationException($"{child.Path} is not a key: {key.Path} takes a value.");
        }

        return string.IsNullOrWhiteSpace(key.Value) ? null : key.Value;
    }

    private static bool? Boolean(IConfigurationSection key) => Text(key) is not { } text ? null
        : bool.TryParse(text, out var value) ? value
        : throw Invalid(key, "true or false");

    private static int? Integer(IConfigurationSection key, int min, int max, string expected) => Text(key) is not { } text ? null
        : int.TryParse(text, NumberStyles.AllowLeadingSign | NumberStyles.AllowLeadingWhite | NumberStyles.AllowTrailingWhite, CultureInfo.InvariantCulture, out var value) && value >= min && value <= max ? value
        : throw Invalid(key, expected);

    private static TimeSpan? Duration(IConfigurationSection key, TimeSpan max) => Text(key) is not { } text ? null
        : TimeSpan.TryParse(text, CultureInfo.InvariantCulture, out var value) && value >= TimeSpan.Zero && value <= max ? value
        : throw Invalid(key, $"a time span from {TimeSpan.Zero:c} to {max:c} (hh:mm:ss)");

    /// <summary>One of <paramref name="listed"/> by name, any case (never a number); <paramref name="alsoRead"/> are read too
    /// but not offered, for values refused later with a reason of their own.</summary>
    private static T? Choice<T>(IConfigurationSection key, T[] listed, params T[] alsoRead)
        where T : struct, Enum
    {
        if (Text(key) is not { } text)
        {
            return null;
        }

        foreach (var value in listed.Concat(alsoRead))
        {
            if (string.Equals(value.ToString(), text.Trim(), StringComparison.OrdinalIgnoreCase))
            {
                return value;
            }
        }

        throw Invalid(key, Listed(listed.Select(v => v.ToString()), "or"));
    }

    private static InvalidOperationException Invalid(IConfigurationSection key, string expected) =>
        new($"{Name(key)} is '{key.Value}': expected {expected}.");

    /// <summary>The key's full path, with the short switch that sets it (<c>MigrateWcf:HttpPort (--http-port)</c>).</summary>
    private static string Name(IConfigurationSection key) =>
        MigratedHost.SwitchMappings.FirstOrDefault(s => string.Equals(s.Value, key.Path, StringComparison.OrdinalIgnoreCase)) is { Key: { } shortSwitch }
            ? $"{key.Path} ({shortSwitch})"
            : key.Path;

    private static string Listed(IEnumerable<string> items, string conjunction)
    {
        var list = items.ToList();
        return list.Count == 1 ? list[0] : $"{string.Join(", ", list.Take(list.Count - 1))} {conjunction} {list[^1]}";
    }
}
