using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

internal sealed partial class ProtoMapper
{
    private static readonly Dictionary<string, string> WellKnownFiles = new(StringComparer.Ordinal)
    {
        ["google.protobuf.Any"] = "google/protobuf/any.proto",
        ["google.protobuf.Empty"] = "google/protobuf/empty.proto",
        ["google.protobuf.Timestamp"] = "google/protobuf/timestamp.proto",
        ["google.protobuf.Duration"] = "google/protobuf/duration.proto",
    };

    // ───────────────────────────── behaviors and hosting (3xxx, 4xxx) ─────────────────────────────

    private void MapBehaviors()
    {
        var sessionRequired = new HashSet<string>(_model.Services.Where(s => s.SessionMode == SessionModeValue.Required).Select(s => s.Key), StringComparer.Ordinal);
        foreach (var implementation in _model.Implementations)
        {
            var where = $"'{implementation.Key}'";
            var position = implementation.BehaviorPosition ?? implementation.Position;
            var instancing = implementation.InstanceContextMode;
            var concurrency = implementation.ConcurrencyMode;
            if (instancing == InstanceMode.PerCall && concurrency == ConcurrencyModeValue.Single && implementation.ConcurrencyModeExplicit)
            {
                Report(RuleIds.PerCallWithSingleConcurrency, $"{where} is PerCall with ConcurrencyMode.Single, which serializes nothing", position);
            }

            if (concurrency == ConcurrencyModeValue.Reentrant)
            {
                Report(RuleIds.ReentrantConcurrency, $"{where} uses ConcurrencyMode.Reentrant", position);
            }

            if (instancing == InstanceMode.PerSession && (implementation.InstanceContextModeExplicit || implementation.ContractKeys.Any(sessionRequired.Contains)))
            {
                Report(RuleIds.PerSessionInstancing, $"{where} keeps one instance per session (InstanceContextMode.PerSession)", position);
            }

            if (instancing == InstanceMode.Single && concurrency == ConcurrencyModeValue.Single)
            {
                Report(RuleIds.SingleInstanceSingleConcurrency, $"{where} is a single instance with ConcurrencyMode.Single: all calls run one at a time", position);
            }

            foreach (var behavior in implementation.OperationBehaviors.Where(b => b.TransactionScopeRequired))
            {
                Report(RuleIds.TransactionScopeRequired, $"'{implementation.ClrName}.{behavior.MethodName}' requires a transaction scope", behavior.Position ?? position);
            }
        }
    }

    private void MapHosting()
    {
        foreach (var usage in _model.HostingUsages)
        {
            switch (usage.Kind)
            {
                case HostingUsageKind.ServiceHost:
                    Report(RuleIds.ServiceHostInCode, $"'{usage.TypeName}' hosts a WCF service in code", usage.Position);
                    break;
                case HostingUsageKind.Binding:
                    Report(RuleIds.BindingInCode, $"'{usage.TypeName}' is configured in code", usage.Position);
                    break;
                default:
                    Report(RuleIds.WcfClientChannel, $"'{usage.TypeName}' calls a WCF service", usage.Position);
                    break;
            }
        }
    }

    // ───────────────────────────── files ─────────────────────────────

    private sealed class FilePlan
    {
        public FilePlan(string package, string csharpNamespace, string baseName, string source)
        {
            Package = package;
            CSharpNamespace = csharpNamespace;
            BaseName = baseName;
            Source = source;
        }

        public string Package { get; }
        public string CSharpNamespace { get; }
        public string BaseName { get; set; }
        public string Source { get; }
        public List<ProtoDefinition> Definitions { get; } = new();
        public HashSet<string> References { get; } = new(StringComparer.Ordinal);
        public ProtoService? Service { get; set; }

        public string Path => Package.Replace('.', '/') + "/" + BaseName + ".proto";
    }

    /// <summary>
    /// One file per service (the service and its request/response messages) and one shared file per package for data
    /// types and generated wrappers, so adding a second service never moves a type between files.
    /// </summary>
    private ImmutableArray<ProtoFile> BuildFiles(List<ServicePlan> services, Dictionary<string, ProtoService> protoServices)
    {
        var plans = new List<FilePlan>();
        var fileOf = new Dictionary<string, FilePlan>(StringComparer.Ordinal);

        foreach (var service in services.OrderBy(s => s.Model.Key, StringComparer.Ordinal))
        {
            var plan = new FilePlan(service.Package, service.CSharpNamespace, ProtoNames.ToSnake(service.Name), $"the WCF service contract {service.Model.Key}");
            plan.Service = protoServices[service.Model.Key];
            plan.References.UnionWith(_serviceReferences[service.Model.Key]);
            foreach (var definition in service.Definitions)
            {
                plan.Definitions.Add(definition);
                fileOf[service.Package + "." + definition.Name] = plan;
            }

            plans.Add(plan);
        }

        var shared = _definitions.Where(d => d.Value.ServiceKey is null)
            .GroupBy(d => (d.Value.Package, d.Value.CSharpNamespace))
            .OrderBy(g => g.Key.Package, StringComparer.Ordinal).ThenBy(g => g.Key.CSharpNamespace, StringComparer.Ordinal)
            .ToList();
        foreach (var group in shared)
        {
            var groupsInPackage = shared.Count(g => g.Key.Package == group.Key.Package);
            var baseName = groupsInPackage == 1 ? "types" : ProtoNames.ToSnake(SourceNamespace(group.Key.CSharpNamespace).Replace(".", string.Empty)) + "_types";
            var plan = new FilePlan(group.Key.Package, group.Key.CSharpNamespace, baseName, $"the data types of proto package {group.Key.Package}");
            foreach (var definition in group.OrderBy(d => d.Value.Definition.Name, StringComparer.Ordinal))
            {
                plan.Definitions.Add(definition.Value.Definition);
                plan.References.UnionWith(definition.Value.References);
                fileOf[definition.Key] = plan;
            }

            plans.Add(plan);
        }

        foreach (var plan in plans.Where(p => p.Service is not null))
        {
            foreach (var definition in plan.Definitions)
            {
                plan.References.UnionWith(_definitions[plan.Package + "." + definition.Name].References);
            }
        }

        MakeReflectionNamesUnique(plans);

        var files = new List<ProtoFile>();
        var needsCommon = false;
        foreach (var plan in plans)
        {
            var imports = new SortedSet<string>(StringComparer.Ordinal);
            foreach (var reference in plan.References)
            {
                if (WellKnownFiles.TryGetValue(reference, out var wellKnown))
                {
                    imports.Add(wellKnown);
                }
                else if (reference.StartsWith("google.protobuf.", StringComparison.Ordinal) && reference.EndsWith("Value", StringComparison.Ordinal))
                {
                    imports.Add("google/protobuf/wrappers.proto");
                }
                else if (reference.StartsWith(CommonPackage + ".", StringComparison.Ordinal))
                {
                    imports.Add(CommonFile);
                    needsCommon = true;
                }
                else if (fileOf.TryGetValue(reference, out var target) && target != plan)
                {
                    imports.Add(target.Path);
                }
            }

            files.Add(new ProtoFile(
                plan.Path,
                plan.Package,
                plan.CSharpNamespace,
                plan.Source,
                imports.ToEquatableArray(),
                plan.Definitions.ToEquatableArray(),
                plan.Service is null ? EquatableArray<ProtoService>.Empty : new[] { plan.Service }.ToEquatableArray()));
        }

        if (needsCommon)
        {
            files.Add(CommonTypes.File);
        }

        return files.OrderBy(f => f.Path, StringComparer.Ordinal).ToImmutableArray();
    }

    private static string SourceNamespace(string csharpNamespace)
        => csharpNamespace.EndsWith(".Grpc", StringComparison.Ordinal) ? csharpNamespace.Substring(0, csharpNamespace.Length - 5) : csharpNamespace;

    /// <summary>
    /// protoc's C# output names a class after each file (<c>types.proto</c> → <c>TypesReflection</c>) in the file's
    /// csharp_namespace; files whose names would meet there are prefixed with their package.
    /// </summary>
    private static void MakeReflectionNamesUnique(List<FilePlan> plans)
    {
        foreach (var group in plans.GroupBy(p => (p.CSharpNamespace, ProtoNames.ToPascal(p.BaseName))).Where(g => g.Count() > 1))
        {
            foreach (var plan in group)
            {
                plan.BaseName = plan.Package.Replace('.', '_') + "_" + plan.BaseName;
            }
        }
    }
}
