using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// The one place where every C#→proto decision is made (design.md, "What a contract becomes"): names, packages,
/// files, field types and numbers, streaming, callbacks, and the findings for everything that does not map cleanly.
/// Input is the contract model only; output is the proto model, findings and the updated lock file.
/// </summary>
internal sealed partial class ProtoMapper
{
    internal const string CommonPackage = "migrate_wcf";
    internal const string CommonFile = "migrate_wcf/common.proto";

    private readonly ContractModel _model;
    private readonly LockFile _lock;
    private readonly List<Finding> _findings;
    private readonly Dictionary<string, DataTypeModel> _types;
    private readonly Dictionary<string, TypeInfo> _typeInfo = new(StringComparer.Ordinal);
    private readonly NameScopes _names = new();

    // The C# namespace of each package that holds data types: that of most of its types (AssignTypeNames).
    private readonly Dictionary<string, string> _packageNamespaces = new(StringComparer.Ordinal);

    // Every definition by proto full name, with the proto full names it references (for imports).
    private readonly Dictionary<string, Placed> _definitions = new(StringComparer.Ordinal);
    private readonly Dictionary<(string Package, string Key), string> _wrappers = new();
    private HashSet<string>? _currentReferences;
    private bool _currentUnclean;

    private sealed class TypeInfo
    {
        public TypeInfo(DataTypeModel model, string package, string csharpNamespace)
        {
            Model = model;
            Package = package;
            CSharpNamespace = csharpNamespace;
        }

        public DataTypeModel Model { get; }
        public string Package { get; set; }
        public string CSharpNamespace { get; set; }
        public string Name { get; set; } = string.Empty;
        public string FullName => Package + "." + Name;
    }

    /// <summary>A definition and where it goes: a service file (by service key) or its package's shared types file.</summary>
    private sealed class Placed
    {
        public Placed(ProtoDefinition definition, string package, string csharpNamespace, string? serviceKey, HashSet<string> references)
        {
            Definition = definition;
            Package = package;
            CSharpNamespace = csharpNamespace;
            ServiceKey = serviceKey;
            References = references;
        }

        public ProtoDefinition Definition { get; }
        public string Package { get; }
        public string CSharpNamespace { get; }
        public string? ServiceKey { get; }
        public HashSet<string> References { get; }
    }

    private ProtoMapper(ContractModel model, LockFile lockFile, List<Finding> findings)
    {
        _model = model;
        _lock = lockFile;
        _findings = findings;
        _types = model.DataTypes.ToDictionary(t => t.Key, StringComparer.Ordinal);
    }

    public static MappingResult Map(ContractModel model, LockFile lockFile, List<Finding> findings)
        => new ProtoMapper(model, lockFile, findings).Run();

    private MappingResult Run()
    {
        AssignTypeNames();
        var services = _model.Services.Select(PlanService).ToList();

        // Mapping a type or a service is guarded like discovery: a bug met on one input costs that input, not the run.
        var cleanTypes = 0;
        foreach (var info in _typeInfo.Values.OrderBy(i => i.Model.Key, StringComparer.Ordinal))
        {
            try
            {
                if (MapDataType(info))
                {
                    cleanTypes++;
                }
            }
            catch (Exception ex) when (ex is not OperationCanceledException)
            {
                _currentReferences = null;
                _findings.Add(Finding.Create(FindingMessages.TypeMappingFailed, info.Model.Position, info.Model.Key, ex.GetType().Name, ex.Message));
            }
        }

        var cleanOperations = 0;
        var protoServices = new Dictionary<string, ProtoService>(StringComparer.Ordinal);
        foreach (var service in services.ToList())
        {
            try
            {
                protoServices[service.Model.Key] = MapService(service, ref cleanOperations);
            }
            catch (Exception ex) when (ex is not OperationCanceledException)
            {
                _currentReferences = null;
                services.Remove(service);
                foreach (var definition in service.Definitions)
                {
                    _definitions.Remove(service.Package + "." + definition.Name);
                }

                _findings.Add(Finding.Create(FindingMessages.ContractMappingFailed, service.Model.Position, service.Model.Key, ex.GetType().Name, ex.Message));
            }
        }

        MapBehaviors();
        MapHosting();

        var files = BuildFiles(services, protoServices);
        var operationCount = _model.Services.Sum(s => s.Operations.Count);
        return new MappingResult(
            files,
            new EngineSummary(_model.Services.Count, operationCount, _model.DataTypes.Count, cleanOperations, cleanTypes));
    }

    // ───────────────────────────── findings ─────────────────────────────

    private void Report(FindingMessage message, SourcePosition? position, params string[] arguments)
    {
        var finding = Finding.Create(message, position, arguments);
        if (finding.Severity != FindingSeverity.Info)
        {
            _currentUnclean = true;
        }

        _findings.Add(finding);
    }

    // ───────────────────────────── names ─────────────────────────────

    /// <summary>
    /// Names every data type before anything else, so names never depend on traversal order. Types whose names meet in
    /// a package (or in a C# namespace) are all qualified by their CLR namespace, whichever came first.
    /// </summary>
    private void AssignTypeNames()
    {
        foreach (var definition in CommonTypes.File.Definitions)
        {
            _names.Claim(definition.Name, CommonPackage, CommonTypes.File.CSharpNamespace);
        }

        foreach (var type in _model.DataTypes)
        {
            _typeInfo[type.Key] = new TypeInfo(type, Package(type.ContractNamespace, type.CSharpNamespace), ProtoNames.CSharpNamespace(type.CSharpNamespace));
        }

        MergePackageCycles();

        // One shared file per package, so one csharp_namespace per package: the one most of its types come from.
        foreach (var package in _typeInfo.Values.GroupBy(i => i.Package))
        {
            var csharpNamespace = package.GroupBy(i => i.CSharpNamespace)
                .OrderByDescending(g => g.Count()).ThenBy(g => g.Key, StringComparer.Ordinal).First().Key;
            foreach (var info in package)
            {
                info.CSharpNamespace = csharpNamespace;
            }

            _packageNamespaces[package.Key] = csharpNamespace;
        }

        var infos = _typeInfo.Values.OrderBy(i => i.Model.Key, StringComparer.Ordinal).ToList();
        var baseNames = infos.ToDictionary(i => i.Model.Key, i => BaseName(i.Model), StringComparer.Ordinal);
        // The types each type clashes with (same name in its package or C# namespace), for the finding's other places.
        var clashing = new Dictionary<string, List<TypeInfo>>(StringComparer.Ordinal);
        foreach (var group in infos.GroupBy(i => (i.Package, baseNames[i.Model.Key])).Concat(infos.GroupBy(i => (i.CSharpNamespace, baseNames[i.Model.Key]))))
        {
            var members = group.ToList();
            if (members.Count > 1)
            {
                foreach (var member in members)
                {
                    if (!clashing.TryGetValue(member.Model.Key, out var others))
                    {
                        clashing[member.Model.Key] = others = new List<TypeInfo>();
                    }

                    others.AddRange(members.Where(m => m != member && !others.Contains(m)));
                }
            }
        }

        foreach (var info in infos)
        {
            var baseName = baseNames[info.Model.Key];
            var candidate = baseName;
            if (clashing.ContainsKey(info.Model.Key))
            {
                var segments = info.Model.CSharpNamespace.Split('.').Where(s => s.Length > 0).ToList();
                candidate = ProtoNames.ToPascal((segments.Count > 0 ? segments[segments.Count - 1] : "Global") + baseName);
                if (!_names.IsFree(candidate, info.Package, info.CSharpNamespace))
                {
                    candidate = ProtoNames.ToPascal(string.Concat(segments) + baseName);
                }
            }

            info.Name = _names.Claim(candidate, info.Package, info.CSharpNamespace);
            if (info.Name != baseName)
            {
                var others = clashing.TryGetValue(info.Model.Key, out var clashes) ? clashes.Select(c => c.Model.Position) : Enumerable.Empty<SourcePosition?>();
                _findings.Add(Finding.Create(FindingMessages.NameCollision, info.Model.Position, info.Model.Key, info.Name, info.Package, baseName).WithAdditionalPositions(others));
            }
        }

        _currentUnclean = false;
    }

    /// <summary>
    /// Each package's types share one file, so types that refer to each other across packages (A.X → B.Y → A.Z) would
    /// make files import each other, which protoc rejects. The packages of such a cycle are merged into the first of
    /// them by name; name collisions that follow are resolved like any other.
    /// </summary>
    private void MergePackageCycles()
    {
        var edges = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
        foreach (var info in _typeInfo.Values)
        {
            if (!edges.TryGetValue(info.Package, out var targets))
            {
                edges[info.Package] = targets = new HashSet<string>(StringComparer.Ordinal);
            }

            // What the message will reference: its flattened members' types and its oneof cases.
            var referenced = new List<string>();
            foreach (var member in FlattenedMembers(info.Model))
            {
                CollectTypeKeys(member.Member.Type, referenced);
            }

            referenced.AddRange(KnownDescendants(info.Model.Key).Select(d => d.Model.Key));
            foreach (var key in referenced)
            {
                if (_typeInfo.TryGetValue(key, out var target) && target.Package != info.Package)
                {
                    targets.Add(target.Package);
                }
            }
        }

        foreach (var component in StronglyConnected(edges).Where(c => c.Count > 1))
        {
            var target = component.OrderBy(p => p, StringComparer.Ordinal).First();
            foreach (var info in _typeInfo.Values.Where(i => component.Contains(i.Package)))
            {
                info.Package = target;
            }
        }
    }

    private static void CollectTypeKeys(TypeRef type, List<string> keys)
    {
        if (type.Shape is TypeShape.DataType or TypeShape.Enum)
        {
            keys.Add(type.Key);
        }

        foreach (var argument in type.Arguments)
        {
            CollectTypeKeys(argument, keys);
        }
    }

    /// <summary>Tarjan's algorithm, iterating nodes in name order so the result is deterministic.</summary>
    private static List<HashSet<string>> StronglyConnected(Dictionary<string, HashSet<string>> edges)
    {
        var index = new Dictionary<string, int>(StringComparer.Ordinal);
        var low = new Dictionary<string, int>(StringComparer.Ordinal);
        var stack = new Stack<string>();
        var onStack = new HashSet<string>(StringComparer.Ordinal);
        var components = new List<HashSet<string>>();
        var counter = 0;

        void Visit(string node)
        {
            index[node] = low[node] = counter++;
            stack.Push(node);
            onStack.Add(node);
            foreach (var next in edges.TryGetValue(node, out var targets) ? targets.OrderBy(t => t, StringComparer.Ordinal) : Enumerable.Empty<string>())
            {
                if (!index.ContainsKey(next))
                {
                    Visit(next);
                    low[node] = Math.Min(low[node], low[next]);
                }
                else if (onStack.Contains(next))
                {
                    low[node] = Math.Min(low[node], index[next]);
                }
            }

            if (low[node] == index[node])
            {
                var component = new HashSet<string>(StringComparer.Ordinal);
                string member;
                do
                {
                    member = stack.Pop();
                    onStack.Remove(member);
                    component.Add(member);
                }
                while (member != node);
                components.Add(component);
            }
        }

        foreach (var node in edges.Keys.OrderBy(k => k, StringComparer.Ordinal))
        {
            if (!index.ContainsKey(node))
            {
                Visit(node);
            }
        }

        return components;
    }

    /// <summary>Readable proto name of a data type: DataContract name (with {0} placeholders filled) or the type name; closed generics read <c>PageOfOrder</c>.</summary>
    private string BaseName(DataTypeModel type)
    {
        var arguments = type.GenericArguments.Select(ReadableName).ToList();
        if (type.ContractName is { } contractName)
        {
            if (contractName.IndexOf('{') < 0)
            {
                return ProtoNames.ToPascal(contractName);
            }

            var filled = contractName.Replace("{#}", string.Empty);
            for (var i = 0; i < arguments.Count; i++)
            {
                filled = filled.Replace("{" + i.ToString(CultureInfo.InvariantCulture) + "}", arguments[i]);
            }

            return ProtoNames.ToPascal(filled);
        }

        var name = ProtoNames.ToPascal(type.ClrName);
        return arguments.Count == 0 ? name : name + "Of" + string.Join("And", arguments);
    }

    private string ReadableName(TypeRef type) => type.Shape switch
    {
        TypeShape.DataType or TypeShape.Enum when _types.TryGetValue(type.Key, out var model) => BaseName(model),
        TypeShape.Primitive => type.Key == "System.Byte[]" ? "Bytes" : ProtoNames.ToPascal(type.Key.Substring(type.Key.LastIndexOf('.') + 1)),
        TypeShape.Nullable => "Optional" + ReadableName(type.Arguments[0]),
        TypeShape.Collection => ReadableName(type.Arguments[0]) + "List",
        TypeShape.Dictionary => ReadableName(type.Arguments[0]) + "To" + ReadableName(type.Arguments[1]) + "Map",
        _ => ProtoNames.ToPascal(type.Display),
    };

    /// <summary>Names claimed per proto package and per C# namespace: protoc needs the first unique, the generated C# the second.</summary>
    private sealed class NameScopes
    {
        // (scope kind, scope, name): 'p' a proto package, 'c' a C# namespace, 'v' a package's enum values.
        private readonly HashSet<(char Kind, string Scope, string Name)> _claimed = new();

        public bool IsFree(string name, string package, string csharpNamespace)
            => !_claimed.Contains(('p', package, name)) && !_claimed.Contains(('c', csharpNamespace, name));

        public string Claim(string name, string package, string csharpNamespace)
        {
            var candidate = name;
            for (var i = 2; !IsFree(candidate, package, csharpNamespace); i++)
            {
                candidate = name + i.ToString(CultureInfo.InvariantCulture);
            }

            _claimed.Add(('p', package, candidate));
            _claimed.Add(('c', csharpNamespace, candidate));
            return candidate;
        }

        /// <summary>Enum values share their package's scope in proto; they are claimed with a marker so they never meet message names.</summary>
        public string ClaimEnumValue(string name, string package)
        {
            var candidate = name;
            for (var i = 2; _claimed.Contains(('v', package, candidate)); i++)
            {
                candidate = name + "_" + i.ToString(CultureInfo.InvariantCulture);
            }

            _claimed.Add(('v', package, candidate));
            return candidate;
        }
    }

    private readonly Dictionary<(string ContractNamespace, string ClrNamespace), string> _packages = new();

    /// <summary>The package of a contract namespace; a few namespaces serve thousands of types, so each is worked out once.</summary>
    private string Package(string contractNamespace, string clrNamespace)
    {
        if (!_packages.TryGetValue((contractNamespace, clrNamespace), out var package))
        {
            _packages[(contractNamespace, clrNamespace)] = package = ProtoNames.Package(contractNamespace, clrNamespace);
        }

        return package;
    }

    private string Reference(string package, string fullName)
    {
        _currentReferences?.Add(fullName);
        var dot = fullName.LastIndexOf('.');
        var targetPackage = fullName.Substring(0, dot);
        if (targetPackage == package)
        {
            return fullName.Substring(dot + 1);
        }

        // Well-known and common types read as usual; user packages never have a "google" or "migrate_wcf" segment
        // below the top (ProtoNames.Package), so these names cannot be captured by a nearer scope. Other packages get
        // a leading dot: protoc resolves a relative name in the nearest scope that has its first segment.
        return targetPackage is "google.protobuf" or CommonPackage ? fullName : "." + fullName;
    }

    private void Place(ProtoDefinition definition, string package, string csharpNamespace, string? serviceKey, HashSet<string> references)
        => _definitions[package + "." + definition.Name] = new Placed(definition, package, csharpNamespace, serviceKey, references);
}

internal sealed record MappingResult(ImmutableArray<ProtoFile> Files, EngineSummary Summary);
