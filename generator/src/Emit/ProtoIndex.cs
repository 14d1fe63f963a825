using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Looks up the proto model by name for the C# emitters: a message or enum by proto full name (and as protoc's C#
/// class), the message or enum of a data type key, the file of a definition, the mapper class of a data type.
/// </summary>
internal sealed class ProtoIndex
{
    private const string WellKnownPackage = "google.protobuf";
    private const string WellKnownNamespace = "global::Google.Protobuf.WellKnownTypes";

    private readonly Dictionary<string, (ProtoFile File, ProtoMessage Message)> _messages = new(StringComparer.Ordinal);
    private readonly Dictionary<string, (ProtoFile File, ProtoEnum Enum)> _enums = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> _byTypeKey = new(StringComparer.Ordinal);
    private readonly Dictionary<string, string> _mapperClasses = new(StringComparer.Ordinal);
    private readonly Dictionary<string, DataTypeModel> _dataTypes;
    private readonly Dictionary<string, string> _fileNamespaces = new(StringComparer.Ordinal);
    private readonly HashSet<string> _declared = new(StringComparer.Ordinal);

    public ProtoIndex(ContractModel model, ImmutableArray<ProtoFile> files, CSharpPlan plan)
    {
        _dataTypes = model.DataTypes.ToDictionary(t => t.Key, StringComparer.Ordinal);
        var mappers = plan.Mappers.ToDictionary(m => m.ProtoFile, StringComparer.Ordinal);
        _declared.UnionWith(new[] { plan.HostingClass, plan.OptionsClass, plan.ClientFactoryClass, plan.FaultsClass, plan.AnyClass }.OfType<string>());
        _declared.UnionWith(plan.Mappers.Select(m => m.ClassName));
        foreach (var service in plan.Services)
        {
            _declared.UnionWith(new[] { service.Adapter, service.Adapter + "Accessors", service.Proxy, service.CallbackProxy, service.Choice?.Enum }.OfType<string>());
        }

        foreach (var file in files)
        {
            _fileNamespaces[file.Path] = file.CSharpNamespace;
            _declared.UnionWith(file.Definitions.Select(d => d.Name));
            _declared.UnionWith(file.Services.Select(s => s.Name));
            foreach (var definition in file.Definitions)
            {
                var fullName = file.Package + "." + definition.Name;
                if (definition.Message is { } message)
                {
                    _messages[fullName] = (file, message);
                    if (message.Origin is { Kind: MessageOriginKind.DataType, TypeKey: { } key })
                    {
                        _byTypeKey[key] = fullName;
                        if (mappers.TryGetValue(file.Path, out var mapper))
                        {
                            _mapperClasses[key] = "global::" + file.CSharpNamespace + "." + mapper.ClassName;
                        }
                    }
                }
                else if (definition.Enum is { } protoEnum)
                {
                    _enums[fullName] = (file, protoEnum);
                    if (protoEnum.TypeKey is { } key)
                    {
                        _byTypeKey[key] = fullName;
                    }
                }
            }
        }
    }

    /// <summary>Every type name generated code declares at namespace level (protoc's, Grpc.Tools' and ours), in any of the
    /// set's namespaces: an imported name equal to one of them stays qualified (<see cref="CSharpNames"/>).</summary>
    public IReadOnlyCollection<string> DeclaredTypeNames => _declared;

    /// <summary>The C# namespace of a .proto file's classes (its csharp_namespace).</summary>
    public string Namespace(string protoFilePath) => _fileNamespaces[protoFilePath];

    public (ProtoFile File, ProtoMessage Message) Message(string fullName) => _messages[fullName];

    /// <summary>protoc's C# class for a message or enum (well-known types included).</summary>
    public string Class(string fullName)
    {
        var dot = fullName.LastIndexOf('.');
        var package = fullName.Substring(0, dot);
        var name = fullName.Substring(dot + 1);
        if (package == WellKnownPackage)
        {
            return WellKnownNamespace + "." + name;
        }

        var file = _messages.TryGetValue(fullName, out var message) ? message.File : _enums[fullName].File;
        return "global::" + file.CSharpNamespace + "." + name;
    }

    /// <summary>The proto full name of a data type's message or an enum's proto enum.</summary>
    public string OfType(string typeKey) => _byTypeKey[typeKey];

    public ProtoEnum Enum(string fullName) => _enums[fullName].Enum;

    /// <summary>The mapper class holding ToMessage/FromMessage for a data type.</summary>
    public string MapperClass(string typeKey) => _mapperClasses[typeKey];

    public DataTypeModel DataType(string typeKey) => _dataTypes[typeKey];

    public bool TryDataType(string typeKey, out DataTypeModel type) => _dataTypes.TryGetValue(typeKey, out type!);

    /// <summary>Every data type with a message, by key (for Any).</summary>
    public IEnumerable<string> DataTypeKeys => _byTypeKey.Keys.Where(k => _messages.ContainsKey(_byTypeKey[k])).OrderBy(k => k, StringComparer.Ordinal);
}
