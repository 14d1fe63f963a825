namespace MigrateWcf.Generator.Emit;

/// <summary>
/// The MigrateWcf.Runtime types every generated mapper calls (runtime/Mapping): <c>CommonTypeConversions</c>, the
/// conversions of common .NET values (the messages of <c>migrate_wcf/common.proto</c>, which the runtime compiles,
/// <c>TimeSpan</c>, <c>char</c>, <c>Guid</c>) and the mappers' errors, and <c>MessageMappingException</c>, the error.
/// </summary>
internal static class RuntimeMapping
{
    /// <summary>The runtime namespace of both.</summary>
    public const string Namespace = "MigrateWcf.Runtime.Mapping";

    /// <summary>The static class of the conversions.</summary>
    public const string ClassName = "CommonTypeConversions";

    /// <summary>The class as generated code names it.</summary>
    public const string Class = "global::" + Namespace + "." + ClassName;

    /// <summary>The exception every generated mapper throws for a value it cannot convert, as generated code names it.</summary>
    public const string Exception = "global::" + Namespace + ".MessageMappingException";
}
