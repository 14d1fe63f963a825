using System.Globalization;
using System.Reflection;
using System.Runtime.Loader;
using FsCheck;
using FsCheck.Fluent;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Generator.Emit;
using MigrateWcf.Generator.Mapping;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// <c>migrate_wcf.Decimal</c> end to end (docs/decimal.md): the engine's <c>common.proto</c> goes through Grpc.Tools'
/// protoc, the engine's C# conversion is compiled beside protoc's C# with warnings as errors, loaded and run. Every
/// System.Decimal survives conversion, serialization, parsing and conversion back with the same <c>decimal.GetBits</c>;
/// a Python client (python3-protobuf, protoc 3.21) reads and writes the same bytes with <c>decimal.Decimal</c>.
/// </summary>
public sealed class DecimalMessageTests(DecimalMessageTests.Codecs codecs) : IClassFixture<DecimalMessageTests.Codecs>
{
    private const string SampleText = "1049382767.77493827065";
    private const decimal Sample = 1049382767.77493827065m;

    // The bytes docs/decimal.md shows: coefficient 104938276777493827065 = 5 * 2^64 + 0xB04FA6BE08248DF9, scale 11.
    private const string SampleWire = "09f98d2408bea64fb0" + "1505000000" + "180b";

    // -1234.5600: coefficient 12345600 (0xBC6100), scale 4, negative.
    private const string NegativeWithTrailingZerosWire = "090061bc0000000000" + "1804" + "2001";

    public static TheoryData<string> Variants => new(Codecs.Modern, Codecs.Legacy);

    [Theory]
    [MemberData(nameof(Variants))]
    public void RandomDecimals_OfEveryScaleAndSign_RoundTripWithTheSameBits(string variant)
    {
        var codec = codecs[variant];
        var checkedCases = 0;
        var property = Prop.ForAll(AnyDecimal.ToArbitrary(), value =>
        {
            checkedCases++;
            AssertSameBits(value, codec.Read(codec.Write(value)));
        });

        Check.One(Config.QuickThrowOnFailure.WithMaxTest(10_000), property);

        Assert.Equal(10_000, checkedCases);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void EdgeValues_RoundTripWithTheSameBitsAndText(string variant)
    {
        var codec = codecs[variant];
        decimal[] values =
        [
            decimal.MinValue, decimal.MaxValue, 0m, 0.00m, Sample, -Sample, -1234.5600m, 1m, 1.0m, 1.00m, decimal.MinusOne,
            0.0000000000000000000000000001m, -0.0000000000000000000000000001m, 7.9228162514264337593543950335m,
            new decimal(-1, -1, -1, true, 28), new decimal(0, 0, 1, false, 0), ulong.MaxValue, (decimal)ulong.MaxValue + 1,
        ];
        foreach (var value in values)
        {
            var back = codec.Read(codec.Write(value));
            AssertSameBits(value, back);
            Assert.Equal(value.ToString(CultureInfo.InvariantCulture), back.ToString(CultureInfo.InvariantCulture));
        }
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void ZeroOfEveryScale_KeepsItsScaleAndItsSign(string variant)
    {
        var codec = codecs[variant];
        for (byte scale = 0; scale <= 28; scale++)
        {
            foreach (var negative in new[] { false, true })
            {
                foreach (var (lo, mid, hi) in new[] { (0, 0, 0), (1, 0, 0), (-1, -1, -1) })
                {
                    var value = new decimal(lo, mid, hi, negative, scale);
                    AssertSameBits(value, codec.Read(codec.Write(value)));
                }
            }
        }

        // 0m and 0.00m are equal numbers with different bits and text; both survive, and -0.00 keeps its sign bit.
        Assert.Equal("0.00", codec.Read(codec.Write(0.00m)).ToString(CultureInfo.InvariantCulture));
        Assert.Equal("0", codec.Read(codec.Write(0m)).ToString(CultureInfo.InvariantCulture));
        Assert.NotEqual(Hex(codec.Write(0m)), Hex(codec.Write(0.00m)));
        var negativeZero = new decimal(0, 0, 0, true, 2);
        Assert.Equal(unchecked((int)0x80020000), decimal.GetBits(codec.Read(codec.Write(negativeZero)))[3]);
    }

    [Fact]
    public void SampleValue_HasTheDocumentedBytes()
    {
        var codec = codecs[Codecs.Modern];

        Assert.Equal(SampleWire, Hex(codec.Write(Sample)));
        Assert.Equal(NegativeWithTrailingZerosWire, Hex(codec.Write(-1234.5600m)));
        Assert.Equal(string.Empty, Hex(codec.Write(0m)));
        Assert.Equal(SampleText, codec.Read(Convert.FromHexString(SampleWire)).ToString(CultureInfo.InvariantCulture));
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void ScaleAbove28_IsRejectedWithOverflowException(string variant)
    {
        var codec = codecs[variant];
        foreach (var scale in new uint[] { 29, 255, 256 + 2, uint.MaxValue })
        {
            var wire = codec.Fields(12345, 0, scale, false);

            var error = Assert.Throws<OverflowException>(() => codec.Read(wire));

            Assert.Equal($"migrate_wcf.Decimal has scale {scale}; System.Decimal holds 0 to 28 digits after the point.", error.Message);
        }

        // The largest coefficient with the largest scale is fine: every 32-bit high part is a valid System.Decimal.
        Assert.Equal(new decimal(-1, -1, -1, true, 28), codec.Read(codec.Fields(ulong.MaxValue, uint.MaxValue, 28, true)));
    }

    [Fact]
    public void NullMessage_IsRejectedWithArgumentNullException()
    {
        var error = Assert.Throws<ArgumentNullException>(() => codecs[Codecs.Modern].ReadNull());

        Assert.Equal("message", error.ParamName);
    }

    [Fact]
    public void ToDecimalAllocatesNothing_AndToMessageAllocatesOnlyTheMessage()
    {
        var codec = codecs[Codecs.Modern];
        const int Calls = 1_000;

        Assert.Equal(0, codec.ToDecimalAllocations(Convert.FromHexString(SampleWire), Calls));
        Assert.Equal(codec.MessageAllocations(Calls), codec.ToMessageAllocations(Sample, Calls));
    }

    [Fact]
    public void EmittedConversion_IsDeterministicAndUsesCommonProtosNamespace()
    {
        var text = CommonTypesCSharp.Emit();

        Assert.Equal(text, CommonTypesCSharp.Emit());
        Assert.StartsWith("// <auto-generated/>\n", text);
        Assert.DoesNotContain("\r", text);
        Assert.Contains("namespace " + CommonTypes.File.CSharpNamespace + "\n", text);
        Assert.Contains("#nullable enable", text);
    }

    [Theory]
    [InlineData(SampleWire, SampleText)]
    [InlineData(NegativeWithTrailingZerosWire, "-1234.5600")]
    public void Python_ReadsTheBytesWrittenByCSharp(string wire, string expected)
    {
        var (exitCode, output) = codecs.Python("decode", wire);

        Assert.True(exitCode == 0, output);
        Assert.Equal(expected, output.Trim());
    }

    [Theory]
    [InlineData(SampleText)]
    [InlineData("-1234.5600")]
    [InlineData("0.00")]
    [InlineData("-0.00")]
    [InlineData("-0")]
    [InlineData("79228162514264337593543950335")]
    [InlineData("-79228162514264337593543950335")]
    [InlineData("0.0000000000000000000000000001")]
    [InlineData("-7.9228162514264337593543950335")]
    public void Python_WritesBytesThatCSharpReadsExactly_AndReadsThemBack(string text)
    {
        var codec = codecs[Codecs.Modern];
        var expected = decimal.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);

        var (encodeExit, encoded) = codecs.Python("encode", text);
        Assert.True(encodeExit == 0, encoded);
        var wire = encoded.Trim();

        // Both protobuf runtimes write the same bytes for the same value, and C# decodes them to the same bits.
        Assert.Equal(Hex(codec.Write(expected)), wire);
        AssertSameBits(expected, codec.Read(Convert.FromHexString(wire)));

        var (decodeExit, decoded) = codecs.Python("decode", Hex(codec.Write(expected)));
        Assert.True(decodeExit == 0, decoded);
        Assert.Equal(text, decoded.Trim());
    }

    [Fact]
    public void Python_WritesAPositiveExponentAsAScaleOfZero()
    {
        var (exitCode, wire) = codecs.Python("encode", "1.5E+3");

        Assert.True(exitCode == 0, wire);
        Assert.Equal("1500", codecs[Codecs.Modern].Read(Convert.FromHexString(wire.Trim())).ToString(CultureInfo.InvariantCulture));
    }

    [Theory]
    [InlineData("encode", "1E-29", "rejected: 1E-29 has 29 digits after the point; System.Decimal holds at most 28")]
    [InlineData("encode", "79228162514264337593543950336", "rejected: 79228162514264337593543950336 needs a coefficient of 2^96 or more")]
    [InlineData("encode", "NaN", "rejected: NaN is not a finite number")]
    public void Python_RejectsWhatNoSystemDecimalHolds(string command, string argument, string message)
    {
        var (exitCode, output) = codecs.Python(command, argument);

        Assert.Equal(1, exitCode);
        Assert.Equal(message, output.Trim());
    }

    [Fact]
    public void Python_RejectsAScaleAbove28()
    {
        var wire = Hex(codecs[Codecs.Modern].Fields(1, 0, 29, false));

        var (exitCode, output) = codecs.Python("decode", wire);

        Assert.Equal(1, exitCode);
        Assert.Equal("rejected: scale 29 is above 28", output.Trim());
    }

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

    private static decimal MakeDecimal(UInt128 coefficient, byte scale, bool negative)
        => new(unchecked((int)(uint)coefficient), unchecked((int)(uint)(coefficient >> 32)), unchecked((int)(uint)(coefficient >> 64)), negative, scale);

    private static void AssertSameBits(decimal expected, decimal actual)
        => Assert.Equal(decimal.GetBits(expected), decimal.GetBits(actual));

    private static string Hex(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();

    /// <summary>
    /// The engine's common.proto through protoc, compiled with the engine's C# conversion and a small driver, twice: as a
    /// .NET 5+ project (span-based GetBits) and as an older one (array-based), both with overflow checking on. Loaded
    /// into collectible contexts; unloaded at the end.
    /// </summary>
    public sealed class Codecs : IDisposable
    {
        public const string Modern = "net5.0 or later";
        public const string Legacy = "netstandard2.0";

        private readonly Dictionary<string, Codec> _codecs = new(StringComparer.Ordinal);
        private readonly List<AssemblyLoadContext> _contexts = [];
        private readonly string _work;
        private readonly string _protoRoot;

        public Codecs()
        {
            // common.proto exactly as the engine emits it for a contract that uses decimal.
            var compilation = MigrateWcf.Tests.Shared.WcfTestCompilation.Create(
                [("Prices.cs", "using System.ServiceModel; [ServiceContract] public interface IPrices { [OperationContract] decimal Total(decimal net, decimal rate); }")],
                assemblyName: "DecimalCheck.Contracts");
            var common = EngineRun.Run(compilation).ProtoFiles.Single(f => f.RelativePath == ProtoMapper.CommonFile);

            var protoc = Protoc.CompileToCSharp([common], fatalWarnings: true);
            Assert.True(protoc.ExitCode == 0, protoc.Output);
            var sources = protoc.CSharpFiles
                .Append((CommonTypesCSharp.FileName, CommonTypesCSharp.Emit()))
                .Append(("Driver.cs", DriverSource()))
                .ToList();

            foreach (var (variant, symbols) in new[] { (Modern, new[] { "NET5_0_OR_GREATER" }), (Legacy, Array.Empty<string>()) })
            {
                var (problems, image) = CSharpCheck.Compile(sources, "DecimalCheck", symbols, checkOverflow: true, documentation: true);
                Assert.True(problems.Count == 0, $"The emitted conversion does not compile cleanly ({variant}):\n{string.Join("\n", problems)}");
                var context = new AssemblyLoadContext("decimal-" + variant, isCollectible: true);
                _contexts.Add(context);
                _codecs[variant] = new Codec(context.LoadFromStream(new MemoryStream(image!)).GetType("DecimalCheck.Driver", throwOnError: true)!);
            }

            // Last, so a failure above leaves nothing behind: the Python client reads the .proto from here.
            _work = Directory.CreateTempSubdirectory("decimal-message-").FullName;
            _protoRoot = Path.Combine(_work, "protos");
            var protoPath = Path.Combine(_protoRoot, common.RelativePath);
            Directory.CreateDirectory(Path.GetDirectoryName(protoPath)!);
            File.WriteAllText(protoPath, common.Content);
        }

        public Codec this[string variant] => _codecs[variant];

        /// <summary>Runs tests/Generator.Corpus.Tests/Python/decimal_message.py on the emitted common.proto.</summary>
        public (int ExitCode, string Output) Python(string command, string argument)
            => Protoc.RunProcess("/usr/bin/python3", [TestEnvironment.DecimalPythonScript, _protoRoot, Protoc.WellKnownIncludes, command, argument], _work);

        public void Dispose()
        {
            foreach (var context in _contexts)
            {
                context.Unload();
            }

            Directory.Delete(_work, recursive: true);
        }

        private static string DriverSource()
        {
            var message = "global::" + CommonTypes.File.CSharpNamespace + ".Decimal";
            var conversions = "global::" + CommonTypes.File.CSharpNamespace + "." + CommonTypesCSharp.ClassName;
            return $$"""
                #nullable enable
                namespace DecimalCheck
                {
                    internal static class Driver
                    {
                        private static object? s_sink;

                        public static byte[] Write(decimal value) => global::Google.Protobuf.MessageExtensions.ToByteArray({{conversions}}.ToMessage(value));

                        public static decimal Read(byte[] wire) => {{conversions}}.ToDecimal({{message}}.Parser.ParseFrom(wire));

                        public static decimal ReadNull() => {{conversions}}.ToDecimal(null!);

                        public static byte[] Fields(ulong low, uint high, uint scale, bool negative)
                            => global::Google.Protobuf.MessageExtensions.ToByteArray(new {{message}} { CoefficientLow = low, CoefficientHigh = high, Scale = scale, Negative = negative });

                        public static long ToDecimalAllocations(byte[] wire, int calls)
                        {
                            var message = {{message}}.Parser.ParseFrom(wire);
                            decimal sum = {{conversions}}.ToDecimal(message);
                            long before = global::System.GC.GetAllocatedBytesForCurrentThread();
                            for (int i = 0; i < calls; i++)
                            {
                                sum += {{conversions}}.ToDecimal(message) * 0m;
                            }

                            long allocated = global::System.GC.GetAllocatedBytesForCurrentThread() - before;
                            s_sink = sum;
                            return allocated;
                        }

                        public static long ToMessageAllocations(decimal value, int calls)
                        {
                            s_sink = {{conversions}}.ToMessage(value);
                            long before = global::System.GC.GetAllocatedBytesForCurrentThread();
                            for (int i = 0; i < calls; i++)
                            {
                                s_sink = {{conversions}}.ToMessage(value);
                            }

                            return global::System.GC.GetAllocatedBytesForCurrentThread() - before;
                        }

                        public static long MessageAllocations(int calls)
                        {
                            s_sink = new {{message}}();
                            long before = global::System.GC.GetAllocatedBytesForCurrentThread();
                            for (int i = 0; i < calls; i++)
                            {
                                s_sink = new {{message}} { CoefficientLow = (ulong)i, Scale = 2 };
                            }

                            return global::System.GC.GetAllocatedBytesForCurrentThread() - before;
                        }
                    }
                }
                """;
        }
    }

    /// <summary>The driver's methods as delegates: exceptions reach the test unwrapped.</summary>
    public sealed class Codec(Type driver)
    {
        public Func<decimal, byte[]> Write { get; } = Method<Func<decimal, byte[]>>(driver, "Write");

        public Func<byte[], decimal> Read { get; } = Method<Func<byte[], decimal>>(driver, "Read");

        public Func<decimal> ReadNull { get; } = Method<Func<decimal>>(driver, "ReadNull");

        public Func<ulong, uint, uint, bool, byte[]> Fields { get; } = Method<Func<ulong, uint, uint, bool, byte[]>>(driver, "Fields");

        public Func<byte[], int, long> ToDecimalAllocations { get; } = Method<Func<byte[], int, long>>(driver, "ToDecimalAllocations");

        public Func<decimal, int, long> ToMessageAllocations { get; } = Method<Func<decimal, int, long>>(driver, "ToMessageAllocations");

        public Func<int, long> MessageAllocations { get; } = Method<Func<int, long>>(driver, "MessageAllocations");

        private static T Method<T>(Type type, string name)
            where T : Delegate
            => type.GetMethod(name, BindingFlags.Public | BindingFlags.Static)!.CreateDelegate<T>();
    }
}
