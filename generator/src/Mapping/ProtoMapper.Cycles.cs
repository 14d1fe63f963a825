using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>Findings about object graphs and OperationContext, which shape what the generated C# can carry.</summary>
internal sealed partial class ProtoMapper
{
    /// <summary>
    /// A data type that can contain a value of its own type (through its members, collections of them, or a known
    /// derived type) gets <see cref="RuleIds.RecursiveType"/>, with the shortest such path: its values are trees on the
    /// wire, so a cyclic graph or one deeper than protobuf's recursion limit cannot travel.
    /// </summary>
    private void ReportRecursiveTypes()
    {
        var edges = new Dictionary<string, List<(string Via, string Target)>>(StringComparer.Ordinal);
        foreach (var info in _typeInfo.Values.Where(i => i.Model.Kind != DataTypeKind.Enum).OrderBy(i => i.Model.Key, StringComparer.Ordinal))
        {
            var targets = new List<(string Via, string Target)>();
            foreach (var member in FlattenedMembers(info.Model))
            {
                var keys = new List<string>();
                CollectTypeKeys(member.Member.Type, keys);
                var declaring = _types.TryGetValue(member.DeclaringTypeKey, out var level) ? level.ClrName : info.Model.ClrName;
                targets.AddRange(keys.Where(k => _typeInfo.TryGetValue(k, out var t) && t.Model.Kind != DataTypeKind.Enum).Select(k => (declaring + "." + member.Member.ClrName, k)));
            }

            targets.AddRange(KnownDescendants(info.Model.Key).Select(d => ("known type " + d.Model.ClrName, d.Model.Key)));
            edges[info.Model.Key] = targets;
        }

        var graph = edges.ToDictionary(e => e.Key, e => new HashSet<string>(e.Value.Select(t => t.Target), StringComparer.Ordinal), StringComparer.Ordinal);
        var recursive = new HashSet<string>(StringComparer.Ordinal);
        foreach (var component in StronglyConnected(graph))
        {
            if (component.Count > 1 || component.Any(key => graph[key].Contains(key)))
            {
                recursive.UnionWith(component);
            }
        }

        foreach (var key in recursive.OrderBy(k => k, StringComparer.Ordinal))
        {
            var type = _typeInfo[key].Model;
            Report(null, Finding.Create(FindingMessages.RecursiveType, type.Position, type.Key, "through " + string.Join(" → ", ShortestCycle(key, edges))));
        }
    }

    /// <summary>The members (or known types) on the shortest way from a type back to itself, breadth first in member order.</summary>
    private static List<string> ShortestCycle(string start, Dictionary<string, List<(string Via, string Target)>> edges)
    {
        var cameFrom = new Dictionary<string, (string From, string Via)>(StringComparer.Ordinal);
        var queue = new Queue<string>();
        queue.Enqueue(start);
        while (queue.Count > 0)
        {
            var current = queue.Dequeue();
            foreach (var (via, target) in edges.TryGetValue(current, out var next) ? next : new List<(string, string)>())
            {
                if (target == start)
                {
                    var path = new List<string> { via };
                    for (var node = current; node != start; node = cameFrom[node].From)
                    {
                        path.Insert(0, cameFrom[node].Via);
                    }

                    return path;
                }

                if (!cameFrom.ContainsKey(target))
                {
                    cameFrom[target] = (current, via);
                    queue.Enqueue(target);
                }
            }
        }

        return new List<string>();
    }
}
