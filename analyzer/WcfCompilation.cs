using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator;

namespace MigrateWcf.Analyzers;

/// <summary>
/// What every analyzer shares about one compilation: the engine's analysis of it (WCF types resolved once, each answer
/// computed once) and the way back from findings to locations. Kept in a table keyed by the compilation, never in an
/// analyzer instance, and released with the compilation.
/// </summary>
internal sealed class WcfCompilation
{
    private static readonly ConditionalWeakTable<Compilation, StrongBox<WcfCompilation?>> Cache = new();

    private WcfCompilation(CompilationAnalysis analysis, Compilation compilation)
    {
        Analysis = analysis;
        Locations = new FindingLocations(compilation);
    }

    public CompilationAnalysis Analysis { get; }

    public FindingLocations Locations { get; }

    /// <summary>The shared state of <paramref name="compilation"/>, or null when it references neither System.ServiceModel nor CoreWCF.</summary>
    public static WcfCompilation? Get(Compilation compilation)
        => Cache.GetValue(compilation, c => new StrongBox<WcfCompilation?>(CompilationAnalysis.Create(c) is { } analysis ? new WcfCompilation(analysis, c) : null)).Value;
}
