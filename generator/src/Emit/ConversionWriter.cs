using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Writes the statements that convert one value between C# and its proto form, in either direction, from the field's
/// <see cref="ProtoConversion"/> alone: what happens to null, which common conversion or mapper converts it, how a
/// collection or dictionary is filled and built. Nested lists and dictionaries are converted in place by loops, as a
/// hand-written mapper would; data types go through their mapper's ToMessage/FromMessage with the depth count. Every
/// method gets its own instance (local names are unique per method).
/// </summary>
internal sealed partial class ConversionWriter
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
    private readonly string? _ownMapper;
    private readonly HashSet<string> _locals = new(StringComparer.Ordinal);

    /// <param name="nextDepth">The depth a nested data type is converted at (<c>depth + 1</c> in a mapper, <c>1</c> at the top).</param>
    /// <param name="reserved">Names already used in the method (parameters), which locals avoid.</param>
    /// <param name="ownMapper">The mapper class the code is written in, whose methods it calls unqualified.</param>
    public ConversionWriter(ProtoIndex index, CSharpWriter writer, string nextDepth, string? anyClass, IEnumerable<string>? reserved = null, string? ownMapper = null)
    {
        _index = index;
        _ownMapper = ownMapper;
        _file = writer;
        _w = writer;
        _nextDepth = nextDepth;
        _anyClass = anyClass;
        foreach (var name in reserved ?? Enumerable.Empty<string>())
        {
            _locals.Add(name);
        }
    }

    /// <summary>How a call reaches the mapper of a data type: <c>Class.</c>, or nothing inside that class.</summary>
    public string Mapper(string typeKey)
        => _index.MapperClass(typeKey) is var mapper && mapper == _ownMapper ? string.Empty : mapper + ".";

    /// <summary>The name a local takes when its usual one is taken: by a parameter of that name (a contract's
    /// <c>request</c>), or by the element of an enclosing lambda (a list in a list).</summary>
    private static readonly Dictionary<string, string> SecondNames = new(StringComparer.Ordinal)
    {
        ["request"] = "requestMessage",
        ["response"] = "responseMessage",
        ["result"] = "resultValue",
        ["item"] = "innerItem",
        ["pair"] = "innerPair",
        ["list"] = "innerList",
        ["map"] = "innerMap",
    };

    /// <summary>A local name not used yet in this method: <paramref name="hint"/>, else its second name, else
    /// <c>hint2</c>, <c>hint3</c>, …</summary>
    public string Local(string hint) => Claim(hint, SecondNames.TryGetValue(hint, out var second) ? second : null);

    /// <summary>A local holding a contract parameter's value: its name, else <c>name2</c>, … (never a second name, which
    /// would say it holds a message).</summary>
    public string ParameterLocal(string parameterName) => Claim(parameterName, null);

    private string Claim(string hint, string? second)
    {
        bool Free(string candidate) => !_locals.Contains(candidate) && Microsoft.CodeAnalysis.CSharp.SyntaxFacts.GetKeywordKind(candidate) == Microsoft.CodeAnalysis.CSharp.SyntaxKind.None;
        var name = Free(hint) ? hint : second is not null && Free(second) ? second : UniqueName.Find(hint, string.Empty, Free);
        _locals.Add(name);
        return name;
    }

    /// <summary>Frees a lambda parameter's name once its lambda is written: its scope ends there, so a sibling lambda
    /// may take it again (<c>item</c>, not <c>item2</c>).</summary>
    private void Release(string lambdaParameter) => _locals.Remove(lambdaParameter);

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
    public void ToField(ProtoConversion conversion, ProtoField field, ProtoMessage message, string target, string source, string where, string hint)
    {
        var property = target + "." + ProtocNames.Property(field, message);
        var slot = Reference(field);
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
            var converted = Inline(() => ToProto(conversion, value, slot, where));
            if (converted is not null && _w.Fits($"{condition} {property} = {CSharpWriter.Unparenthesized(converted)};"))
            {
                _w.Line($"{condition} {property} = {CSharpWriter.Unparenthesized(converted)};");
                return;
            }

            // The block's locals (a wrapper being filled, its loop variable) end with it: a sibling block reuses the names.
            var outside = new HashSet<string>(_locals, StringComparer.Ordinal);
            _w.Open(condition);
            _w.Line($"{property} = {CSharpWriter.Unparenthesized(converted ?? ToProto(conversion, value, slot, where))};");
            _w.Close();
            _w.Line();
            _locals.IntersectWith(outside);
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
    public string ToProto(ProtoConversion conversion, string source, ProtoTypeReference slot, string where)
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
                return $"checked(({_index.Class(slot.Name)})(int){source})";
            case ConversionKind.Message:
                return $"{Mapper(conversion.ClrType)}ToMessage({CSharpWriter.Unparenthesized(source)}, {_nextDepth})";
            case ConversionKind.Nullable:
            case ConversionKind.NullableWrapper:
                // The caller has unwrapped the value (pattern or ?? throw); a wrapper element is the scalar itself in C#.
                return ToProto(conversion.Arguments[0], source, slot, where);
            case ConversionKind.ListWrapper:
            case ConversionKind.MapWrapper:
                var (_, wrapper) = _index.Message(slot.Name);
                var inner = wrapper.Fields[0];
                var innerSlot = Reference(inner);
                if (conversion.Kind == ConversionKind.ListWrapper && Selectable(conversion.Arguments[0].Arguments[0])
                    && Inline(() => Elements(conversion.Arguments[0], source, innerSlot, where)) is { } elements)
                {
                    // RepeatedField's Add(IEnumerable<T>), through a collection initializer.
                    return $"new {_index.Class(slot.Name)} {{ {ProtocNames.Property(inner, wrapper)} = {{ {elements} }} }}";
                }

                var built = Local(conversion.Kind == ConversionKind.ListWrapper ? "list" : "map");
                _w.Line($"var {built} = new {_index.Class(slot.Name)}();");
                Fill(conversion.Arguments[0], source, built + "." + ProtocNames.Property(inner, wrapper), Reference(inner), where);
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
    private void Fill(ProtoConversion conversion, string source, string target, ProtoTypeReference slot, string where)
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
                var (keySlot, valueSlot) = (slot.MapKey!, slot.MapValue!);
                var pair = Local("pair");
                _w.Open($"foreach (var {pair} in {source})");
                var key = ToProto(conversion.Arguments[0], pair + ".Key", keySlot, "a key of " + where);
                var value = ToProto(conversion.Arguments[1], NonNull(conversion.Arguments[1], pair + ".Value", "a value of " + where), valueSlot, "a value of " + where);
                _w.Line($"{target}.Add({key}, {value});");
                _w.Close();
                _w.Line();
                break;
            case ConversionKind.Entries:
                var (_, entry) = _index.Message(slot.Name);
                var entryPair = Local("pair");
                _w.Open($"foreach (var {entryPair} in {source})");
                var entryKey = ToProto(conversion.Arguments[0], NonNull(conversion.Arguments[0], entryPair + ".Key", "a key of " + where), Reference(entry.Fields[0]), "a key of " + where);
                var entryValue = ToProto(conversion.Arguments[1], NonNull(conversion.Arguments[1], entryPair + ".Value", "a value of " + where), Reference(entry.Fields[1]), "a value of " + where);
                _w.Line($"{target}.Add(new {_index.Class(slot.Name)} {{ {ProtocNames.Property(entry.Fields[0], entry)} = {entryKey}, {ProtocNames.Property(entry.Fields[1], entry)} = {entryValue} }});");
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
    private string Elements(ProtoConversion conversion, string source, ProtoTypeReference slot, string where)
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
        Release(item);
        return Linq($"{source}.Select({item} => {(cast ? $"({element.CSharp!.Name}){converted}" : converted)})");
    }

    /// <summary>Whether a C# element converts to its proto element in a <c>Select</c> whose type is the proto element's:
    /// not a widened scalar (a short read as an int), which only an assignment converts.</summary>
    private static bool Selectable(ProtoConversion element)
        => element.Kind != ConversionKind.Widened
            && !(element.Kind is ConversionKind.NullableWrapper or ConversionKind.Nullable && element.Arguments[0].Kind == ConversionKind.Widened);

    /// <summary>What a field's type refers to, as mapping recorded it.</summary>
    private static ProtoTypeReference Reference(ProtoField field)
        => field.Reference ?? throw new InvalidOperationException($"The field {field.Name} has no resolved type.");

    /// <summary>An expression calling LINQ's extension methods, which the file then imports.</summary>
    private string Linq(string expression)
    {
        _file.Using("global::System.Linq");
        return expression;
    }

    /// <summary><paramref name="source"/>, refused when null if the proto form cannot carry null.</summary>
    private static string NonNull(ProtoConversion conversion, string source, string where)
        => conversion.Null == NullMapping.NotCarried ? $"({source} ?? throw {Common}.NotCarried({CSharpWriter.Literal(where)}))" : source;
}
