// The engine for front ends that ask per symbol and per document (Roslyn analyzers): the same findings as
// MigrationEngine.Run for the same compilation, told by where they are, with as little of the compilation read as the
// question allows.
using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using MigrateWcf.Generator.Discovery;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.References;

namespace MigrateWcf.Generator;

/// <summary>
/// One compilation, analysed on demand and cached: <see cref="FindingsIn(INamedTypeSymbol, CancellationToken)"/> gives
/// the findings placed in one source type, <see cref="CodeFindingsIn"/> those of the hosting and runtime code in one
/// document, <see cref="FindingsOutsideTypes"/> the rest. Together they are exactly <see cref="MigrationEngine.Run"/>'s
/// findings (without a lock file): the same readers and the same mapper decide, nothing is decided twice.
/// <para>
/// How much is read depends on the question. An interface is answered from the contracts whose findings can sit in it
/// (itself, the contracts deriving from it, those naming it as their callback contract): each is discovered alone with
/// the data types it reaches, and only its service is mapped. Findings in classes, structs and enums need the whole
/// compilation, because whether a type is a data type at all depends on whether any contract reaches it, and proto
/// names depend on every type of a package: that is one discovery and one mapping (without .proto text), made once per
/// compilation and shared. Hosting code is read one document at a time.
/// </para>
/// Thread-safe: Roslyn runs analyzer actions concurrently. Cancelled work is not cached.
/// </summary>
public sealed class CompilationAnalysis
{
    private readonly Compilation _compilation;
    private readonly WcfSymbols _wcf;
    private readonly Once<ContractIndex> _index;
    private readonly Once<WholeCompilation> _whole;
    private readonly Once<ImplementedContracts> _implemented;
    private readonly ConcurrentDictionary<INamedTypeSymbol, Once<FindingList>> _contracts = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<SyntaxTree, Once<FindingList>> _code = new();
    private readonly Dictionary<string, SyntaxTree> _trees = new(StringComparer.Ordinal);
    private int _wholeRequested;

    private CompilationAnalysis(Compilation compilation, WcfSymbols wcf)
    {
        _compilation = compilation;
        _wcf = wcf;
        _index = new Once<ContractIndex>(BuildIndex);
        _whole = new Once<WholeCompilation>(AnalyseWhole);
        _implemented = new Once<ImplementedContracts>(ct => ImplementedContracts.Read(new DiscoveryContext(_compilation, _wcf, ct, readsEmitterFacts: false), ContractDiscovery.SourceTypes(_compilation)));
        foreach (var tree in compilation.SyntaxTrees)
        {
            if (!_trees.ContainsKey(tree.FilePath))
            {
                _trees.Add(tree.FilePath, tree);
            }
        }
    }

    /// <summary>
    /// The analysis of <paramref name="compilation"/>, or null when it can hold nothing to migrate: it references neither
    /// System.ServiceModel nor CoreWCF (no <c>[ServiceContract]</c>, no WCF hosting types). Resolves the WCF types once.
    /// </summary>
    public static CompilationAnalysis? Create(Compilation compilation)
    {
        if (compilation is null)
        {
            throw new ArgumentNullException(nameof(compilation));
        }

        var wcf = WcfSymbols.Create(compilation);
        return wcf.ServiceContract.IsEmpty && wcf.Binding.IsEmpty && wcf.OperationContext.IsEmpty ? null : new CompilationAnalysis(compilation, wcf);
    }

    /// <summary>
    /// The findings placed in the declarations of <paramref name="type"/> (for a partial type, in any of its parts; not in
    /// the types nested in it, which answer for themselves), in <see cref="FindingOrder"/>. Hosting code inside the
    /// type's members is <see cref="CodeFindingsIn"/>'s.
    /// </summary>
    public ImmutableArray<Finding> FindingsIn(INamedTypeSymbol type, CancellationToken cancellationToken = default)
    {
        var declarations = Declarations(type);
        if (declarations.Count == 0)
        {
            return ImmutableArray<Finding>.Empty;
        }

        if (type.TypeKind == TypeKind.Interface && Volatile.Read(ref _wholeRequested) == 0)
        {
            return InterfaceFindings(type, declarations, cancellationToken);
        }

        return Whole(cancellationToken).In(declarations);
    }

    /// <summary>
    /// The findings of the hosting, client and runtime code in <paramref name="tree"/> (bindings, hosts, channels,
    /// net.pipe addresses, security modes, OperationContext), in <see cref="FindingOrder"/>.
    /// </summary>
    public ImmutableArray<Finding> CodeFindingsIn(SyntaxTree tree, CancellationToken cancellationToken = default)
        => _code.GetOrAdd(tree, t => new Once<FindingList>(ct => AnalyseCode(t, ct))).Get(cancellationToken).Items;

    private FindingList AnalyseCode(SyntaxTree tree, CancellationToken cancellationToken)
    {
        var usages = new List<HostingUsageModel>();
        new HostingReader(new DiscoveryContext(_compilation, _wcf, cancellationToken, readsEmitterFacts: false)).Read(tree, usages);
        var findings = new List<Finding>();
        ProtoMapper.MapHosting(usages, findings);
        return new FindingList(FindingOrder.Sort(findings).ToImmutableArray());
    }

    /// <summary>
    /// Findings that no source type holds: about types from referenced assemblies (no source position), or placed where
    /// no type is declared. A Roslyn front end reports them at compilation end.
    /// </summary>
    public ImmutableArray<Finding> FindingsOutsideTypes(CancellationToken cancellationToken = default)
        => Whole(cancellationToken).Outside;

    /// <summary>The findings of one app.config or web.config (its <c>&lt;system.serviceModel&gt;</c>), in <see cref="FindingOrder"/>.</summary>
    public static ImmutableArray<Finding> ConfigurationFindings(string path, string text)
    {
        var findings = new List<Finding>();
        ProtoMapper.MapHosting(ConfigurationReader.Read(path, text), findings);
        return FindingOrder.Sort(findings).ToImmutableArray();
    }

    /// <summary>True when <paramref name="text"/> may hold a <c>&lt;system.serviceModel&gt;</c> section, so a front end can skip other files unparsed.</summary>
    public static bool MayHoldServiceModel(string text) => ConfigurationReader.MayHoldServiceModel(text);

    // ───────────────────────────── interfaces: contract by contract ─────────────────────────────

    private ImmutableArray<Finding> InterfaceFindings(INamedTypeSymbol type, List<Declaration> declarations, CancellationToken cancellationToken)
    {
        var contracts = _index.Get(cancellationToken).ContractsPlacingFindingsIn(type);
        if (contracts.Count == 0)
        {
            return ImmutableArray<Finding>.Empty;
        }

        var found = new List<Finding>();
        foreach (var contract in contracts)
        {
            var findings = _contracts.GetOrAdd(contract, c => new Once<FindingList>(ct => AnalyseContract(c, ct))).Get(cancellationToken);
            found.AddRange(findings.Items.Where(f => DeclarationAt(f.Position) is { } place && declarations.Contains(place)));
        }

        return FindingOrder.Sort(found).ToImmutableArray();
    }

    /// <summary>
    /// One contract read alone, with the data types it reaches; only its service is mapped (data types are named, not
    /// mapped). Whether it is a client-side copy depends on what the whole compilation implements, read once.
    /// </summary>
    private FindingList AnalyseContract(INamedTypeSymbol contract, CancellationToken cancellationToken)
    {
        var (model, discovered) = ContractDiscovery.Discover(_compilation, _wcf, new[] { contract }, readHosting: false, cancellationToken, findingsOnly: true, _implemented.Get(cancellationToken));
        var findings = new List<Finding>(discovered);
        ProtoMapper.Map(model, LockFile.Parse(null, findings), findings, MappingParts.Services);
        return new FindingList(FindingOrder.Sort(findings).ToImmutableArray());
    }

    private ContractIndex BuildIndex(CancellationToken cancellationToken)
    {
        var index = new ContractIndex();
        foreach (var type in ContractDiscovery.SourceTypes(_compilation))
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (WcfSymbols.Find(type, _wcf.ServiceContract) is not { } attribute)
            {
                continue;
            }

            // The readers put a contract's findings on it, on the service contracts it inherits (their operations are
            // its operations) and on its callback contract and the interfaces that one extends.
            index.Add(type, type);
            if (type.TypeKind == TypeKind.Interface)
            {
                foreach (var baseInterface in type.AllInterfaces.Where(i => WcfSymbols.Has(i, _wcf.ServiceContract)))
                {
                    index.Add(baseInterface, type);
                }
            }

            if (WcfSymbols.NamedType(attribute, "CallbackContract") is INamedTypeSymbol { TypeKind: not TypeKind.Error } callback)
            {
                index.Add(callback, type);
                foreach (var baseInterface in callback.AllInterfaces)
                {
                    index.Add(baseInterface, type);
                }
            }
        }

        return index;
    }

    // ───────────────────────────── the whole compilation ─────────────────────────────

    private WholeCompilation Whole(CancellationToken cancellationToken)
    {
        Interlocked.Exchange(ref _wholeRequested, 1);
        return _whole.Get(cancellationToken);
    }

    /// <summary>The whole run without hosting code (read per document) and without .proto text, findings grouped by the type declaration holding them.</summary>
    private WholeCompilation AnalyseWhole(CancellationToken cancellationToken)
    {
        var (model, discovered) = ContractDiscovery.Discover(_compilation, _wcf, ContractDiscovery.SourceTypes(_compilation), readHosting: false, cancellationToken, findingsOnly: true);
        var findings = new List<Finding>(discovered);
        ProtoMapper.Map(model, LockFile.Parse(null, findings), findings, MappingParts.All & ~(MappingParts.Hosting | MappingParts.Files));

        var byDeclaration = new Dictionary<Declaration, List<Finding>>();
        var outside = new List<Finding>();
        foreach (var finding in FindingOrder.Sort(findings))
        {
            if (DeclarationAt(finding.Position) is { } declaration)
            {
                if (!byDeclaration.TryGetValue(declaration, out var list))
                {
                    byDeclaration[declaration] = list = new List<Finding>();
                }

                list.Add(finding);
            }
            else
            {
                outside.Add(finding);
            }
        }

        return new WholeCompilation(byDeclaration, outside.ToImmutableArray());
    }

    // ───────────────────────────── where findings are ─────────────────────────────

    /// <summary>A type declaration: its tree and where it starts (a partial type has several).</summary>
    private readonly record struct Declaration(SyntaxTree Tree, int Start);

    private static List<Declaration> Declarations(INamedTypeSymbol type)
        => type.DeclaringSyntaxReferences
            .Where(r => r.SyntaxTree.FilePath != CoreWcfDeclarations.FileName)
            .Select(r => new Declaration(r.SyntaxTree, r.Span.Start))
            .ToList();

    /// <summary>The innermost type declaration holding <paramref name="position"/>, or null (no position, or not in a type).</summary>
    private Declaration? DeclarationAt(SourcePosition? position)
    {
        if (position is null || !_trees.TryGetValue(position.FilePath, out var tree))
        {
            return null;
        }

        var lines = tree.GetText().Lines;
        if (position.Line < 1 || position.Line > lines.Count)
        {
            return null;
        }

        var offset = Math.Min(lines[position.Line - 1].Start + position.Column - 1, lines[position.Line - 1].End);
        var token = tree.GetRoot().FindToken(offset);
        for (var node = token.Parent; node is not null; node = node.Parent)
        {
            if (node is BaseTypeDeclarationSyntax or DelegateDeclarationSyntax)
            {
                return new Declaration(tree, node.SpanStart);
            }
        }

        return null;
    }

    private sealed class WholeCompilation
    {
        private readonly Dictionary<Declaration, List<Finding>> _byDeclaration;

        public WholeCompilation(Dictionary<Declaration, List<Finding>> byDeclaration, ImmutableArray<Finding> outside)
        {
            _byDeclaration = byDeclaration;
            Outside = outside;
        }

        public ImmutableArray<Finding> Outside { get; }

        public ImmutableArray<Finding> In(List<Declaration> declarations)
        {
            if (declarations.Count == 1)
            {
                return _byDeclaration.TryGetValue(declarations[0], out var single) ? single.ToImmutableArray() : ImmutableArray<Finding>.Empty;
            }

            return FindingOrder.Sort(declarations.SelectMany(d => _byDeclaration.TryGetValue(d, out var list) ? list : Enumerable.Empty<Finding>())).ToImmutableArray();
        }
    }

    /// <summary>For each interface (by definition), the service contracts whose findings can be placed in it.</summary>
    private sealed class ContractIndex
    {
        private readonly Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>> _contracts = new(SymbolEqualityComparer.Default);

        public void Add(INamedTypeSymbol placedIn, INamedTypeSymbol contract)
        {
            var key = placedIn.OriginalDefinition;
            if (!_contracts.TryGetValue(key, out var list))
            {
                _contracts[key] = list = new List<INamedTypeSymbol>();
            }

            if (!list.Contains(contract, SymbolEqualityComparer.Default))
            {
                list.Add(contract);
            }
        }

        public IReadOnlyList<INamedTypeSymbol> ContractsPlacingFindingsIn(INamedTypeSymbol type)
            => _contracts.TryGetValue(type.OriginalDefinition, out var list) ? list : Array.Empty<INamedTypeSymbol>();
    }

    private sealed class FindingList
    {
        public FindingList(ImmutableArray<Finding> items) => Items = items;

        public ImmutableArray<Finding> Items { get; }
    }

    /// <summary>
    /// A value computed once, on the first caller's thread; other callers wait for it (and can be cancelled while they
    /// wait). A cancelled computation is not kept, so the next caller computes again.
    /// </summary>
    private sealed class Once<T>
        where T : class
    {
        private readonly Func<CancellationToken, T> _compute;
        private readonly object _gate = new();
        private T? _value;

        public Once(Func<CancellationToken, T> compute) => _compute = compute;

        public T Get(CancellationToken cancellationToken)
        {
            var value = Volatile.Read(ref _value);
            if (value is not null)
            {
                return value;
            }

            while (!Monitor.TryEnter(_gate, 20))
            {
                cancellationToken.ThrowIfCancellationRequested();
            }

            try
            {
                value = _value;
                if (value is null)
                {
                    value = _compute(cancellationToken);
                    Volatile.Write(ref _value, value);
                }

                return value;
            }
            finally
            {
                Monitor.Exit(_gate);
            }
        }
    }
}
