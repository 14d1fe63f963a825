using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace LegacyWcf.Client
{
    /// <summary>A JSON object that keeps its members in insertion order (the transcript reads top to bottom like the run).</summary>
    internal sealed class JsonObject : IEnumerable<KeyValuePair<string, object>>
    {
        private readonly List<KeyValuePair<string, object>> _members = new List<KeyValuePair<string, object>>();

        public void Add(string name, object value)
        {
            if (_members.Exists(m => m.Key == name))
            {
                throw new ArgumentException("Duplicate JSON member '" + name + "'.", "name");
            }

            _members.Add(new KeyValuePair<string, object>(name, value));
        }

        public IEnumerator<KeyValuePair<string, object>> GetEnumerator()
        {
            return _members.GetEnumerator();
        }

        IEnumerator IEnumerable.GetEnumerator()
        {
            return GetEnumerator();
        }
    }

    /// <summary>
    /// A small JSON writer for the transcript: .NET Framework has no System.Text.Json, and DataContractJsonSerializer
    /// would hide exactly what the transcript must show (DateTime Kind, decimal scale).
    /// Values: null, string, bool, int, long, double, <see cref="JsonObject"/>, and lists of these.
    /// </summary>
    internal static class Json
    {
        public static string Write(object value)
        {
            var text = new StringBuilder();
            Write(text, value, 0);
            text.Append('\n');
            return text.ToString();
        }

        private static void Write(StringBuilder text, object value, int depth)
        {
            if (value == null)
            {
                text.Append("null");
            }
            else if (value is string)
            {
                WriteString(text, (string)value);
            }
            else if (value is bool)
            {
                text.Append((bool)value ? "true" : "false");
            }
            else if (value is int || value is long)
            {
                text.Append(Convert.ToString(value, CultureInfo.InvariantCulture));
            }
            else if (value is double)
            {
                text.Append(((double)value).ToString("R", CultureInfo.InvariantCulture));
            }
            else if (value is JsonObject)
            {
                WriteObject(text, (JsonObject)value, depth);
            }
            else if (value is IEnumerable)
            {
                WriteArray(text, (IEnumerable)value, depth);
            }
            else
            {
                throw new ArgumentException("No JSON form for " + value.GetType());
            }
        }

        private static void WriteObject(StringBuilder text, JsonObject value, int depth)
        {
            text.Append('{');
            bool first = true;
            foreach (KeyValuePair<string, object> member in value)
            {
                text.Append(first ? "\n" : ",\n");
                first = false;
                Indent(text, depth + 1);
                WriteString(text, member.Key);
                text.Append(": ");
                Write(text, member.Value, depth + 1);
            }

            if (!first)
            {
                text.Append('\n');
                Indent(text, depth);
            }

            text.Append('}');
        }

        private static void WriteArray(StringBuilder text, IEnumerable value, int depth)
        {
            text.Append('[');
            bool first = true;
            foreach (object item in value)
            {
                text.Append(first ? "\n" : ",\n");
                first = false;
                Indent(text, depth + 1);
                Write(text, item, depth + 1);
            }

            if (!first)
            {
                text.Append('\n');
                Indent(text, depth);
            }

            text.Append(']');
        }

        private static void Indent(StringBuilder text, int depth)
        {
            text.Append(' ', depth * 2);
        }

        private static void WriteString(StringBuilder text, string value)
        {
            text.Append('"');
            foreach (char c in value)
            {
                switch (c)
                {
                    case '"': text.Append("\\\""); break;
                    case '\\': text.Append("\\\\"); break;
                    case '\n': text.Append("\\n"); break;
                    case '\r': text.Append("\\r"); break;
                    case '\t': text.Append("\\t"); break;
                    default:
                        if (c < 0x20)
                        {
                            text.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                        }
                        else
                        {
                            text.Append(c);
                        }

                        break;
                }
            }

            text.Append('"');
        }
    }
}
