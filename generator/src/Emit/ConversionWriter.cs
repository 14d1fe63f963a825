using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>Where a proto value lives: its type as the model writes it, and the package it is written in.</summary>
internal readonly record struct ProtoSlot(string Type, string Package)
{
    public string FullName => ProtoIndex.FullName(Type, Package);

    /// <summary>Key and value of a <c>map&lt;K, V&gt;</c> slot.</summary>
    public (ProtoSlot Key, ProtoSlot Value) MapParts()
    {
        var inner = Type.Substring(Type.IndexOf('<') + 1, Type.LastIndexOf('>') - Type.IndexOf('<') - 1);
        var comma = inner.IndexOf(',');
        return (new ProtoSlot(inner.Substring(0, comma).Trim(), Package), new ProtoSlot(inner.Substring(comma + 1).Trim(), Package));
    }
}

/// <summary>
/// Writes the statements that convert one value between C# and its proto form, in either direction, from the field's
/// <see cref="ProtoConversion"/> alone: what happens to null, which common conversion or mapper converts it, how a
/// collection or dictionary is filled and built. Nested lists and dictionaries are converted in place by loops, as a
/// hand-written mapper would; data types go through their mapper's ToMessage/FromMessage with the depth count. Every
/// method gets its own instance (local names are unique per method).
/// </summary>
internal sealed class ConversionWriter
{
    private const string Common = RuntimeMapping.Class;

    private readonly ProtoIndex _index;
    /// <summary>The method's writer; <see cref="_w"/> is a scratch one while <see cref="Inline"/> tries an expression.</summary>
    private readonly CSharpWriter _file;
    private CSharpWriter _w;
    /// <summary>The depth argument of a data type converted at the top of a call: named, so <c>ToMessage(value, depth: 1)</c>
    /// says what the number is.</summary>
    public const string TopDepth = "depth: 1";

    private readonly string _nextDepth;
    private readonly string? _anyClass;
    private readonly HashSet<string> _locals = new(StringComparer.Ordinal);

    /// <param name="nextDepth">The depth a nested data type is converted at (<c>depth + 1</c> in a mapper, <c>1</c> at the top).</param>
    /// <param name="reserved">Names already used in the method (parameters), which locals avoid.</param>
    public ConversionWriter(ProtoIndex index, CSharpWriter writer, string nextDepth, string? anyClass, IEnumerable<string>? reserved = null)
    {
        _index = index;
        _file = writer;
        _w = writer;
        _nextDepth = nextDepth;
        _anyClass = anyClass;
        foreach (var name in reserved ?? Enumerable.Empty<string>())
        {
            _locals.Add(name);
        }
    }

    /// <summary>A local name not used yet in this method: <paramref name="hint"/>, else <c>hint2</c>, <c>hint3</c>, …</summary>
    public string Local(string hint)
    {
        var name = UniqueName.Find(hint, string.Empty, candidate => !_locals.Contains(candidate) && Microsoft.CodeAnalysis.CSharp.SyntaxFacts.GetKeywordKind(candidate) == Microsoft.CodeAnalysis.CSharp.SyntaxKind.None);
        _locals.Add(name);
        return name;
    }

    /// <summary>
    /// The expression <paramref name="write"/> returns when it needs no statement before it (so it can stand in a lambda
    /// or a one-line <c>if</c>); else null, with nothing written and no local name claimed.
    /// </summary>
    public string? Inline(Func<string> write)
    {
        var writer = _w;
        var locals = new HashSet<string>(_locals, StringComparer.Ordinal);
        _w = new CSharpWriter();
        try
        {
            var expression = write();
            if (_w.ToString().Length == 0)
            {
                return expression;
            }

            _locals.Clear();
            _locals.UnionWith(locals);
            return null;
        }
        finally
        {
            _w = writer;
        }
    }

    // ───────────────────────────── C# → proto ─────────────────────────────

    /// <summary>
    /// Sets field <paramref name="field"/> of the message in <paramref name="target"/> from the C# value
    /// <paramref name="source"/> (evaluated once): left unset for a null the field keeps apart, refused with a
    /// <c>MessageMappingException</c> for a null it cannot carry.
    /// </summary>
    /// <param name="hint">A name for a local holding the value (the member or parameter it comes from).</param>
    public void ToField(ProtoConversion conversion, ProtoField field, ProtoMessage message, string package, string target, string source, string where, string hint)
    {
        var property = target + "." + ProtocNames.Property(field, message);
        var slot = new ProtoSlot(field.Type, package);
        if (conversion.Kind is ConversionKind.Repeated or ConversionKind.Map or ConversionKind.Entries)
        {
            Fill(conversion, NonNull(conversion, source, where), property, slot, where);
        }
        else if (conversion.Null == NullMapping.Unset)
        {
            // A reference in a local or parameter is read again as it is; a Nullable<T> is unwrapped by the pattern, and
            // any other expression is evaluated once into it.
            var isLocal = Microsoft.CodeAnalysis.CSharp.SyntaxFacts.IsValidIdentifier(source.TrimStart('@'))
                && conversion.Kind is not (ConversionKind.Nullable or ConversionKind.NullableWrapper);
            var value = isLocal ? source : Local(conversion.Kind is ConversionKind.Nullable or ConversionKind.NullableWrapper ? hint + "Value" : hint);
            var condition = isLocal ? $"if ({source} is not null)" : $"if ({source} is {{ }} {value})";
            if (Inline(() => ToProto(conversion, value, slot, where)) is { } converted
                && _w.Fits($"{condition} {property} = {CSharpWriter.Unparenthesized(converted)};"))
            {
                _w.Line($"{condition} {property} = {CSharpWriter.Unparenthesized(converted)};");
                return;
            }

            _w.Open(condition);
            _w.Line($"{property} = {CSharpWriter.Unparenthesized(ToProto(conversion, value, slot, where))};");
            _w.Close();
            _w.Line();
        }
        else
        {
            _w.Line($"{property} = {ToProto(conversion, NonNull(conversion, source, where), slot, where)};");
        }
    }

    /// <summary>A non-null C# byte[] as a proto <c>bytes</c> value, without a copy: the message is serialized and dropped
    /// within the call, as WCF serialized the array itself.</summary>
    public static string BytesToProto(string source) => $"global::Google.Protobuf.UnsafeByteOperations.UnsafeWrap({source})";

    /// <summary>A proto <c>bytes</c> value as a C# byte[]: a parsed message's own array, copied only when it is not one.</summary>
    public static string BytesFromProto(string source) => $"{Common}.ToBytes({source})";

    /// <summary>The proto value of a non-null C# <paramref name="source"/> (statements for wrappers are written first).</summary>
    public string ToProto(ProtoConversion conversion, string source, ProtoSlot slot, string where)
    {
        switch (conversion.Kind)
        {
            case ConversionKind.Same:
            case ConversionKind.Widened:
                return source;
            case ConversionKind.Char:
                return $"{Common}.ToString({source}, {CSharpWriter.Literal(where)})";
            case ConversionKind.Guid:
                return $"{source}.ToString()";
            case ConversionKind.Uri:
                return $"{source}.OriginalString";
            case ConversionKind.Bytes:
                return BytesToProto(source);
            case ConversionKind.Decimal:
            case ConversionKind.DateTime:
            case ConversionKind.DateTimeOffset:
                return $"{Common}.ToMessage({source})";
            case ConversionKind.TimeSpan:
                return $"{Common}.ToDuration({source})";
            case ConversionKind.Enum:
                return $"checked(({_index.Class(slot.FullName)})(int){source})";
            case ConversionKind.Message:
                return $"{_index.MapperClass(conversion.ClrType)}.ToMessage({source}, {_nextDepth})";
            case ConversionKind.Nullable:
            case ConversionKind.NullableWrapper:
                // The caller has unwrapped the value (pattern or ?? throw); a wrapper element is the scalar itself in C#.
                return ToProto(conversion.Arguments[0], source, slot, where);
            case ConversionKind.ListWrapper:
            case ConversionKind.MapWrapper:
                var (wrapperFile, wrapper) = _index.Message(slot.FullName);
                var inner = wrapper.Fields[0];
                var innerSlot = new ProtoSlot(inner.Type, wrapperFile.Package);
                if (conversion.Kind == ConversionKind.ListWrapper && Selectable(conversion.Arguments[0].Arguments[0])
                    && Inline(() => Elements(conversion.Arguments[0], source, innerSlot, where)) is { } elements)
                {
                    // RepeatedField's Add(IEnumerable<T>), through a collection initializer.
                    return $"new {_index.Class(slot.FullName)} {{ {ProtocNames.Property(inner, wrapper)} = {{ {elements} }} }}";
                }

                var built = Local(conversion.Kind == ConversionKind.ListWrapper ? "list" : "map");
                _w.Line($"var {built} = new {_index.Class(slot.FullName)}();");
                Fill(conversion.Arguments[0], source, built + "." + ProtocNames.Property(inner, wrapper), new ProtoSlot(inner.Type, wrapperFile.Package), where);
                return built;
            case ConversionKind.Any:
                return $"{_anyClass}.Pack({source}, {_nextDepth})";
            case ConversionKind.Empty:
                return "new global::Google.Protobuf.WellKnownTypes.Empty()";
            default:
                return $"{Common}.FromUnsupported({source}, {CSharpWriter.Literal(where)})";
        }
    }

    /// <summary>Adds the elements (or entries) of the non-null C# collection <paramref name="source"/> to the proto collection <paramref name="target"/>.</summary>
    private void Fill(ProtoConversion conversion, string source, string target, ProtoSlot slot, string where)
    {
        switch (conversion.Kind)
        {
            case ConversionKind.Repeated:
                if (Selectable(conversion.Arguments[0]) && Inline(() => Elements(conversion, source, slot, where)) is { } elements)
                {
                    _w.Line($"{target}.AddRange({elements});");
                    break;
                }

                var element = conversion.Arguments[0];
                var item = Local("item");
                _w.Open($"foreach (var {item} in {source})");
                _w.Line($"{target}.Add({ToProto(element, NonNull(element, item, "an element of " + where), slot, "an element of " + where)});");
                _w.Close();
                _w.Line();
                break;
            case ConversionKind.Map:
                var (keySlot, valueSlot) = slot.MapParts();
                var pair = Local("pair");
                _w.Open($"foreach (var {pair} in {source})");
                var key = ToProto(conversion.Arguments[0], pair + ".Key", keySlot, "a key of " + where);
                var value = ToProto(conversion.Arguments[1], NonNull(conversion.Arguments[1], pair + ".Value", "a value of " + where), valueSlot, "a value of " + where);
                _w.Line($"{target}.Add({key}, {value});");
                _w.Close();
                _w.Line();
                break;
            case ConversionKind.Entries:
                var (entryFile, entry) = _index.Message(slot.FullName);
                var entryPair = Local("pair");
                _w.Open($"foreach (var {entryPair} in {source})");
                var entryKey = ToProto(conversion.Arguments[0], NonNull(conversion.Arguments[0], entryPair + ".Key", "a key of " + where), new ProtoSlot(entry.Fields[0].Type, entryFile.Package), "a key of " + where);
                var entryValue = ToProto(conversion.Arguments[1], NonNull(conversion.Arguments[1], entryPair + ".Value", "a value of " + where), new ProtoSlot(entry.Fields[1].Type, entryFile.Package), "a value of " + where);
                _w.Line($"{target}.Add(new {_index.Class(slot.FullName)} {{ {ProtocNames.Property(entry.Fields[0], entry)} = {entryKey}, {ProtocNames.Property(entry.Fields[1], entry)} = {entryValue} }});");
                _w.Close();
                _w.Line();
                break;
            default:
                throw new InvalidOperationException($"{conversion.Kind} is not a collection conversion.");
        }
    }

    /// <summary>The proto elements of the non-null C# collection <paramref name="source"/> as one expression: the collection
    /// itself when its elements need no conversion, else a <c>Select</c> (statements an element needs are written into
    /// the current writer, which makes the caller's <see cref="Inline"/> refuse the expression).</summary>
    private string Elements(ProtoConversion conversion, string source, ProtoSlot slot, string where)
    {
        var element = conversion.Arguments[0];
        if (element.Kind == ConversionKind.Same)
        {
            return source;
        }

        var item = Local("item");
        var converted = ToProto(element, NonNull(element, item, "an element of " + where), slot, "an element of " + where);
        // A wrapper element of the same scalar is T? on both sides, and `?? throw` gives a T.
        var cast = element.Kind == ConversionKind.NullableWrapper && element.Arguments[0].Kind == ConversionKind.Same;
        return Linq($"{source}.Select({item} => {(cast ? $"({element.CSharp!.Name}){converted}" : converted)})");
    }

    /// <summary>Whether a C# element converts to its proto element in a <c>Select</c> whose type is the proto element's:
    /// not a widened scalar (a short read as an int), which only an assignment converts.</summary>
    private static bool Selectable(ProtoConversion element)
        => element.Kind != ConversionKind.Widened
            && !(element.Kind is ConversionKind.NullableWrapper or ConversionKind.Nullable && element.Arguments[0].Kind == ConversionKind.Widened);

    /// <summary>An expression calling LINQ's extension methods, which the file then imports.</summary>
    private string Linq(string expression)
    {
        _file.Using("global::System.Linq");
        return expression;
    }

    /// <summary><paramref name="source"/>, refused when null if the proto form cannot carry null.</summary>
    private static string NonNull(ProtoConversion conversion, string source, string where)
        => conversion.Null == NullMapping.NotCarried ? $"({source} ?? throw {Common}.NotCarried({CSharpWriter.Literal(where)}))" : source;

    // ───────────────────────────── proto → C# ─────────────────────────────

    /// <summary>
    /// The C# value of field <paramref name="field"/> of the message in <paramref name="source"/>: null for an unset field
    /// that keeps null apart, the proto3 default for an unset value type, a <c>MessageMappingException</c> for an unset
    /// field whose C# value is never null. Statements that build collections are written first.
    /// </summary>
    public string FromField(ProtoConversion conversion, ProtoField field, ProtoMessage message, string package, string source, string where)
    {
        var property = source + "." + ProtocNames.Property(field, message);
        var slot = new ProtoSlot(field.Type, package);
        switch (conversion.Kind)
        {
            case ConversionKind.Repeated:
            case ConversionKind.Map:
            case ConversionKind.Entries:
                return Build(conversion, property, slot, where);
            case ConversionKind.Any:
                return conversion.Null == NullMapping.NotCarried
                    ? $"({_anyClass}.Unpack({property}, {_nextDepth}) ?? throw {Common}.NotSet({CSharpWriter.Literal(where)}))"
                    : $"{_anyClass}.Unpack({property}, {_nextDepth})";
            case ConversionKind.Unsupported:
                return $"{Common}.ToUnsupported<{conversion.CSharp?.Name ?? "object"}>({property}, {CSharpWriter.Literal(where)})";
        }

        if (field.Label == ProtoLabel.Optional)
        {
            // A proto3 optional scalar or enum: HasX tells null apart.
            var value = FromProto(conversion, property, slot, where);
            var cast = conversion.Kind == ConversionKind.Nullable ? "(" + conversion.CSharp!.Name + ")" : string.Empty;
            return $"({source}.{ProtocNames.HasProperty(field, message)} ? {cast}{value} : null)";
        }

        if (!IsMessageSlot(conversion))
        {
            return FromProto(conversion, property, slot, where);
        }

        // A message field: null when unset.
        switch (conversion.Null)
        {
            case NullMapping.NotCarried:
                return FromProto(conversion, $"({property} ?? throw {Common}.NotSet({CSharpWriter.Literal(where)}))", slot, where);
            case NullMapping.Unset:
            case NullMapping.None:
                var unset = conversion.Null == NullMapping.Unset ? "null" : $"default({conversion.CSharp!.Name})";
                // Named for the field it reads ("request.PriceDate is { } priceDateMessage"), unique in the method.
                var propertyName = ProtocNames.Property(field, message);
                var fieldName = char.ToLowerInvariant(propertyName[0]) + propertyName.Substring(1);
                var present = Local(fieldName + "Message");
                if (conversion.Kind is ConversionKind.ListWrapper or ConversionKind.MapWrapper
                    && Inline(() => FromProto(conversion, present, slot, where)) is null)
                {
                    // Named for the field, unless that name is taken (an adapter's local for the parameter itself).
                    var result = Local(_locals.Contains(fieldName) ? fieldName + (conversion.Kind == ConversionKind.ListWrapper ? "List" : "Map") : fieldName);
                    var type = conversion.CSharp!.Name;
                    _w.Line($"{(type.EndsWith("?", StringComparison.Ordinal) ? type : type + "?")} {result} = {unset};");
                    _w.Open($"if ({property} is {{ }} {present})");
                    _w.Line($"{result} = {FromProto(conversion, present, slot, where)};");
                    _w.Close();
                    _w.Line();
                    return result;
                }

                var cast = conversion.Null == NullMapping.Unset && conversion.Kind == ConversionKind.Nullable ? "(" + conversion.CSharp!.Name + ")" : string.Empty;
                return $"({property} is {{ }} {present} ? {cast}{FromProto(conversion, present, slot, where)} : {unset})";
            default:
                return FromProto(conversion, property, slot, where);
        }
    }

    /// <summary>The C# value of the non-null proto value <paramref name="source"/>.</summary>
    public string FromProto(ProtoConversion conversion, string source, ProtoSlot slot, string where)
    {
        switch (conversion.Kind)
        {
            case ConversionKind.Same:
                return source;
            case ConversionKind.Widened:
                return $"checked(({conversion.CSharp!.Name}){source})";
            case ConversionKind.Char:
                return $"{Common}.ToChar({source}, {CSharpWriter.Literal(where)})";
            case ConversionKind.Guid:
                return $"{Common}.ToGuid({source}, {CSharpWriter.Literal(where)})";
            case ConversionKind.Uri:
                return $"new global::System.Uri({source}, global::System.UriKind.RelativeOrAbsolute)";
            case ConversionKind.Bytes:
                return BytesFromProto(source);
            case ConversionKind.Decimal:
                return $"{Common}.ToDecimal({source})";
            case ConversionKind.DateTime:
                return $"{Common}.ToDateTime({source})";
            case ConversionKind.DateTimeOffset:
                return $"{Common}.ToDateTimeOffset({source})";
            case ConversionKind.TimeSpan:
                return $"{Common}.ToTimeSpan({source})";
            case ConversionKind.Enum:
                return $"checked(({conversion.CSharp!.Name})(int){source})";
            case ConversionKind.Message:
                return $"{_index.MapperClass(conversion.ClrType)}.FromMessage({source}, {_nextDepth})";
            case ConversionKind.Nullable:
                return FromProto(conversion.Arguments[0], source, slot, where);
            case ConversionKind.NullableWrapper:
                // An element of a repeated or map wrapper field: protobuf never holds a null there.
                return FromProto(conversion.Arguments[0], $"({source} ?? throw {Common}.NotSet({CSharpWriter.Literal(where)}))", slot, where);
            case ConversionKind.ListWrapper:
            case ConversionKind.MapWrapper:
                var (wrapperFile, wrapper) = _index.Message(slot.FullName);
                var inner = wrapper.Fields[0];
                return Build(conversion.Arguments[0], source + "." + ProtocNames.Property(inner, wrapper), new ProtoSlot(inner.Type, wrapperFile.Package), where);
            case ConversionKind.Any:
                return conversion.Null == NullMapping.NotCarried
                    ? $"({_anyClass}.Unpack({source}, {_nextDepth}) ?? throw {Common}.NotSet({CSharpWriter.Literal(where)}))"
                    : $"{_anyClass}.Unpack({source}, {_nextDepth})";
            case ConversionKind.Empty:
                return "default";
            default:
                return $"{Common}.ToUnsupported<{conversion.CSharp?.Name ?? "object"}>({source}, {CSharpWriter.Literal(where)})";
        }
    }

    /// <summary>Builds the C# collection or dictionary of a proto repeated or map field into a new local and returns it.</summary>
    private string Build(ProtoConversion conversion, string source, ProtoSlot slot, string where)
    {
        var csharp = conversion.CSharp ?? new CSharpTypeName("object", CollectionConstruction.Unsupported);
        var result = Local(conversion.Kind == ConversionKind.Repeated ? "list" : "map");
        if (csharp.Construction == CollectionConstruction.Unsupported)
        {
            _w.Line($"var {result} = {Common}.CannotBuild<{csharp.Name}>({CSharpWriter.Literal(where)});");
            return result;
        }

        // A list of entry messages is built by the loop (a repeated key is refused by Dictionary.Add there).
        if (conversion.Kind != ConversionKind.Entries
            && csharp.Construction is CollectionConstruction.WithCapacity or CollectionConstruction.Array
            && Inline(() => BuildExpression(conversion, csharp, source, slot, where)) is { } built)
        {
            _locals.Remove(result);
            return built;
        }

        switch (conversion.Kind)
        {
            case ConversionKind.Repeated:
                var element = conversion.Arguments[0];
                var elementType = element.CSharp!.Name;
                if (csharp.Construction == CollectionConstruction.Array && elementType.IndexOf('[') < 0)
                {
                    var index = Local("i");
                    _w.Line($"var {result} = new {elementType}[{source}.Count];");
                    _w.Open($"for (var {index} = 0; {index} < {result}.Length; {index}++)");
                    _w.Line($"{result}[{index}] = {FromProto(element, $"{source}[{index}]", slot, "an element of " + where)};");
                    _w.Close();
                    _w.Line();
                    return result;
                }

                var items = csharp.Construction == CollectionConstruction.Array ? Local("items") : result;
                _w.Line(csharp.Construction switch
                {
                    CollectionConstruction.WithCapacity => $"var {items} = new {csharp.Concrete}({source}.Count);",
                    CollectionConstruction.Add => $"var {items} = new {csharp.Concrete}();",
                    _ => $"var {items} = new global::System.Collections.Generic.List<{elementType}>({source}.Count);",
                });
                var item = Local("item");
                _w.Open($"foreach (var {item} in {source})");
                _w.Line($"{items}.Add({FromProto(element, item, slot, "an element of " + where)});");
                _w.Close();
                _w.Line();
                if (items != result)
                {
                    // An array of arrays: built as a list, since `new T[][n]` cannot be spelled from the element type.
                    _w.Line($"var {result} = {items}.ToArray();");
                }

                return result;
            case ConversionKind.Map:
                var (keySlot, valueSlot) = slot.MapParts();
                _w.Line(Construct(csharp, result, source));
                var pair = Local("pair");
                _w.Open($"foreach (var {pair} in {source})");
                var key = FromProto(conversion.Arguments[0], pair + ".Key", keySlot, "a key of " + where);
                var value = FromProto(conversion.Arguments[1], pair + ".Value", valueSlot, "a value of " + where);
                _w.Line($"{result}.Add({key}, {value});");
                _w.Close();
                _w.Line();
                return result;
            case ConversionKind.Entries:
                var (entryFile, entryMessage) = _index.Message(slot.FullName);
                _w.Line(Construct(csharp, result, source));
                var entry = Local("entry");
                _w.Open($"foreach (var {entry} in {source})");
                var entryKey = FromField(conversion.Arguments[0], entryMessage.Fields[0], entryMessage, entryFile.Package, entry, "a key of " + where);
                var entryValue = FromField(conversion.Arguments[1], entryMessage.Fields[1], entryMessage, entryFile.Package, entry, "a value of " + where);
                _w.Line($"{result}.Add({entryKey}, {entryValue});");
                _w.Close();
                _w.Line();
                return result;
            default:
                throw new InvalidOperationException($"{conversion.Kind} is not a collection conversion.");
        }
    }

    /// <summary>
    /// A list, array or dictionary built from a proto collection in one expression, with LINQ: <c>ToList</c> and
    /// <c>ToArray</c> size the result from the source's count, as the loop with a capacity did.
    /// </summary>
    private string BuildExpression(ProtoConversion conversion, CSharpTypeName csharp, string source, ProtoSlot slot, string where)
    {
        if (conversion.Kind == ConversionKind.Repeated)
        {
            var element = conversion.Arguments[0];
            var item = Local("item");
            var converted = FromProto(element, item, slot, "an element of " + where);
            // A T? element is read from a T (or a wrapper's T? through `?? throw`): cast back, as the list's element type.
            var elements = element.Kind == ConversionKind.Same ? source
                : element.Kind is ConversionKind.Nullable or ConversionKind.NullableWrapper ? $"{source}.Select({item} => ({element.CSharp!.Name}){converted})"
                : $"{source}.Select({item} => {converted})";
            return Linq(elements + (csharp.Construction == CollectionConstruction.Array ? ".ToArray()" : ".ToList()"));
        }

        if (conversion.Kind == ConversionKind.Map)
        {
            var (keySlot, valueSlot) = slot.MapParts();
            var pair = Local("pair");
            var key = FromProto(conversion.Arguments[0], pair + ".Key", keySlot, "a key of " + where);
            var value = FromProto(conversion.Arguments[1], pair + ".Value", valueSlot, "a value of " + where);
            return Linq($"{source}.ToDictionary({pair} => {key}, {pair} => {value})");
        }

        throw new InvalidOperationException($"{conversion.Kind} is built by a loop.");
    }

    private static string Construct(CSharpTypeName csharp, string result, string source)
        => csharp.Construction == CollectionConstruction.WithCapacity
            ? $"var {result} = new {csharp.Concrete}({source}.Count);"
            : $"var {result} = new {csharp.Concrete}();";

    /// <summary>Whether the proto form is a message (null when unset) rather than a scalar or enum.</summary>
    private static bool IsMessageSlot(ProtoConversion conversion) => conversion.Kind switch
    {
        ConversionKind.Decimal or ConversionKind.DateTime or ConversionKind.DateTimeOffset or ConversionKind.TimeSpan or ConversionKind.Message
            or ConversionKind.ListWrapper or ConversionKind.MapWrapper or ConversionKind.Any or ConversionKind.Empty => true,
        ConversionKind.Nullable or ConversionKind.NullableWrapper => IsMessageSlot(conversion.Arguments[0]),
        _ => false,
    };
}
