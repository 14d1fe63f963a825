using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generator.References;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// What every reader of one discovery run shares: the compilation, its WCF symbols, the findings so far, and each type's
/// key and display name (formatted once: the same few types are named by thousands of members). One run, one thread.
/// </summary>
internal sealed class DiscoveryContext
{
    private static readonly SymbolDisplayFormat KeyFormat = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters);

    private static readonly SymbolDisplayFormat DisplayFormat = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameOnly,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
        miscellaneousOptions: SymbolDisplayMiscellaneousOptions.UseSpecialTypes | SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    private readonly Dictionary<ITypeSymbol, string> _keys = new(SymbolEqualityComparer.Default);
    private readonly Dictionary<ITypeSymbol, string> _displays = new(SymbolEqualityComparer.IncludeNullability);

    /// <param name="readsEmitterFacts">
    /// False when only findings are wanted (the analyzers): doc comments and the C# spellings the emitters need are not
    /// read, since no finding depends on them.
    /// </param>
    /// <param name="referencedProjects">
    /// The projects the input references without naming them, whose files the compilation holds too (generate reads
    /// them together); null or empty when every file is the input's.
    /// </param>
    public DiscoveryContext(Compilation compilation, WcfSymbols wcf, CancellationToken cancellationToken, bool readsEmitterFacts = true, IReadOnlyList<ReferencedProject>? referencedProjects = null)
    {
        Compilation = compilation;
        _referencedFiles = new HashSet<string>(referencedProjects?.SelectMany(p => p.Files) ?? Enumerable.Empty<string>(), StringComparer.Ordinal);
        Wcf = wcf;
        CancellationToken = cancellationToken;
        ReadsEmitterFacts = readsEmitterFacts;
        CSharp = new CSharpSpelling(compilation, wcf);
    }

    private readonly HashSet<string> _referencedFiles;

    /// <summary>True when the compilation also holds projects the input only references (<see cref="IsInput(SyntaxTree)"/> tells their files apart).</summary>
    public bool HoldsReferencedProjects => _referencedFiles.Count > 0;

    /// <summary>Whether <paramref name="tree"/> is one of the input's own files, not of a project it only references.</summary>
    public bool IsInput(SyntaxTree tree) => !_referencedFiles.Contains(tree.FilePath);

    /// <summary>Whether <paramref name="symbol"/> is declared in the input's own files.</summary>
    public bool IsInput(ISymbol symbol) => symbol.Locations.Any(l => l.SourceTree is { } tree && IsInput(tree));

    /// <summary>Whether doc comments and C# spellings are read (the .proto and C# emitters need them; findings do not).</summary>
    public bool ReadsEmitterFacts { get; }

    /// <summary>The doc comment of <paramref name="symbol"/>, or none when emitter facts are not read.</summary>
    public DocComment Doc(ISymbol symbol) => ReadsEmitterFacts ? DocComment.For(symbol) : DocComment.None;

    /// <summary>How generated C# declares <paramref name="type"/>, or "" when emitter facts are not read.</summary>
    public string Declared(INamedTypeSymbol type) => ReadsEmitterFacts ? CSharp.Declared(type.WithNullableAnnotation(NullableAnnotation.NotAnnotated)) : string.Empty;

    /// <summary>Type spellings and construction facts for the C# emitters.</summary>
    public CSharpSpelling CSharp { get; }

    public Compilation Compilation { get; }

    public WcfSymbols Wcf { get; }

    public CancellationToken CancellationToken { get; }

    public List<Finding> Findings { get; } = new();

    /// <summary>A type's stable key, e.g. <c>System.Collections.Generic.List&lt;Contoso.Order&gt;</c>; one string per type, shared by every use.</summary>
    public string Key(ITypeSymbol type)
    {
        if (!_keys.TryGetValue(type, out var key))
        {
            _keys.Add(type, key = type.ToDisplayString(KeyFormat).Replace(" ", string.Empty));
        }

        return key;
    }

    /// <summary>A type as C# readers write it, nullable annotations included.</summary>
    public string Display(ITypeSymbol type)
    {
        if (!_displays.TryGetValue(type, out var display))
        {
            _displays.Add(type, display = type.ToDisplayString(DisplayFormat));
        }

        return display;
    }

    /// <summary>
    /// Why generated code, which is compiled into the same assembly but outside every type, cannot name
    /// <paramref name="type"/> (private or protected, nested in such a type, or built on such a type argument), as
    /// findings say it: "private in 'Tests'"; null when it can.
    /// </summary>
    public string? Unreachable(ITypeSymbol type)
    {
        if (Compilation.IsSymbolAccessibleWithin(type, Compilation.Assembly))
        {
            return null;
        }

        for (var current = type as INamedTypeSymbol; current is not null; current = current.ContainingType)
        {
            if (current.DeclaredAccessibility is Accessibility.Private or Accessibility.Protected or Accessibility.ProtectedAndInternal)
            {
                var accessibility = SyntaxFacts.GetText(current.DeclaredAccessibility);
                return SymbolEqualityComparer.Default.Equals(current, type) && current.ContainingType is { } container
                    ? $"{accessibility} in '{Key(container)}'"
                    : $"nested in the {accessibility} type '{Key(current)}'";
            }
        }

        var arguments = type switch
        {
            INamedTypeSymbol named => named.TypeArguments,
            IArrayTypeSymbol array => System.Collections.Immutable.ImmutableArray.Create(array.ElementType),
            _ => System.Collections.Immutable.ImmutableArray<ITypeSymbol>.Empty,
        };
        foreach (var argument in arguments)
        {
            if (Unreachable(argument) is { } why)
            {
                return $"built on '{Key(argument)}', which is {why}";
            }
        }

        return "not accessible outside its declaration";
    }

    /// <summary>
    /// Whether <paramref name="type"/> is visible outside its assembly: it, the types it is nested in and its type
    /// arguments are public. Generated code naming a type that is not in a signature must be internal itself.
    /// </summary>
    public static bool IsPublic(ITypeSymbol type) => type switch
    {
        IArrayTypeSymbol array => IsPublic(array.ElementType),
        INamedTypeSymbol named => named.DeclaredAccessibility == Accessibility.Public
            && (named.ContainingType is null || IsPublic(named.ContainingType))
            && named.TypeArguments.All(IsPublic),
        ITypeParameterSymbol => true,
        _ => type.DeclaredAccessibility is Accessibility.Public or Accessibility.NotApplicable,
    };

    public static string Namespace(INamedTypeSymbol type)
        => type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() : string.Empty;

    public void Report(FindingMessage message, ISymbol symbol, params string[] arguments)
        => Findings.Add(Finding.Create(message, PositionOf(symbol), arguments));

    /// <summary>Runs one reader step; an exception from a bad symbol becomes a finding instead of ending the run.</summary>
    public void Guard(ISymbol symbol, FindingMessage failed, Action read)
    {
        try
        {
            read();
        }
        catch (Exception ex) when (ex is not OperationCanceledException)
        {
            Report(failed, symbol, symbol.ToDisplayString(DisplayFormat), ex.GetType().Name, ex.Message);
        }
    }

    /// <summary>
    /// Members of a partial type come back in the order of the compilation's syntax trees; sort them by file path, then
    /// position, so the emitted order does not depend on the order the caller listed the files in.
    /// </summary>
    public static IEnumerable<T> InSourceOrder<T>(IEnumerable<T> members)
        where T : ISymbol
        => members.Select(m => (Member: m, Location: m.Locations.FirstOrDefault(l => l.IsInSource)))
            .OrderBy(m => m.Location?.SourceTree?.FilePath ?? string.Empty, StringComparer.Ordinal)
            .ThenBy(m => m.Location?.SourceSpan.Start ?? 0)
            .Select(m => m.Member);

    /// <summary>
    /// A type's members in source order: as Roslyn gives them for a type declared once (declaration order), sorted by
    /// file path and position for a partial type, whose parts come in the caller's file order.
    /// </summary>
    public static ImmutableArray<ISymbol> MembersInSourceOrder(INamedTypeSymbol type)
    {
        // Locations, not DeclaringSyntaxReferences: Roslyn keeps the first, and builds the second anew on every call.
        var members = type.GetMembers();
        return type.Locations.Length > 1 ? InSourceOrder(members).ToImmutableArray() : members;
    }

    /// <summary>
    /// Where a symbol is declared; for a partial type or method, its first declaration by file path and offset, so the
    /// place does not depend on the order the caller listed the files in (Roslyn lists locations in that order).
    /// </summary>
    public static SourcePosition? PositionOf(ISymbol symbol)
    {
        Location? first = null;
        foreach (var location in symbol.Locations)
        {
            if (PositionOf(location) is not null
                && (first is null || Compare(location, first) < 0))
            {
                first = location;
            }
        }

        return first is null ? null : PositionOf(first);
    }

    private static int Compare(Location x, Location y)
    {
        var byPath = string.CompareOrdinal(x.SourceTree?.FilePath, y.SourceTree?.FilePath);
        return byPath != 0 ? byPath : x.SourceSpan.Start.CompareTo(y.SourceSpan.Start);
    }

    public static SourcePosition? PositionOf(AttributeData attribute)
        => attribute.ApplicationSyntaxReference is { } reference ? PositionOf(reference.SyntaxTree.GetLocation(reference.Span)) : null;

    /// <summary>A source place as findings give it; none inside the CoreWCF declarations the tool adds.</summary>
    public static SourcePosition? PositionOf(Location location)
    {
        if (!location.IsInSource || location.SourceTree?.FilePath == CoreWcfDeclarations.FileName)
        {
            return null;
        }

        var span = location.GetLineSpan();
        return new SourcePosition(span.Path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1)
        {
            EndLine = span.EndLinePosition.Line + 1,
            EndColumn = span.EndLinePosition.Character + 1,
        };
    }
}
