using FsCheck;
using FsCheck.Fluent;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using MigrateWcf.Runtime.Mapping;
using ProtoDateTime = MigrateWcf.Grpc.DateTime;
using ProtoDateTimeKind = MigrateWcf.Grpc.DateTimeKind;
using ProtoDateTimeOffset = MigrateWcf.Grpc.DateTimeOffset;

namespace MigrateWcf.Runtime.Tests.Mapping;

/// <summary>
/// <see cref="CommonTypeConversions"/> beyond decimal (DecimalConversionTests): DateTime with its Kind, DateTimeOffset,
/// TimeSpan, char, Guid and bytes round trip exactly through their messages' bytes, and what no .NET value holds is
/// refused with a <see cref="MessageMappingException"/> that says what and why.
/// </summary>
public sealed class CommonTypeConversionsTests
{
    private static readonly Gen<long> AnyTicks = Between(System.DateTime.MinValue.Ticks, System.DateTime.MaxValue.Ticks);

    private static Gen<ushort> Word => Gen.Choose(0, 0xFFFF).Select(word => (ushort)word);

    /// <summary>Any long from <paramref name="min"/> to <paramref name="max"/> (FsCheck's Choose stops at int).</summary>
    private static Gen<long> Between(long min, long max)
        => from w0 in Word
           from w1 in Word
           from w2 in Word
           from w3 in Word
           select (long)((Int128)min + (Int128)(((UInt128)w3 << 48 | (UInt128)w2 << 32 | (UInt128)w1 << 16 | w0) % ((UInt128)((Int128)max - min) + 1)));

    [Fact]
    public void RandomDateTimes_OfEveryKind_RoundTripWithTheSameTicksAndKind()
    {
        var values = from ticks in AnyTicks
                     from kind in Gen.Elements(DateTimeKind.Unspecified, DateTimeKind.Utc, DateTimeKind.Local)
                     select new System.DateTime(ticks, kind);

        Check.One(Config.QuickThrowOnFailure.WithMaxTest(2_000), Prop.ForAll(values.ToArbitrary(), value =>
        {
            var back = CommonTypeConversions.ToDateTime(ProtoDateTime.Parser.ParseFrom(CommonTypeConversions.ToMessage(value).ToByteArray()));
            Assert.Equal(value.Ticks, back.Ticks);
            Assert.Equal(value.Kind, back.Kind);
        }));
    }

    [Fact]
    public void DateTimeExtremes_RoundTrip_AndAnUnsetTimestampIsTheUnixEpoch()
    {
        foreach (var value in new[] { System.DateTime.MinValue, System.DateTime.MaxValue, System.DateTime.UnixEpoch.AddTicks(-1), new System.DateTime(1, 1, 1, 0, 0, 0, DateTimeKind.Local) })
        {
            var back = CommonTypeConversions.ToDateTime(CommonTypeConversions.ToMessage(value));
            Assert.Equal((value.Ticks, value.Kind), (back.Ticks, back.Kind));
        }

        Assert.Equal(System.DateTime.UnixEpoch.Ticks, CommonTypeConversions.ToDateTime(new ProtoDateTime()).Ticks);
    }

    [Fact]
    public void DateTime_WithAnUnknownKindOrOutsideDateTimesRange_IsRefused()
    {
        var kind = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToDateTime(new ProtoDateTime { Kind = (ProtoDateTimeKind)7 }));
        Assert.Equal("migrate_wcf.DateTime has kind 7, which is no System.DateTimeKind.", kind.Message);

        var maxSeconds = (System.DateTime.MaxValue.Ticks - System.DateTime.UnixEpoch.Ticks) / TimeSpan.TicksPerSecond;
        foreach (var timestamp in new[]
        {
            new Timestamp { Seconds = maxSeconds + 1 },
            new Timestamp { Seconds = -62135596801 },
            new Timestamp { Seconds = 0, Nanos = -1 },
            new Timestamp { Seconds = 0, Nanos = 1_000_000_000 },
        })
        {
            var range = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToDateTime(new ProtoDateTime { Value = timestamp }));
            Assert.Equal("migrate_wcf.DateTime holds an instant outside System.DateTime's range (or nanos outside 0 to 999,999,999).", range.Message);
        }
    }

    [Fact]
    public void RandomDateTimeOffsets_RoundTripWithTheSameInstantAndOffset()
    {
        var values = from ticks in Between(System.DateTime.MinValue.Ticks + TimeSpan.TicksPerDay, System.DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay)
                     from minutes in Gen.Choose(-14 * 60, 14 * 60)
                     select new System.DateTimeOffset(ticks, TimeSpan.FromMinutes(minutes));

        Check.One(Config.QuickThrowOnFailure.WithMaxTest(2_000), Prop.ForAll(values.ToArbitrary(), value =>
        {
            var back = CommonTypeConversions.ToDateTimeOffset(ProtoDateTimeOffset.Parser.ParseFrom(CommonTypeConversions.ToMessage(value).ToByteArray()));
            Assert.Equal((value.UtcTicks, value.Offset), (back.UtcTicks, back.Offset));
        }));
    }

    [Fact]
    public void DateTimeOffset_BeyondFourteenHoursOrOutsideItsRange_IsRefused()
    {
        var offset = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToDateTimeOffset(new ProtoDateTimeOffset { OffsetMinutes = 14 * 60 + 1 }));
        Assert.Equal("migrate_wcf.DateTimeOffset has an offset of 841 minutes; a DateTimeOffset's is at most 14 hours.", offset.Message);

        // The UTC instant is DateTime.MinValue, but the local time an hour earlier is before year 1.
        var early = CommonTypeConversions.ToMessage(new System.DateTimeOffset(System.DateTime.MinValue, TimeSpan.Zero));
        early.OffsetMinutes = -60;
        var range = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToDateTimeOffset(early));
        Assert.Equal("migrate_wcf.DateTimeOffset is outside System.DateTimeOffset's range.", range.Message);
    }

    [Fact]
    public void TimeSpans_RoundTripExactly_TheExtremesIncluded()
    {
        var values = Between(long.MinValue, long.MaxValue).Select(ticks => new TimeSpan(ticks));
        Check.One(Config.QuickThrowOnFailure.WithMaxTest(2_000), Prop.ForAll(values.ToArbitrary(), value =>
            Assert.Equal(value, CommonTypeConversions.ToTimeSpan(Duration.Parser.ParseFrom(CommonTypeConversions.ToDuration(value).ToByteArray())))));

        foreach (var value in new[] { TimeSpan.MaxValue, TimeSpan.MinValue, TimeSpan.Zero, new TimeSpan(-1), new TimeSpan(1) })
        {
            Assert.Equal(value, CommonTypeConversions.ToTimeSpan(CommonTypeConversions.ToDuration(value)));
        }

        // Nanoseconds take the value's sign, as Duration requires.
        Assert.Equal((-1L, -500_000_000), (CommonTypeConversions.ToDuration(TimeSpan.FromSeconds(-1.5)).Seconds, CommonTypeConversions.ToDuration(TimeSpan.FromSeconds(-1.5)).Nanos));
    }

    [Theory]
    [InlineData(1L, -1)]
    [InlineData(-1L, 1)]
    [InlineData(0L, 1_000_000_000)]
    [InlineData(0L, -1_000_000_000)]
    [InlineData(long.MaxValue / TimeSpan.TicksPerSecond + 1, 0)]
    [InlineData(long.MinValue / TimeSpan.TicksPerSecond - 1, 0)]
    public void Duration_OfMixedSignsOrBeyondTimeSpansRange_IsRefused(long seconds, int nanos)
    {
        var error = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToTimeSpan(new Duration { Seconds = seconds, Nanos = nanos }));

        Assert.Equal($"google.protobuf.Duration of {seconds} s and {nanos} ns is no System.TimeSpan.", error.Message);
    }

    [Fact]
    public void Chars_TravelAsOneCharacterStrings_AndALoneSurrogateOrALongerStringIsRefused()
    {
        Assert.Equal("é", CommonTypeConversions.ToString('é', "the letter"));
        Assert.Equal('é', CommonTypeConversions.ToChar("é", "the letter"));
        Assert.Equal('\0', CommonTypeConversions.ToChar(string.Empty, "the letter"));

        var surrogate = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToString('\uD800', "the letter"));
        Assert.Equal("The letter is a lone UTF-16 surrogate, which a proto string (UTF-8) cannot hold.", surrogate.Message);
        var longer = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToChar("ab", "the letter"));
        Assert.Equal("The letter holds \"ab\", not one character.", longer.Message);
    }

    [Fact]
    public void Guids_TravelInTheirCanonicalForm_AndAnythingElseIsRefused()
    {
        var id = Guid.NewGuid();

        Assert.Equal(id, CommonTypeConversions.ToGuid(id.ToString("D"), "the id"));
        Assert.Equal(Guid.Empty, CommonTypeConversions.ToGuid(string.Empty, "the id"));
        var error = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToGuid(id.ToString("N"), "the id"));
        Assert.Equal($"The id holds \"{id:N}\", which is not a Guid (format \"D\").", error.Message);
    }

    [Fact]
    public void ToBytes_KeepsTheArrayAParsedMessageOwns_AndCopiesASlice()
    {
        var parsed = BytesValue.Parser.ParseFrom(new BytesValue { Value = ByteString.CopyFrom(1, 2, 3) }.ToByteArray());
        Assert.True(System.Runtime.InteropServices.MemoryMarshal.TryGetArray(parsed.Value.Memory, out var owned));

        Assert.Same(owned.Array, CommonTypeConversions.ToBytes(parsed.Value));

        var buffer = new byte[] { 9, 9, 6, 7, 8, 9 };
        var slice = CommonTypeConversions.ToBytes(UnsafeByteOperations.UnsafeWrap(new ReadOnlyMemory<byte>(buffer, 2, 3)));
        Assert.Equal(new byte[] { 6, 7, 8 }, slice);
        Assert.NotSame(buffer, slice);
    }

    [Fact]
    public void CheckDepth_RefusesAGraphDeeperThanProtobufsLimit()
    {
        CommonTypeConversions.CheckDepth(CommonTypeConversions.MaxDepth, "Contoso.Node");

        var error = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.CheckDepth(CommonTypeConversions.MaxDepth + 1, "Contoso.Node"));
        Assert.Equal("A Contoso.Node is nested more than 100 data types deep, or its object graph has a cycle: a protobuf message is a tree of at most 100 levels.", error.Message);
    }

    [Fact]
    public void Placeholders_CarryOnlyTheDefaultValue()
    {
        Assert.Equal(ByteString.Empty, CommonTypeConversions.FromUnsupported<object?>(null, "the handle"));
        Assert.Null(CommonTypeConversions.ToUnsupported<object?>(ByteString.Empty, "the handle"));
        Assert.Null(CommonTypeConversions.ToUnsupported<object?>(null, "the handle"));

        var sent = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.FromUnsupported<object?>(new object(), "the handle"));
        Assert.StartsWith("The handle is of a type without a proto form", sent.Message, StringComparison.Ordinal);
        var received = Assert.Throws<MessageMappingException>(() => CommonTypeConversions.ToUnsupported<object?>(ByteString.CopyFrom(1), "the handle"));
        Assert.Equal("The handle holds bytes for a type without a proto form; they cannot be read.", received.Message);
    }

    [Fact]
    public void TheMappersErrors_NameTheValueAndWhy()
    {
        Assert.Equal("The detail is null, which its proto form cannot carry (a list element, a dictionary value, or a value declared never null).", CommonTypeConversions.NotCarried("the detail").Message);
        Assert.Equal("The result is not set, and the C# value it maps to is never null.", CommonTypeConversions.NotSet("the result").Message);
        Assert.Equal("A System.String is not a Contoso.Shape nor one of its known types ([KnownType]); it has no proto form.", CommonTypeConversions.UnknownType(typeof(string), "Contoso.Shape").Message);
        Assert.Equal("The message of the abstract Contoso.Shape has no subtype case set, so no value can be made from it.", CommonTypeConversions.NoSubtype("Contoso.Shape").Message);
        Assert.Equal("Contoso.Order.Total has no getter to read it with.", Assert.Throws<MessageMappingException>(() => CommonTypeConversions.CannotRead<int>("Contoso.Order.Total")).Message);
        Assert.Equal("Contoso.Order.Total has no setter or field to write it with.", Assert.Throws<MessageMappingException>(() => CommonTypeConversions.CannotWrite("Contoso.Order.Total")).Message);
        Assert.StartsWith("Contoso.Order.Lines is a System.Collections.Generic.IReadOnlyList`1", Assert.Throws<MessageMappingException>(() => CommonTypeConversions.CannotBuild<IReadOnlyList<int>>("Contoso.Order.Lines")).Message, StringComparison.Ordinal);
    }
}
