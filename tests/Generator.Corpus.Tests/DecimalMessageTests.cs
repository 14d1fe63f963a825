using System.Globalization;
using Google.Protobuf;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Generator.Emit;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Runtime.Mapping;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// <c>migrate_wcf/common.proto</c> as the engine emits it (docs/decimal.md): the same bytes as the file
/// MigrateWcf.Runtime compiles, and a Python client (python3-protobuf, protoc 3.21) built from it reads and writes the
/// bytes of the runtime's <c>migrate_wcf.Decimal</c> conversion with <c>decimal.Decimal</c>. The conversion itself is
/// tested in tests/Runtime.Tests (Mapping/DecimalConversionTests.cs).
/// </summary>
public sealed class DecimalMessageTests(DecimalMessageTests.PythonClient python) : IClassFixture<DecimalMessageTests.PythonClient>
{
    private const string SampleText = "1049382767.77493827065";

    // The bytes docs/decimal.md shows: coefficient 104938276777493827065 = 5 * 2^64 + 0xB04FA6BE08248DF9, scale 11.
    private const string SampleWire = "09f98d2408bea64fb0" + "1505000000" + "180b";

    // -1234.5600: coefficient 12345600 (0xBC6100), scale 4, negative.
    private const string NegativeWithTrailingZerosWire = "090061bc0000000000" + "1804" + "2001";

    [Fact]
    public void EmittedCommonProto_IsTheFileTheRuntimeCompiles()
    {
        Assert.Equal(File.ReadAllText(TestEnvironment.RuntimeCommonProto), python.CommonProto.Content);
        Assert.Equal(ProtoEmitter.Emit(CommonTypes.File), python.CommonProto.Content);
    }

    [Theory]
    [InlineData(SampleWire, SampleText)]
    [InlineData(NegativeWithTrailingZerosWire, "-1234.5600")]
    public void Python_ReadsTheBytesWrittenByCSharp(string wire, string expected)
    {
        var (exitCode, output) = python.Run("decode", wire);

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
        var expected = decimal.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);

        var (encodeExit, encoded) = python.Run("encode", text);
        Assert.True(encodeExit == 0, encoded);
        var wire = encoded.Trim();

        // Both protobuf runtimes write the same bytes for the same value, and C# decodes them to the same bits.
        Assert.Equal(Hex(Write(expected)), wire);
        Assert.Equal(decimal.GetBits(expected), decimal.GetBits(Read(Convert.FromHexString(wire))));

        var (decodeExit, decoded) = python.Run("decode", Hex(Write(expected)));
        Assert.True(decodeExit == 0, decoded);
        Assert.Equal(text, decoded.Trim());
    }

    [Fact]
    public void Python_WritesAPositiveExponentAsAScaleOfZero()
    {
        var (exitCode, wire) = python.Run("encode", "1.5E+3");

        Assert.True(exitCode == 0, wire);
        Assert.Equal("1500", Read(Convert.FromHexString(wire.Trim())).ToString(CultureInfo.InvariantCulture));
    }

    [Theory]
    [InlineData("encode", "1E-29", "rejected: 1E-29 has 29 digits after the point; System.Decimal holds at most 28")]
    [InlineData("encode", "79228162514264337593543950336", "rejected: 79228162514264337593543950336 needs a coefficient of 2^96 or more")]
    [InlineData("encode", "NaN", "rejected: NaN is not a finite number")]
    public void Python_RejectsWhatNoSystemDecimalHolds(string command, string argument, string message)
    {
        var (exitCode, output) = python.Run(command, argument);

        Assert.Equal(1, exitCode);
        Assert.Equal(message, output.Trim());
    }

    [Fact]
    public void Python_RejectsAScaleAbove28()
    {
        var wire = Hex(new MigrateWcf.Grpc.Decimal { CoefficientLow = 1, Scale = 29 }.ToByteArray());

        var (exitCode, output) = python.Run("decode", wire);

        Assert.Equal(1, exitCode);
        Assert.Equal("rejected: scale 29 is above 28", output.Trim());
    }

    private static byte[] Write(decimal value) => CommonTypeConversions.ToMessage(value).ToByteArray();

    private static decimal Read(byte[] wire) => CommonTypeConversions.ToDecimal(MigrateWcf.Grpc.Decimal.Parser.ParseFrom(wire));

    private static string Hex(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();

    /// <summary>The engine's common.proto, written to a temporary folder for the Python client; removed at the end.</summary>
    public sealed class PythonClient : IDisposable
    {
        private readonly string _work;
        private readonly string _protoRoot;

        public PythonClient()
        {
            // common.proto exactly as the engine emits it for a contract that uses decimal.
            var compilation = MigrateWcf.Tests.Shared.WcfTestCompilation.Create(
                [("Prices.cs", "using System.ServiceModel; [ServiceContract] public interface IPrices { [OperationContract] decimal Total(decimal net, decimal rate); }")],
                assemblyName: "DecimalCheck.Contracts");
            CommonProto = EngineRun.Run(compilation).ProtoFiles.Single(f => f.RelativePath == ProtoMapper.CommonFile);

            _work = Directory.CreateTempSubdirectory("decimal-message-").FullName;
            _protoRoot = Path.Combine(_work, "protos");
            var protoPath = Path.Combine(_protoRoot, CommonProto.RelativePath);
            Directory.CreateDirectory(Path.GetDirectoryName(protoPath)!);
            File.WriteAllText(protoPath, CommonProto.Content);
        }

        public GeneratedFile CommonProto { get; }

        /// <summary>Runs tests/Generator.Corpus.Tests/Python/decimal_message.py on the emitted common.proto.</summary>
        public (int ExitCode, string Output) Run(string command, string argument)
            => Protoc.RunProcess("/usr/bin/python3", [TestEnvironment.DecimalPythonScript, _protoRoot, Protoc.WellKnownIncludes, command, argument], _work);

        public void Dispose() => Directory.Delete(_work, recursive: true);
    }
}
