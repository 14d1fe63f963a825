using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Mapping;

namespace MigrateWcf.Generation;

/// <summary>
/// The generated host's <c>appsettings.json</c>: the <c>MigrateWcf</c> section (docs/hosting.md) translated from the
/// input's <c>&lt;system.serviceModel&gt;</c> by the engine's <see cref="HostTranslation"/>, which also reports what has
/// no counterpart. Deterministic: keys in a fixed order, two-space indents, LF line ends, a final newline.
/// </summary>
public static class HostConfiguration
{
    /// <summary>The host project's configuration file, beside its project file.</summary>
    public const string FileName = "appsettings.json";

    /// <summary>
    /// The text of <c>appsettings.json</c> for the <c>.config</c> files of the input (any order) and the migrated project's
    /// name (the default endpoint's pipe name when the configuration has no service endpoint).
    /// </summary>
    public static string HostAppSettings(IReadOnlyList<ConfigurationFile> files, string projectName)
    {
        var settings = HostTranslation.Translate(files, projectName);
        var json = new JsonText();
        json.Open(null);
        // Warnings and errors on stderr; "Information" adds what serves each service (MigrateWcf.Runtime.MigratedHost).
        json.Open("Logging");
        json.Open("LogLevel");
        json.String("Default", "Warning");
        json.Close();
        json.Close();
        json.Open("MigrateWcf");
        if (settings.Endpoints.Length == 1 && settings.Endpoints[0] is { Name: HostTranslation.DefaultEndpointName } local && local.Url.StartsWith("pipe:", System.StringComparison.Ordinal))
        {
            // No WCF endpoint to translate: the one local endpoint is the Socket key, which --socket PATH replaces.
            json.String("Socket", local.Url.Substring("pipe:".Length));
        }
        else
        {
            WriteEndpoints(json, settings);
        }

        WriteRest(json, settings);
        json.Close();
        json.Close();
        return json.ToString();
    }

    private static void WriteEndpoints(JsonText json, HostSettings settings)
    {
        json.Open("Endpoints");
        foreach (var endpoint in settings.Endpoints)
        {
            json.Open(endpoint.Name);
            json.String("Url", endpoint.Url);
            if (endpoint.Protocol != "Grpc")
            {
                json.String("Protocol", endpoint.Protocol);
            }

            if (endpoint.ClientCertificate != "None")
            {
                json.String("ClientCertificate", endpoint.ClientCertificate);
            }

            if (endpoint.Authentication != "None")
            {
                json.String("Authentication", endpoint.Authentication);
            }

            json.Close();
        }

        json.Close();
    }

    private static void WriteRest(JsonText json, HostSettings settings)
    {
        if (settings.MaxReceiveMessageSize is { } limit)
        {
            json.Number("MaxReceiveMessageSize", limit);
        }

        if (settings.Clients.Length > 0)
        {
            json.Open("Clients");
            foreach (var client in settings.Clients)
            {
                json.Open(client.Name);
                json.String("Contract", client.Contract);
                json.String("Address", client.Address);
                if (client.SendTimeout is { } timeout)
                {
                    json.String("SendTimeout", timeout);
                }

                if (client.MaxReceiveMessageSize is { } clientLimit)
                {
                    json.Number("MaxReceiveMessageSize", clientLimit);
                }


                if (client.ClientCertificate)
                {
                    // Left empty for the user to fill (a finding says so): the certificate is a deployment secret.
                    json.Open("ClientCertificate");
                    json.String("Path", string.Empty);
                    json.String("KeyPath", string.Empty);
                    json.Close();
                }

                json.Close();
            }

            json.Close();
        }
    }

    /// <summary>A small JSON writer for objects of strings, numbers and literals (the engine's packages have no JSON writer).</summary>
    private sealed class JsonText
    {
        private readonly StringBuilder _text = new();
        private readonly Stack<bool> _hasMembers = new();

        public void Open(string? name)
        {
            Member(name);
            _text.Append('{');
            _hasMembers.Push(false);
        }

        public void Close()
        {
            var hadMembers = _hasMembers.Pop();
            if (hadMembers)
            {
                _text.Append('\n').Append(' ', 2 * _hasMembers.Count);
            }

            _text.Append('}');
            if (_hasMembers.Count == 0)
            {
                _text.Append('\n');
            }
        }

        public void String(string name, string value)
        {
            Member(name);
            Quote(value);
        }

        public void Number(string name, long value)
        {
            Member(name);
            _text.Append(value.ToString(CultureInfo.InvariantCulture));
        }

        public void Literal(string name, string literal)
        {
            Member(name);
            _text.Append(literal);
        }

        public override string ToString() => _text.ToString();

        private void Member(string? name)
        {
            if (_hasMembers.Count == 0)
            {
                return;
            }

            if (_hasMembers.Pop())
            {
                _text.Append(',');
            }

            _hasMembers.Push(true);
            _text.Append('\n').Append(' ', 2 * _hasMembers.Count);
            Quote(name!);
            _text.Append(": ");
        }

        private void Quote(string value)
        {
            _text.Append('"');
            foreach (var c in value)
            {
                switch (c)
                {
                    case '"': _text.Append("\\\""); break;
                    case '\\': _text.Append("\\\\"); break;
                    case '\n': _text.Append("\\n"); break;
                    case '\r': _text.Append("\\r"); break;
                    case '\t': _text.Append("\\t"); break;
                    default:
                        if (c < ' ')
                        {
                            _text.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                        }
                        else
                        {
                            _text.Append(c);
                        }

                        break;
                }
            }

            _text.Append('"');
        }
    }
}
