using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// The service contracts the input implements (by a class that is not client code, <see cref="ClientCodeReader"/>),
/// with the names WCF gives them on the wire: what tells a contract nothing implements apart as a client-side copy of an
/// implemented one (same Name and Namespace) or as a client's view of a service outside the input. Filled while one
/// discovery reads its classes (or by <see cref="Read"/>), then only read, from any thread.
/// </summary>
internal sealed class ImplementedContracts
{
    private readonly DiscoveryContext _context;
    private readonly HashSet<INamedTypeSymbol> _contracts = new(SymbolEqualityComparer.Default);
    private readonly Dictionary<(string Name, string Namespace), SortedSet<string>> _keysByWcfName = new();
    private readonly Dictionary<string, List<INamedTypeSymbol>> _byWcfNameOnly = new(StringComparer.Ordinal);
    private readonly HashSet<INamedTypeSymbol> _calledByClients = new(SymbolEqualityComparer.Default);

    public ImplementedContracts(DiscoveryContext context) => _context = context;

    /// <summary>True when some class of the input implements some service contract.</summary>
    public bool Any => _contracts.Count > 0;

    /// <summary>Records the contracts an implementation serves.</summary>
    public void Add(IEnumerable<INamedTypeSymbol> contracts)
    {
        foreach (var contract in contracts.Select(c => c.OriginalDefinition))
        {
            if (_contracts.Add(contract) && WcfSymbols.Find(contract, _context.Wcf.ServiceContract) is { } attribute)
            {
                var name = ServiceContractReader.WcfName(contract, attribute);
                if (!_keysByWcfName.TryGetValue(name, out var keys))
                {
                    _keysByWcfName[name] = keys = new SortedSet<string>(StringComparer.Ordinal);
                }

                keys.Add(_context.Key(contract));
                if (!_byWcfNameOnly.TryGetValue(name.Name, out var named))
                {
                    _byWcfNameOnly[name.Name] = named = new List<INamedTypeSymbol>();
                }

                named.Add(contract);
            }
        }
    }

    /// <summary>Records the contracts a class of client code (<see cref="ClientCodeReader.BuiltOn"/>) is built on: it calls them.</summary>
    public void AddCalled(IEnumerable<INamedTypeSymbol> contracts)
    {
        foreach (var contract in contracts)
        {
            _calledByClients.Add(contract.OriginalDefinition);
        }
    }

    /// <summary>Whether client code of the input is built on <paramref name="contract"/>.</summary>
    public bool IsCalled(INamedTypeSymbol contract) => _calledByClients.Contains(contract.OriginalDefinition);

    /// <summary>The implemented contracts with the WCF name <paramref name="name"/>, whatever their namespace, in the order they were recorded.</summary>
    public IReadOnlyList<INamedTypeSymbol> WithWcfNameOnly(string name)
        => _byWcfNameOnly.TryGetValue(name, out var contracts) ? contracts : (IReadOnlyList<INamedTypeSymbol>)Array.Empty<INamedTypeSymbol>();

    public bool Contains(INamedTypeSymbol contract) => _contracts.Contains(contract.OriginalDefinition);

    /// <summary>The key of the implemented contract (the first by key) with the WCF name and namespace <paramref name="name"/> other than <paramref name="key"/>; null for none.</summary>
    public string? WithWcfName((string Name, string Namespace) name, string key)
        => _keysByWcfName.TryGetValue(name, out var keys) ? keys.FirstOrDefault(k => k != key) : null;

    /// <summary>
    /// The contracts implemented by the classes among <paramref name="types"/>, for a run that reads fewer types than the
    /// input has; a class that fails to be read is left out, as the whole run's guard leaves it out (and reports it).
    /// </summary>
    public static ImplementedContracts Read(DiscoveryContext context, IEnumerable<INamedTypeSymbol> types)
    {
        var clients = new ClientCodeReader(context);
        var implemented = new ImplementedContracts(context);
        foreach (var type in types.Where(t => t.TypeKind == TypeKind.Class))
        {
            context.CancellationToken.ThrowIfCancellationRequested();
            context.Guard(type, Rules.FindingMessages.ContractAnalysisFailed, () =>
            {
                var contracts = clients.ContractsOf(type);
                if (contracts.Count > 0 && clients.BuiltOn(type, contracts) is null)
                {
                    implemented.Add(contracts);
                }
                else if (contracts.Count > 0)
                {
                    implemented.AddCalled(contracts);
                }
            });
        }

        return implemented;
    }
}
