using System.Text.RegularExpressions;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>
/// A small reader for the parts of .proto text the lock-file tests check: each message's fields (name → number,
/// including fields inside a <c>oneof</c>) and its reserved numbers and names. Messages are keyed by their dotted
/// path inside the file (<c>Outer.Inner</c>). Enums, services and options are skipped.
/// </summary>
public sealed partial class ProtoSchema
{
    public sealed class Message
    {
        public Dictionary<string, int> Fields { get; } = new(StringComparer.Ordinal);

        public SortedSet<int> ReservedNumbers { get; } = [];

        public SortedSet<string> ReservedNames { get; } = new(StringComparer.Ordinal);
    }

    public Dictionary<string, Message> Messages { get; } = new(StringComparer.Ordinal);

    public static ProtoSchema Parse(IEnumerable<string> protoTexts)
    {
        var schema = new ProtoSchema();
        foreach (var text in protoTexts)
        {
            schema.ParseOne(text);
        }

        return schema;
    }

    public Message this[string name] => Messages.TryGetValue(name, out var m)
        ? m
        : throw new KeyNotFoundException($"No message '{name}' in the emitted proto; messages: {string.Join(", ", Messages.Keys.Order())}");

    private void ParseOne(string text)
    {
        // Blocks: message X {, enum X {, oneof X {, service X {, rpc ... { ... }. Only message scopes collect fields.
        var scopes = new Stack<(string Kind, string Name)>();
        foreach (var rawLine in text.Split('\n'))
        {
            var line = StripComment(rawLine).Trim();
            if (line.Length == 0)
            {
                continue;
            }

            var open = BlockOpen().Match(line);
            if (open.Success)
            {
                var kind = open.Groups["kind"].Value;
                var name = open.Groups["name"].Value;
                if (kind == "message")
                {
                    var path = CurrentMessage(scopes) is { } outer ? outer + "." + name : name;
                    Messages.TryAdd(path, new Message());
                    scopes.Push(("message", path));
                }
                else
                {
                    scopes.Push((kind, name));
                }

                if (line.EndsWith('}'))
                {
                    scopes.Pop();
                }

                continue;
            }

            if (line.StartsWith('}'))
            {
                if (scopes.Count > 0)
                {
                    scopes.Pop();
                }

                continue;
            }

            if (line.EndsWith('{'))
            {
                // Any other block (an rpc with options, an option aggregate): track it so braces stay balanced.
                scopes.Push(("other", line));
                continue;
            }

            var messageName = scopes.Count > 0 && scopes.Peek().Kind is "message" or "oneof" ? CurrentMessage(scopes) : null;
            if (messageName is null)
            {
                continue;
            }

            var message = Messages[messageName];
            var reserved = Reserved().Match(line);
            if (reserved.Success)
            {
                foreach (var part in reserved.Groups["items"].Value.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
                {
                    if (part.StartsWith('"') || part.StartsWith('\''))
                    {
                        message.ReservedNames.Add(part.Trim('"', '\''));
                    }
                    else if (part.Split(" to ", StringSplitOptions.TrimEntries) is [var from, var to])
                    {
                        var last = to == "max" ? int.Parse(from) : int.Parse(to);
                        for (var n = int.Parse(from); n <= last; n++)
                        {
                            message.ReservedNumbers.Add(n);
                        }
                    }
                    else
                    {
                        message.ReservedNumbers.Add(int.Parse(part));
                    }
                }

                continue;
            }

            var field = Field().Match(line);
            if (field.Success)
            {
                message.Fields[field.Groups["name"].Value] = int.Parse(field.Groups["number"].Value);
            }
        }
    }

    private static string? CurrentMessage(Stack<(string Kind, string Name)> scopes)
        => scopes.FirstOrDefault(s => s.Kind == "message") is { Kind: "message" } m ? m.Name : null;

    private static string StripComment(string line)
    {
        var index = line.IndexOf("//", StringComparison.Ordinal);
        return index >= 0 ? line[..index] : line;
    }

    [GeneratedRegex(@"^(?<kind>message|enum|oneof|service)\s+(?<name>\w+)\s*\{")]
    private static partial Regex BlockOpen();

    [GeneratedRegex(@"^reserved\s+(?<items>[^;]+);")]
    private static partial Regex Reserved();

    // "repeated Type name = 3;", "optional .pkg.Type name = 4 [json_name = "x"];", "map<string, int32> name = 5;"
    [GeneratedRegex(@"^(?:(?:repeated|optional|required)\s+)?(?:map\s*<[^>]+>|[\w.]+)\s+(?<name>\w+)\s*=\s*(?<number>\d+)\s*(?:\[.*\])?\s*;")]
    private static partial Regex Field();
}
