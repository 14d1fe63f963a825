using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// The service contracts declared in projects the input references but does not name (a helper library such as
/// ServiceModelEx, compiled with the input so its types bind) that the input does not reach, and so are not migrated:
/// a library declares contracts for its own hosts, proxies and behaviors, which are no service of the input's.
/// An input reaches a library contract when a class of the input implements it or derives from its client
/// (<see cref="ClientCodeReader.ContractsOf"/>: also through a library base class), an input contract extends it, or
/// input code names it (ChannelFactory&lt;T&gt;, a ClientBase&lt;T&gt; subclass, a parameter, typeof), or names or closes a
/// library class implementing it (<c>typeof(LibraryService)</c>, <c>new Comm&lt;Server&gt;()</c> making a
/// <c>Receiver&lt;Server&gt;</c>: the input hosted it); the contracts a reached one extends are reached with it.
/// </summary>
internal sealed class ReferencedProjectContracts
{
    /// <summary>No referenced project: every contract of the compilation is the input's.</summary>
    public static readonly ReferencedProjectContracts None = new(new Dictionary<string, string>(StringComparer.Ordinal), new Dictionary<INamedTypeSymbol, string>(SymbolEqualityComparer.Default));

    private readonly Dictionary<string, string> _projectOfFile;
    private readonly Dictionary<INamedTypeSymbol, string> _leftOut;

    private ReferencedProjectContracts(Dictionary<string, string> projectOfFile, Dictionary<INamedTypeSymbol, string> leftOut)
    {
        _projectOfFile = projectOfFile;
        _leftOut = leftOut;
    }

    /// <summary>True when <paramref name="contract"/> is a referenced project's contract the input does not reach.</summary>
    public bool IsLeftOut(INamedTypeSymbol contract) => _leftOut.ContainsKey(contract.OriginalDefinition);

    /// <summary>
    /// True when <paramref name="type"/> is declared in a referenced project and every contract it implements or is
    /// left out: a library's own implementation or client of its own contracts, neither served nor given a proxy.
    /// </summary>
    public bool OnlyServesLeftOut(INamedTypeSymbol type, IReadOnlyCollection<INamedTypeSymbol> contracts)
        => _leftOut.Count > 0 && contracts.Count > 0 && ProjectOf(type) is not null && contracts.All(IsLeftOut);

    /// <param name="projects">The referenced projects that are not inputs, each with its files (full paths, as the compilation's trees name them).</param>
    /// <param name="closings">The closed generic types the source makes: a library's generic service the input closes is one the input hosts.</param>
    public static ReferencedProjectContracts Read(DiscoveryContext context, ClientCodeReader clients, IReadOnlyList<INamedTypeSymbol> sourceTypes, IReadOnlyList<ReferencedProject>? projects, Lazy<GenericClosings> closings)
    {
        if (projects is not { Count: > 0 })
        {
            return None;
        }

        var projectOfFile = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var project in projects)
        {
            foreach (var file in project.Files)
            {
                // A file one referenced project links from another stays the first's.
                if (!projectOfFile.ContainsKey(file))
                {
                    projectOfFile[file] = project.Name;
                }
            }
        }

        var found = new ReferencedProjectContracts(projectOfFile, new Dictionary<INamedTypeSymbol, string>(SymbolEqualityComparer.Default));
        var library = new Dictionary<INamedTypeSymbol, string>(SymbolEqualityComparer.Default);
        var libraryClasses = new List<INamedTypeSymbol>();
        var inputTypes = new List<INamedTypeSymbol>();
        foreach (var type in sourceTypes)
        {
            if (found.ProjectOf(type) is { } project)
            {
                if (WcfSymbols.Has(type, context.Wcf.ServiceContract))
                {
                    library[type] = project;
                }
                else if (type.TypeKind == TypeKind.Class)
                {
                    libraryClasses.Add(type);
                }
            }
            else
            {
                inputTypes.Add(type);
            }
        }

        if (library.Count == 0)
        {
            return found;
        }

        // A library class implementing library contracts, which the input hosts or calls when its code names the class
        // (new X(), typeof(X)) or closes it (Comm<Server> making a Receiver<Server>): WCF served or called those contracts.
        var libraryServices = new Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>>(SymbolEqualityComparer.Default);
        foreach (var type in libraryClasses)
        {
            var contracts = type.AllInterfaces.Select(i => i.OriginalDefinition).Where(library.ContainsKey).ToList();
            if (contracts.Count > 0)
            {
                libraryServices[type.OriginalDefinition] = contracts;
            }
        }

        var reached = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var type in inputTypes)
        {
            context.CancellationToken.ThrowIfCancellationRequested();
            context.Guard(type, FindingMessages.ContractAnalysisFailed, () =>
            {
                if (type.TypeKind == TypeKind.Class)
                {
                    reached.UnionWith(clients.ContractsOf(type).Select(c => c.OriginalDefinition));
                }
                else if (type.TypeKind == TypeKind.Interface && WcfSymbols.Has(type, context.Wcf.ServiceContract))
                {
                    reached.UnionWith(type.AllInterfaces.Select(i => i.OriginalDefinition));
                }
            });
        }

        foreach (var named in NamedByInput(context, library.Keys.Concat(libraryServices.Keys)))
        {
            reached.UnionWith(libraryServices.TryGetValue(named, out var served) ? served : [named]);
        }

        foreach (var service in libraryServices.Where(s => s.Key.IsGenericType && closings.Value.ClosedByInput(s.Key)))
        {
            reached.UnionWith(service.Value);
        }

        // A reached contract brings the contracts it extends: their operations are its own, and WCF serves each.
        foreach (var contract in reached.ToList())
        {
            reached.UnionWith(contract.AllInterfaces.Select(i => i.OriginalDefinition));
        }

        foreach (var contract in library)
        {
            if (!reached.Contains(contract.Key))
            {
                found._leftOut.Add(contract.Key, contract.Value);
            }
        }

        return found;
    }

    /// <summary>
    /// The one info finding that lists the contracts left out, by project, at the first of them; none when none is.
    /// </summary>
    public void Report(DiscoveryContext context)
    {
        if (_leftOut.Count == 0)
        {
            return;
        }

        var contracts = _leftOut
            .Select(c => (Contract: c.Key, Project: c.Value, Key: context.Key(c.Key), Position: DiscoveryContext.PositionOf(c.Key)))
            .OrderBy(c => c.Project, StringComparer.Ordinal)
            .ThenBy(c => c.Key, StringComparer.Ordinal)
            .ToList();
        var byProject = contracts.GroupBy(c => c.Project, StringComparer.Ordinal)
            .Select(g => $"{string.Join(", ", g.Select(c => "'" + c.Key + "'"))} (project '{g.Key}')");
        var first = contracts.Select(c => c.Position).Where(p => p is not null).OrderBy(p => p!.FilePath, StringComparer.Ordinal).ThenBy(p => p!.Line).FirstOrDefault();
        context.Findings.Add(Finding.Create(
                FindingMessages.ReferencedProjectContractsLeftOut,
                first,
                contracts.Count.ToString(System.Globalization.CultureInfo.InvariantCulture),
                string.Join("; ", byProject))
            .WithAdditionalPositions(contracts.Select(c => c.Position).Where(p => p != first)));
    }

    /// <summary>The referenced project declaring <paramref name="type"/>, when all of it is declared there; null for an input's type.</summary>
    private string? ProjectOf(INamedTypeSymbol type)
    {
        string? project = null;
        foreach (var location in type.Locations)
        {
            if (!location.IsInSource || location.SourceTree?.FilePath is not { } file || !_projectOfFile.TryGetValue(file, out var of))
            {
                return null;
            }

            project ??= of;
        }

        return project;
    }

    /// <summary>
    /// The library contracts and services input code names. Only names spelled as one of them are bound, so a library with no
    /// contract the input mentions costs one pass over the input's syntax.
    /// </summary>
    private static IEnumerable<INamedTypeSymbol> NamedByInput(DiscoveryContext context, IEnumerable<INamedTypeSymbol> library)
    {
        var names = new HashSet<string>(library.Select(c => c.Name), StringComparer.Ordinal);
        var contracts = new HashSet<INamedTypeSymbol>(library, SymbolEqualityComparer.Default);
        var named = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var tree in context.Compilation.SyntaxTrees)
        {
            if (!context.IsInput(tree))
            {
                continue;
            }

            SemanticModel? model = null;
            foreach (var name in tree.GetRoot(context.CancellationToken).DescendantNodes().OfType<SimpleNameSyntax>())
            {
                if (!names.Contains(name.Identifier.ValueText))
                {
                    continue;
                }

                context.CancellationToken.ThrowIfCancellationRequested();
                model ??= context.Compilation.GetSemanticModel(tree);
                var symbol = model.GetSymbolInfo(name, context.CancellationToken) is { Symbol: { } bound } ? bound : null;
                if (symbol is INamedTypeSymbol type && contracts.Contains(type.OriginalDefinition))
                {
                    named.Add(type.OriginalDefinition);
                }
            }
        }

        return named;
    }
}
