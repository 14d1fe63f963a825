using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// The one place where every C#→proto decision is made (docs/architecture.md, "What a contract becomes"): names, packages,
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
    private readonly ProjectQualifier? _qualifier;

    // The packages that carry the project's segment (EngineOptions.ProjectQualifier), as qualified.
    // (qualified package → the package without the project), so the lock file records names a sibling project's arrival
    // does not change.
    private readonly Dictionary<string, string> _qualifiedPackages = new(StringComparer.Ordinal);

    // The C# namespace of each package that holds data types: that of most of its types (AssignTypeNames).
    private readonly Dictionary<string, string> _packageNamespaces = new(StringComparer.Ordinal);

    // Every definition by proto full name, with the proto full names it references (for imports).
    private readonly Dictionary<string, Placed> _definitions = new(StringComparer.Ordinal);
    private readonly Dictionary<(string Package, string Key), string> _wrappers = new();

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

        /// <summary>The name from the C# source alone (<see cref="ProtoMapper.BaseName"/>).</summary>
        public string BaseName { get; set; } = string.Empty;

        /// <summary>Types with the same base name in this type's package or C# namespace.</summary>
        public List<TypeInfo> ClashesWith { get; } = new();

        public string Name { get; set; } = string.Empty;
        public bool NameFromLock { get; set; }
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

    private readonly CSharpOptions? _csharp;
    private readonly MappingParts _parts;

    private ProtoMapper(ContractModel model, LockFile lockFile, List<Finding> findings, ProjectQualifier? qualifier, CSharpOptions? csharp, MappingParts parts)
    {
        _model = model;
        _qualifier = qualifier;
        _lock = lockFile;
        _findings = findings;
        _csharp = csharp;
        _parts = parts;
        _types = model.DataTypes.ToDictionary(t => t.Key, StringComparer.Ordinal);
    }

    /// <param name="qualifier">The project to put into packages that would clash with another project's; null for none.</param>
    /// <param name="csharp">When set, the C# plan is made too (names claimed after every proto name, so proto output never depends on it).</param>
    public static MappingResult Map(ContractModel model, LockFile lockFile, List<Finding> findings, ProjectQualifier? qualifier = null, CSharpOptions? csharp = null)
        => new ProtoMapper(model, lockFile, findings, qualifier, csharp, MappingParts.All).Run();

    /// <summary>
    /// Maps only <paramref name="parts"/> of <paramref name="model"/>, for front ends that ask for the findings of one part
    /// (CompilationAnalysis): the decisions are the same as in a whole run, the parts left out are not made. Names are
    /// always assigned (every part needs them); <see cref="MappingParts.NameCollisions"/> says whether to report them.
    /// </summary>
    public static MappingResult Map(ContractModel model, LockFile lockFile, List<Finding> findings, MappingParts parts)
        => new ProtoMapper(model, lockFile, findings, null, null, parts).Run();

    private bool Maps(MappingParts part) => (_parts & part) == part;

    private MappingResult Run()
    {
        // Names first, before any message is built: renamed C# types take over their lock entries, every name the lock
        // file holds is reserved for its owner, owners claim theirs, then newcomers are named (types before services).
        FollowRenames();
        ReserveLockedNames();
        PrepareTypeNames();
        ClaimLockedTypeNames();
        var services = PlanServices(ClaimDerivedTypeNames);

        // Mapping a type or a service is guarded like discovery: a bug met on one input costs that input, not the run.
        var cleanTypes = 0;
        foreach (var info in Maps(MappingParts.DataTypes) ? _typeInfo.Values.OrderBy(i => i.Model.Key, StringComparer.Ordinal) : Enumerable.Empty<TypeInfo>())
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
                Report(null, Finding.Create(FindingMessages.TypeMappingFailed, info.Model.Position, info.Model.Key, ex.GetType().Name, ex.Message));
            }
        }

        var cleanOperations = 0;
        var protoServices = new Dictionary<string, ProtoService>(StringComparer.Ordinal);
        foreach (var service in Maps(MappingParts.Services) ? services.ToList() : new List<ServicePlan>())
        {
            try
            {
                protoServices[service.Model.Key] = MapService(service, ref cleanOperations);
            }
            catch (Exception ex) when (ex is not OperationCanceledException)
            {
                services.Remove(service);
                foreach (var definition in service.Definitions)
                {
                    _definitions.Remove(service.Package + "." + definition.Name);
                }

                Report(null, Finding.Create(FindingMessages.ContractMappingFailed, service.Model.Position, service.Model.Key, ex.GetType().Name, ex.Message));
            }
        }

        if (Maps(MappingParts.Behaviors))
        {
            MapBehaviors();
            ReportImplementationChoices(services);
        }

        if (Maps(MappingParts.DataTypes))
        {
            ReportRecursiveTypes();
        }

        if (Maps(MappingParts.Hosting))
        {
            MapHosting(_model.HostingUsages, _findings);
        }

        var files = Maps(MappingParts.All) ? BuildFiles(services, protoServices) : ImmutableArray<ProtoFile>.Empty;
        var operationCount = _model.Services.Sum(s => s.Operations.Count);
        return new MappingResult(
            files,
            new EngineSummary(_model.Services.Count, operationCount, _model.DataTypes.Count, cleanOperations, cleanTypes)
            {
                RestOperations = _model.Services.Sum(s => s.Operations.Count(o => o.WebHttp is not null)),
                RestOperationsKept = _restOperationsKept,
            })
        {
            CSharp = _csharp is null ? null : PlanCSharp(files, _csharp),
        };
    }

    // ───────────────────────────── findings ─────────────────────────────

    /// <summary>Reports a finding about the item <paramref name="scope"/> belongs to; a warning or error makes it unclean.</summary>
    private void Report(MappingScope scope, FindingMessage message, SourcePosition? position, params string[] arguments)
        => Report(scope.Item, Finding.Create(message, position, arguments));

    /// <summary>Adds a finding; <paramref name="item"/> is null for findings about no one mapped item (names, behaviors, hosting, failures).</summary>
    private void Report(MappedItem? item, Finding finding)
    {
        if (item is not null && finding.Severity != FindingSeverity.Info)
        {
            item.MarkUnclean();
        }

        _findings.Add(finding);
    }

    private readonly Dictionary<(string ContractNamespace, string ClrNamespace), string> _packages = new();

    /// <summary>
    /// The package of a contract namespace, with the project in front when the front end asked for it; a few namespaces
    /// serve thousands of types, so each is worked out once.
    /// </summary>
    private string Package(string contractNamespace, string clrNamespace)
    {
        if (!_packages.TryGetValue((contractNamespace, clrNamespace), out var package))
        {
            package = ProtoNames.Package(contractNamespace, clrNamespace);
            if (_qualifier is not null && _qualifier.Qualifies(package))
            {
                var unqualified = package;
                package = ProtoNames.Qualified(_qualifier.Segment, package);
                _qualifiedPackages[package] = unqualified;
            }

            _packages[(contractNamespace, clrNamespace)] = package;
        }

        return package;
    }

    /// <summary>A package as the lock file records it: without the project segment a clash with a sibling project added.</summary>
    private string LockPackage(string package) => _qualifiedPackages.TryGetValue(package, out var unqualified) ? unqualified : package;

    /// <summary>Records in the lock file the proto name <paramref name="key"/>'s definition got in <paramref name="package"/>.</summary>
    private void DefineLocked(string key, LockedKind kind, string package, string name, string? origin)
        => _lock.Define(key, kind, LockPackage(package) + "." + name, origin);

    /// <summary>The csharp_namespace of definitions from <paramref name="clrNamespace"/> in <paramref name="package"/>: a qualified package's ends with the project.</summary>
    private string CSharpNamespace(string package, string clrNamespace)
    {
        var csharpNamespace = ProtoNames.CSharpNamespace(clrNamespace);
        return _qualifiedPackages.ContainsKey(package) ? csharpNamespace + "." + ProtoNames.ToPascal(_qualifier!.Segment) : csharpNamespace;
    }

    /// <summary>How <paramref name="scope"/>'s definition writes the name of <paramref name="fullName"/>, which it now references.</summary>
    private static string Reference(MappingScope scope, string fullName)
    {
        scope.References.Add(fullName);
        var package = scope.Package;
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

internal sealed record MappingResult(ImmutableArray<ProtoFile> Files, EngineSummary Summary)
{
    public CSharpPlan? CSharp { get; init; }
}

/// <summary>The parts of a mapping a caller wants made (<see cref="ProtoMapper.Map(ContractModel, LockFile, List{Finding}, MappingParts)"/>).</summary>
[Flags]
internal enum MappingParts
{
    /// <summary>Messages and enums of data types, with their findings (2xxx).</summary>
    DataTypes = 1,

    /// <summary>Services, rpcs and request/response messages, with their findings (1xxx, and 2xxx of parameters).</summary>
    Services = 2,

    /// <summary>Behavior findings of implementations (3xxx).</summary>
    Behaviors = 4,

    /// <summary>Hosting findings (4xxx, OperationContext).</summary>
    Hosting = 8,

    /// <summary>WCFM2008: whether name collisions are reported (names are assigned whatever the parts).</summary>
    NameCollisions = 16,

    /// <summary>The .proto files.</summary>
    Files = 32,

    All = DataTypes | Services | Behaviors | Hosting | NameCollisions | Files,
}
