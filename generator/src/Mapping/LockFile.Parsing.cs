using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>Reading a lock file: version 1 and 2 lines, with a finding for each line that cannot be used.</summary>
internal sealed partial class LockFile
{
    public static LockFile Parse(string? text, List<Finding> findings)
    {
        var lockFile = new LockFile();
        if (string.IsNullOrWhiteSpace(text))
        {
            return lockFile;
        }

        // Lines are cut from the text one by one, and the key, shared by the consecutive lines of one message, is made
        // once: a lock file of a large code base has tens of thousands of lines.
        var badLines = new List<int>();
        var tokens = new List<string>(6);
        string? previousKey = null;
        var lineNumber = 0;
        for (var start = 0; start <= text!.Length; lineNumber++)
        {
            var end = text.IndexOf('\n', start);
            if (end < 0)
            {
                end = text.Length;
            }

            Tokenize(text, start, end, tokens, ref previousKey);
            start = end + 1;
            if (tokens.Count == 0 || tokens[0].StartsWith("#", StringComparison.Ordinal) || IsVersionLine(tokens))
            {
                continue;
            }

            var equals = tokens.IndexOf("=");
            if (!(equals >= 0 ? lockFile.ParseField(tokens, equals) : lockFile.ParseName(tokens)))
            {
                badLines.Add(lineNumber + 1);
            }
        }

        if (badLines.Count > 0)
        {
            findings.Add(Finding.Create(
                FindingMessages.LockFileUnreadable,
                null,
                badLines.Count.ToString(CultureInfo.InvariantCulture),
                badLines[0].ToString(CultureInfo.InvariantCulture)));
        }

        return lockFile;
    }

    /// <summary>
    /// The version a <c>version N</c> line of <paramref name="text"/> declares when it is newer than this engine reads
    /// (<c>version 3</c> and up); null otherwise. Such a file must not be read as damaged and written back as version 2.
    /// </summary>
    public static int? NewerVersion(string text)
    {
        foreach (var line in text.Split('\n'))
        {
            var tokens = line.Split(new[] { ' ', '\t', '\r' }, StringSplitOptions.RemoveEmptyEntries);
            if (tokens.Length == 2 && tokens[0] == "version" && int.TryParse(tokens[1], NumberStyles.None, CultureInfo.InvariantCulture, out var version))
            {
                return version > 2 ? version : null;
            }
        }

        return null;
    }

    private static bool IsVersionLine(List<string> tokens)
        => tokens.Count == 2 && tokens[0] == "version" && (tokens[1] == "1" || tokens[1] == "2");

    /// <summary>The tokens of <c>text[start..end)</c>, split at spaces and tabs; the first reuses <paramref name="previousKey"/> when equal.</summary>
    private static void Tokenize(string text, int start, int end, List<string> tokens, ref string? previousKey)
    {
        tokens.Clear();
        var i = start;
        while (i < end)
        {
            while (i < end && char.IsWhiteSpace(text[i]))
            {
                i++;
            }

            var tokenStart = i;
            while (i < end && !char.IsWhiteSpace(text[i]))
            {
                i++;
            }

            var length = i - tokenStart;
            if (length == 0)
            {
                break;
            }

            if (tokens.Count == 0 && previousKey is not null && previousKey.Length == length && string.CompareOrdinal(text, tokenStart, previousKey, 0, length) == 0)
            {
                tokens.Add(previousKey);
                continue;
            }

            tokens.Add(text.Substring(tokenStart, length));
            if (tokens.Count == 1)
            {
                previousKey = tokens[0];
            }
        }
    }

    /// <summary><c>key field [name] = number [reserved]</c>; version 1 lines have no name.</summary>
    private bool ParseField(List<string> tokens, int equals)
    {
        var reserved = tokens.Count == equals + 3 && tokens[equals + 2] == "reserved";
        if ((equals != 2 && equals != 3)
            || (tokens.Count != equals + 2 && !reserved)
            || !int.TryParse(tokens[equals + 1], NumberStyles.None, CultureInfo.InvariantCulture, out var number)
            || !IsUsable(number))
        {
            return false;
        }

        var name = equals == 3 ? tokens[2] : null;
        if (name is not null && !Identifier.IsMatch(name))
        {
            return false;
        }

        var fields = ItemOf(tokens[0]).Fields;
        if (fields.ContainsKey(tokens[1]) || fields.Values.Any(e => e.Number == number))
        {
            return false;
        }

        fields.Add(tokens[1], new Entry(number, reserved, name));
        return true;
    }

    /// <summary><c>key message|enum|service full.Name [origin]</c> or <c>key rpc|value subkey Name</c>.</summary>
    private bool ParseName(List<string> tokens)
    {
        if (tokens.Count < 3)
        {
            return false;
        }

        var item = ItemOf(tokens[0]);
        LockedKind? kind = tokens[1] switch
        {
            "message" => LockedKind.Message,
            "enum" => LockedKind.Enum,
            "service" => LockedKind.Service,
            _ => null,
        };
        if (kind is { } definitionKind)
        {
            if (tokens.Count > 4 || !FullName.IsMatch(tokens[2]) || item.Definition is not null)
            {
                return false;
            }

            item.Definition = new LockedDefinition(definitionKind, tokens[2], tokens.Count == 4 ? tokens[3] : null);
            return true;
        }

        if ((tokens[1] == RpcKind || tokens[1] == ValueKind) && tokens.Count == 4 && Identifier.IsMatch(tokens[3]))
        {
            var subKey = (tokens[1], tokens[2]);
            if (item.SubNames?.ContainsKey(subKey) == true)
            {
                return false;
            }

            item.SubNamesToFill.Add(subKey, tokens[3]);
            return true;
        }

        return false;
    }
}
