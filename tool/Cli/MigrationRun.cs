using System.Collections.Immutable;
using System.Globalization;
using System.Runtime.ExceptionServices;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Cli;

/// <summary>
/// A finding as the tool prints it: an engine finding, its text formatted from the rule catalog, or a C# syntax error
/// the compiler reported while parsing the input (its id is <c>CS####</c> and it has no message arguments).
/// </summary>
internal sealed record ReportedFinding(
    string RuleId,
    FindingSeverity Severity,
    string Message,
    SourcePosition? Position,
    ImmutableArray<string> Arguments,
    ImmutableArray<SourcePosition> AdditionalPositions)
{
    public static ReportedFinding From(Finding finding)
        => new(finding.RuleId, finding.Severity, RuleCatalog.Format(finding), finding.Position, finding.Arguments.AsImmutableArray(), finding.AdditionalPositions.AsImmutableArray());

    public static ReportedFinding FromSyntaxError(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetLineSpan();
        var position = new SourcePosition(span.Path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1);
        var message = diagnostic.GetMessage(CultureInfo.InvariantCulture);
        // The compiler quotes the offending text, which in a file that is not C# can be a whole megabyte-long line.
        if (message.Length > MaxCompilerMessageLength)
        {
            message = message[..MaxCompilerMessageLength] + "…";
        }

        return new(diagnostic.Id, FindingSeverity.Error, message, position, ImmutableArray<string>.Empty, ImmutableArray<SourcePosition>.Empty);
    }

    /// <summary>How much of a compiler message is printed: enough for any real one, so one finding stays one readable line.</summary>
    private const int MaxCompilerMessageLength = 300;

    public static int Compare(ReportedFinding x, ReportedFinding y)
        => FindingOrder.Compare(x.Position, x.RuleId, x.Message, y.Position, y.RuleId, y.Message);
}

/// <summary>What the engine made of one project: its result, and its findings (syntax errors included) in print order.</summary>
/// <param name="Qualifier">The project in its proto packages, when they would otherwise clash with another project's; else null.</param>
/// <param name="ClashesWith">The names of the projects it clashed with, sorted.</param>
internal sealed record ProjectOutcome(SourceSet Project, EngineResult Result, ImmutableArray<ReportedFinding> Findings, ProjectQualifier? Qualifier, ImmutableArray<string> ClashesWith)
{
    /// <summary>How many unresolved-type findings one missing-references finding stands for (0 when none).</summary>
    public int UnresolvedTypeFindingsHeldBack { get; init; }

    /// <summary>The compilation the engine ran on (generate's plan reads it again: what the service reaches, what compiles on .NET 10).</summary>
    public Compilation? Compilation { get; init; }
}

/// <summary>What one pass over an input produced: one outcome per project, in the input's order.</summary>
internal sealed record MigrationOutcome(InputSet Input, ImmutableArray<ProjectOutcome> Projects)
{
    /// <summary>The projects' summaries added up.</summary>
    public EngineSummary Summary { get; } = new(
        Projects.Sum(p => p.Result.Summary.ServiceContracts),
        Projects.Sum(p => p.Result.Summary.Operations),
        Projects.Sum(p => p.Result.Summary.DataTypes),
        Projects.Sum(p => p.Result.Summary.OperationsMappedCleanly),
        Projects.Sum(p => p.Result.Summary.DataTypesMappedCleanly))
    {
        RestOperations = Projects.Sum(p => p.Result.Summary.RestOperations),
        RestOperationsKept = Projects.Sum(p => p.Result.Summary.RestOperationsKept),
    };

    /// <summary>
    /// Every project's findings in the one finding order (<see cref="FindingOrder"/>), then by project: a finding in a
    /// file two projects compile is listed for each.
    /// </summary>
    public ImmutableArray<(ProjectOutcome Project, ReportedFinding Finding)> Findings { get; } = Projects
        .SelectMany(p => p.Findings.Select(f => (Project: p, Finding: f)))
        .Order(Comparer<(ProjectOutcome Project, ReportedFinding Finding)>.Create((x, y) =>
        {
            var order = ReportedFinding.Compare(x.Finding, y.Finding);
            return order != 0 ? order : string.CompareOrdinal(x.Project.Project.Name, y.Project.Project.Name);
        }))
        .ToImmutableArray();

    public int Count(FindingSeverity severity) => Findings.Count(f => f.Finding.Severity == severity);

    public bool HasErrors => Findings.Any(f => f.Finding.Severity == FindingSeverity.Error);

    /// <summary>Where a finding points, relative to the input, as "file:line:column" (or the file alone).</summary>
    public string Where(ReportedFinding finding)
        => finding.Position is { } p ? $"{Input.Relative(p.FilePath)}:{p.Line}:{p.Column}" : "(no location)";

    /// <summary>One line per finding, the way compilers print diagnostics; with several projects, MSBuild's "[project]" at the end.</summary>
    public string Format(ProjectOutcome project, ReportedFinding finding)
        => $"{Where(finding)}: {finding.Severity.ToString().ToLowerInvariant()} {finding.RuleId}: {finding.Message}"
           + (Input.HasSeveralProjects ? $" [{project.Project.Name}]" : string.Empty);
}

/// <summary>
/// The one flow both commands share: input → one compilation per project → the engine once per compilation → projects
/// whose output would clash get their name into the clashing packages. Does no output of its own.
/// </summary>
internal static class MigrationRun
{
    /// <summary>Rounds of package-by-package qualification before clashing projects get the project in every package.</summary>
    private const int PackageRounds = 2;

    /// <param name="lockFileText">The lock file of a project from the previous run, or null.</param>
    /// <param name="csharp">Also emit the C# of the migrated service (<c>generate</c>); null for .proto only.</param>
    /// <param name="missingReferences">The missing references behind the input's one project when it stands for several (generate combines them); null to read them from the projects.</param>
    public static MigrationOutcome Execute(
        InputSet input,
        Func<SourceSet, string?> lockFileText,
        CliDependencies deps,
        CancellationToken cancellationToken,
        CSharpOptions? csharp = null,
        IReadOnlyList<(SourceSet Owner, MissingReference Reference)>? missingReferences = null)
    {
        foreach (var link in input.FolderLinksNotFollowed)
        {
            deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: the folder link '{input.Relative(link)}' leads to a folder already read ('{input.Relative(InputPaths.RealPath(link))}'); not followed.");
        }

        var progress = new Progress(deps, input.FileCount);
        progress.Report($"reading {input.FileCount} files…");
        var compilations = SourceCompiler.Compile(input, progress, cancellationToken);

        progress.Report(input.HasSeveralProjects
            ? $"discovering and mapping contracts in {input.Projects.Length} projects…"
            : "discovering and mapping contracts…");
        var discovered = new (ContractModel Model, ImmutableArray<Finding> Findings)[compilations.Length];
        var results = new EngineResult[compilations.Length];
        ForEachProject(Enumerable.Range(0, compilations.Length), deps, cancellationToken, i =>
        {
            var (model, findings) = MigrationEngine.Discover(compilations[i].Compilation, compilations[i].Project.ReferencedLibraries, cancellationToken);
            discovered[i] = (MigrationEngine.WithConfiguration(model, ConfigurationFileFinder.Read(input.Projects[i].ConfigurationFiles, input)), findings);
            results[i] = Map(discovered[i], lockFileText(input.Projects[i]), qualifier: null, csharp);
        });

        var (qualifiers, clashesWith) = ResolveClashes(input, results, (i, qualifier) => results[i] = Map(discovered[i], lockFileText(input.Projects[i]), qualifier, csharp), deps, cancellationToken);

        var outcome = new MigrationOutcome(input, compilations.Select((compilation, i) =>
            {
                var (findings, heldBack) = WithMissingReferences(missingReferences ?? MissingReferencesReached(compilation.Project, input), compilation.SyntaxErrors.Concat(results[i].Findings.Select(ReportedFinding.From)));
                return new ProjectOutcome(
                    compilation.Project,
                    results[i],
                    findings.Order(Comparer<ReportedFinding>.Create(ReportedFinding.Compare)).ToImmutableArray(),
                    qualifiers[i],
                    clashesWith[i].ToImmutableArray())
                {
                    UnresolvedTypeFindingsHeldBack = heldBack,
                    Compilation = compilation.Compilation,
                };
            })
            .ToImmutableArray());
        progress.Report($"found {outcome.Summary.ServiceContracts} service contracts, {outcome.Summary.Operations} operations, {outcome.Summary.DataTypes} data types.");
        return outcome;
    }

    /// <summary>
    /// A project whose references could not all be loaded (a <c>packages/</c> folder never restored, a package reference
    /// read without MSBuild) makes every type from them unresolved: one WCFM2003 per use, which reads as if the user's
    /// code were wrong. Those findings are replaced by one, at the project file's first missing reference, that names
    /// the missing references and how many findings it stands for; the members keep their opaque placeholder fields.
    /// </summary>
    private static (IEnumerable<ReportedFinding> Findings, int HeldBack) WithMissingReferences(IReadOnlyList<(SourceSet Owner, MissingReference Reference)> missing, IEnumerable<ReportedFinding> findings)
    {
        var all = findings.ToList();
        var unresolved = all.Count(f => f.RuleId == RuleIds.UnresolvedType);
        if (missing.Count == 0 || unresolved == 0)
        {
            return (all, 0);
        }

        var summary = MissingReferencesFinding(
            missing,
            $"{unresolved} unresolved-type finding{(unresolved == 1 ? string.Empty : "s")} left out",
            $"Their types are kept as opaque placeholder fields; {WhatBringsThem(missing)} and run again for real findings.");
        return (all.Where(f => f.RuleId != RuleIds.UnresolvedType).Append(summary), unresolved);
    }

    /// <summary>
    /// What brings <paramref name="missing"/> back, each for its references: a restore for what a restore can bring (a
    /// packages.config package, a HintPath into a package's folder, a PackageReference); a HintPath for an assembly the
    /// project names without one, which the machine that built it had installed (an SDK such as ASP.NET MVC 3, the GAC),
    /// so no restore brings it; the file itself for any other HintPath not found (a build output, a lib folder not
    /// committed). Clauses joined by "; ", without a full stop, for the caller's "and run again".
    /// </summary>
    internal static string WhatBringsThem(IReadOnlyList<(SourceSet Owner, MissingReference Reference)> missing)
    {
        static string Names(IEnumerable<MissingReference> references)
        {
            var names = references.Select(r => r.Name).Distinct(StringComparer.OrdinalIgnoreCase).ToList();
            return names.Count == 1 ? names[0] : $"{string.Join(", ", names[..^1])} and {names[^1]}";
        }

        var restorable = missing.Where(m => m.Reference.Restorable).Select(m => m.Reference).ToList();
        var installed = missing.Where(m => !m.Reference.Restorable && m.Reference.WithoutHintPath).Select(m => m.Reference).ToList();
        var notHeld = missing.Where(m => !m.Reference.Restorable && !m.Reference.WithoutHintPath).Select(m => m.Reference).ToList();
        var alone = restorable.Count == missing.Count;
        var advice = new List<string>();
        if (restorable.Count > 0)
        {
            advice.Add($"restore the packages{(alone ? string.Empty : " of " + Names(restorable))} (nuget restore, or run again with --restore)");
        }

        if (installed.Count > 0)
        {
            var one = installed.Select(r => r.Name).Distinct(StringComparer.OrdinalIgnoreCase).Count() == 1;
            advice.Add($"{Names(installed)} {(one ? "is" : "are")} not part of .NET Framework 4.7.2's reference assemblies nor given by a HintPath "
                       + $"(installed on the machine that built the project, e.g. by an SDK or in the GAC): give {(one ? "it" : "them")} a HintPath (or a package)");
        }

        if (notHeld.Count > 0)
        {
            var one = notHeld.Select(r => r.Name).Distinct(StringComparer.OrdinalIgnoreCase).Count() == 1;
            advice.Add($"put {Names(notHeld)} where {(one ? "its HintPath points" : "their HintPaths point")} (no restore brings {(one ? "it" : "them")})");
        }

        return string.Join("; ", advice);
    }

    /// <summary>
    /// The one WCFM2003 error that stands for what missing references leave unresolved, at the project file's first
    /// missing reference: <paramref name="what"/>, then each missing reference and why, then <paramref name="then"/>.
    /// </summary>
    internal static ReportedFinding MissingReferencesFinding(IReadOnlyList<(SourceSet Owner, MissingReference Reference)> missing, string what, string then, FindingSeverity severity = FindingSeverity.Error)
    {
        var (owner, first) = missing[0];
        var names = missing.Select(m => $"{m.Reference.Name} ({m.Reference.Reason}{(m.Owner == owner ? string.Empty : ", in " + m.Owner.Name)})").Distinct(StringComparer.Ordinal);
        return new ReportedFinding(
            RuleIds.UnresolvedType,
            severity,
            $"{what}: the project's references could not all be loaded: {string.Join("; ", names)}. {then}",
            new SourcePosition(owner.ProjectFile!, first.Line, first.Column),
            missing.Select(m => m.Reference.Name).Distinct(StringComparer.OrdinalIgnoreCase).ToImmutableArray(),
            ImmutableArray<SourcePosition>.Empty);
    }

    /// <summary>
    /// The missing references of <paramref name="project"/>, then of each project it reaches through project references,
    /// in path order: a referenced project's missing assemblies leave its types unresolved here too.
    /// </summary>
    internal static List<(SourceSet Owner, MissingReference Reference)> MissingReferencesReached(SourceSet project, InputSet input)
    {
        var byFile = input.Projects.Concat(input.ReferencedProjects).Where(p => p.ProjectFile is not null)
            .GroupBy(p => p.ProjectFile!, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        var reached = new SortedSet<string>(StringComparer.Ordinal);
        var pending = new Stack<string>(project.ProjectReferences);
        while (pending.TryPop(out var file))
        {
            if (reached.Add(file) && byFile.TryGetValue(file, out var referenced))
            {
                foreach (var next in referenced.ProjectReferences)
                {
                    pending.Push(next);
                }
            }
        }

        return new[] { project }.Concat(reached.Where(byFile.ContainsKey).Select(f => byFile[f]))
            .Where(p => p.ProjectFile is not null)
            .SelectMany(p => p.MissingReferences.Select(m => (Owner: p, Reference: m)))
            .ToList();
    }

    private static EngineResult Map((ContractModel Model, ImmutableArray<Finding> Findings) discovered, string? lockFileText, ProjectQualifier? qualifier, CSharpOptions? csharp)
        => MigrationEngine.Map(discovered.Model, discovered.Findings, new EngineOptions(lockFileText) { ProjectQualifier = qualifier, CSharp = csharp });

    /// <summary>
    /// Maps again, with the project in the package, every project whose output clashes with another's, until nothing
    /// clashes. First only the packages that clash (a contract file linked into two projects keeps its package, and so
    /// its wire names, when only something else clashes); after <see cref="PackageRounds"/> rounds, every package of a
    /// project that still clashes. Project segments are unique, so that always ends.
    /// </summary>
    private static (ProjectQualifier?[] Qualifiers, SortedSet<string>[] ClashesWith) ResolveClashes(
        InputSet input, EngineResult[] results, Action<int, ProjectQualifier> remap, CliDependencies deps, CancellationToken cancellationToken)
    {
        var count = results.Length;
        var qualifiers = new ProjectQualifier?[count];
        var clashesWith = Enumerable.Range(0, count).Select(_ => new SortedSet<string>(StringComparer.Ordinal)).ToArray();
        var names = QualifierNames(input.Projects);
        for (var round = 1; ; round++)
        {
            var clashes = ProjectClashes.Find(results);
            if (clashes.Count == 0)
            {
                return (qualifiers, clashesWith);
            }

            var changed = new SortedSet<int>();
            void Qualify(int project, string package, bool everyPackage)
            {
                var current = qualifiers[project];
                if (current is not null && current.Packages is null)
                {
                    return;
                }

                if (everyPackage)
                {
                    qualifiers[project] = new ProjectQualifier(names[project]);
                    changed.Add(project);
                }
                else if (current is null || !package.StartsWith(current.Segment + ".", StringComparison.Ordinal))
                {
                    qualifiers[project] = new ProjectQualifier(names[project], (current?.Packages ?? ImmutableArray<string>.Empty).Append(package).Distinct(StringComparer.Ordinal));
                    changed.Add(project);
                }
            }

            foreach (var clash in clashes)
            {
                clashesWith[clash.Project].Add(input.Projects[clash.OtherProject].Name);
                clashesWith[clash.OtherProject].Add(input.Projects[clash.Project].Name);
                Qualify(clash.Project, clash.Package, everyPackage: round > PackageRounds);
                Qualify(clash.OtherProject, clash.OtherPackage, everyPackage: round > PackageRounds);
            }

            if (changed.Count == 0)
            {
                // Both sides were already qualified where they clash (package cycles can merge a qualified package into
                // another): the project goes into every package.
                foreach (var clash in clashes)
                {
                    Qualify(clash.Project, clash.Package, everyPackage: true);
                    Qualify(clash.OtherProject, clash.OtherPackage, everyPackage: true);
                }
            }

            if (changed.Count == 0)
            {
                var first = clashes[0];
                throw new InvalidOperationException($"projects '{input.Projects[first.Project].Name}' and '{input.Projects[first.OtherProject].Name}' still both define {first.Name}.");
            }

            ForEachProject(changed, deps, cancellationToken, i => remap(i, qualifiers[i]!));
        }
    }

    /// <summary>The name each project's qualifier is made from: its own, unless another project's gives the same package segment.</summary>
    private static string[] QualifierNames(ImmutableArray<SourceSet> projects)
    {
        var names = new string[projects.Length];
        var segments = new HashSet<string>(StringComparer.Ordinal);
        for (var i = 0; i < projects.Length; i++)
        {
            var name = projects[i].Name;
            for (var suffix = 2; !segments.Add(new ProjectQualifier(name).Segment); suffix++)
            {
                name = $"{projects[i].Name}_{suffix}";
            }

            names[i] = name;
        }

        return names;
    }

    /// <summary>
    /// Runs <paramref name="work"/> for each project, side by side up to <see cref="CliDependencies.ProjectParallelism"/>
    /// (the engine starts no threads; the tool decides; one at a time by default). An exception surfaces as itself, not
    /// wrapped.
    /// </summary>
    private static void ForEachProject(IEnumerable<int> projects, CliDependencies deps, CancellationToken cancellationToken, Action<int> work)
    {
        try
        {
            Parallel.ForEach(projects, new ParallelOptions { MaxDegreeOfParallelism = deps.ProjectParallelism, CancellationToken = cancellationToken }, work);
        }
        catch (AggregateException e) when (e.InnerExceptions.Count > 0)
        {
            ExceptionDispatchInfo.Capture(e.InnerExceptions[0]).Throw();
        }
    }
}
