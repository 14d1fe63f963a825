// The <system.serviceModel> section of one .config file as plain values, each setting with its place, so the translation
// to the generated host's appsettings.json (Mapping/HostConfiguration.cs) can say where every setting went, or that it
// went nowhere.
namespace MigrateWcf.Generator.Model;

/// <summary>One attribute of the section, or an element with neither attributes nor child elements (<c>&lt;serviceMetadata /&gt;</c>).</summary>
/// <param name="Name">The path below its binding or behavior, '/'-separated: <c>maxReceivedMessageSize</c>,
/// <c>security/transport/clientCredentialType</c>, <c>readerQuotas/maxArrayLength</c>, <c>serviceMetadata</c>.</param>
/// <param name="Value">The attribute's value, trimmed; empty for an element.</param>
public sealed record ConfigurationSetting(string Name, string Value, SourcePosition Position)
{
    /// <summary>True for an element standing for itself (<c>&lt;serviceMetadata /&gt;</c>), false for an attribute.</summary>
    public bool IsElement { get; init; }
}

/// <summary>A service's or a client's <c>&lt;endpoint&gt;</c>; absent attributes are empty.</summary>
public sealed record ConfiguredEndpoint(string Name, string Address, string Binding, string BindingConfiguration, string Contract, SourcePosition Position)
{
    /// <summary>Where the <c>address</c> attribute is, or the element when it has none.</summary>
    public SourcePosition AddressPosition { get; init; } = Position;
}

/// <summary>A <c>&lt;service&gt;</c>: its endpoints and the base addresses of its <c>&lt;host&gt;</c>.</summary>
public sealed record ConfiguredService(string Name, string BehaviorConfiguration, EquatableArray<ConfiguredEndpoint> Endpoints, EquatableArray<ConfigurationSetting> BaseAddresses, SourcePosition Position);

/// <summary>A <c>&lt;binding&gt;</c> under <c>&lt;bindings&gt;&lt;{BindingType}&gt;</c>; every setting but its name.</summary>
public sealed record ConfiguredBinding(string BindingType, string Name, EquatableArray<ConfigurationSetting> Settings, SourcePosition Position);

/// <summary>A <c>&lt;behavior&gt;</c> under <c>&lt;serviceBehaviors&gt;</c> or <c>&lt;endpointBehaviors&gt;</c>; every setting but its name.</summary>
public sealed record ConfiguredBehavior(string Kind, string Name, EquatableArray<ConfigurationSetting> Settings, SourcePosition Position);

/// <summary>Every <c>&lt;system.serviceModel&gt;</c> section of one file, merged, in document order.</summary>
public sealed record ServiceModelConfiguration(
    string Path,
    EquatableArray<ConfiguredService> Services,
    EquatableArray<ConfiguredEndpoint> Clients,
    EquatableArray<ConfiguredBinding> Bindings,
    EquatableArray<ConfiguredBehavior> Behaviors);
