using System;
using System.Collections;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Runtime.Serialization;

namespace LegacyWcf.Client
{
    /// <summary>
    /// Writes a value as transcript JSON with nothing lost: DateTime as ticks + Kind, decimal as its exact text with
    /// scale, Guid in "D" form, enums by name, data contracts with their concrete type, dictionaries with sorted keys.
    /// </summary>
    internal static class Dump
    {
        public static object Value(object value)
        {
            if (value == null)
            {
                return null;
            }

            if (value is string || value is bool || value is int || value is long)
            {
                return value;
            }

            if (value is decimal)
            {
                // "G" keeps trailing zeros, so 19.990 and 19.99 stay different.
                return ((decimal)value).ToString(CultureInfo.InvariantCulture);
            }

            if (value is DateTime)
            {
                var date = (DateTime)value;
                return new JsonObject
                {
                    { "ticks", date.Ticks },
                    { "kind", date.Kind.ToString() },
                    { "text", date.ToString("o", CultureInfo.InvariantCulture) },
                };
            }

            if (value is Guid)
            {
                return ((Guid)value).ToString("D");
            }

            if (value is Enum)
            {
                return value.ToString();
            }

            var dictionary = value as IDictionary;
            if (dictionary != null)
            {
                var result = new JsonObject();
                foreach (object key in dictionary.Keys.Cast<object>().OrderBy(k => Convert.ToString(k, CultureInfo.InvariantCulture), StringComparer.Ordinal))
                {
                    result.Add(Convert.ToString(key, CultureInfo.InvariantCulture), Value(dictionary[key]));
                }

                return result;
            }

            var sequence = value as IEnumerable;
            if (sequence != null)
            {
                return sequence.Cast<object>().Select(Value).ToList();
            }

            Type type = value.GetType();
            if (type.GetCustomAttribute<DataContractAttribute>() != null)
            {
                return DataContract(value, type);
            }

            throw new ArgumentException("No transcript form for " + type);
        }

        private static JsonObject DataContract(object value, Type type)
        {
            var result = new JsonObject { { "$type", type.Name } };

            // Base members first, each level in DataMember order, as the DataContractSerializer writes them.
            var levels = new System.Collections.Generic.List<Type>();
            for (Type level = type; level != null && level.GetCustomAttribute<DataContractAttribute>() != null; level = level.BaseType)
            {
                levels.Insert(0, level);
            }

            foreach (Type level in levels)
            {
                var members = level.GetProperties(BindingFlags.Public | BindingFlags.Instance | BindingFlags.DeclaredOnly)
                    .Select(p => new { Property = p, Member = p.GetCustomAttribute<DataMemberAttribute>() })
                    .Where(m => m.Member != null)
                    .OrderBy(m => m.Member.Order)
                    .ThenBy(m => m.Property.Name, StringComparer.Ordinal);
                foreach (var member in members)
                {
                    result.Add(member.Property.Name, Value(member.Property.GetValue(value)));
                }
            }

            return result;
        }
    }
}
