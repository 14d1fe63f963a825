using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// Messages for .NET values with no exact well-known type, defined once in <c>migrate_wcf/common.proto</c> and imported
/// wherever used. The runtime's mappers convert them; their shapes are part of the generated contract.
/// </summary>
internal static class CommonTypes
{
    private static readonly ProtoMessage Decimal = new(
        "Decimal",
        "System.Decimal as units + nanos / 1e9 (units and nanos carry the same sign, |nanos| < 1e9). Exact for values with up to 9 fractional digits within ±9.2e18; the mappers reject values outside that range rather than round them.",
        new[]
        {
            new ProtoField("units", "int64", 1, ProtoLabel.None, "Whole units."),
            new ProtoField("nanos", "sfixed32", 2, ProtoLabel.None, "Billionths of a unit."),
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
