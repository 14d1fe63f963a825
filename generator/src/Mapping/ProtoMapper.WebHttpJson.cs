using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// Where a REST operation's JSON over transcoding differs from what WCF's DataContractJsonSerializer wrote: each
/// difference with the places it is met, for WCFM1018's message (docs/webhttp.md).
/// </summary>
internal sealed partial class ProtoMapper
{
    /// <summary>A way proto3 JSON writes a value differently from WCF's DataContractJsonSerializer.</summary>
    private sealed record JsonDifference(string What, string How);

    private static readonly JsonDifference DateTimeDiffers = new("DateTime or DateTimeOffset values", "WCF writes \"\\/Date(ms+offset)\\/\", transcoding writes the migrate_wcf message as a JSON object");
    private static readonly JsonDifference TimeSpanDiffers = new("TimeSpan values", "WCF writes an XML duration (\"PT1H30M\"), transcoding a google.protobuf.Duration (\"5400s\")");
    private static readonly JsonDifference DecimalDiffers = new("decimal values", "WCF writes a JSON number, transcoding the migrate_wcf.Decimal message as a JSON object");
    private static readonly JsonDifference DictionaryDiffers = new("dictionaries", "WCF writes a list of {\"Key\":…,\"Value\":…} objects, transcoding a JSON object (map) or a list of {\"key\",\"value\"} entries");
    private static readonly JsonDifference WrappedListDiffers = new("lists or dictionaries that may be null", "a generated wrapper keeps null apart from empty, so transcoding writes {\"items\":[…]} where WCF writes the array itself");
    private static readonly JsonDifference BytesDiffers = new("byte arrays", "WCF writes an array of numbers, transcoding a base64 string");
    private static readonly JsonDifference NullDiffers = new("members that may be null", "WCF writes \"member\":null, transcoding leaves an unset member out");
    private static readonly JsonDifference KnownTypesDiffer = new("known derived types", "WCF marks the derived type with a \"__type\" member, transcoding nests it in the oneof case's member");
    private static readonly JsonDifference ObjectDiffers = new("object values", "WCF writes the value with a \"__type\" member, transcoding a google.protobuf.Any with \"@type\"");

    /// <summary>
    /// Which differences the JSON of <paramref name="values"/> (and of the data types inside them) has, with where each is
    /// met. Read from the contract model with the mapping's own rules (<see cref="MayBeNull"/>, known descendants), so a
    /// run that maps services alone (the analyzers') finds the same as a whole run.
    /// </summary>
    private Dictionary<JsonDifference, List<string>> JsonDifferences(IEnumerable<(string Where, TypeRef Type)> values)
    {
        var found = new Dictionary<JsonDifference, List<string>>();
        var visited = new HashSet<string>(StringComparer.Ordinal);

        void Add(JsonDifference difference, string where)
        {
            if (!found.TryGetValue(difference, out var places))
            {
                found[difference] = places = new List<string>();
            }

            if (!places.Contains(where))
            {
                places.Add(where);
            }
        }

        void Walk(TypeRef type, string where, bool isRequired, bool asElement)
        {
            var context = new FieldContext(where, null, isRequired);
            switch (type.Shape)
            {
                case TypeShape.Primitive:
                    switch (type.Key)
                    {
                        case "System.DateTime":
                        case "System.DateTimeOffset":
                            Add(DateTimeDiffers, where);
                            break;
                        case "System.TimeSpan":
                            Add(TimeSpanDiffers, where);
                            break;
                        case "System.Decimal":
                            Add(DecimalDiffers, where);
                            break;
                        case "System.Byte[]":
                            Add(BytesDiffers, where);
                            break;
                    }

                    if (!asElement && Primitives.TryGetValue(type.Key, out var primitive) && primitive.IsReference && MayBeNull(type, context))
                    {
                        Add(NullDiffers, where);
                    }

                    break;
                case TypeShape.Nullable:
                    if (!asElement)
                    {
                        Add(NullDiffers, where);
                    }

                    Walk(type.Arguments[0], where, isRequired, asElement: true);
                    break;
                case TypeShape.Object:
                    Add(ObjectDiffers, where);
                    break;
                case TypeShape.Collection:
                case TypeShape.Dictionary:
                    if (type.Shape == TypeShape.Dictionary)
                    {
                        Add(DictionaryDiffers, where);
                    }

                    if (!asElement && MayBeNull(type, context))
                    {
                        Add(WrappedListDiffers, where);
                    }

                    foreach (var argument in type.Arguments)
                    {
                        Walk(argument, where, isRequired: false, asElement: true);
                    }

                    break;
                case TypeShape.DataType when _types.TryGetValue(type.Key, out var data):
                    if (!asElement && !data.IsValueType && MayBeNull(type, context))
                    {
                        Add(NullDiffers, where);
                    }

                    WalkType(data);
                    break;
            }
        }

        void WalkType(DataTypeModel type)
        {
            if (!visited.Add(type.Key))
            {
                return;
            }

            for (var level = type; level is not null; level = level.BaseTypeKey is { } baseKey && _types.TryGetValue(baseKey, out var baseType) ? baseType : null)
            {
                foreach (var member in level.Members)
                {
                    Walk(member.Type, $"{type.ClrName}.{member.ClrName}", member.IsRequired, asElement: false);
                }

                if (level != type)
                {
                    visited.Add(level.Key);
                }
            }

            var descendants = KnownDescendants(type.Key);
            if (descendants.Count > 0)
            {
                Add(KnownTypesDiffer, type.ClrName);
                foreach (var descendant in descendants)
                {
                    WalkType(descendant.Model);
                }
            }
        }

        foreach (var (where, type) in values)
        {
            Walk(type, where, isRequired: false, asElement: false);
        }

        return found;
    }
}
