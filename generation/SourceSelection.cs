using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generation;

/// <summary>An original source file the migrated project may compile, and where the IDE shows it.</summary>
/// <param name="Path">Full path, as the compilation names the file.</param>
/// <param name="Link">Where it appears under the project's <c>Original/</c> folder: its project's name, then its path in that project (forward slashes).</param>
public sealed record OriginalSource(string Path, string Link)
{
    /// <summary>
    /// The preprocessor symbols its own project's build defines, which the compilation parsed it with; null when no
    /// project tells (loose files): the migrated project then compiles it with its own symbols.
    /// </summary>
    public IReadOnlyList<string>? PreprocessorSymbols { get; init; }
}

/// <summary>An original source the migrated project does not compile, and why (for the project file's comment).</summary>
public sealed record LeftOutSource(OriginalSource Source, string Reason);

/// <summary>
/// What the migrated project compiles of the original sources: the files compiled in place, generated copies of the
/// files that mix what the service needs with code .NET 10 cannot compile, the files left out, and the findings that
/// say what was left out and what still cannot compile.
/// </summary>
public sealed record SourceSelection(
    ImmutableArray<OriginalSource> InPlace,
    ImmutableArray<PlannedFile> Copies,
    ImmutableArray<LeftOutSource> LeftOut,
    ImmutableArray<Finding> Findings)
{
    /// <summary>Packages that bring back, on .NET 10, .NET Framework types the compiled code uses (WCFM4009), by id.</summary>
    public ImmutableArray<FrameworkPackage> Packages { get; init; } = ImmutableArray<FrameworkPackage>.Empty;

    /// <summary>Files of the referenced assemblies (HintPaths, packages) whose types the compiled code uses: the packages worth carrying.</summary>
    public ImmutableArray<string> UsedAssemblies { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>
    /// Whether the compiled code uses System.Configuration.ConfigurationManager's types (<c>ConfigurationManager.AppSettings</c>,
    /// <c>ConnectionStrings</c>...), which .NET 10 has only in the package of that name: the migrated project then
    /// references it and carries the original configuration's settings (<see cref="OriginalConfiguration"/>).
    /// </summary>
    public bool UsesConfigurationManager { get; init; }

    /// <summary>
    /// The .NET Framework compilation could not bind some name in the compiled code: a reference that was not loaded (a
    /// packages/ folder never restored) may be what declares it, so packages whose use cannot be told are carried.
    /// </summary>
    public bool HasUnresolvedNames { get; init; }

    /// <summary>The <see cref="FrameworkStandIns"/> the compiled code uses: the migrated project gets each.</summary>
    public ImmutableArray<FrameworkStandIn> StandIns { get; init; } = ImmutableArray<FrameworkStandIn>.Empty;
}

/// <summary>
/// Decides what the migrated project compiles of the original sources: the contracts, the data types, the
/// implementations the generated hosting serves, and every type they reach (base classes, helpers, enums, extension
/// classes), from every project of the input. Code beside them that the service does not reach is compiled only when it
/// compiles on .NET 10 with everything it reaches; otherwise its file becomes a generated copy holding the rest, with
/// <c>#line</c> directives so compiler errors, the debugger and stack traces still name the original file and line.
/// Original assembly attributes are never compiled (the migrated project is one new assembly; several projects'
/// AssemblyInfo.cs would collide).
/// <para>
/// What compiles on .NET 10 is learned from a probe: the same syntax trees compiled against the migrated project's
/// references (the target references the caller gives, with the generated compatibility types). An error the probe
/// reports where the .NET Framework compilation had none is code .NET 10 cannot compile: in a type the service needs it
/// is WCFM4007, at its position, with what replaces the API (<see cref="DotNetReplacements"/>). Without target
/// references nothing is probed: every type the service does not reach is left out.
/// </para>
/// </summary>
public static partial class SourceSelector
{
    /// <summary>The folder of the migrated project where copies go and links point: the IDE shows every original file under it.</summary>
    public const string OriginalFolder = "Original";

    private static readonly SymbolDisplayFormat ApiFormat = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
        genericsOptions: SymbolDisplayGenericsOptions.None);

    /// <param name="compilation">The .NET Framework compilation the engine ran on.</param>
    /// <param name="result">The engine's result for it, with its C# (the served implementations and the compatibility types).</param>
    /// <param name="sources">The original sources of the input; the compilation's other trees (CoreWCF's declarations) are not the user's.</param>
    /// <param name="targetReferences">The migrated project's references (.NET 10, System.ServiceModel.Primitives, the input's assemblies); empty for no probe.</param>
    /// <param name="outputFolder">Full path of the folder the copies are written into (under its Original/; they point back at their originals relative to where they are).</param>
    /// <param name="nullableEnabled">The original sources' nullable context, which copies (generated code) state themselves.</param>
    /// <param name="defineConstants">The symbols the migrated project defines besides the SDK's DEBUG and TRACE (<see cref="MigratedProjectFile"/>): a file whose project's symbols differ in one its <c>#if</c> tests is compiled as a copy that defines its own.</param>
    public static SourceSelection Select(
        Compilation compilation,
        EngineResult result,
        IReadOnlyList<OriginalSource> sources,
        IReadOnlyList<MetadataReference> targetReferences,
        string outputFolder,
        bool nullableEnabled,
        CancellationToken cancellationToken = default,
        IReadOnlyCollection<string>? unrestoredPackages = null,
        IReadOnlyCollection<string>? defineConstants = null)
        => new Selector(compilation, result, sources, targetReferences, outputFolder, nullableEnabled, cancellationToken, unrestoredPackages ?? Array.Empty<string>(), defineConstants ?? Array.Empty<string>()).Run();

    /// <summary>What the migrated project's Debug build defines of the symbols a project file can set: the SDK's DEBUG and TRACE, and its DefineConstants.</summary>
    private static HashSet<string> MigratedSymbols(IEnumerable<string> defineConstants)
        => new(new[] { "DEBUG", "TRACE" }.Concat(defineConstants), StringComparer.Ordinal);

    /// <summary>
    /// The <c>#define</c> and <c>#undef</c> lines that make the migrated project compile <paramref name="tree"/> as its own
    /// project did: one per symbol its <c>#if</c> and <c>#elif</c> directives test (those the parse with its own symbols
    /// reached) that its project and the migrated project do not both define or both leave undefined. Sorted by symbol.
    /// </summary>
    internal static IReadOnlyList<string> SymbolLines(SyntaxTree tree, OriginalSource source, IReadOnlyCollection<string> defineConstants, CancellationToken cancellationToken = default)
    {
        if (source.PreprocessorSymbols is not { } own)
        {
            return Array.Empty<string>();
        }

        var migrated = MigratedSymbols(defineConstants);
        return tree.GetRoot(cancellationToken).DescendantNodes(descendIntoTrivia: true).OfType<ConditionalDirectiveTriviaSyntax>()
            .SelectMany(d => d.Condition.DescendantNodesAndSelf().OfType<IdentifierNameSyntax>())
            .Select(i => i.Identifier.ValueText)
            .Distinct(StringComparer.Ordinal)
            .Where(symbol => own.Contains(symbol, StringComparer.Ordinal) != migrated.Contains(symbol))
            .OrderBy(symbol => symbol, StringComparer.Ordinal)
            .Select(symbol => (own.Contains(symbol, StringComparer.Ordinal) ? "#define " : "#undef ") + symbol)
            .ToList();
    }

    /// <summary>A top-level type declaration (or one part of a partial type): what is kept or left out.</summary>
    private sealed class Unit
    {
        public Unit(SyntaxTree tree, MemberDeclarationSyntax node, INamedTypeSymbol? symbol)
        {
            Tree = tree;
            Node = node;
            Symbol = symbol;
        }

        public SyntaxTree Tree { get; }

        public MemberDeclarationSyntax Node { get; }

        public INamedTypeSymbol? Symbol { get; }

        public string Name => Symbol?.Name ?? Node switch
        {
            BaseTypeDeclarationSyntax type => type.Identifier.Text,
            DelegateDeclarationSyntax @delegate => @delegate.Identifier.Text,
            _ => "top-level statements",
        };

        /// <summary>
        /// Static <c>Main</c> methods declared in this part, then the private static methods only they reach (hosting
        /// helpers such as a <c>CreateHost</c>): a service never calls them, so they may be dropped, together.
        /// </summary>
        public List<MethodDeclarationSyntax> EntryPoints { get; } = new();

        /// <summary>How many of <see cref="EntryPoints"/> are <c>Main</c> methods (the rest are their helpers).</summary>
        public int MainCount { get; set; }

        /// <summary>
        /// What goes of this part while the rest stays (WCFM4008): the hosting state, the fields of a <c>ServiceHost</c>
        /// the class keeps and the statements that only create, open or close them (<see cref="Selector.FindHostingState"/>);
        /// or, for a type the service needs by name only, its members (<see cref="Selector.KeepByNameOnly"/>).
        /// </summary>
        public List<LeftOutPart> LeftOutParts { get; } = new();
    }

    private sealed partial class Selector
    {
        private readonly Compilation _compilation;
        private readonly EngineResult _result;
        private readonly IReadOnlyList<OriginalSource> _sources;
        private readonly IReadOnlyList<MetadataReference> _targetReferences;
        private readonly string _outputFolder;
        private readonly bool _nullableEnabled;
        private readonly CancellationToken _cancellationToken;
        private readonly Dictionary<SyntaxTree, List<Unit>> _unitsByTree = new();
        private readonly Dictionary<SyntaxNode, Unit> _unitByNode = new();
        private readonly Dictionary<Unit, HashSet<Unit>> _references = new();
        private readonly Dictionary<MethodDeclarationSyntax, HashSet<Unit>> _entryPointReferences = new();
        private readonly Dictionary<SyntaxTree, ImmutableArray<Diagnostic>> _probeErrors = new();
        private readonly Dictionary<SyntaxTree, HashSet<(string Id, TextSpan Span)>> _frameworkErrors = new();
        private readonly Dictionary<SyntaxNode, HashSet<string>> _assembliesUsed = new();
        private Compilation? _probe;
        private readonly Dictionary<SyntaxTree, FrameworkStandIn> _standIns = new();
        private readonly IReadOnlyCollection<string> _unrestoredPackages;
        private readonly Dictionary<SyntaxTree, List<AttributeArgumentSyntax>> _droppedArguments = new();
        private readonly Dictionary<Unit, List<BehaviorUse>> _behaviorUses = new();
        private readonly Dictionary<string, string> _linkByPath;
        private readonly IReadOnlyCollection<string> _defineConstants;
        private readonly HashSet<Unit> _byNameOnly = new();

        public Selector(Compilation compilation, EngineResult result, IReadOnlyList<OriginalSource> sources, IReadOnlyList<MetadataReference> targetReferences, string outputFolder, bool nullableEnabled, CancellationToken cancellationToken, IReadOnlyCollection<string> unrestoredPackages, IReadOnlyCollection<string> defineConstants)
        {
            _defineConstants = defineConstants;
            _unrestoredPackages = unrestoredPackages;
            _linkByPath = sources.GroupBy(s => s.Path, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First().Link, StringComparer.Ordinal);
            _compilation = compilation;
            _result = result;
            _sources = sources;
            _targetReferences = targetReferences;
            _outputFolder = outputFolder;
            _nullableEnabled = nullableEnabled;
            _cancellationToken = cancellationToken;
        }

        private bool Probing => _targetReferences.Count > 0;

        public SourceSelection Run()
        {
            var byPath = _sources.GroupBy(s => s.Path, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
            var trees = _compilation.SyntaxTrees.Where(t => byPath.ContainsKey(t.FilePath)).OrderBy(t => t.FilePath, StringComparer.Ordinal).ToList();
            foreach (var tree in trees)
            {
                _unitsByTree[tree] = ReadUnits(tree);
            }

            if (Probing)
            {
                var parseOptions = trees.FirstOrDefault()?.Options as CSharpParseOptions ?? CSharpParseOptions.Default;
                var compatibility = _result.CSharpFiles
                    .Where(f => f.RelativePath.Replace('\\', '/').StartsWith("Compatibility/", StringComparison.Ordinal))
                    .Select(f => CSharpSyntaxTree.ParseText(f.Content, parseOptions, "migrate-wcf/" + f.RelativePath, cancellationToken: _cancellationToken))
                    .ToList();
                foreach (var standIn in FrameworkStandIns.All)
                {
                    var tree = CSharpSyntaxTree.ParseText(standIn.Source, parseOptions, "migrate-wcf/" + standIn.RelativePath, cancellationToken: _cancellationToken);
                    _standIns[tree] = standIn;
                    compatibility.Add(tree);
                }

                _probe = _compilation.WithReferences(_targetReferences).AddSyntaxTrees(compatibility);
                AddHostingHelpersOfOtherTypes(trees);
                FindHostingState(trees);
            }

            var (roots, byName) = Roots();
            if (Probing)
            {
                KeepByNameOnly(Reach(roots), byName);
            }

            var compiled = Reach(roots.Concat(byName.Keys));
            var blockers = new HashSet<Unit>(compiled.Where(HasErrors));
            ExpandWithCompilingNeighbours(compiled);

            var inPlace = new List<OriginalSource>();
            var copies = new List<PlannedFile>();
            var leftOut = new List<LeftOutSource>();
            var findings = new List<Finding>();
            var usedAssemblies = new HashSet<string>(StringComparer.Ordinal);
            var compiledTypes = new HashSet<INamedTypeSymbol>(compiled.Where(u => u.Symbol is not null).SelectMany(u => WithNested(u.Symbol!)), SymbolEqualityComparer.Default);
            var standIns = FrameworkStandIns.All.Where(s => compiled.Any(u => UsesStandIn(u, s))).ToImmutableArray();
            foreach (var tree in trees)
            {
                _cancellationToken.ThrowIfCancellationRequested();
                var source = byPath[tree.FilePath];
                var units = _unitsByTree[tree];
                var kept = units.Where(compiled.Contains).ToList();
                if (kept.Count == 0)
                {
                    leftOut.Add(new LeftOutSource(source, LeftOutReason(tree, units)));
                    continue;
                }

                var removals = new List<(TextSpan Span, string? Name, string? Reason)>();
                foreach (var unit in units.Where(u => !compiled.Contains(u)))
                {
                    var reason = WhyLeftOut(unit);
                    removals.Add((unit.Node.Span, unit.Name, reason));
                    findings.Add(Finding.Create(FindingMessages.TypeLeftOut, Position(unit.Tree, IdentifierSpan(unit.Node)), unit.Name, reason));
                }

                foreach (var unit in kept)
                {
                    usedAssemblies.UnionWith(_assembliesUsed[unit.Node]);
                    usedAssemblies.UnionWith(unit.EntryPoints.Where(e => KeepEntryPoint(e, compiled)).SelectMany(e => _assembliesUsed[e]));
                    foreach (var entryPoint in unit.EntryPoints.Where(e => !KeepEntryPoint(e, compiled)))
                    {
                        var name = unit.Name + "." + entryPoint.Identifier.Text;
                        var reason = (unit.EntryPoints.IndexOf(entryPoint) < unit.MainCount ? "a service is never started through it" : "only hosting code (Main) calls it")
                                     + CannotCompile(entryPoint.Span, tree);
                        removals.Add((entryPoint.Span, name, reason));
                        findings.Add(Finding.Create(FindingMessages.TypeLeftOut, Position(tree, entryPoint.Identifier.Span), name, reason));
                    }

                    // Hosting state inside a Main that goes is left out with it.
                    var droppedEntryPoints = unit.EntryPoints.Where(e => !KeepEntryPoint(e, compiled)).ToList();
                    foreach (var part in unit.LeftOutParts.Where(h => !droppedEntryPoints.Any(e => e.Span.Contains(h.Node.Span))))
                    {
                        removals.Add((part.Node.Span, part.Name, part.Reason));
                        findings.Add(Finding.Create(FindingMessages.TypeLeftOut, Position(tree, part.At), part.Name, part.Reason));
                    }
                }

                _ = ProbeErrors(tree);
                foreach (var argument in _droppedArguments.TryGetValue(tree, out var arguments) ? arguments : Enumerable.Empty<AttributeArgumentSyntax>())
                {
                    if (kept.Any(u => u.Node.Span.Contains(argument.Span)))
                    {
                        var (span, name, reason) = DroppedArgument(argument);
                        removals.Add((span, name, reason));
                        findings.Add(Finding.Create(FindingMessages.TypeLeftOut, Position(tree, argument.NameEquals!.Name.Span), name, reason));
                    }
                }

                foreach (var use in kept.SelectMany(BehaviorUses))
                {
                    removals.Add((RemovedAttributeSpan(use.Attribute), $"[{use.Attribute.Name}]", $"{use.Class.Name} is a WCF behavior the migrated service does not apply"));
                    findings.Add(Finding.Create(
                        FindingMessages.BehaviorAttributeLeftOut, Position(tree, use.Attribute.Name.Span),
                        use.Attribute.Name.ToString(), use.Target, use.Class.ToDisplayString(ApiFormat), use.Project, string.Join(", ", use.Interfaces), use.Installs));
                }

                var root = tree.GetCompilationUnitRoot(_cancellationToken);
                foreach (var attributes in root.AttributeLists)
                {
                    removals.Add((attributes.Span, null, null));
                }

                // A using goes when what it names is gone: a .NET Framework namespace .NET 10 lacks (and no package brings back), a namespace or type
                // only code left out declares, or one nothing here declares (an unreferenced test framework). One that a
                // package not restored here may declare stays: the migrated project references that package.
                foreach (var usingDirective in root.DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax).OfType<UsingDirectiveSyntax>())
                {
                    if (NewOnDotNet(tree, usingDirective.Span).Any(e => !BroughtByPackage(tree, e))
                        || NamesOnlyLeftOutCode(usingDirective, compiledTypes)
                        || NamesOnlyStandInsNotUsed(usingDirective, standIns)
                        || (ProbeErrorsIn(tree, usingDirective.Span).Any(e => !BroughtByPackage(tree, e)) && !MayBeDeclaredByUnrestoredPackage(usingDirective)))
                    {
                        removals.Add((usingDirective.Span, null, null));
                    }
                    else
                    {
                        // A kept using must bind in the migrated project too: the packages declaring its namespace are used
                        // (a file may need a package for its using alone, its other uses of it left out with their code).
                        usedAssemblies.UnionWith(AssembliesDeclaring(usingDirective));
                    }
                }

                var symbolLines = SymbolLines(tree, source, _defineConstants, _cancellationToken);
                if (removals.Count == 0 && symbolLines.Count == 0)
                {
                    inPlace.Add(source);
                }
                else
                {
                    copies.Add(Copy(source, tree, removals, symbolLines));
                }
            }

            findings.AddRange(compiled.SelectMany(OutputCacheProfiles));

            var packages = new Dictionary<FrameworkPackage, (string Api, SourcePosition Position)>();
            foreach (var unit in blockers.OrderBy(u => u.Tree.FilePath, StringComparer.Ordinal).ThenBy(u => u.Node.SpanStart))
            {
                findings.AddRange(Blockers(unit, compiled, packages));
            }

            foreach (var used in packages)
            {
                var package = used.Key;
                findings.Add(Finding.Create(FindingMessages.FrameworkPackageAdded, used.Value.Position, used.Value.Api, package.Id, package.Version, package.Note is null ? string.Empty : "; " + package.Note));
            }

            return new SourceSelection(
                inPlace.ToImmutableArray(),
                copies.OrderBy(c => c.RelativePath, StringComparer.Ordinal).ToImmutableArray(),
                leftOut.ToImmutableArray(),
                FindingOrder.Sort(findings).ToImmutableArray())
            {
                Packages = packages.Keys.OrderBy(p => p.Id, StringComparer.Ordinal).ToImmutableArray(),
                UsedAssemblies = usedAssemblies.OrderBy(a => a, StringComparer.Ordinal).ToImmutableArray(),
                UsesConfigurationManager = compiled.Any(UsesConfigurationManager) || standIns.Any(s => s.ReadsConfiguration),
                StandIns = standIns,
                HasUnresolvedNames = compiled.Any(HasUnresolvedNames),
            };
        }

        /// <summary>A WCFM4010 finding at each [AspNetCacheProfile] of the part (as the probe binds it: MigrateWcf.Compatibility's, which compiles it), since nothing caches the response.</summary>
        private IEnumerable<Finding> OutputCacheProfiles(Unit unit)
        {
            if (_probe is null)
            {
                yield break;
            }

            var model = _probe.GetSemanticModel(unit.Tree);
            foreach (var attribute in unit.Node.DescendantNodes().OfType<AttributeSyntax>())
            {
                if (model.GetSymbolInfo(attribute, _cancellationToken).Symbol?.ContainingType is { } attributeType
                    && attributeType.ContainingAssembly?.Name == MigratedProjectFile.CompatibilityPackage
                    && attributeType.ToDisplayString() == "System.ServiceModel.Web.AspNetCacheProfileAttribute")
                {
                    var profile = attribute.ArgumentList?.Arguments.FirstOrDefault() is { } argument
                        && model.GetConstantValue(argument.Expression, _cancellationToken) is { HasValue: true, Value: string name } ? name : "?";
                    var target = attribute.Parent?.Parent is MethodDeclarationSyntax method && method.Parent is TypeDeclarationSyntax type
                        ? type.Identifier.Text + "." + method.Identifier.Text
                        : unit.Name;
                    yield return Finding.Create(FindingMessages.OutputCacheProfileIgnored, Position(unit.Tree, attribute.Name.Span), target, profile);
                }
            }
        }

        /// <summary>Whether the part's code names a type of <paramref name="standIn"/>, as the probe binds it.</summary>
        private bool UsesStandIn(Unit unit, FrameworkStandIn standIn)
        {
            if (_probe is null)
            {
                return false;
            }

            var model = _probe.GetSemanticModel(unit.Tree);
            return unit.Node.DescendantNodes().OfType<SimpleNameSyntax>()
                .Any(name => model.GetSymbolInfo(name, _cancellationToken).Symbol is { } symbol
                             && (symbol as ITypeSymbol ?? symbol.ContainingType)?.Locations.FirstOrDefault()?.SourceTree is { } tree
                             && _standIns.TryGetValue(tree, out var declaring) && declaring == standIn);
        }

        /// <summary>Whether the .NET Framework compilation could not bind a name in the part's code (a reference that was not loaded).</summary>
        private bool HasUnresolvedNames(Unit unit)
            => _compilation.GetSemanticModel(unit.Tree).GetDiagnostics(unit.Node.Span, _cancellationToken)
                .Any(d => d.Severity == DiagnosticSeverity.Error && d.Id is "CS0246" or "CS0234" or "CS0012" or "CS0400" or "CS0103");

        /// <summary>Whether the part's code names a type of the System.Configuration.ConfigurationManager package, as the probe binds it (a Main left out counts too: a reference too many costs nothing).</summary>
        private bool UsesConfigurationManager(Unit unit)
        {
            if (_probe is null || unit.Node.ToString().IndexOf("Configuration", StringComparison.Ordinal) < 0)
            {
                return false;
            }

            var model = _probe.GetSemanticModel(unit.Tree);
            return unit.Node.DescendantNodes().OfType<IdentifierNameSyntax>()
                .Any(name => model.GetSymbolInfo(name, _cancellationToken).Symbol is { } symbol
                             && (symbol as ITypeSymbol ?? symbol.ContainingType)?.ContainingAssembly?.Name == OriginalConfiguration.PackageName);
        }

        // ── units ──

        private List<Unit> ReadUnits(SyntaxTree tree)
        {
            var model = _compilation.GetSemanticModel(tree);
            var units = new List<Unit>();
            void Read(SyntaxList<MemberDeclarationSyntax> members)
            {
                foreach (var member in members)
                {
                    switch (member)
                    {
                        case BaseNamespaceDeclarationSyntax ns:
                            Read(ns.Members);
                            break;
                        case BaseTypeDeclarationSyntax or DelegateDeclarationSyntax:
                            var unit = new Unit(tree, member, model.GetDeclaredSymbol(member, _cancellationToken) as INamedTypeSymbol);
                            if (member is TypeDeclarationSyntax type)
                            {
                                unit.EntryPoints.AddRange(type.Members.OfType<MethodDeclarationSyntax>()
                                    .Where(m => m.Identifier.Text == "Main" && m.Modifiers.Any(SyntaxKind.StaticKeyword)));
                                unit.MainCount = unit.EntryPoints.Count;
                                if (unit.MainCount > 0)
                                {
                                    unit.EntryPoints.AddRange(HostingHelpers(type, unit.EntryPoints, model));
                                }
                            }

                            units.Add(unit);
                            _unitByNode[member] = unit;
                            break;
                    }
                }
            }

            var root = tree.GetCompilationUnitRoot(_cancellationToken);
            Read(root.Members);
            if (root.Members.OfType<GlobalStatementSyntax>().FirstOrDefault() is { } statement)
            {
                // Top-level statements: a program's entry point, never part of a service.
                units.Add(new Unit(tree, statement, null));
            }

            return units;
        }

        /// <summary>
        /// A static method of any type and accessibility (a service's <c>public static ServiceHost CreateServiceChannel</c>)
        /// that does not compile on .NET 10 and is called only from <c>Main</c> methods (or their helpers) that do not
        /// compile either, in any type: hosting code reached only from hosting, which goes with them (WCFM4008) as the
        /// private helpers beside a <c>Main</c> do.
        /// </summary>
        private void AddHostingHelpersOfOtherTypes(List<SyntaxTree> trees)
        {
            var hosting = _unitsByTree.Values.SelectMany(u => u).SelectMany(u => u.EntryPoints).ToList();
            if (hosting.Count == 0)
            {
                return;
            }

            var candidates = new List<(Unit Unit, MethodDeclarationSyntax Node, IMethodSymbol Symbol)>();
            foreach (var unit in _unitsByTree.Values.SelectMany(u => u))
            {
                if (unit.Node is not TypeDeclarationSyntax type || type.Modifiers.Any(SyntaxKind.PartialKeyword))
                {
                    continue;
                }

                var model = _compilation.GetSemanticModel(unit.Tree);
                foreach (var method in type.Members.OfType<MethodDeclarationSyntax>())
                {
                    if (method.Modifiers.Any(SyntaxKind.StaticKeyword) && !unit.EntryPoints.Contains(method)
                        && model.GetDeclaredSymbol(method, _cancellationToken) is { } symbol && ProbeErrorsIn(unit.Tree, method.Span).Any())
                    {
                        candidates.Add((unit, method, symbol));
                    }
                }
            }

            if (candidates.Count == 0)
            {
                return;
            }

            // Every place a candidate is named, in every source: found by its name first, then bound.
            var names = new HashSet<string>(candidates.Select(c => c.Node.Identifier.Text), StringComparer.Ordinal);
            var uses = new List<(SimpleNameSyntax Name, ISymbol Symbol)>();
            foreach (var tree in trees)
            {
                var model = _compilation.GetSemanticModel(tree);
                foreach (var name in tree.GetRoot(_cancellationToken).DescendantNodes().OfType<SimpleNameSyntax>().Where(n => names.Contains(n.Identifier.Text)))
                {
                    if (model.GetSymbolInfo(name, _cancellationToken).Symbol?.OriginalDefinition is IMethodSymbol method)
                    {
                        uses.Add((name, method));
                    }
                }
            }

            bool InFailingHosting(SyntaxNode node)
                => hosting.Any(h => h.SyntaxTree == node.SyntaxTree && h.Span.Contains(node.Span) && ProbeErrorsIn(h.SyntaxTree, h.Span).Any());

            foreach (var (unit, node, symbol) in candidates)
            {
                var named = uses.Where(u => SymbolEqualityComparer.Default.Equals(u.Symbol, symbol)).ToList();
                if (named.Count > 0 && named.All(u => InFailingHosting(u.Name)))
                {
                    unit.EntryPoints.Add(node);
                }
            }
        }

        /// <summary>
        /// The private static methods of <paramref name="type"/> (one part of no partial type: no other part can call them)
        /// that <paramref name="entryPoints"/> call and nothing else does, directly or through each other: the hosting
        /// code around a <c>Main</c>.
        /// </summary>
        private IEnumerable<MethodDeclarationSyntax> HostingHelpers(TypeDeclarationSyntax type, List<MethodDeclarationSyntax> entryPoints, SemanticModel model)
        {
            if (type.Modifiers.Any(SyntaxKind.PartialKeyword))
            {
                return Enumerable.Empty<MethodDeclarationSyntax>();
            }

            var candidates = type.Members.OfType<MethodDeclarationSyntax>()
                .Where(m => m.Modifiers.Any(SyntaxKind.StaticKeyword) && !entryPoints.Contains(m)
                            && !m.Modifiers.Any(k => k.IsKind(SyntaxKind.PublicKeyword) || k.IsKind(SyntaxKind.InternalKeyword) || k.IsKind(SyntaxKind.ProtectedKeyword)))
                .Select(m => (Node: m, Symbol: model.GetDeclaredSymbol(m, _cancellationToken)))
                .Where(m => m.Symbol is not null)
                .ToList();
            // Where each candidate is named in the type: every use of it must lie in an entry point or in another helper.
            var uses = type.DescendantNodes().OfType<SimpleNameSyntax>()
                .Select(n => (Name: n, Symbol: model.GetSymbolInfo(n, _cancellationToken).Symbol?.OriginalDefinition))
                .Where(n => n.Symbol is IMethodSymbol)
                .ToList();
            var helpers = new List<MethodDeclarationSyntax>();
            for (var changed = true; changed;)
            {
                changed = false;
                var hosting = entryPoints.Concat(helpers).ToList();
                foreach (var (node, symbol) in candidates.Where(c => !helpers.Contains(c.Node)))
                {
                    var named = uses.Where(u => SymbolEqualityComparer.Default.Equals(u.Symbol, symbol)).ToList();
                    if (named.Count > 0 && named.All(u => hosting.Any(h => h.Span.Contains(u.Name.Span))))
                    {
                        helpers.Add(node);
                        changed = true;
                    }
                }
            }

            return helpers.OrderBy(h => h.SpanStart);
        }

        /// <summary>The parts of the type <paramref name="type"/> belongs to (its outermost containing type), in the input's sources.</summary>
        private IEnumerable<Unit> UnitsOf(INamedTypeSymbol type)
        {
            var outermost = type.OriginalDefinition;
            while (outermost.ContainingType is { } container)
            {
                outermost = container;
            }

            foreach (var reference in outermost.DeclaringSyntaxReferences)
            {
                if (_unitsByTree.ContainsKey(reference.SyntaxTree) && _unitByNode.TryGetValue(reference.GetSyntax(_cancellationToken), out var unit))
                {
                    yield return unit;
                }
            }
        }

        /// <summary>
        /// The parts declaring what the generated code uses: the service contracts with a gRPC service, the data types,
        /// and the implementations the hosting serves (every implementation when no C# was planned) with the source types
        /// among their type arguments. Found by the position the engine recorded for each (the model holds no symbols).
        /// A type argument a served closing needs by name only (<see cref="ServiceImplementationModel.NameOnlyTypeArgumentPositions"/>),
        /// and nothing else here needs, is apart, with that closing's key.
        /// </summary>
        private (List<Unit> Roots, Dictionary<Unit, string> ByName) Roots()
        {
            var model = _result.Model;
            var served = _result.CSharp is { } plan
                ? new HashSet<string>(plan.Services.SelectMany(s => s.Implementations).Select(i => i.Key), StringComparer.Ordinal)
                : null;
            var closings = model.Implementations.Where(i => served is null || served.Contains(i.Key)).ToList();
            var nameOnly = closings.SelectMany(i => i.NameOnlyTypeArgumentPositions.Select(p => (Position: (p.FilePath, p.Line, p.Column), Closing: i.Key)))
                .GroupBy(p => p.Position)
                .ToDictionary(g => g.Key, g => g.First().Closing);
            var roots = RootUnits(closings).ToList();
            var byName = new Dictionary<Unit, string>();
            foreach (var unit in _unitsByTree.Values.SelectMany(u => u).Where(u => !roots.Contains(u)))
            {
                if (unit.Symbol is { } symbol && PositionOf(symbol) is { } p && nameOnly.TryGetValue(p, out var closing))
                {
                    byName[unit] = closing;
                }
            }

            return (roots, byName);
        }

        private IEnumerable<Unit> RootUnits(List<ServiceImplementationModel> served)
        {
            var model = _result.Model;
            var services = new HashSet<string>(_result.Proto.SelectMany(f => f.Services).Select(s => s.ContractKey).OfType<string>(), StringComparer.Ordinal);
            var positions = new HashSet<(string, int, int)>(model.Services.Where(s => services.Contains(s.Key)).Select(s => s.Position)
                .Concat(model.DataTypes.Select(t => t.Position))
                .Concat(served.SelectMany(i => i.TypeArgumentPositions.Where(p => !i.NameOnlyTypeArgumentPositions.Contains(p)).Prepend(i.Position!)))
                .OfType<SourcePosition>()
                .Select(p => (p.FilePath, p.Line, p.Column)));
            foreach (var unit in _unitsByTree.Values.SelectMany(u => u))
            {
                if (unit.Symbol is { } symbol && WithNested(symbol).Any(t => PositionOf(t) is { } p && positions.Contains(p)))
                {
                    yield return unit;
                }
            }
        }

        private static IEnumerable<INamedTypeSymbol> WithNested(INamedTypeSymbol type)
            => new[] { type }.Concat(type.GetTypeMembers().SelectMany(WithNested));

        /// <summary>A symbol's position as the engine records it: its first source location by path and offset.</summary>
        private static (string Path, int Line, int Column)? PositionOf(ISymbol symbol)
        {
            var first = symbol.Locations.Where(l => l.IsInSource)
                .OrderBy(l => l.SourceTree!.FilePath, StringComparer.Ordinal).ThenBy(l => l.SourceSpan.Start)
                .FirstOrDefault();
            if (first is null)
            {
                return null;
            }

            var span = first.GetLineSpan();
            return (span.Path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1);
        }

        // ── reachability ──

        /// <summary>Every part reachable from <paramref name="start"/> through the types their code names (entry points excepted).</summary>
        private HashSet<Unit> Reach(IEnumerable<Unit> start)
        {
            var reached = new HashSet<Unit>();
            var pending = new Stack<Unit>(start);
            while (pending.Count > 0)
            {
                var unit = pending.Pop();
                if (!reached.Add(unit))
                {
                    continue;
                }

                foreach (var next in References(unit))
                {
                    if (!reached.Contains(next))
                    {
                        pending.Push(next);
                    }
                }
            }

            return reached;
        }

        private HashSet<Unit> References(Unit unit)
        {
            if (!_references.TryGetValue(unit, out var references))
            {
                var skipped = new HashSet<SyntaxNode>(unit.EntryPoints);
                skipped.UnionWith(unit.LeftOutParts.Select(h => h.Node));
                skipped.UnionWith(BehaviorUses(unit).Select(u => u.Attribute));
                var assemblies = new HashSet<string>(StringComparer.Ordinal);
                references = ReferencedUnits(unit.Tree, unit.Node.DescendantNodesAndSelf(n => !skipped.Contains(n)).Where(n => !skipped.Contains(n)), assemblies);
                _assembliesUsed[unit.Node] = assemblies;
                // Every part of a partial type is compiled with the others.
                if (unit.Symbol is { } symbol)
                {
                    references.UnionWith(UnitsOf(symbol));
                }

                references.Remove(unit);
                _references[unit] = references;
            }

            return references;
        }

        /// <summary>The files of the referenced assemblies that declare types of the namespace (or the type) a using directive names.</summary>
        private IEnumerable<string> AssembliesDeclaring(UsingDirectiveSyntax usingDirective)
        {
            var symbol = _compilation.GetSemanticModel(usingDirective.SyntaxTree).GetSymbolInfo(usingDirective.NamespaceOrType, _cancellationToken).Symbol;
            var assemblies = symbol switch
            {
                // Only the assemblies with types of that namespace itself: Autofac.Integration.Wcf's assembly also declares
                // the namespace Autofac, as its parent, without needing to be there for 'using Autofac;'.
                INamespaceSymbol ns => ns.ConstituentNamespaces.Where(n => !n.GetTypeMembers().IsEmpty).Select(n => n.ContainingAssembly),
                ITypeSymbol type => new[] { type.ContainingAssembly },
                _ => Enumerable.Empty<IAssemblySymbol>(),
            };
            return assemblies
                .Select(a => a is null ? null : _compilation.GetMetadataReference(a) as PortableExecutableReference)
                .Select(r => r?.FilePath)
                .OfType<string>();
        }

        private HashSet<Unit> EntryPointReferences(MethodDeclarationSyntax entryPoint)
        {
            if (!_entryPointReferences.TryGetValue(entryPoint, out var references))
            {
                var assemblies = new HashSet<string>(StringComparer.Ordinal);
                references = ReferencedUnits(entryPoint.SyntaxTree, entryPoint.DescendantNodesAndSelf(), assemblies);
                _entryPointReferences[entryPoint] = references;
                _assembliesUsed[entryPoint] = assemblies;
            }

            return references;
        }

        /// <summary>The parts declaring the source types that <paramref name="nodes"/> name or use.</summary>
        /// <param name="assemblies">Receives the files of the referenced assemblies whose types <paramref name="nodes"/> use.</param>
        private HashSet<Unit> ReferencedUnits(SyntaxTree tree, IEnumerable<SyntaxNode> nodes, HashSet<string> assemblies)
        {
            var model = _compilation.GetSemanticModel(tree);
            var types = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
            foreach (var node in nodes)
            {
                if (node is SimpleNameSyntax or ImplicitObjectCreationExpressionSyntax or BaseObjectCreationExpressionSyntax)
                {
                    var info = model.GetSymbolInfo(node, _cancellationToken);
                    AddTypesOf(info.Symbol, types);
                    foreach (var candidate in info.CandidateSymbols)
                    {
                        AddTypesOf(candidate, types);
                    }

                    if (node is SimpleNameSyntax)
                    {
                        AddTypesOf(model.GetTypeInfo(node, _cancellationToken).Type, types);
                    }
                }
            }

            var units = new HashSet<Unit>();
            foreach (var type in types)
            {
                if (type.Locations.Any(l => l.IsInSource && l.SourceTree is { } t && _unitsByTree.ContainsKey(t)))
                {
                    units.UnionWith(UnitsOf(type));
                }
                else if (type.ContainingAssembly is { } assembly && _compilation.GetMetadataReference(assembly) is PortableExecutableReference { FilePath: { } path })
                {
                    assemblies.Add(path);
                }
            }

            return units;
        }

        private static void AddTypesOf(ISymbol? symbol, HashSet<INamedTypeSymbol> types)
        {
            switch (symbol)
            {
                case null:
                    return;
                case IAliasSymbol alias:
                    AddTypesOf(alias.Target, types);
                    return;
                case IArrayTypeSymbol array:
                    AddTypesOf(array.ElementType, types);
                    return;
                case IPointerTypeSymbol pointer:
                    AddTypesOf(pointer.PointedAtType, types);
                    return;
                case INamedTypeSymbol named:
                    if (types.Add(named.OriginalDefinition))
                    {
                        foreach (var argument in named.TypeArguments)
                        {
                            AddTypesOf(argument, types);
                        }

                        AddTypesOf(named.ContainingType, types);
                    }

                    return;
                case IMethodSymbol method:
                    AddTypesOf(method.ContainingType, types);
                    AddTypesOf(method.ReducedFrom?.ContainingType, types);
                    foreach (var argument in method.TypeArguments)
                    {
                        AddTypesOf(argument, types);
                    }

                    return;
                case IPropertySymbol or IFieldSymbol or IEventSymbol:
                    AddTypesOf(symbol.ContainingType, types);
                    return;
                case ILocalSymbol local:
                    AddTypesOf(local.Type, types);
                    return;
                case IParameterSymbol parameter:
                    AddTypesOf(parameter.Type, types);
                    return;
            }
        }

        /// <summary>
        /// Adds to <paramref name="compiled"/> the other types of the files it touches when they compile on .NET 10 with
        /// everything they reach, so a file is compiled in place, unchanged, whenever it can be; until nothing changes.
        /// </summary>
        /// <summary>
        /// A type a served closing needs by name only (<c>Receiver&lt;Repository&gt;</c>, whose <c>T</c> has no constraint) is
        /// compiled whole when its members compile on .NET 10 with everything they reach; when they reach code that does
        /// not (its <c>Main</c> aside, which goes anyway), its members go (WCFM4008) and the declaration stays, which is all
        /// the closing uses. Not for a type with a base list (an interface it implements needs its members) or of several
        /// parts; those stay whole.
        /// </summary>
        private void KeepByNameOnly(HashSet<Unit> reached, Dictionary<Unit, string> byName)
        {
            foreach (var entry in byName.OrderBy(u => u.Key.Tree.FilePath, StringComparer.Ordinal).ThenBy(u => u.Key.Node.SpanStart))
            {
                var (unit, closing) = (entry.Key, entry.Value);
                if (reached.Contains(unit) || unit.Node is not TypeDeclarationSyntax type || type.BaseList is not null || unit.Symbol is not { } symbol
                    || UnitsOf(symbol).Skip(1).Any())
                {
                    continue;
                }

                var added = Reach(reached.Append(unit));
                added.ExceptWith(reached);
                var failing = added.Where(HasErrors).OrderBy(u => u.Tree.FilePath, StringComparer.Ordinal).ThenBy(u => u.Node.SpanStart).FirstOrDefault();
                if (failing is null)
                {
                    continue;
                }

                var model = _compilation.GetSemanticModel(unit.Tree);
                var because = failing == unit ? "code .NET 10 cannot compile" : $"'{failing.Name}', which .NET 10 cannot compile";
                var reason = $"{unit.Name} is needed by name only, as a type argument of the served '{closing}' (a type parameter with no constraint), and its members reach {because}";
                foreach (var member in type.Members.Where(m => !unit.EntryPoints.Contains(m) && !unit.LeftOutParts.Any(p => m.Span.Contains(p.Node.Span))))
                {
                    var declared = member is BaseFieldDeclarationSyntax field ? field.Declaration.Variables.Select(v => model.GetDeclaredSymbol(v, _cancellationToken)).FirstOrDefault() : model.GetDeclaredSymbol(member, _cancellationToken);
                    var name = declared?.ToDisplayString(MemberFormat) ?? unit.Name;
                    unit.LeftOutParts.Add(new LeftOutPart(member, MemberIdentifierSpan(member), name, reason));
                }

                _references.Remove(unit);
                _byNameOnly.Add(unit);
            }
        }

        /// <summary>Where a member's name is, for a finding's position.</summary>
        private static TextSpan MemberIdentifierSpan(MemberDeclarationSyntax member) => member switch
        {
            BaseFieldDeclarationSyntax field => field.Declaration.Variables[0].Identifier.Span,
            PropertyDeclarationSyntax property => property.Identifier.Span,
            EventDeclarationSyntax @event => @event.Identifier.Span,
            MethodDeclarationSyntax method => method.Identifier.Span,
            ConstructorDeclarationSyntax constructor => constructor.Identifier.Span,
            DestructorDeclarationSyntax destructor => destructor.Identifier.Span,
            IndexerDeclarationSyntax indexer => indexer.ThisKeyword.Span,
            OperatorDeclarationSyntax op => op.OperatorToken.Span,
            ConversionOperatorDeclarationSyntax conversion => conversion.Type.Span,
            _ => IdentifierSpan(member),
        };

        private void ExpandWithCompilingNeighbours(HashSet<Unit> compiled)
        {
            if (!Probing)
            {
                return;
            }

            for (var changed = true; changed;)
            {
                changed = false;
                foreach (var tree in _unitsByTree.Keys.OrderBy(t => t.FilePath, StringComparer.Ordinal))
                {
                    var units = _unitsByTree[tree];
                    if (!units.Any(compiled.Contains))
                    {
                        continue;
                    }

                    foreach (var unit in units.Where(u => !compiled.Contains(u) && u.Symbol is not null))
                    {
                        var added = Reach(new[] { unit });
                        // A type kept by name only has lost the members a neighbour may use (the probe compiled it whole).
                        if (added.Overlaps(_byNameOnly))
                        {
                            continue;
                        }

                        added.ExceptWith(compiled);
                        if (added.All(u => u.Symbol is not null && !HasErrors(u) && u.EntryPoints.All(e => !ProbeErrorsIn(e.SyntaxTree, e.Span).Any())))
                        {
                            compiled.UnionWith(added);
                            changed = true;
                        }
                    }
                }
            }
        }

        /// <summary>
        /// A static Main of a compiled type stays, with its hosting helpers, when they all compile on .NET 10 and name
        /// nothing left out; otherwise they all go.
        /// </summary>
        private bool KeepEntryPoint(MethodDeclarationSyntax entryPoint, HashSet<Unit> compiled)
        {
            var group = entryPoint.Parent is { } type && _unitByNode.TryGetValue(type, out var unit) ? unit.EntryPoints : new List<MethodDeclarationSyntax> { entryPoint };
            return Probing && group.All(e => !ProbeErrorsIn(e.SyntaxTree, e.Span).Any() && EntryPointReferences(e).All(compiled.Contains));
        }

        /// <summary>
        /// Whether <paramref name="usingDirective"/> names a namespace, or a type, that only source code left out of the
        /// migrated project declares: there it would name nothing (CS0246/CS0234).
        /// </summary>
        private bool NamesOnlyLeftOutCode(UsingDirectiveSyntax usingDirective, HashSet<INamedTypeSymbol> compiledTypes)
        {
            if (usingDirective.Name is null)
            {
                return false;
            }

            var target = _compilation.GetSemanticModel(usingDirective.SyntaxTree).GetSymbolInfo(usingDirective.Name, _cancellationToken).Symbol;
            return target switch
            {
                INamespaceSymbol ns => !Survives(ns, compiledTypes),
                INamedTypeSymbol type => IsOriginalSource(type) && !compiledTypes.Contains(type.OriginalDefinition),
                _ => false,
            };
        }

        /// <summary>
        /// Whether the using names a namespace that only stand-ins the migrated project does not get declare
        /// (<c>System.Web.Configuration</c> in a file that uses nothing from it): the probe knew it, the build will not.
        /// </summary>
        private bool NamesOnlyStandInsNotUsed(UsingDirectiveSyntax usingDirective, ImmutableArray<FrameworkStandIn> used)
            => _probe is not null && usingDirective.Name is not null
               && _probe.GetSemanticModel(usingDirective.SyntaxTree).GetSymbolInfo(usingDirective.Name, _cancellationToken).Symbol is INamespaceSymbol ns
               && ns.Locations.All(l => l.SourceTree is { } tree && _standIns.TryGetValue(tree, out var standIn) && !used.Contains(standIn));

        /// <summary>
        /// Whether the using's name is a package's id or below it (<c>log4net</c>, <c>log4net.Config</c> for the package
        /// log4net) for a package of the original project that was never restored here: NuGet ids name their root namespace.
        /// </summary>
        private bool MayBeDeclaredByUnrestoredPackage(UsingDirectiveSyntax usingDirective)
        {
            var name = usingDirective.Name?.ToString() ?? string.Empty;
            return _unrestoredPackages.Any(id => name.Equals(id, StringComparison.OrdinalIgnoreCase) || name.StartsWith(id + ".", StringComparison.OrdinalIgnoreCase));
        }

        /// <summary>A namespace still exists in the migrated project: a referenced assembly or a compiled type declares something in it or below.</summary>
        private bool Survives(INamespaceSymbol ns, HashSet<INamedTypeSymbol> compiledTypes)
            => ns.ConstituentNamespaces.Any(c => !SymbolEqualityComparer.Default.Equals(c.ContainingAssembly, _compilation.Assembly))
               || ns.GetTypeMembers().Any(t => !IsOriginalSource(t) || compiledTypes.Contains(t))
               || ns.GetNamespaceMembers().Any(n => Survives(n, compiledTypes));

        private bool IsOriginalSource(INamedTypeSymbol type)
            => type.Locations.Any(l => l.IsInSource && l.SourceTree is { } tree && _unitsByTree.ContainsKey(tree));

        // ── the probe ──

        /// <summary>Errors of the probe in <paramref name="tree"/>: what the file cannot compile on .NET 10 (none without a probe).</summary>
        private ImmutableArray<Diagnostic> ProbeErrors(SyntaxTree tree)
        {
            if (_probe is null)
            {
                return ImmutableArray<Diagnostic>.Empty;
            }

            if (!_probeErrors.TryGetValue(tree, out var errors))
            {
                var all = _probe.GetSemanticModel(tree).GetDiagnostics(cancellationToken: _cancellationToken)
                    .Where(d => d.Severity == DiagnosticSeverity.Error)
                    .ToList();
                var dropped = DroppableArguments(tree, all);
                _droppedArguments[tree] = dropped;
                errors = all.Where(d => !dropped.Any(a => a.Span.Contains(d.Location.SourceSpan))).ToImmutableArray();
                _probeErrors[tree] = errors;
            }

            return errors;
        }

        /// <summary>
        /// Named arguments of WCF attributes that System.ServiceModel.Primitives' attributes lack
        /// (<c>[OperationContract(ProtectionLevel = ...)]</c>): the contract model was read from the original, so the
        /// generated copy drops them rather than the type that carries them.
        /// </summary>
        private List<AttributeArgumentSyntax> DroppableArguments(SyntaxTree tree, List<Diagnostic> errors)
        {
            if (errors.Count == 0)
            {
                return new List<AttributeArgumentSyntax>();
            }

            var model = _compilation.GetSemanticModel(tree);
            return tree.GetRoot(_cancellationToken).DescendantNodes().OfType<AttributeArgumentSyntax>()
                .Where(a => a.NameEquals is { } name
                            && errors.Any(e => name.Name.Span.Contains(e.Location.SourceSpan))
                            && a.Parent?.Parent is AttributeSyntax attribute
                            && model.GetTypeInfo(attribute, _cancellationToken).Type is { } type
                            && type.ContainingNamespace?.ToDisplayString() is { } ns
                            && (ns == "System.ServiceModel" || ns.StartsWith("System.ServiceModel.", StringComparison.Ordinal)))
                .ToList();
        }

        /// <summary>
        /// A behavior attribute on a type the service needs whose class comes from another project of the input (a
        /// contracts library): WCF applied it when the host opened (IServiceBehavior.ApplyDispatchBehavior and the like);
        /// the migrated service never does, so the use is left out of the copy and the class is not compiled for it.
        /// </summary>
        private sealed record BehaviorUse(AttributeSyntax Attribute, INamedTypeSymbol Class, string Target, string Project, IReadOnlyList<string> Interfaces, string Installs);

        private static readonly string[] BehaviorInterfaces =
        [
            "System.ServiceModel.Description.IServiceBehavior", "System.ServiceModel.Description.IContractBehavior",
            "System.ServiceModel.Description.IOperationBehavior", "System.ServiceModel.Description.IEndpointBehavior",
        ];

        private List<BehaviorUse> BehaviorUses(Unit unit)
        {
            if (_behaviorUses.TryGetValue(unit, out var uses))
            {
                return uses;
            }

            uses = new List<BehaviorUse>();
            _behaviorUses[unit] = uses;
            if (!_linkByPath.TryGetValue(unit.Tree.FilePath, out var link))
            {
                return uses;
            }

            var model = _compilation.GetSemanticModel(unit.Tree);
            foreach (var attribute in unit.Node.DescendantNodes().OfType<AttributeSyntax>())
            {
                if (model.GetTypeInfo(attribute, _cancellationToken).Type is not INamedTypeSymbol type
                    || type.DeclaringSyntaxReferences.FirstOrDefault()?.SyntaxTree is not { } declaring
                    || !_linkByPath.TryGetValue(declaring.FilePath, out var classLink)
                    || ProjectOf(classLink) == ProjectOf(link))
                {
                    continue;
                }

                var interfaces = type.AllInterfaces.Select(i => i.OriginalDefinition.ToDisplayString(ApiFormat)).Where(BehaviorInterfaces.Contains).ToList();
                if (interfaces.Count == 0)
                {
                    continue;
                }

                var target = attribute.Parent?.Parent switch
                {
                    MethodDeclarationSyntax method when method.Parent is TypeDeclarationSyntax owner => owner.Identifier.Text + "." + method.Identifier.Text,
                    BaseTypeDeclarationSyntax declared => declared.Identifier.Text,
                    _ => unit.Name,
                };
                uses.Add(new BehaviorUse(attribute, type, target, ProjectOf(classLink), interfaces.Select(i => i.Substring(i.LastIndexOf('.') + 1)).ToList(), Installs(type)));
            }

            return uses;
        }

        private static string ProjectOf(string link) => link.IndexOf('/') is var slash and > 0 ? link.Substring(0, slash) : string.Empty;

        /// <summary>"; it installs X (IDispatchMessageInspector)": the dispatcher extensions of the input the behavior class creates, if any.</summary>
        private string Installs(INamedTypeSymbol behavior)
        {
            var installed = new SortedSet<string>(StringComparer.Ordinal);
            foreach (var reference in behavior.DeclaringSyntaxReferences)
            {
                var model = _compilation.GetSemanticModel(reference.SyntaxTree);
                foreach (var creation in reference.GetSyntax(_cancellationToken).DescendantNodes().OfType<BaseObjectCreationExpressionSyntax>())
                {
                    if (model.GetTypeInfo(creation, _cancellationToken).Type is INamedTypeSymbol created && created.Locations.Any(l => l.IsInSource)
                        && created.AllInterfaces.FirstOrDefault(i => i.ContainingNamespace?.ToDisplayString() == "System.ServiceModel.Dispatcher") is { } extension)
                    {
                        installed.Add($"{created.Name} ({extension.Name})");
                    }
                }
            }

            return installed.Count == 0 ? string.Empty : "; it installs " + string.Join(", ", installed);
        }

        /// <summary>The attribute with its separator, or its whole list when it is alone there.</summary>
        private static TextSpan RemovedAttributeSpan(AttributeSyntax attribute)
        {
            var list = (AttributeListSyntax)attribute.Parent!;
            if (list.Attributes.Count == 1)
            {
                return list.Span;
            }

            var index = list.Attributes.IndexOf(attribute);
            return index > 0
                ? TextSpan.FromBounds(list.Attributes.GetSeparator(index - 1).SpanStart, attribute.Span.End)
                : TextSpan.FromBounds(attribute.SpanStart, list.Attributes[1].SpanStart);
        }

        /// <summary>The dropped argument with its separator, and why it goes.</summary>
        private static (TextSpan Span, string Name, string Reason) DroppedArgument(AttributeArgumentSyntax argument)
        {
            var list = (AttributeArgumentListSyntax)argument.Parent!;
            var index = list.Arguments.IndexOf(argument);
            var span = list.Arguments.Count == 1 ? argument.Span
                : index > 0 ? TextSpan.FromBounds(list.Arguments.GetSeparator(index - 1).SpanStart, argument.Span.End)
                : TextSpan.FromBounds(argument.SpanStart, list.Arguments[1].SpanStart);
            var property = argument.NameEquals!.Name.Identifier.ValueText;
            var attribute = ((AttributeSyntax)list.Parent!).Name.ToString();
            var reason = property == "ProtectionLevel"
                ? $"System.ServiceModel.Primitives' [{attribute}] has no ProtectionLevel: gRPC has no message-level signing or encryption, protection is the transport's (the migrated service listens on an owner-only socket or pipe)"
                : $"System.ServiceModel.Primitives' [{attribute}] has no {property}; the .proto and the generated code were made from the original";
            return (span, $"{property} of [{attribute}]", reason);
        }

        private IEnumerable<Diagnostic> ProbeErrorsIn(SyntaxTree tree, TextSpan span)
            => ProbeErrors(tree).Where(d => span.Contains(d.Location.SourceSpan));

        /// <summary>
        /// The probe's errors in a span that the .NET Framework compilation does not have: what .NET 10 lacks, not what was
        /// already broken (an unrestored package, code that never compiled).
        /// </summary>
        private IEnumerable<Diagnostic> NewOnDotNet(SyntaxTree tree, TextSpan span)
        {
            if (!_frameworkErrors.TryGetValue(tree, out var framework))
            {
                framework = new HashSet<(string, TextSpan)>(_compilation.GetSemanticModel(tree).GetDiagnostics(cancellationToken: _cancellationToken)
                    .Where(d => d.Severity == DiagnosticSeverity.Error)
                    .Select(d => (d.Id, d.Location.SourceSpan)));
                _frameworkErrors[tree] = framework;
            }

            // The same name may fail at another of its parts (System.Data.Entity.DbContext: at DbContext on .NET Framework,
            // where EntityFramework was not restored; at Entity on .NET 10): an error anywhere in the same dotted name counts.
            var root = tree.GetRoot(_cancellationToken);
            return ProbeErrorsIn(tree, span).Where(d =>
            {
                var name = DottedName(root, d.Location.SourceSpan);
                return !framework.Any(f => f.Item2 == d.Location.SourceSpan ? f.Item1 == d.Id : name.Contains(f.Item2));
            });
        }

        /// <summary>The whole dotted name (qualified name or member access chain) an error's place is part of; the place itself otherwise.</summary>
        private static TextSpan DottedName(SyntaxNode root, TextSpan place)
        {
            var node = root.FindNode(place, getInnermostNodeForTie: true);
            var outermost = node;
            for (var current = node.Parent; current is QualifiedNameSyntax or MemberAccessExpressionSyntax or AliasQualifiedNameSyntax; current = current.Parent)
            {
                outermost = current;
            }

            return outermost == node && node is not (QualifiedNameSyntax or MemberAccessExpressionSyntax) ? place : outermost.Span;
        }

        private bool HasErrors(Unit unit)
        {
            var entryPoints = unit.EntryPoints.Select(e => e.Span).Concat(unit.LeftOutParts.Select(h => h.Node.Span)).ToList();
            return ProbeErrorsIn(unit.Tree, unit.Node.Span).Any(d => !entryPoints.Any(e => e.Contains(d.Location.SourceSpan)));
        }

        /// <summary>
        /// One WCFM4007 per use of an API .NET 10 lacks in a type the service needs (entry points that are dropped aside),
        /// except what a package brings back (<see cref="FrameworkPackages"/>): that package is needed instead.
        /// </summary>
        private IEnumerable<Finding> Blockers(Unit unit, HashSet<Unit> compiled, Dictionary<FrameworkPackage, (string Api, SourcePosition Position)> packages)
        {
            var dropped = unit.EntryPoints.Where(e => !KeepEntryPoint(e, compiled)).Select(e => e.Span).Concat(unit.LeftOutParts.Select(h => h.Node.Span)).ToList();
            foreach (var error in NewOnDotNet(unit.Tree, unit.Node.Span).Where(d => !dropped.Any(s => s.Contains(d.Location.SourceSpan))))
            {
                var api = MissingApi(unit.Tree, error);
                var position = Position(unit.Tree, error.Location.SourceSpan);
                if (api is { } known && FrameworkPackages.For(known.Symbol, known.Name) is { } package)
                {
                    if (!packages.TryGetValue(package, out var first) || FindingOrder.Compare(position, string.Empty, string.Empty, first.Position, string.Empty, string.Empty) < 0)
                    {
                        packages[package] = (known.Name, position);
                    }

                    continue;
                }

                // An error that names no API (CS0053: a public member exposing an internal stand-in) is said as the compiler says it.
                yield return api is { } missing
                    ? Finding.Create(FindingMessages.ApiMissingOnDotNet, position, missing.Name, error.Id, DotNetReplacements.For(missing.Name))
                    : Finding.Create(FindingMessages.CodeDoesNotCompileOnDotNet, position, error.Id, error.GetMessage(CultureInfo.InvariantCulture));
            }
        }

        /// <summary>An error at an API a package brings back to .NET 10 (<see cref="FrameworkPackages"/>), which the migrated project then references.</summary>
        private bool BroughtByPackage(SyntaxTree tree, Diagnostic error)
            => MissingApi(tree, error) is { } api && FrameworkPackages.For(api.Symbol, api.Name) is not null;

        /// <summary>The .NET Framework API at an error's place (what the code meant), by the framework compilation's binding.</summary>
        private (string Name, ISymbol Symbol)? MissingApi(SyntaxTree tree, Diagnostic error)
        {
            var root = tree.GetRoot(_cancellationToken);
            var node = root.FindNode(error.Location.SourceSpan, getInnermostNodeForTie: true);
            var model = _compilation.GetSemanticModel(tree);
            var named = NamedApi(node, model);
            // An overload .NET 10 lacks, found at an argument that is a value (a literal, a field of the user's holding a
            // configuration name, a parameter, whose own symbol names nothing, so the call is what binds) or at the call
            // itself: the overload is the API, not the value, its type or the method's name alone. An argument that is a
            // framework call of its own names that call.
            if (OverloadErrors.Contains(error.Id) && MissingOverload(node, model) is { } overload
                && (named is null || named.Value.Symbol is ITypeSymbol || named.Value.Symbol.Locations.Any(l => l.IsInSource)
                    || SymbolEqualityComparer.Default.Equals(named.Value.Symbol, overload.Symbol)))
            {
                return overload;
            }

            return named;
        }

        /// <summary>The .NET Framework API the innermost expression at <paramref name="node"/> names, by the framework compilation's binding.</summary>
        private (string Name, ISymbol Symbol)? NamedApi(SyntaxNode node, SemanticModel model)
        {
            for (var current = node; current is not null && current is not StatementSyntax and not MemberDeclarationSyntax; current = current.Parent)
            {
                var info = model.GetSymbolInfo(current, _cancellationToken);
                var symbol = info.Symbol ?? info.CandidateSymbols.FirstOrDefault() ?? model.GetTypeInfo(current, _cancellationToken).Type;
                if (symbol is INamespaceSymbol ns && !ns.IsGlobalNamespace)
                {
                    return (ns.ToDisplayString(ApiFormat), ns);
                }

                if (symbol is ITypeSymbol { TypeKind: not TypeKind.Error } type)
                {
                    return (type.OriginalDefinition.ToDisplayString(ApiFormat), type);
                }

                if (symbol is IMethodSymbol or IPropertySymbol or IFieldSymbol or IEventSymbol && symbol.ContainingType is { } container)
                {
                    var name = symbol is IMethodSymbol { MethodKind: MethodKind.Constructor } ? string.Empty : "." + symbol.Name;
                    return (container.OriginalDefinition.ToDisplayString(ApiFormat) + name, symbol);
                }
            }

            return null;
        }

        /// <summary>
        /// Errors that mean .NET 10 lacks the overload the call binds to on .NET Framework (an argument it cannot take, no
        /// overload with that many arguments): the API is that overload, not the argument the compiler points at.
        /// </summary>
        private static readonly HashSet<string> OverloadErrors = new(StringComparer.Ordinal) { "CS1503", "CS1502", "CS1501", "CS1729", "CS7036", "CS1739" };

        /// <summary>
        /// The method or constructor the call that <paramref name="node"/> is an argument of (or is) binds to on .NET
        /// Framework, with its parameter types: <c>System.ServiceModel.ChannelFactory&lt;TChannel&gt;(string)</c>.
        /// </summary>
        private (string Name, ISymbol Symbol)? MissingOverload(SyntaxNode node, SemanticModel model)
        {
            var start = node.AncestorsAndSelf().OfType<ArgumentSyntax>().FirstOrDefault()?.Parent?.Parent ?? node;
            for (var current = start; current is not null && current is not StatementSyntax and not MemberDeclarationSyntax; current = current.Parent)
            {
                if (current is InvocationExpressionSyntax or BaseObjectCreationExpressionSyntax or ConstructorInitializerSyntax
                    && model.GetSymbolInfo(current, _cancellationToken).Symbol is IMethodSymbol method && method.ContainingType is { } type)
                {
                    var container = type.OriginalDefinition.ToDisplayString(OverloadFormat);
                    var name = method.MethodKind == MethodKind.Constructor ? container : container + "." + method.Name;
                    var parameters = string.Join(", ", method.OriginalDefinition.Parameters.Select(p => p.Type.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat)));
                    return (name + "(" + parameters + ")", method);
                }
            }

            return null;
        }

        private static readonly SymbolDisplayFormat OverloadFormat = new(
            globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
            typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
            genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters);

        // ── reasons ──

        private string WhyLeftOut(Unit unit)
            => "the migrated service does not use it" + CannotCompile(unit.Node.Span, unit.Tree);

        /// <summary>"; on .NET 10 it cannot compile: it uses X" for a span with errors new on .NET 10, else nothing.</summary>
        private string CannotCompile(TextSpan span, SyntaxTree tree)
        {
            var apis = NewOnDotNet(tree, span)
                .Select(d => MissingApi(tree, d)?.Name)
                .OfType<string>()
                .Distinct(StringComparer.Ordinal)
                .Take(3)
                .ToList();
            if (apis.Count > 0)
            {
                return "; it uses " + string.Join(", ", apis) + ", which .NET 10 lacks";
            }

            return ProbeErrorsIn(tree, span).Any() ? "; it does not compile on .NET 10" : string.Empty;
        }

        private static string LeftOutReason(SyntaxTree tree, List<Unit> units)
        {
            if (units.Count == 0)
            {
                return tree.GetCompilationUnitRoot().AttributeLists.Count > 0
                    ? "assembly attributes only (the migrated project is an assembly of its own)"
                    : "declares no types";
            }

            return "declares nothing the migrated service uses: " + string.Join(", ", units.Select(u => u.Name).Distinct(StringComparer.Ordinal));
        }

        // ── copies ──

        private PlannedFile Copy(OriginalSource source, SyntaxTree tree, List<(TextSpan Span, string? Name, string? Reason)> removals, IReadOnlyList<string> symbolLines)
        {
            var relativePath = OriginalFolder + "/" + source.Link;
            var copyFolder = System.IO.Path.GetDirectoryName(System.IO.Path.Combine(_outputFolder, relativePath.Replace('/', System.IO.Path.DirectorySeparatorChar)))!;
            var original = MigratedProjectFile.RelativePath(copyFolder, source.Path).Replace('\\', '/');
            var text = tree.GetText(_cancellationToken).ToString();

            var builder = new StringBuilder();
            builder.Append("// <auto-generated/>\n");
            builder.Append("// Generated by migrate-wcf from ").Append(source.Link).Append(removals.Count > 0
                ? ": the original file without what the migrated service\n// does not use and .NET 10 cannot compile."
                : ": the original file, compiled with its own project's\n// preprocessor symbols.").Append(" Edit the original and run migrate-wcf generate again.\n");
            foreach (var (_, name, reason) in removals.Where(r => r.Name is not null))
            {
                builder.Append("// Left out: ").Append(name).Append(" (").Append(reason).Append(")\n");
            }

            if (symbolLines.Count > 0)
            {
                // Before any code, as C# requires: the symbols its own project's build defines where the migrated project's differ.
                builder.Append("// Its project's Debug build defines these symbols otherwise than the migrated project:\n");
                foreach (var line in symbolLines)
                {
                    builder.Append(line).Append('\n');
                }
            }

            builder.Append(_nullableEnabled ? "#nullable enable\n" : "#nullable disable\n");
            builder.Append("#line 1 \"").Append(original.Replace("\"", "\\\"")).Append("\"\n");

            // Removed code becomes blank lines, so every kept line keeps its number: one #line maps them all. A left-out
            // type leaves a block comment where it was (a block one: code may follow on the same line). Directives inside
            // it stay (an #endif closing an #if before the type, a #nullable for the code after it).
            var directives = tree.GetRoot(_cancellationToken).DescendantNodes(descendIntoTrivia: true).OfType<DirectiveTriviaSyntax>().ToList();
            var position = 0;
            foreach (var (span, name, _) in removals.OrderBy(r => r.Span.Start).ThenByDescending(r => r.Span.Length))
            {
                if (span.Start < position)
                {
                    continue;
                }

                builder.Append(text, position, span.Start - position);
                if (name is not null)
                {
                    builder.Append("/* left out: ").Append(name).Append(" */");

                    // A statement C# needs there (an if's or a loop's own, a try's or a handler's block) stays, empty.
                    if (tree.GetRoot(_cancellationToken).FindNode(span) is StatementSyntax { Parent: not (BlockSyntax or SwitchSectionSyntax or GlobalStatementSyntax) })
                    {
                        builder.Append(" { }");
                    }
                }

                var blankFrom = span.Start;
                foreach (var directive in directives.Where(d => span.Contains(d.FullSpan)))
                {
                    AppendLineBreaks(builder, text, blankFrom, directive.FullSpan.Start);
                    builder.Append(text, directive.FullSpan.Start, directive.FullSpan.Length);
                    blankFrom = directive.FullSpan.End;
                }

                AppendLineBreaks(builder, text, blankFrom, span.End);
                position = span.End;
            }

            builder.Append(text, position, text.Length - position);
            return new PlannedFile(relativePath, builder.ToString().Replace("\r\n", "\n"));
        }

        /// <summary>Appends the line breaks of <paramref name="text"/> from <paramref name="start"/> to <paramref name="end"/>, and nothing else.</summary>
        private static void AppendLineBreaks(StringBuilder builder, string text, int start, int end)
        {
            for (var i = start; i < end; i++)
            {
                if (text[i] == '\n')
                {
                    builder.Append('\n');
                }
            }
        }

        // ── positions ──

        private static TextSpan IdentifierSpan(MemberDeclarationSyntax node) => node switch
        {
            BaseTypeDeclarationSyntax type => type.Identifier.Span,
            DelegateDeclarationSyntax @delegate => @delegate.Identifier.Span,
            _ => new TextSpan(node.SpanStart, 0),
        };

        private static SourcePosition Position(SyntaxTree tree, TextSpan span)
        {
            var lines = tree.GetLineSpan(span);
            return new SourcePosition(tree.FilePath, lines.StartLinePosition.Line + 1, lines.StartLinePosition.Character + 1)
            {
                EndLine = lines.EndLinePosition.Line + 1,
                EndColumn = lines.EndLinePosition.Character + 1,
            };
        }
    }
}
