using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

internal sealed partial class ProtoMapper
{
    // ───────────────────────────── names ─────────────────────────────

    /// <summary>
    /// Places every data type in its package and C# namespace and works out its base name and the types it clashes with
    /// (same base name in its package or C# namespace), before anything is named, so names never depend on traversal order.
    /// </summary>
    private void PrepareTypeNames()
    {
        foreach (var definition in CommonTypes.File.Definitions)
        {
            _names.Claim(definition.Name, CommonPackage, CommonTypes.File.CSharpNamespace);
        }

        foreach (var type in _model.DataTypes)
        {
            var package = Package(type.ContractNamespace, type.CSharpNamespace);
            _typeInfo[type.Key] = new TypeInfo(type, package, CSharpNamespace(package, type.CSharpNamespace));
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

        foreach (var info in _typeInfo.Values)
        {
            info.BaseName = BaseName(info.Model);
        }

        var infos = _typeInfo.Values.OrderBy(i => i.Model.Key, StringComparer.Ordinal).ToList();
        foreach (var group in infos.GroupBy(i => (i.Package, i.BaseName)).Concat(infos.GroupBy(i => (i.CSharpNamespace, i.BaseName))))
        {
            var members = group.ToList();
            if (members.Count > 1)
            {
                foreach (var member in members)
                {
                    member.ClashesWith.AddRange(members.Where(m => m != member && !member.ClashesWith.Contains(m)));
                }
            }
        }
    }

    /// <summary>Types the lock file names keep that name (and their enum values theirs), before any type is named anew.</summary>
    private void ClaimLockedTypeNames()
    {
        foreach (var info in _typeInfo.Values.OrderBy(i => i.Model.Key, StringComparer.Ordinal))
        {
            if (ClaimLocked(info.Model.Key, info.Package, info.CSharpNamespace) is { } locked)
            {
                info.Name = locked;
                info.NameFromLock = true;
            }

            if (info.Model.Kind == DataTypeKind.Enum)
            {
                foreach (var valueName in _lock.SubNames(info.Model.Key, LockFile.ValueKind))
                {
                    _names.ReserveEnumValue(valueName, info.Package, info.Model.Key);
                }
            }
        }
    }

    /// <summary>
    /// Names the other types. A type that clashes with another, or whose name the lock file gives someone else, is
    /// qualified by its CLR namespace; the types the lock file names keep theirs, so on a later run only a newcomer is
    /// qualified (on a first run, every type of a clash).
    /// </summary>
    private void ClaimDerivedTypeNames()
    {
        foreach (var info in _typeInfo.Values.OrderBy(i => i.Model.Key, StringComparer.Ordinal))
        {
            var baseName = info.BaseName;
            var clashes = info.ClashesWith.Count > 0;
            if (!info.NameFromLock)
            {
                var candidate = baseName;
                if (clashes || _names.IsReservedForOther(baseName, info.Package, info.Model.Key))
                {
                    var segments = info.Model.CSharpNamespace.Split('.').Where(s => s.Length > 0).ToList();
                    candidate = ProtoNames.ToPascal((segments.Count > 0 ? segments[segments.Count - 1] : "Global") + baseName);
                    if (!_names.IsFree(candidate, info.Package, info.CSharpNamespace, info.Model.Key))
                    {
                        candidate = ProtoNames.ToPascal(string.Concat(segments) + baseName);
                    }
                }

                info.Name = _names.Claim(candidate, info.Package, info.CSharpNamespace, info.Model.Key);
                if (LockedNameNotKept(info.Model.Key))
                {
                    ReportNotKept(info.Model.Key, $"'{info.Model.Key}'", info.Model.Position, info.Name);
                }
            }

            if (info.Name == baseName || !Maps(MappingParts.NameCollisions))
            {
                continue;
            }

            if (!info.NameFromLock || clashes)
            {
                var others = info.ClashesWith.Count == 0
                    ? "the lock file gives another definition"
                    : string.Join(", ", info.ClashesWith.Select(c => $"'{c.Model.Key}' (WCF name '{WcfName(c.Model)}')")) + " map" + (info.ClashesWith.Count == 1 ? "s" : string.Empty) + " to as well";
                Report(null, Finding.Create(FindingMessages.NameCollision, info.Model.Position, info.Model.Key, WcfName(info.Model), info.Name, info.Package, baseName, others)
                    .WithAdditionalPositions(info.ClashesWith.Select(c => c.Model.Position)));
            }
            else
            {
                ReportIfKept($"'{info.Model.Key}'", info.Model.Position, info.Name, string.Empty, baseName);
            }
        }
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

    /// <summary>
    /// The name a data type has on the wire in WCF, as findings name it: its DataContract Name (placeholders filled with
    /// the type arguments' names), else its C# name with the type arguments' (<c>Page&lt;Order&gt;</c>).
    /// </summary>
    private static string WcfName(DataTypeModel type)
    {
        var arguments = type.GenericArguments.Select(a => a.Display).ToList();
        if (type.ContractName is { } contractName)
        {
            for (var i = 0; i < arguments.Count; i++)
            {
                contractName = contractName.Replace("{" + i.ToString(CultureInfo.InvariantCulture) + "}", arguments[i]);
            }

            return contractName.Replace("{#}", string.Empty);
        }

        return arguments.Count == 0 ? type.ClrName : type.ClrName + "<" + string.Join(", ", arguments) + ">";
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
}
