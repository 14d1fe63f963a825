namespace MigrateWcf.Interop.Testing;

/// <summary>The interop programs' command line: <c>--name=value</c> or <c>--name value</c>, names from a fixed set.</summary>
public sealed class InteropFlags
{
    private readonly Dictionary<string, string> _values;

    private InteropFlags(Dictionary<string, string> values) => _values = values;

    /// <summary>Parses <paramref name="args"/>; <paramref name="defaults"/> names every accepted flag.</summary>
    public static InteropFlags Parse(string[] args, IReadOnlyDictionary<string, string> defaults)
    {
        var values = new Dictionary<string, string>(defaults, StringComparer.Ordinal);
        for (var i = 0; i < args.Length; i++)
        {
            var arg = args[i];
            if (!arg.StartsWith("--", StringComparison.Ordinal))
            {
                throw new ArgumentException($"Unexpected argument '{arg}'; flags look like --name=value.");
            }

            var eq = arg.IndexOf('=');
            var name = eq >= 0 ? arg[2..eq] : arg[2..];
            if (!values.ContainsKey(name))
            {
                throw new ArgumentException($"Unknown flag --{name}; known: {string.Join(", ", defaults.Keys.Select(k => "--" + k))}.");
            }

            if (eq >= 0)
            {
                values[name] = arg[(eq + 1)..];
            }
            else if (i + 1 < args.Length)
            {
                values[name] = args[++i];
            }
            else
            {
                throw new ArgumentException($"Flag --{name} needs a value.");
            }
        }

        return new InteropFlags(values);
    }

    public string this[string name] => _values[name];

    public bool IsTrue(string name) => _values[name].ToLowerInvariant() is "1" or "true" or "yes";

    public int GetInt32(string name) =>
        int.TryParse(_values[name], System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture, out var value)
            ? value
            : throw new ArgumentException($"Flag --{name} needs a number, not '{_values[name]}'.");
}
