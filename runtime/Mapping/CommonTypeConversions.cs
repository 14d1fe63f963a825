using System.Globalization;
using System.Runtime.InteropServices;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using ProtoDateTime = MigrateWcf.Grpc.DateTime;
using ProtoDateTimeKind = MigrateWcf.Grpc.DateTimeKind;
using ProtoDateTimeOffset = MigrateWcf.Grpc.DateTimeOffset;
using ProtoDecimal = MigrateWcf.Grpc.Decimal;

namespace MigrateWcf.Runtime.Mapping;

/// <summary>
/// The one place generated mappers convert common .NET values, without loss: the messages of
/// <c>migrate_wcf/common.proto</c> (<see cref="decimal"/> ↔ <c>migrate_wcf.Decimal</c>, docs/decimal.md;
/// <see cref="System.DateTime"/> with its Kind; <see cref="System.DateTimeOffset"/>), <see cref="TimeSpan"/> ↔
/// <c>google.protobuf.Duration</c>, <see cref="char"/> and <see cref="Guid"/> as strings; and the errors every mapper
/// raises (<see cref="MessageMappingException"/>: a null the proto form cannot carry, a graph too deep or cyclic, a
/// value of an unknown derived type).
/// </summary>
public static class CommonTypeConversions
{
    /// <summary>
    /// protobuf's default recursion limit (Google.Protobuf's CodedInputStream, and every other runtime): a receiver
    /// rejects deeper messages, so the mappers stop deeper (or cyclic) object graphs before sending them.
    /// </summary>
    public const int MaxDepth = 100;

    /// <summary>The largest scale a System.Decimal has: 28 digits after the point.</summary>
    private const uint MaxDecimalScale = 28;

    /// <summary>DateTime.UnixEpoch.Ticks: Timestamps count from 1970-01-01.</summary>
    private const long UnixEpochTicks = 621355968000000000;

    /// <summary>Timestamp seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, DateTime's range.</summary>
    private const long MinTimestampSeconds = -62135596800;

    private const long MaxTimestampSeconds = 253402300799;

    private const int NanosPerTick = 100;

    /// <summary>
    /// The migrate_wcf.Decimal message for <paramref name="value"/>: the 96-bit coefficient, scale and sign of
    /// <see cref="decimal.GetBits(decimal)"/>, so trailing zeros (1.00) and negative zero survive. The message is the
    /// only allocation.
    /// </summary>
    public static ProtoDecimal ToMessage(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);

        // bits: coefficient bits 0-31, 32-63, 64-95, then flags (scale in bits 16-23, sign in bit 31).
        unchecked
        {
            return new ProtoDecimal
            {
                CoefficientLow = (uint)bits[0] | ((ulong)(uint)bits[1] << 32),
                CoefficientHigh = (uint)bits[2],
                Scale = (uint)(bits[3] >> 16) & 0xFF,
                Negative = bits[3] < 0,
            };
        }
    }

    /// <summary>
    /// The System.Decimal <paramref name="message"/> holds, with its scale and sign: the same four integers of
    /// <see cref="decimal.GetBits(decimal)"/> as the value it was made from. Allocates nothing.
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="message"/> is null.</exception>
    /// <exception cref="OverflowException">
    /// The scale is above 28, which no System.Decimal has; the value is rejected rather than rounded.
    /// </exception>
    public static decimal ToDecimal(this ProtoDecimal message)
    {
        ArgumentNullException.ThrowIfNull(message);
        uint scale = message.Scale;
        if (scale > MaxDecimalScale)
        {
            throw new OverflowException(
                "migrate_wcf.Decimal has scale " + scale.ToString(CultureInfo.InvariantCulture)
                + "; System.Decimal holds 0 to 28 digits after the point.");
        }

        // The coefficient cannot reach 2^96: its high part is a fixed32 field.
        ulong low = message.CoefficientLow;
        unchecked
        {
            return new decimal((int)low, (int)(low >> 32), (int)message.CoefficientHigh, message.Negative, (byte)scale);
        }
    }

    /// <summary>
    /// The migrate_wcf.DateTime message for <paramref name="value"/>: its ticks read as UTC (no time-zone conversion)
    /// and its Kind, so every DateTime of every Kind comes back with the same ticks and Kind.
    /// </summary>
    public static ProtoDateTime ToMessage(System.DateTime value)
        => new() { Value = ToTimestamp(value.Ticks), Kind = (ProtoDateTimeKind)(int)value.Kind };

    /// <summary>The DateTime <paramref name="message"/> holds, with its Kind (an unset timestamp is the Unix epoch, as in proto3).</summary>
    /// <exception cref="MessageMappingException">The instant is outside DateTime's range, or the Kind is not one of DateTimeKind's.</exception>
    public static System.DateTime ToDateTime(this ProtoDateTime message)
    {
        ArgumentNullException.ThrowIfNull(message);
        int kind = (int)message.Kind;
        if (kind < 0 || kind > 2)
        {
            throw new MessageMappingException("migrate_wcf.DateTime has kind " + kind.ToString(CultureInfo.InvariantCulture) + ", which is no System.DateTimeKind.");
        }

        return new System.DateTime(Ticks(message.Value, "migrate_wcf.DateTime"), (System.DateTimeKind)kind);
    }

    /// <summary>The migrate_wcf.DateTimeOffset message for <paramref name="value"/>: the UTC instant and the offset in minutes.</summary>
    public static ProtoDateTimeOffset ToMessage(System.DateTimeOffset value)
        => new() { Utc = ToTimestamp(value.UtcTicks), OffsetMinutes = (int)(value.Offset.Ticks / TimeSpan.TicksPerMinute) };

    /// <summary>The DateTimeOffset <paramref name="message"/> holds: the same instant and offset.</summary>
    /// <exception cref="MessageMappingException">The offset is beyond ±14 hours, or the local time outside DateTimeOffset's range.</exception>
    public static System.DateTimeOffset ToDateTimeOffset(this ProtoDateTimeOffset message)
    {
        ArgumentNullException.ThrowIfNull(message);
        int minutes = message.OffsetMinutes;
        if (minutes < -14 * 60 || minutes > 14 * 60)
        {
            throw new MessageMappingException("migrate_wcf.DateTimeOffset has an offset of " + minutes.ToString(CultureInfo.InvariantCulture) + " minutes; a DateTimeOffset's is at most 14 hours.");
        }

        long utcTicks = Ticks(message.Utc, "migrate_wcf.DateTimeOffset");
        long localTicks = utcTicks + (minutes * TimeSpan.TicksPerMinute);
        if (localTicks < 0 || localTicks > System.DateTime.MaxValue.Ticks)
        {
            throw new MessageMappingException("migrate_wcf.DateTimeOffset is outside System.DateTimeOffset's range.");
        }

        return new System.DateTimeOffset(localTicks, new TimeSpan(minutes * TimeSpan.TicksPerMinute));
    }

    /// <summary>
    /// A google.protobuf.Duration of exactly <paramref name="value"/>'s ticks: seconds, and nanoseconds of the same
    /// sign. Every TimeSpan fits, TimeSpan.MaxValue and MinValue included (they lie beyond the ±10,000 years other
    /// runtimes check).
    /// </summary>
    public static Duration ToDuration(TimeSpan value)
        => new()
        {
            Seconds = value.Ticks / TimeSpan.TicksPerSecond,
            Nanos = (int)(value.Ticks % TimeSpan.TicksPerSecond) * NanosPerTick,
        };

    /// <summary>The TimeSpan of a Duration; nanoseconds below a tick are dropped, as Duration.ToTimeSpan does.</summary>
    /// <exception cref="MessageMappingException">The duration is beyond TimeSpan's range, or its nanos are out of range or of the other sign.</exception>
    public static TimeSpan ToTimeSpan(Duration duration)
    {
        ArgumentNullException.ThrowIfNull(duration);
        long seconds = duration.Seconds;
        int nanos = duration.Nanos;
        if (nanos <= -1000000000 || nanos >= 1000000000 || (seconds < 0 && nanos > 0) || (seconds > 0 && nanos < 0)
            || seconds < TimeSpan.MinValue.Ticks / TimeSpan.TicksPerSecond
            || seconds > TimeSpan.MaxValue.Ticks / TimeSpan.TicksPerSecond)
        {
            throw new MessageMappingException("google.protobuf.Duration of " + seconds.ToString(CultureInfo.InvariantCulture) + " s and " + nanos.ToString(CultureInfo.InvariantCulture) + " ns is no System.TimeSpan.");
        }

        return new TimeSpan((seconds * TimeSpan.TicksPerSecond) + (nanos / NanosPerTick));
    }

    /// <summary>A char as a one-character string.</summary>
    /// <exception cref="MessageMappingException">A lone surrogate, which UTF-8 (and so a proto string) cannot hold.</exception>
    public static string ToString(char value, string where)
        => char.IsSurrogate(value)
            ? throw new MessageMappingException(Sentence(where) + " is a lone UTF-16 surrogate, which a proto string (UTF-8) cannot hold.")
            : value.ToString();

    /// <summary>The char a one-character string holds; the empty string (proto3's default) is '\0'.</summary>
    /// <exception cref="MessageMappingException">The string holds more than one character.</exception>
    public static char ToChar(string value, string where)
        => value.Length switch
        {
            0 => '\0',
            1 => value[0],
            _ => throw new MessageMappingException(Sentence(where) + " holds \"" + value + "\", not one character."),
        };

    /// <summary>
    /// The bytes of a parsed message's field without a second copy: the parser gave the ByteString an array of its own
    /// that nothing else holds, and the message is dropped after mapping. Any other ByteString (a slice, a wrapped
    /// buffer) is copied.
    /// </summary>
    public static byte[] ToBytes(ByteString value)
        => MemoryMarshal.TryGetArray(value.Memory, out ArraySegment<byte> bytes)
            && bytes.Offset == 0 && bytes.Array is { } array && bytes.Count == array.Length
            ? array
            : value.ToByteArray();

    /// <summary>The Guid a string holds in its canonical form ("D"); the empty string (proto3's default) is Guid.Empty.</summary>
    /// <exception cref="MessageMappingException">The string is no Guid in format "D".</exception>
    public static Guid ToGuid(string value, string where)
        => value.Length == 0 ? Guid.Empty
            : Guid.TryParseExact(value, "D", out Guid guid) ? guid
            : throw new MessageMappingException(Sentence(where) + " holds \"" + value + "\", which is not a Guid (format \"D\").");

    /// <summary>Stops a graph nested deeper than <see cref="MaxDepth"/> data types: too deep for protobuf, or cyclic.</summary>
    /// <exception cref="MessageMappingException"><paramref name="depth"/> is above <see cref="MaxDepth"/>.</exception>
    public static void CheckDepth(int depth, string type)
    {
        if (depth > MaxDepth)
        {
            throw new MessageMappingException("A " + type + " is nested more than 100 data types deep, or its object graph has a cycle: a protobuf message is a tree of at most 100 levels.");
        }
    }

    /// <summary>
    /// The checks at the top of a data type's mapper without known derived types: <see cref="CheckDepth"/>, and the value
    /// of exactly <typeparamref name="T"/>, as WCF's serializer writes only the declared type or a known type.
    /// </summary>
    /// <exception cref="MessageMappingException">Too deep, or <paramref name="value"/> is of a derived type.</exception>
    public static void CheckType<T>(T value, int depth, string type)
        where T : class
    {
        ArgumentNullException.ThrowIfNull(value);
        CheckDepth(depth, type);
        if (value.GetType() != typeof(T))
        {
            throw UnknownType(value.GetType(), type);
        }
    }

    /// <summary>A null where the proto form has no null: the source declares the value never null, or it is an element of a list or a dictionary value.</summary>
    public static MessageMappingException NotCarried(string where)
        => new(Sentence(where) + " is null, which its proto form cannot carry (a list element, a dictionary value, or a value declared never null).");

    /// <summary>A message field the C# side needs is not set.</summary>
    public static MessageMappingException NotSet(string where)
        => new(Sentence(where) + " is not set, and the C# value it maps to is never null.");

    /// <summary>A value whose type is not the declared one nor one of its known types (WCF's serializer refuses it too).</summary>
    public static MessageMappingException UnknownType(System.Type type, string declared)
    {
        ArgumentNullException.ThrowIfNull(type);
        return new("A " + type.FullName + " is not a " + declared + " nor one of its known types ([KnownType]); it has no proto form.");
    }

    /// <summary>A message of an abstract type without the subtype case that carries its value.</summary>
    public static MessageMappingException NoSubtype(string type)
        => new("The message of the abstract " + type + " has no subtype case set, so no value can be made from it.");

    /// <summary>A value of a type without proto form (a bytes placeholder): only its default (null) travels, as empty bytes.</summary>
    /// <exception cref="MessageMappingException"><paramref name="value"/> is not the default.</exception>
    public static ByteString FromUnsupported<T>(T value, string where)
        => EqualityComparer<T>.Default.Equals(value, default!)
            ? ByteString.Empty
            : throw new MessageMappingException(Sentence(where) + " is of a type without a proto form (see the migrate-wcf findings); only its default value can travel.");

    /// <summary>The value of a bytes placeholder: empty bytes are the default (null).</summary>
    /// <exception cref="MessageMappingException">The bytes are not empty.</exception>
    public static T ToUnsupported<T>(ByteString? value, string where)
        => value is null || value.IsEmpty
            ? default!
            : throw new MessageMappingException(Sentence(where) + " holds bytes for a type without a proto form; they cannot be read.");

    /// <summary>A collection type generated code cannot build (no accessible parameterless constructor or Add).</summary>
    /// <exception cref="MessageMappingException">Always.</exception>
    public static T CannotBuild<T>(string where)
        => throw new MessageMappingException(Sentence(where) + " is a " + typeof(T).FullName + ", which has no accessible parameterless constructor and Add method to build it with.");

    /// <summary>A member without a getter.</summary>
    /// <exception cref="MessageMappingException">Always.</exception>
    public static T CannotRead<T>(string where)
        => throw new MessageMappingException(Sentence(where) + " has no getter to read it with.");

    /// <summary>A member without a setter or backing field (WCF's serializer cannot write it either).</summary>
    /// <exception cref="MessageMappingException">Always.</exception>
    public static void CannotWrite(string where)
        => throw new MessageMappingException(Sentence(where) + " has no setter or field to write it with.");

    /// <summary>A Timestamp of the instant whose ticks (since 0001-01-01, read as UTC) are <paramref name="ticks"/>.</summary>
    private static Timestamp ToTimestamp(long ticks)
    {
        long sinceEpoch = ticks - UnixEpochTicks;
        long seconds = sinceEpoch / TimeSpan.TicksPerSecond;
        long remainder = sinceEpoch % TimeSpan.TicksPerSecond;
        if (remainder < 0)
        {
            // Timestamp's nanos count forward from the second before.
            seconds--;
            remainder += TimeSpan.TicksPerSecond;
        }

        return new Timestamp { Seconds = seconds, Nanos = (int)remainder * NanosPerTick };
    }

    /// <summary>The ticks (since 0001-01-01) of a Timestamp's instant; nanoseconds below a tick are dropped, as Timestamp.ToDateTime does.</summary>
    private static long Ticks(Timestamp? timestamp, string message)
    {
        long seconds = timestamp?.Seconds ?? 0;
        int nanos = timestamp?.Nanos ?? 0;
        if (nanos < 0 || nanos > 999999999 || seconds < MinTimestampSeconds || seconds > MaxTimestampSeconds)
        {
            throw new MessageMappingException(message + " holds an instant outside System.DateTime's range (or nanos outside 0 to 999,999,999).");
        }

        return UnixEpochTicks + (seconds * TimeSpan.TicksPerSecond) + (nanos / NanosPerTick);
    }

    /// <summary>A description of a value as the start of a sentence.</summary>
    private static string Sentence(string where)
        => where.Length == 0 ? where : char.ToUpperInvariant(where[0]) + where[1..];
}
