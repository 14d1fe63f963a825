using System.Globalization;
using FsCheck;
using FsCheck.Fluent;
using Google.Protobuf;
using MigrateWcf.Runtime.Mapping;
using ProtoDecimal = MigrateWcf.Grpc.Decimal;

namespace MigrateWcf.Runtime.Tests.Mapping;

/// <summary>
/// <c>System.Decimal</c> ↔ <c>migrate_wcf.Decimal</c> (docs/decimal.md) through <see cref="CommonTypeConversions"/> and
/// the bytes protobuf writes: every value comes back with the same <c>decimal.GetBits</c>; no scale above 28 is
/// accepted. (tests/Generator.Corpus.Tests/DecimalMessageTests has a Python client read and write the same bytes.)
/// </summary>
public sealed class DecimalConversionTests
{
    private const string SampleText = "1049382767.77493827065";
    private const decimal Sample = 1049382767.77493827065m;

    // The bytes docs/decimal.md shows: coefficient 104938276777493827065 = 5 * 2^64 + 0xB04FA6BE08248DF9, scale 11.
    private const string SampleWire = "09f98d2408bea64fb0" + "1505000000" + "180b";

    // -1234.5600: coefficient 12345600 (0xBC6100), scale 4, negative.
    private const string NegativeWithTrailingZerosWire = "090061bc0000000000" + "1804" + "2001";

    /// <summary>
    /// Any System.Decimal: a coefficient of 0 to 96 random bits (so small and full-width coefficients are both common),
    /// any scale 0-28, either sign (a zero coefficient with the sign is negative zero).
    /// </summary>
    private static readonly Gen<decimal> AnyDecimal =
        from width in Gen.Choose(0, 96)
        from w0 in Word
        from w1 in Word
        from w2 in Word
        from scale in Gen.Choose(0, 28)
        from negative in Gen.Elements(false, true)
        select MakeDecimal(((UInt128)w2 << 64 | (UInt128)w1 << 32 | w0) & ((UInt128.One << width) - 1), (byte)scale, negative);

    private static Gen<uint> Word =>
        from high in Gen.Choose(0, 0xFFFF)
        from low in Gen.Choose(0, 0xFFFF)
        select (uint)high << 16 | (uint)low;

    [Fact]
    public void RandomDecimals_OfEveryScaleAndSign_RoundTripWithTheSameBits()
    {
        var checkedCases = 0;
        var property = Prop.ForAll(AnyDecimal.ToArbitrary(), value =>
        {
            checkedCases++;
            AssertSameBits(value, Read(Write(value)));
        });

        Check.One(Config.QuickThrowOnFailure.WithMaxTest(10_000), property);

        Assert.Equal(10_000, checkedCases);
    }

    [Fact]
    public void EdgeValues_RoundTripWithTheSameBitsAndText()
    {
        decimal[] values =
        [
            decimal.MinValue, decimal.MaxValue, 0m, 0.00m, Sample, -Sample, -1234.5600m, 1m, 1.0m, 1.00m, decimal.MinusOne,
            0.0000000000000000000000000001m, -0.0000000000000000000000000001m, 7.9228162514264337593543950335m,
            new decimal(-1, -1, -1, true, 28), new decimal(0, 0, 1, false, 0), ulong.MaxValue, (decimal)ulong.MaxValue + 1,
        ];
        foreach (var value in values)
        {
            var back = Read(Write(value));
            AssertSameBits(value, back);
            Assert.Equal(value.ToString(CultureInfo.InvariantCulture), back.ToString(CultureInfo.InvariantCulture));
        }
    }

    [Fact]
    public void ZeroOfEveryScale_KeepsItsScaleAndItsSign()
    {
        for (byte scale = 0; scale <= 28; scale++)
        {
            foreach (var negative in new[] { false, true })
            {
                foreach (var (lo, mid, hi) in new[] { (0, 0, 0), (1, 0, 0), (-1, -1, -1) })
                {
                    var value = new decimal(lo, mid, hi, negative, scale);
                    AssertSameBits(value, Read(Write(value)));
                }
            }
        }

        // 0m and 0.00m are equal numbers with different bits and text; both survive, and -0.00 keeps its sign bit.
        Assert.Equal("0.00", Read(Write(0.00m)).ToString(CultureInfo.InvariantCulture));
        Assert.Equal("0", Read(Write(0m)).ToString(CultureInfo.InvariantCulture));
        Assert.NotEqual(Hex(Write(0m)), Hex(Write(0.00m)));
        var negativeZero = new decimal(0, 0, 0, true, 2);
        Assert.Equal(unchecked((int)0x80020000), decimal.GetBits(Read(Write(negativeZero)))[3]);
    }

    [Fact]
    public void SampleValue_HasTheDocumentedBytes()
    {
        Assert.Equal(SampleWire, Hex(Write(Sample)));
        Assert.Equal(NegativeWithTrailingZerosWire, Hex(Write(-1234.5600m)));
        Assert.Equal(string.Empty, Hex(Write(0m)));
        Assert.Equal(SampleText, Read(Convert.FromHexString(SampleWire)).ToString(CultureInfo.InvariantCulture));
    }

    [Fact]
    public void ScaleAbove28_IsRejectedWithOverflowException()
    {
        foreach (var scale in new uint[] { 29, 255, 256 + 2, uint.MaxValue })
        {
            var wire = Fields(12345, 0, scale, false);

            var error = Assert.Throws<OverflowException>(() => Read(wire));

            Assert.Equal($"migrate_wcf.Decimal has scale {scale}; System.Decimal holds 0 to 28 digits after the point.", error.Message);
        }

        // The largest coefficient with the largest scale is fine: every 32-bit high part is a valid System.Decimal.
        Assert.Equal(new decimal(-1, -1, -1, true, 28), Read(Fields(ulong.MaxValue, uint.MaxValue, 28, true)));
    }

    [Fact]
    public void NullMessage_IsRejectedWithArgumentNullException()
    {
        var error = Assert.Throws<ArgumentNullException>(() => CommonTypeConversions.ToDecimal(null!));

        Assert.Equal("message", error.ParamName);
    }

    [Fact]
    public void ToDecimalAllocatesNothing_AndToMessageAllocatesOnlyTheMessage()
    {
        const int Calls = 1_000;
        var message = ProtoDecimal.Parser.ParseFrom(Convert.FromHexString(SampleWire));
        decimal sum = CommonTypeConversions.ToDecimal(message);
        object sink = CommonTypeConversions.ToMessage(Sample);
        sink = new ProtoDecimal();

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Calls; i++)
        {
            sum += CommonTypeConversions.ToDecimal(message) * 0m;
        }

        long toDecimal = GC.GetAllocatedBytesForCurrentThread() - before;

        before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Calls; i++)
        {
            sink = CommonTypeConversions.ToMessage(Sample);
        }

        long toMessage = GC.GetAllocatedBytesForCurrentThread() - before;

        before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Calls; i++)
        {
            sink = new ProtoDecimal { CoefficientLow = (ulong)i, Scale = 2 };
        }

        long messagesAlone = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(0, toDecimal);
        Assert.Equal(messagesAlone, toMessage);
        GC.KeepAlive(sink);
        Assert.Equal(Sample, sum);
    }

    private static byte[] Write(decimal value) => CommonTypeConversions.ToMessage(value).ToByteArray();

    private static decimal Read(byte[] wire) => CommonTypeConversions.ToDecimal(ProtoDecimal.Parser.ParseFrom(wire));

    private static byte[] Fields(ulong low, uint high, uint scale, bool negative)
        => new ProtoDecimal { CoefficientLow = low, CoefficientHigh = high, Scale = scale, Negative = negative }.ToByteArray();

    private static decimal MakeDecimal(UInt128 coefficient, byte scale, bool negative)
        => new(unchecked((int)(uint)coefficient), unchecked((int)(uint)(coefficient >> 32)), unchecked((int)(uint)(coefficient >> 64)), negative, scale);

    private static void AssertSameBits(decimal expected, decimal actual)
        => Assert.Equal(decimal.GetBits(expected), decimal.GetBits(actual));

    private static string Hex(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();
}
