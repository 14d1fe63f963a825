// Findings are data: a rule, a message of that rule, where, and the values the message names. Front ends turn them into
// text (RuleCatalog.Format), Roslyn diagnostics (one descriptor per FindingMessage) or JSON; the engine holds no prose.
using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator;

/// <summary>Severity of a finding, independent of Roslyn so the model holds no Roslyn types.</summary>
public enum FindingSeverity
{
    Info,
    Warning,
    Error,
}

/// <summary>
/// A place in source: file path as given to the compilation, 1-based line and column of its start, and where it ends
/// (<see cref="EndLine"/>, <see cref="EndColumn"/>) so a front end can underline the code the finding is about.
/// </summary>
public sealed record SourcePosition(string FilePath, int Line, int Column)
{
    /// <summary>1-based line of the place's last character; 0 when only the start is known.</summary>
    public int EndLine { get; init; }

    /// <summary>1-based column just after the place's last character (exclusive, as SARIF's endColumn); 0 when only the start is known.</summary>
    public int EndColumn { get; init; }

    /// <summary>True when <see cref="EndLine"/> and <see cref="EndColumn"/> say where the place ends.</summary>
    public bool HasEnd => EndLine > 0;
}

/// <summary>A named fact a finding carries for the fix of its rule (Roslyn front ends pass it on as a diagnostic property).</summary>
public sealed record FindingProperty(string Name, string Value);

/// <summary>
/// One thing that does not map cleanly. <see cref="MessageId"/> names a <see cref="FindingMessage"/> of rule
/// <see cref="RuleId"/>; <see cref="Arguments"/> fill its placeholders. The text is made by the front end:
/// <see cref="RuleCatalog.Format(Finding)"/>.
/// </summary>
/// <param name="Position">Where the finding points (the primary location), or null when there is no source place.</param>
public sealed record Finding(string RuleId, string MessageId, SourcePosition? Position, EquatableArray<string> Arguments)
{
    /// <summary>Other places the finding involves, e.g. the other type of a name collision (Roslyn's additional locations).</summary>
    public EquatableArray<SourcePosition> AdditionalPositions { get; init; } = EquatableArray<SourcePosition>.Empty;

    /// <summary>
    /// Facts a fix needs that the message does not carry (e.g. the order in which a type's data members travel today).
    /// Not part of the text; equal findings have equal properties.
    /// </summary>
    public EquatableArray<FindingProperty> Properties { get; init; } = EquatableArray<FindingProperty>.Empty;

    /// <summary>The value of the property <paramref name="name"/>, or null.</summary>
    public string? Property(string name)
    {
        foreach (var property in Properties)
        {
            if (property.Name == name)
            {
                return property.Value;
            }
        }

        return null;
    }

    /// <summary>The rule's severity, from the catalog.</summary>
    public FindingSeverity Severity => RuleCatalog.Get(RuleId).Severity;

    /// <summary>A finding of <paramref name="message"/> at <paramref name="position"/>; one argument per placeholder.</summary>
    public static Finding Create(FindingMessage message, SourcePosition? position, params string[] arguments)
    {
        if (arguments.Length != message.ArgumentCount)
        {
            throw new ArgumentException($"{message.Id} takes {message.ArgumentCount} argument(s), not {arguments.Length}.", nameof(arguments));
        }

        return new Finding(message.RuleId, message.Id, position, arguments.ToEquatableArray());
    }

    /// <summary>This finding with more places it involves (duplicates and the primary position left out).</summary>
    public Finding WithAdditionalPositions(IEnumerable<SourcePosition?> positions)
    {
        var additional = new List<SourcePosition>();
        foreach (var position in positions)
        {
            if (position is not null && position != Position && !additional.Contains(position))
            {
                additional.Add(position);
            }
        }

        return additional.Count == 0 ? this : this with { AdditionalPositions = additional.ToEquatableArray() };
    }
}

/// <summary>
/// The one order of findings every front end prints: by file (no file first), line, column, rule id, then text. One
/// comparer, so the engine's list and a front end's merged list (e.g. with syntax errors) read the same way.
/// </summary>
public static class FindingOrder
{
    /// <summary>Compares two findings given as (position, rule id, text).</summary>
    public static int Compare(SourcePosition? x, string xRuleId, string xText, SourcePosition? y, string yRuleId, string yText)
    {
        var result = string.CompareOrdinal(x?.FilePath ?? string.Empty, y?.FilePath ?? string.Empty);
        if (result == 0)
        {
            result = (x?.Line ?? 0).CompareTo(y?.Line ?? 0);
        }

        if (result == 0)
        {
            result = (x?.Column ?? 0).CompareTo(y?.Column ?? 0);
        }

        if (result == 0)
        {
            result = string.CompareOrdinal(xRuleId, yRuleId);
        }

        return result == 0 ? string.CompareOrdinal(xText, yText) : result;
    }

    /// <summary>Engine findings in print order (text from the catalog), exact duplicates removed; ties keep their order.</summary>
    public static List<Finding> Sort(IEnumerable<Finding> findings)
    {
        var distinct = new List<Finding>();
        var seen = new HashSet<Finding>();
        foreach (var finding in findings)
        {
            if (seen.Add(finding))
            {
                distinct.Add(finding);
            }
        }

        // The text only breaks ties of place and rule, so it is made for those findings alone (most have none).
        var texts = new string?[distinct.Count];
        string Text(int index) => texts[index] ??= RuleCatalog.Format(distinct[index]);
        var order = new int[distinct.Count];
        for (var i = 0; i < order.Length; i++)
        {
            order[i] = i;
        }

        return order
            .OrderBy(i => i, Comparer<int>.Create((a, b) =>
            {
                var x = distinct[a];
                var y = distinct[b];
                var result = Compare(x.Position, x.RuleId, string.Empty, y.Position, y.RuleId, string.Empty);
                return result != 0 ? result : string.CompareOrdinal(Text(a), Text(b));
            }))
            .Select(i => distinct[i])
            .ToList();
    }
}
