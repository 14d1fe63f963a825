using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// Messages for .NET values with no exact well-known type, defined once in <c>migrate_wcf/common.proto</c> and imported
/// wherever used; their shapes are part of the generated contract. MigrateWcf.Runtime compiles the same file
/// (runtime/Protos, byte for byte what this emits: a test compares them) and converts the messages
/// (runtime/Mapping/CommonTypeConversions.cs, which reads the fields by the names protoc gives them).
/// </summary>
internal static class CommonTypes
{
    // Every System.Decimal exactly, as decimal.GetBits holds it: a 96-bit unsigned coefficient, a scale and a sign
    // (docs/decimal.md). Fixed-width integers, not text, so no reader parses or rounds; fixed32 makes a coefficient of
    // 2^96 or more impossible to send.
    private static readonly ProtoMessage Decimal = new(
        "Decimal",
        "System.Decimal, exactly. The value is coefficient / 10^scale, negated when negative is true, where coefficient is the unsigned 96-bit integer coefficient_high * 2^64 + coefficient_low. The scale keeps trailing zeros (1.0 and 1.00 differ); negative with a zero coefficient is negative zero. Readers reject a scale above 28. Writers send a coefficient below 2^96 and a scale of 0 to 28 (a positive exponent is multiplied into the coefficient: 1E+3 is 1000, scale 0).",
        new[]
        {
            new ProtoField("coefficient_low", "fixed64", 1, ProtoLabel.None, "Bits 0-63 of the coefficient."),
            new ProtoField("coefficient_high", "fixed32", 2, ProtoLabel.None, "Bits 64-95 of the coefficient (32 bits, so the coefficient stays below 2^96)."),
            new ProtoField("scale", "uint32", 3, ProtoLabel.None, "Digits after the decimal point, 0 to 28: the coefficient is divided by 10^scale."),
            new ProtoField("negative", "bool", 4, ProtoLabel.None, "The sign: true for a negative value, and for negative zero (-0, -0.00)."),
        }.ToEquatableArray(),
        EquatableArray<ProtoOneof>.Empty,
        EquatableArray<int>.Empty,
        EquatableArray<string>.Empty);

    private static readonly ProtoMessage DateTime = new(
        "DateTime",
        "System.DateTime with its Kind. value holds the DateTime's ticks read as UTC without time-zone conversion, so every Kind round-trips exactly.",
        new[]
        {
            new ProtoField("value", "google.protobuf.Timestamp", 1, ProtoLabel.None, null),
            new ProtoField("kind", "DateTimeKind", 2, ProtoLabel.None, null),
        }.ToEquatableArray(),
        EquatableArray<ProtoOneof>.Empty,
        EquatableArray<int>.Empty,
        EquatableArray<string>.Empty);

    private static readonly ProtoEnum DateTimeKind = new(
        "DateTimeKind",
        "System.DateTimeKind, same numbers.",
        new[]
        {
            new ProtoEnumValue("DATE_TIME_KIND_UNSPECIFIED", 0, null),
            new ProtoEnumValue("DATE_TIME_KIND_UTC", 1, null),
            new ProtoEnumValue("DATE_TIME_KIND_LOCAL", 2, null),
        }.ToEquatableArray(),
        false);

    private static readonly ProtoMessage DateTimeOffset = new(
        "DateTimeOffset",
        "System.DateTimeOffset: the UTC instant and the offset from UTC in minutes.",
        new[]
        {
            new ProtoField("utc", "google.protobuf.Timestamp", 1, ProtoLabel.None, null),
            new ProtoField("offset_minutes", "sint32", 2, ProtoLabel.None, null),
        }.ToEquatableArray(),
        EquatableArray<ProtoOneof>.Empty,
        EquatableArray<int>.Empty,
        EquatableArray<string>.Empty);

    public static ProtoFile File { get; } = new(
        ProtoMapper.CommonFile,
        ProtoMapper.CommonPackage,
        "MigrateWcf.Grpc",
        ".NET value types shared by every migrated contract",
        new[] { "google/protobuf/timestamp.proto" }.ToEquatableArray(),
        new[]
        {
            new ProtoDefinition(DateTime, null),
            new ProtoDefinition(null, DateTimeKind),
            new ProtoDefinition(DateTimeOffset, null),
            new ProtoDefinition(Decimal, null),
        }.ToEquatableArray(),
        EquatableArray<ProtoService>.Empty);
}
