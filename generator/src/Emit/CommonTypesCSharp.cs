using System.Linq;
using MigrateWcf.Generator.Mapping;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Writes <c>CommonTypeConversions</c>, the one place the generated mappers convert common .NET values: the messages of
/// <c>migrate_wcf/common.proto</c> (<c>System.Decimal</c> ↔ <c>migrate_wcf.Decimal</c>, docs/decimal.md;
/// <c>DateTime</c> with its Kind; <c>DateTimeOffset</c>), <c>TimeSpan</c> ↔ <c>google.protobuf.Duration</c>, <c>char</c>
/// and <c>Guid</c> as strings, and the errors every mapper raises (<c>MessageMappingException</c>: a null the proto form
/// cannot carry, a graph too deep or cyclic, a value of an unknown derived type). The text targets the classes
/// Grpc.Tools' protoc writes, in common.proto's <c>csharp_namespace</c>. Pure: same engine, same bytes.
/// </summary>
internal static class CommonTypesCSharp
{
    /// <summary>A file name for the emitted source, beside protoc's output for <c>common.proto</c>.</summary>
    public const string FileName = "CommonTypeConversions.g.cs";

    /// <summary>The static class the emitted source declares, in the namespace of common.proto's messages.</summary>
    public const string ClassName = "CommonTypeConversions";

    /// <summary>The exception every generated mapper throws for a value it cannot convert.</summary>
    public const string ExceptionName = "MessageMappingException";

    /// <summary>The namespace of both, common.proto's <c>csharp_namespace</c>.</summary>
    public static string Namespace => CommonTypes.File.CSharpNamespace;

    /// <summary>The class as generated code names it.</summary>
    public static string Class => "global::" + Namespace + "." + ClassName;

    /// <summary>The exception as generated code names it.</summary>
    public static string Exception => "global::" + Namespace + "." + ExceptionName;

    /// <summary>The largest scale a System.Decimal has (digits after the point).</summary>
    private const int MaxDecimalScale = 28;

    /// <summary>
    /// protobuf's default recursion limit (Google.Protobuf's CodedInputStream, and every other runtime): a receiver
    /// rejects deeper messages, so the mappers stop deeper (or cyclic) object graphs before sending them.
    /// </summary>
    private const int MaxDepth = 100;

    /// <param name="commonMessages">Whether common.proto is part of the output: without it, only the conversions that need none are written.</param>
    /// <param name="version">The engine version for <c>[GeneratedCode]</c>.</param>
    public static string Emit(bool commonMessages = true, string version = "0.0.0.0")
    {
        var file = CommonTypes.File;
        var protoDecimal = Message("Decimal");
        var protoDateTime = Message("DateTime");
        var protoOffset = Message("DateTimeOffset");
        var decimalType = "global::" + file.CSharpNamespace + "." + protoDecimal.Name;
        var dateTimeType = "global::" + file.CSharpNamespace + "." + protoDateTime.Name;
        var offsetType = "global::" + file.CSharpNamespace + "." + protoOffset.Name;
        var kindType = "global::" + file.CSharpNamespace + ".DateTimeKind";
        var decimalName = file.Package + "." + protoDecimal.Name;

        // The fields are read by number, so a renamed field changes the property names here and nothing else.
        var low = Property(protoDecimal, 1);
        var high = Property(protoDecimal, 2);
        var scale = Property(protoDecimal, 3);
        var negative = Property(protoDecimal, 4);
        var dateTimeValue = Property(protoDateTime, 1);
        var dateTimeKind = Property(protoDateTime, 2);
        var offsetUtc = Property(protoOffset, 1);
        var offsetMinutes = Property(protoOffset, 2);

        var messages = !commonMessages ? string.Empty : $$"""

                    /// <summary>
                    /// The {{decimalName}} message for <paramref name="value"/>: the 96-bit coefficient, scale and sign of
                    /// <see cref="decimal.GetBits(decimal)"/>, so trailing zeros (1.00) and negative zero survive. The message
                    /// is the only allocation.
                    /// </summary>
                    public static {{decimalType}} ToMessage(decimal value)
                    {
            #if NET5_0_OR_GREATER
                        global::System.Span<int> bits = stackalloc int[4];
                        decimal.GetBits(value, bits);
            #else
                        int[] bits = decimal.GetBits(value);
            #endif
                        // bits: coefficient bits 0-31, 32-63, 64-95, then flags (scale in bits 16-23, sign in bit 31).
                        unchecked
                        {
                            return new {{decimalType}}
                            {
                                {{low}} = (uint)bits[0] | ((ulong)(uint)bits[1] << 32),
                                {{high}} = (uint)bits[2],
                                {{scale}} = (uint)(bits[3] >> 16) & 0xFF,
                                {{negative}} = bits[3] < 0,
                            };
                        }
                    }

                    /// <summary>
                    /// The System.Decimal <paramref name="message"/> holds, with its scale and sign: the same four integers of
                    /// <see cref="decimal.GetBits(decimal)"/> as the value it was made from. Allocates nothing.
                    /// </summary>
                    /// <exception cref="global::System.ArgumentNullException"><paramref name="message"/> is null.</exception>
                    /// <exception cref="global::System.OverflowException">
                    /// The scale is above 28, which no System.Decimal has; the value is rejected rather than rounded.
                    /// </exception>
                    public static decimal ToDecimal({{decimalType}} message)
                    {
                        if (message is null)
                        {
                            throw new global::System.ArgumentNullException(nameof(message));
                        }

                        uint scale = message.{{scale}};
                        if (scale > MaxDecimalScale)
                        {
                            throw new global::System.OverflowException(
                                "{{decimalName}} has scale " + scale.ToString(global::System.Globalization.CultureInfo.InvariantCulture)
                                + "; System.Decimal holds 0 to 28 digits after the point.");
                        }

                        // The coefficient cannot reach 2^96: its high part is a fixed32 field.
                        ulong low = message.{{low}};
                        unchecked
                        {
                            return new decimal((int)low, (int)(low >> 32), (int)message.{{high}}, message.{{negative}}, (byte)scale);
                        }
                    }

                    /// <summary>
                    /// The {{file.Package}}.{{protoDateTime.Name}} message for <paramref name="value"/>: its ticks read as UTC (no time-zone
                    /// conversion) and its Kind, so every DateTime of every Kind comes back with the same ticks and Kind.
                    /// </summary>
                    public static {{dateTimeType}} ToMessage(global::System.DateTime value)
                        => new {{dateTimeType}} { {{dateTimeValue}} = ToTimestamp(value.Ticks), {{dateTimeKind}} = ({{kindType}})(int)value.Kind };

                    /// <summary>The DateTime <paramref name="message"/> holds, with its Kind (an unset timestamp is the Unix epoch, as in proto3).</summary>
                    /// <exception cref="{{ExceptionName}}">The instant is outside DateTime's range, or the Kind is not one of DateTimeKind's.</exception>
                    public static global::System.DateTime ToDateTime({{dateTimeType}} message)
                    {
                        int kind = (int)message.{{dateTimeKind}};
                        if (kind < 0 || kind > 2)
                        {
                            throw new {{ExceptionName}}("{{file.Package}}.{{protoDateTime.Name}} has kind " + kind.ToString(global::System.Globalization.CultureInfo.InvariantCulture) + ", which is no System.DateTimeKind.");
                        }

                        return new global::System.DateTime(Ticks(message.{{dateTimeValue}}, "{{file.Package}}.{{protoDateTime.Name}}"), (global::System.DateTimeKind)kind);
                    }

                    /// <summary>The {{file.Package}}.{{protoOffset.Name}} message for <paramref name="value"/>: the UTC instant and the offset in minutes.</summary>
                    public static {{offsetType}} ToMessage(global::System.DateTimeOffset value)
                        => new {{offsetType}} { {{offsetUtc}} = ToTimestamp(value.UtcTicks), {{offsetMinutes}} = (int)(value.Offset.Ticks / global::System.TimeSpan.TicksPerMinute) };

                    /// <summary>The DateTimeOffset <paramref name="message"/> holds: the same instant and offset.</summary>
                    /// <exception cref="{{ExceptionName}}">The offset is beyond ±14 hours, or the local time outside DateTimeOffset's range.</exception>
                    public static global::System.DateTimeOffset ToDateTimeOffset({{offsetType}} message)
                    {
                        int minutes = message.{{offsetMinutes}};
                        if (minutes < -14 * 60 || minutes > 14 * 60)
                        {
                            throw new {{ExceptionName}}("{{file.Package}}.{{protoOffset.Name}} has an offset of " + minutes.ToString(global::System.Globalization.CultureInfo.InvariantCulture) + " minutes; a DateTimeOffset's is at most 14 hours.");
                        }

                        long utcTicks = Ticks(message.{{offsetUtc}}, "{{file.Package}}.{{protoOffset.Name}}");
                        long localTicks = utcTicks + (minutes * global::System.TimeSpan.TicksPerMinute);
                        if (localTicks < 0 || localTicks > global::System.DateTime.MaxValue.Ticks)
                        {
                            throw new {{ExceptionName}}("{{file.Package}}.{{protoOffset.Name}} is outside System.DateTimeOffset's range.");
                        }

                        return new global::System.DateTimeOffset(localTicks, new global::System.TimeSpan(minutes * global::System.TimeSpan.TicksPerMinute));
                    }

                    /// <summary>A Timestamp of the instant whose ticks (since 0001-01-01, read as UTC) are <paramref name="ticks"/>.</summary>
                    private static global::Google.Protobuf.WellKnownTypes.Timestamp ToTimestamp(long ticks)
                    {
                        long sinceEpoch = ticks - UnixEpochTicks;
                        long seconds = sinceEpoch / global::System.TimeSpan.TicksPerSecond;
                        long remainder = sinceEpoch % global::System.TimeSpan.TicksPerSecond;
                        if (remainder < 0)
                        {
                            // Timestamp's nanos count forward from the second before.
                            seconds--;
                            remainder += global::System.TimeSpan.TicksPerSecond;
                        }

                        return new global::Google.Protobuf.WellKnownTypes.Timestamp { Seconds = seconds, Nanos = (int)remainder * NanosPerTick };
                    }

                    /// <summary>The ticks (since 0001-01-01) of a Timestamp's instant; nanoseconds below a tick are dropped, as Timestamp.ToDateTime does.</summary>
                    private static long Ticks(global::Google.Protobuf.WellKnownTypes.Timestamp? timestamp, string message)
                    {
                        long seconds = timestamp?.Seconds ?? 0;
                        int nanos = timestamp?.Nanos ?? 0;
                        if (nanos < 0 || nanos > 999999999 || seconds < MinTimestampSeconds || seconds > MaxTimestampSeconds)
                        {
                            throw new {{ExceptionName}}(message + " holds an instant outside System.DateTime's range (or nanos outside 0 to 999,999,999).");
                        }

                        return UnixEpochTicks + (seconds * global::System.TimeSpan.TicksPerSecond) + (nanos / NanosPerTick);
                    }
            """;

        var text = $$"""
            // <auto-generated/>
            // Generated by migrate-wcf: exact conversions between .NET values and their proto forms{{(commonMessages ? " (" + file.Path + ")" : string.Empty)}}.
            // Do not edit: run migrate-wcf again.
            #nullable enable

            namespace {{file.CSharpNamespace}}
            {
                /// <summary>A value the proto form cannot carry, or a message that holds no value of the C# type.</summary>
                [global::System.CodeDom.Compiler.GeneratedCode("migrate-wcf", "{{version}}")]
                internal sealed class {{ExceptionName}} : global::System.Exception
                {
                    public {{ExceptionName}}(string message)
                        : base(message)
                    {
                    }
                }

                /// <summary>Converts .NET values to and from their proto forms, without loss, and raises the mappers' errors.</summary>
                [global::System.CodeDom.Compiler.GeneratedCode("migrate-wcf", "{{version}}")]
                internal static class {{ClassName}}
                {
                    /// <summary>protobuf's recursion limit: the deepest nesting of data types a mapper converts.</summary>
                    public const int MaxDepth = {{MaxDepth}};

                    /// <summary>The largest scale a System.Decimal has: 28 digits after the point.</summary>
                    private const uint MaxDecimalScale = {{MaxDecimalScale}};

                    /// <summary>DateTime.UnixEpoch.Ticks: Timestamps count from 1970-01-01.</summary>
                    private const long UnixEpochTicks = 621355968000000000;

                    /// <summary>Timestamp seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, DateTime's range.</summary>
                    private const long MinTimestampSeconds = -62135596800;
                    private const long MaxTimestampSeconds = 253402300799;

                    private const int NanosPerTick = 100;
            {{messages}}

                    /// <summary>
                    /// A google.protobuf.Duration of exactly <paramref name="value"/>'s ticks: seconds, and nanoseconds of the same
                    /// sign. Every TimeSpan fits, TimeSpan.MaxValue and MinValue included (they lie beyond the ±10,000 years
                    /// other runtimes check).
                    /// </summary>
                    public static global::Google.Protobuf.WellKnownTypes.Duration ToDuration(global::System.TimeSpan value)
                        => new global::Google.Protobuf.WellKnownTypes.Duration
                        {
                            Seconds = value.Ticks / global::System.TimeSpan.TicksPerSecond,
                            Nanos = (int)(value.Ticks % global::System.TimeSpan.TicksPerSecond) * NanosPerTick,
                        };

                    /// <summary>The TimeSpan of a Duration; nanoseconds below a tick are dropped, as Duration.ToTimeSpan does.</summary>
                    /// <exception cref="{{ExceptionName}}">The duration is beyond TimeSpan's range, or its nanos are out of range or of the other sign.</exception>
                    public static global::System.TimeSpan ToTimeSpan(global::Google.Protobuf.WellKnownTypes.Duration duration)
                    {
                        long seconds = duration.Seconds;
                        int nanos = duration.Nanos;
                        if (nanos <= -1000000000 || nanos >= 1000000000 || (seconds < 0 && nanos > 0) || (seconds > 0 && nanos < 0)
                            || seconds < global::System.TimeSpan.MinValue.Ticks / global::System.TimeSpan.TicksPerSecond
                            || seconds > global::System.TimeSpan.MaxValue.Ticks / global::System.TimeSpan.TicksPerSecond)
                        {
                            throw new {{ExceptionName}}("google.protobuf.Duration of " + seconds.ToString(global::System.Globalization.CultureInfo.InvariantCulture) + " s and " + nanos.ToString(global::System.Globalization.CultureInfo.InvariantCulture) + " ns is no System.TimeSpan.");
                        }

                        return new global::System.TimeSpan((seconds * global::System.TimeSpan.TicksPerSecond) + (nanos / NanosPerTick));
                    }

                    /// <summary>A char as a one-character string.</summary>
                    /// <exception cref="{{ExceptionName}}">A lone surrogate, which UTF-8 (and so a proto string) cannot hold.</exception>
                    public static string ToString(char value, string where)
                        => char.IsSurrogate(value)
                            ? throw new {{ExceptionName}}(Sentence(where) + " is a lone UTF-16 surrogate, which a proto string (UTF-8) cannot hold.")
                            : value.ToString();

                    /// <summary>The char a one-character string holds; the empty string (proto3's default) is '\0'.</summary>
                    public static char ToChar(string value, string where)
                        => value.Length switch
                        {
                            0 => '\0',
                            1 => value[0],
                            _ => throw new {{ExceptionName}}(Sentence(where) + " holds \"" + value + "\", not one character."),
                        };

                    /// <summary>The bytes of a parsed message's field without a second copy: the parser gave the ByteString an
                    /// array of its own that nothing else holds, and the message is dropped after mapping. Any other
                    /// ByteString (a slice, a wrapped buffer) is copied.</summary>
                    public static byte[] ToBytes(global::Google.Protobuf.ByteString value)
                        => global::System.Runtime.InteropServices.MemoryMarshal.TryGetArray(value.Memory, out global::System.ArraySegment<byte> bytes)
                            && bytes.Offset == 0 && bytes.Array is { } array && bytes.Count == array.Length
                            ? array
                            : value.ToByteArray();

                    /// <summary>The Guid a string holds in its canonical form ("D"); the empty string (proto3's default) is Guid.Empty.</summary>
                    public static global::System.Guid ToGuid(string value, string where)
                        => value.Length == 0 ? global::System.Guid.Empty
                            : global::System.Guid.TryParseExact(value, "D", out global::System.Guid guid) ? guid
                            : throw new {{ExceptionName}}(Sentence(where) + " holds \"" + value + "\", which is not a Guid (format \"D\").");

                    /// <summary>Stops a graph nested deeper than <see cref="MaxDepth"/> data types: too deep for protobuf, or cyclic.</summary>
                    public static void CheckDepth(int depth, string type)
                    {
                        if (depth > MaxDepth)
                        {
                            throw new {{ExceptionName}}("A " + type + " is nested more than 100 data types deep, or its object graph has a cycle: a protobuf message is a tree of at most 100 levels.");
                        }
                    }

                    /// <summary>A null where the proto form has no null: the source declares the value never null, or it is an element of a list or a dictionary value.</summary>
                    public static {{ExceptionName}} NotCarried(string where)
                        => new {{ExceptionName}}(Sentence(where) + " is null, which its proto form cannot carry (a list element, a dictionary value, or a value declared never null).");

                    /// <summary>A message field the C# side needs is not set.</summary>
                    public static {{ExceptionName}} NotSet(string where)
                        => new {{ExceptionName}}(Sentence(where) + " is not set, and the C# value it maps to is never null.");

                    /// <summary>A value whose type is not the declared one nor one of its known types (WCF's serializer refuses it too).</summary>
                    public static {{ExceptionName}} UnknownType(global::System.Type type, string declared)
                        => new {{ExceptionName}}("A " + type.FullName + " is not a " + declared + " nor one of its known types ([KnownType]); it has no proto form.");

                    /// <summary>A message of an abstract type without the subtype case that carries its value.</summary>
                    public static {{ExceptionName}} NoSubtype(string type)
                        => new {{ExceptionName}}("The message of the abstract " + type + " has no subtype case set, so no value can be made from it.");

                    /// <summary>A value of a type without proto form (a bytes placeholder): only its default (null) travels, as empty bytes.</summary>
                    public static global::Google.Protobuf.ByteString FromUnsupported<T>(T value, string where)
                        => global::System.Collections.Generic.EqualityComparer<T>.Default.Equals(value, default!)
                            ? global::Google.Protobuf.ByteString.Empty
                            : throw new {{ExceptionName}}(Sentence(where) + " is of a type without a proto form (see the migrate-wcf findings); only its default value can travel.");

                    /// <summary>The value of a bytes placeholder: empty bytes are the default (null).</summary>
                    public static T ToUnsupported<T>(global::Google.Protobuf.ByteString? value, string where)
                        => value is null || value.IsEmpty
                            ? default!
                            : throw new {{ExceptionName}}(Sentence(where) + " holds bytes for a type without a proto form; they cannot be read.");

                    /// <summary>A collection type generated code cannot build (no accessible parameterless constructor or Add).</summary>
                    public static T CannotBuild<T>(string where)
                        => throw new {{ExceptionName}}(Sentence(where) + " is a " + typeof(T).FullName + ", which has no accessible parameterless constructor and Add method to build it with.");

                    /// <summary>A member without a getter.</summary>
                    public static T CannotRead<T>(string where)
                        => throw new {{ExceptionName}}(Sentence(where) + " has no getter to read it with.");

                    /// <summary>A description of a value as the start of a sentence.</summary>
                    private static string Sentence(string where)
                        => where.Length == 0 ? where : char.ToUpperInvariant(where[0]) + where.Substring(1);

                    /// <summary>A member without a setter or backing field (WCF's serializer cannot write it either).</summary>
                    public static void CannotWrite(string where)
                        => throw new {{ExceptionName}}(Sentence(where) + " has no setter or field to write it with.");
                }
            }

            """;
        return text.Replace("\r\n", "\n");

        static ProtoMessage Message(string name) => CommonTypes.File.Definitions.Select(d => d.Message).Single(m => m?.Name == name)!;
    }

    /// <summary>The C# property protoc writes for a field of a common.proto message, read by its number.</summary>
    private static string Property(ProtoMessage message, int number)
        => ProtocNames.Property(message.Fields.Single(f => f.Number == number), message);
}
