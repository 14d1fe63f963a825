using System.Collections.Concurrent;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using MigrateWcf.Generator;
using MigrateWcf.Generator.References;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>A project's compilation and the syntax errors found while parsing its files (as findings).</summary>
internal sealed record ProjectCompilation(SourceSet Project, CSharpCompilation Compilation, ImmutableArray<ReportedFinding> SyntaxErrors);

/// <summary>
/// Reads and parses the input's files, each once (a file linked into two projects is one syntax tree in both
/// compilations), on all cores, and compiles each project against the built-in reference set and the projects it
/// references.
/// </summary>
internal static class SourceCompiler
{
    private static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    /// <summary>One compilation per project of <see cref="InputSet.Projects"/>, in that order.</summary>
    public static ImmutableArray<ProjectCompilation> Compile(InputSet input, Progress progress, CancellationToken cancellationToken)
    {
        var allProjects = input.Projects.Concat(input.ReferencedProjects).ToList();
        // Each file with its own project's symbols: a file two projects compile with different symbols is two trees.
        ParseKey KeyOf(SourceSet project, string file) => new(file, string.Join(";", project.SymbolsOf(file).Order(StringComparer.Ordinal)));
        var trees = Parse(allProjects.SelectMany(p => p.Files.Select(f => KeyOf(p, f))).Distinct().OrderBy(k => k.Path, StringComparer.Ordinal).ThenBy(k => k.Symbols, StringComparer.Ordinal).ToArray(), input, progress, cancellationToken);
        var coreWcf = new Lazy<SyntaxTree>(() => CSharpSyntaxTree.ParseText(CoreWcfDeclarations.Source, ParseOptions, CoreWcfDeclarations.FileName, cancellationToken: cancellationToken));

        var byFile = allProjects.Where(p => p.ProjectFile is not null).ToDictionary(p => p.ProjectFile!, StringComparer.Ordinal);
        var assemblyNames = AssemblyNames(allProjects);
        var compilations = new Dictionary<SourceSet, CSharpCompilation>(ReferenceEqualityComparer.Instance);
        var assemblies = new Dictionary<string, MetadataReference>(StringComparer.Ordinal);
        MetadataReference AssemblyReference(string path)
        {
            // One reference per file, however many projects use it (a solution's projects share one packages/ folder).
            if (!assemblies.TryGetValue(path, out var reference))
            {
                assemblies[path] = reference = MetadataReference.CreateFromFile(path);
            }

            return reference;
        }

        // Each assembly's types read once, however many projects reference it.
        var publicTypes = new Dictionary<string, ImmutableHashSet<string>>(StringComparer.Ordinal);
        ImmutableHashSet<string> PublicTypesOf(string path)
        {
            if (!publicTypes.TryGetValue(path, out var types))
            {
                publicTypes[path] = types = ReferenceSet.PublicTypesOf(path);
            }

            return types;
        }

        // Referenced projects first (the resolver has ruled out cycles); each compilation references every project it
        // reaches, as SDK-style builds pass project references on transitively.
        CSharpCompilation CompilationOf(SourceSet project)
        {
            if (compilations.TryGetValue(project, out var existing))
            {
                return existing;
            }

            var projectTrees = project.Files.Select(f => trees[KeyOf(project, f)].Tree).ToList();
            if (project.Files.Any(f => trees[KeyOf(project, f)].UsesCoreWcf))
            {
                projectTrees.Add(coreWcf.Value);
            }

            var references = ReferenceSet.ReferencesFor(project.ReferenceNames.ToHashSet(StringComparer.OrdinalIgnoreCase), project.AssemblyReferences, PublicTypesOf)
                .AddRange(project.AssemblyReferences.Select(AssemblyReference))
                .AddRange(Reachable(project, byFile).Select(r => (MetadataReference)CompilationOf(r).ToMetadataReference()));
            var options = new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: project.NullableEnabled ? NullableContextOptions.Enable : NullableContextOptions.Disable,
                concurrentBuild: true);
            var compilation = CSharpCompilation.Create(assemblyNames[project], projectTrees, references, options);
            compilations.Add(project, compilation);
            return compilation;
        }

        var restored = input.Projects.Where(MSBuildProjectLoader.IsRestored).ToList();
        if (restored.Count > 0)
        {
            progress.Report($"loading {restored.Count} restored SDK-style project{(restored.Count == 1 ? string.Empty : "s")} through MSBuild…");
        }

        var (msbuild, failed) = MSBuildProjectLoader.Load(restored, cancellationToken);
        return input.Projects
            .Select(p =>
            {
                if (p.ProjectFile is { } file && msbuild.TryGetValue(file, out var loaded))
                {
                    var project = p with
                    {
                        Load = LoadMode.MSBuild,
                        Files = loaded.Files,
                        TargetFramework = loaded.TargetFramework,
                        OtherTargetFrameworks = loaded.OtherTargetFrameworks,
                        // MSBuild resolved the project's references; none is missing as far as the tool can tell.
                        MissingReferences = ImmutableArray<MissingReference>.Empty,
                    };
                    var errors = loaded.NotRead.Select(n => NotRead(n.Path, n.Reason, input))
                        .Concat(loaded.Compilation.SyntaxTrees
                            .SelectMany(t => t.GetDiagnostics(cancellationToken))
                            .Where(d => d.Severity == DiagnosticSeverity.Error)
                            .Select(ReportedFinding.FromSyntaxError))
                        .Concat(DuplicateDeclarations(loaded.Compilation, input, cancellationToken))
                        .ToImmutableArray();
                    return new ProjectCompilation(project, loaded.Compilation, errors);
                }

                var read = p.ProjectFile is { } projectFile && failed.TryGetValue(projectFile, out var reason) ? p with { LoadNote = reason } : p;
                var compilation = CompilationOf(p);
                return new ProjectCompilation(read, compilation, p.Files.SelectMany(f => trees[KeyOf(p, f)].SyntaxErrors)
                    .Concat(DuplicateDeclarations(compilation, input, cancellationToken))
                    .Concat(SymbolsNotRead(p, byFile, input))
                    .ToImmutableArray());
            })
            .ToImmutableArray();
    }

    /// <summary>
    /// The compiler's own errors for a type (CS0101) or member (CS0111) declared twice, each naming where the other
    /// declaration is: a copy of a file beside it (<c>Svc - Copy.cs</c>, as Windows Explorer names copies) would otherwise
    /// be merged into one contract with every operation twice, and the migrated project would not build.
    /// </summary>
    private static IEnumerable<ReportedFinding> DuplicateDeclarations(CSharpCompilation compilation, InputSet input, CancellationToken cancellationToken)
    {
        // Declaration diagnostics bind every declaration: a type nested thousands deep overflows the compiler's stack.
        // The engine reports such a project (WCFM1090) without binding it, so it is not asked here.
        if (MigrationEngine.NestsTypesTooDeep(compilation, cancellationToken))
        {
            yield break;
        }

        foreach (var diagnostic in compilation.GetDeclarationDiagnostics(cancellationToken).Where(d => d.Id is "CS0101" or "CS0111"))
        {
            var finding = ReportedFinding.FromSyntaxError(diagnostic);
            if (diagnostic.Location.SourceTree is not { } tree)
            {
                yield return finding;
                continue;
            }

            var declaration = tree.GetRoot(cancellationToken).FindNode(diagnostic.Location.SourceSpan).AncestorsAndSelf()
                .FirstOrDefault(n => n is BaseTypeDeclarationSyntax or DelegateDeclarationSyntax or MemberDeclarationSyntax);
            var symbol = declaration is null ? null : compilation.GetSemanticModel(tree).GetDeclaredSymbol(declaration, cancellationToken);
            // A duplicate type is one symbol declared in several places; a duplicate member is a second symbol of the same name.
            var others = (symbol is INamedTypeSymbol ? symbol.Locations : symbol?.ContainingType?.GetMembers(symbol.Name).SelectMany(m => m.Locations) ?? [])
                .Where(l => l.IsInSource && l != diagnostic.Location && !(l.SourceTree == tree && l.SourceSpan.OverlapsWith(diagnostic.Location.SourceSpan)))
                .Select(l => l.GetLineSpan())
                .Select(l => new SourcePosition(l.Path, l.StartLinePosition.Line + 1, l.StartLinePosition.Character + 1))
                .Distinct()
                .ToImmutableArray();
            yield return others.IsEmpty
                ? finding
                : finding with
                {
                    Message = $"{finding.Message} (also declared at {string.Join(", ", others.Select(o => $"{input.Relative(o.FilePath)}:{o.Line}:{o.Column}"))})",
                    AdditionalPositions = others,
                };
        }
    }

    /// <summary>
    /// A WCFM4023 warning for each &lt;DefineConstants&gt; of the project, or of a project it references, that could not be
    /// read: its files were parsed without those symbols, and code under <c>#if</c> on them reads as absent.
    /// </summary>
    private static IEnumerable<ReportedFinding> SymbolsNotRead(SourceSet project, Dictionary<string, SourceSet> byFile, InputSet input)
        => project.SymbolsNotRead.Concat(Reachable(project, byFile).SelectMany(r => r.SymbolsNotRead))
            .DistinctBy(n => n.Position)
            .Select(n => ReportedFinding.From(Finding.Create(
                MigrateWcf.Generator.Rules.FindingMessages.PreprocessorSymbolsNotRead, n.Position, input.Relative(n.Position.FilePath), n.Reason, ProjectFileReader.Configuration)));

    /// <summary>The error finding for a file of the input left unread, at its start, saying why.</summary>
    private static ReportedFinding NotRead(string path, string reason, InputSet input)
        => new(SourceFileReader.FileNotReadId, FindingSeverity.Error, $"'{input.Relative(path)}' was not read: {reason}.", new SourcePosition(path, 1, 1), ImmutableArray<string>.Empty, ImmutableArray<SourcePosition>.Empty);

    private sealed record ParsedFile(SyntaxTree Tree, ImmutableArray<ReportedFinding> SyntaxErrors, bool UsesCoreWcf);

    /// <summary>A file and the preprocessor symbols it is parsed with (sorted, ";"-joined).</summary>
    private sealed record ParseKey(string Path, string Symbols);

    private static Dictionary<ParseKey, ParsedFile> Parse(ParseKey[] keys, InputSet input, Progress progress, CancellationToken cancellationToken)
    {
        var paths = keys.Select(k => k.Path).ToArray();
        // A file two projects parse with different symbols is read once.
        var reads = paths.Distinct(StringComparer.Ordinal).ToDictionary(p => p, p => new Lazy<SourceFileText>(() => SourceFileReader.Read(p)), StringComparer.Ordinal);
        var parsed = new ParsedFile[paths.Length];
        var count = 0;
        var failures = new ConcurrentQueue<CommandLineException>();
        Parallel.For(0, paths.Length, new ParallelOptions { CancellationToken = cancellationToken }, (i, state) =>
        {
            var path = paths[i];
            var options = keys[i].Symbols.Length == 0 ? ParseOptions : ParseOptions.WithPreprocessorSymbols(keys[i].Symbols.Split(';'));
            try
            {
                var read = reads[path].Value;
                if (read.Text is not { } text)
                {
                    parsed[i] = new ParsedFile(CSharpSyntaxTree.ParseText(string.Empty, options, path, cancellationToken: cancellationToken), [NotRead(path, read.NotReadBecause!, input)], UsesCoreWcf: false);
                    progress.Step("parsed", Interlocked.Increment(ref count), paths.Length);
                    return;
                }

                var tree = CSharpSyntaxTree.ParseText(text, options, path, cancellationToken);
                var errors = tree.GetDiagnostics(cancellationToken)
                    .Where(d => d.Severity == DiagnosticSeverity.Error)
                    .Select(ReportedFinding.FromSyntaxError)
                    .ToImmutableArray();
                parsed[i] = new ParsedFile(tree, errors, UsesCoreWcf(tree));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                failures.Enqueue(CommandLineException.Input($"cannot read '{input.Relative(path)}': {e.Message}", e));
                state.Stop();
                return;
            }

            progress.Step("parsed", Interlocked.Increment(ref count), paths.Length);
        });
        if (failures.TryDequeue(out var failure))
        {
            throw failure;
        }

        cancellationToken.ThrowIfCancellationRequested();
        var byPath = new Dictionary<ParseKey, ParsedFile>();
        for (var i = 0; i < keys.Length; i++)
        {
            byPath.Add(keys[i], parsed[i]);
        }

        return byPath;
    }

    /// <summary>Every project <paramref name="project"/> references, directly or through others, in path order.</summary>
    private static IEnumerable<SourceSet> Reachable(SourceSet project, Dictionary<string, SourceSet> byFile)
    {
        var seen = new SortedSet<string>(StringComparer.Ordinal);
        var pending = new Stack<string>(project.ProjectReferences);
        while (pending.TryPop(out var file))
        {
            if (seen.Add(file) && byFile.TryGetValue(file, out var referenced))
            {
                foreach (var next in referenced.ProjectReferences)
                {
                    pending.Push(next);
                }
            }
        }

        return seen.Where(byFile.ContainsKey).Select(f => byFile[f]);
    }

    /// <summary>Each project's assembly name, made unique (two projects may both build "WcfService1"), since a compilation cannot reference its own name.</summary>
    private static Dictionary<SourceSet, string> AssemblyNames(IEnumerable<SourceSet> projects)
    {
        var names = new Dictionary<SourceSet, string>(ReferenceEqualityComparer.Instance);
        var taken = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var project in projects)
        {
            var name = taken.Contains(project.AssemblyName) ? project.Name : project.AssemblyName;
            for (var suffix = 2; !taken.Add(name); suffix++)
            {
                name = $"{project.Name}-{suffix}";
            }

            names.Add(project, name);
        }

        return names;
    }

    /// <summary>True when a file names the CoreWCF namespace in a using directive or a qualified name.</summary>
    private static bool UsesCoreWcf(SyntaxTree tree)
    {
        if (!tree.GetText().ToString().Contains("CoreWCF", StringComparison.Ordinal))
        {
            return false;
        }

        return tree.GetRoot().DescendantNodes().Any(n => n switch
        {
            UsingDirectiveSyntax u => u.NamespaceOrType.ToString().StartsWith("CoreWCF", StringComparison.Ordinal),
            QualifiedNameSyntax q => q.ToString().StartsWith("CoreWCF.", StringComparison.Ordinal),
            _ => false,
        });
    }
}
