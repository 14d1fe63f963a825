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

    /// <summary>Declares the google.api.http option (Google.Api.CommonProtos puts it on Grpc.Tools' import path).</summary>
    internal const string HttpAnnotationsFile = "google/api/annotations.proto";

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
            .GroupBy(d => d.Value.Package)
            .OrderBy(g => g.Key, StringComparer.Ordinal)
            .ToList();
        foreach (var group in shared)
        {
            var csharpNamespace = group.Select(d => d.Value.CSharpNamespace).OrderBy(n => n, StringComparer.Ordinal).First();
            var plan = new FilePlan(group.Key, PackageCSharpNamespace(group.Key) ?? csharpNamespace, group.Key.Substring(group.Key.LastIndexOf('.') + 1) + "_types", $"the data types of proto package {group.Key}");
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
                else if (reference.Substring(0, reference.LastIndexOf('.')) == CommonPackage)
                {
                    imports.Add(CommonFile);
                    needsCommon = true;
                }
                else if (fileOf.TryGetValue(reference, out var target) && target != plan)
                {
                    imports.Add(target.Path);
                }
            }

            if (plan.Service?.Rpcs.Any(r => r.Http is not null) == true)
            {
                imports.Add(HttpAnnotationsFile);
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

    private string? PackageCSharpNamespace(string package)
        => _packageNamespaces.TryGetValue(package, out var csharpNamespace) ? csharpNamespace : null;

    /// <summary>
    /// protoc's C# output is one file per .proto named after its base name (<c>orders_types.proto</c> →
    /// <c>OrdersTypes.cs</c>, class <c>OrdersTypesReflection</c>), written side by side; base names that would meet are
    /// prefixed with more of their package, segment by segment, until they differ.
    /// </summary>
    private static void MakeReflectionNamesUnique(List<FilePlan> plans)
    {
        var taken = new HashSet<string>(StringComparer.Ordinal) { ProtoNames.ToPascal("common") };
        var depth = plans.ToDictionary(p => p, _ => 0);
        var original = plans.ToDictionary(p => p, p => p.BaseName);
        for (var round = 0; round < 64; round++)
        {
            var clashes = plans.GroupBy(p => ProtoNames.ToPascal(p.BaseName))
                .Where(g => g.Count() > 1 || taken.Contains(g.Key))
                .SelectMany(g => g)
                .ToList();
            if (clashes.Count == 0)
            {
                return;
            }

            foreach (var plan in clashes)
            {
                var segments = plan.Package.Split('.');
                depth[plan]++;
                var prefix = string.Join("_", segments.Skip(Math.Max(0, segments.Length - depth[plan])));
                plan.BaseName = depth[plan] <= segments.Length ? prefix + "_" + original[plan] : prefix + "_" + original[plan] + "_" + depth[plan].ToString(System.Globalization.CultureInfo.InvariantCulture);
            }
        }
    }
}
