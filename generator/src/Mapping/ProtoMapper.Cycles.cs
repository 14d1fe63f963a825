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
        var edges = new Dictionary<string, List<CycleEdge>>(StringComparer.Ordinal);
        foreach (var info in _typeInfo.Values.Where(i => i.Model.Kind != DataTypeKind.Enum).OrderBy(i => i.Model.Key, StringComparer.Ordinal))
        {
            var targets = new List<CycleEdge>();
            var keys = new List<string>();
            foreach (var member in FlattenedMembers(info.Model))
            {
                keys.Clear();
                CollectTypeKeys(member.Member.Type, keys);
                var declaring = _types.TryGetValue(member.DeclaringTypeKey, out var level) ? level.ClrName : info.Model.ClrName;
                targets.AddRange(keys.Where(k => _typeInfo.TryGetValue(k, out var t) && t.Model.Kind != DataTypeKind.Enum).Select(k => new CycleEdge(declaring, member.Member.ClrName, k)));
            }

            targets.AddRange(KnownDescendants(info.Model.Key).Select(d => new CycleEdge(null, d.Model.ClrName, d.Model.Key)));
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
    private static List<string> ShortestCycle(string start, Dictionary<string, List<CycleEdge>> edges)
    {
        var cameFrom = new Dictionary<string, (string From, CycleEdge Via)>(StringComparer.Ordinal);
        var queue = new Queue<string>();
        queue.Enqueue(start);
        while (queue.Count > 0)
        {
            var current = queue.Dequeue();
            foreach (var via in edges.TryGetValue(current, out var next) ? next : new List<CycleEdge>())
            {
                var target = via.Target;
                if (target == start)
                {
                    var path = new List<string> { via.Text };
                    for (var node = current; node != start; node = cameFrom[node].From)
                    {
                        path.Insert(0, cameFrom[node].Via.Text);
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

    /// <summary>A way from one type to another: a member (declared by <paramref name="Owner"/>), or a known type when Owner is null. Its text is made only for the cycles reported.</summary>
    private readonly record struct CycleEdge(string? Owner, string Member, string Target)
    {
        public string Text => Owner is null ? "known type " + Member : Owner + "." + Member;
    }
}
