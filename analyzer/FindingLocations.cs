using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;
using MigrateWcf.Generator;

namespace MigrateWcf.Analyzers;

/// <summary>
/// Turns the engine's findings into Roslyn diagnostics for one compilation: each <see cref="SourcePosition"/> becomes a
/// <see cref="Location"/> in the syntax tree (or additional file) it names, spanning the code the engine named, and the
/// finding's message id, arguments, other places and fix facts go along.
/// </summary>
internal sealed class FindingLocations
{
    private readonly Dictionary<string, SyntaxTree> _trees = new(StringComparer.Ordinal);

    public FindingLocations(Compilation compilation)
    {
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (!_trees.ContainsKey(tree.FilePath))
            {
                _trees.Add(tree.FilePath, tree);
            }
        }
    }

    /// <summary>The diagnostic for <paramref name="finding"/>; <paramref name="file"/> resolves places in an additional file.</summary>
    public Diagnostic ToDiagnostic(Finding finding, AdditionalText? file = null, bool atCompilationEnd = false)
    {
        var properties = ImmutableDictionary.CreateBuilder<string, string?>();
        properties.Add(WcfDiagnostics.MessageIdProperty, finding.MessageId);
        foreach (var property in finding.Properties)
        {
            properties[property.Name] = property.Value;
        }

        return Diagnostic.Create(
            WcfDiagnostics.For(finding, atCompilationEnd),
            Locate(finding.Position, file),
            finding.AdditionalPositions.Select(p => Locate(p, file)).Where(l => l != Location.None),
            properties.ToImmutable(),
            finding.Arguments.Select(a => (object?)a).ToArray());
    }

    private Location Locate(SourcePosition? position, AdditionalText? file)
    {
        if (position is null)
        {
            return Location.None;
        }

        if (_trees.TryGetValue(position.FilePath, out var tree))
        {
            var text = tree.GetText();
            var span = Span(text, position);
            return span.IsEmpty && !position.HasEnd
                ? Location.Create(tree, tree.GetRoot().FindToken(span.Start).Span)
                : Location.Create(tree, span);
        }

        if (file is not null && file.Path == position.FilePath && file.GetText() is { } fileText)
        {
            var span = Span(fileText, position);
            return Location.Create(file.Path, span, fileText.Lines.GetLinePositionSpan(span));
        }

        return Location.None;
    }

    /// <summary>The 1-based line/column range as a text span, kept inside the text.</summary>
    private static TextSpan Span(SourceText text, SourcePosition position)
    {
        var lines = text.Lines;
        int Offset(int line, int column)
        {
            var index = Math.Max(0, Math.Min(line - 1, lines.Count - 1));
            return Math.Min(lines[index].Start + Math.Max(0, column - 1), lines[index].End);
        }

        var start = Offset(position.Line, position.Column);
        var end = position.HasEnd ? Math.Max(start, Offset(position.EndLine, position.EndColumn)) : start;
        return TextSpan.FromBounds(start, end);
    }
}
