using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using MigrateWcf.Generator.References;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// The closed types the source makes of its generic classes, as WCF saw them: a generic implementation
/// (<c>class Receiver&lt;T&gt; : ICommService</c>) is hosted as the closed type its code creates
/// (<c>new Receiver&lt;Order&gt;()</c>) or hosts (<c>typeof(Receiver&lt;Order&gt;)</c>). A generic type passing its own type
/// parameters on (<c>class Comm&lt;T&gt; { Receiver&lt;T&gt; rcvr = new Receiver&lt;T&gt;(); }</c>) closes them with each of its
/// own closings (<c>new Comm&lt;Order&gt;()</c> makes a <c>Receiver&lt;Order&gt;</c>). Base lists are not closings: a class
/// deriving from <c>Receiver&lt;Order&gt;</c> is an implementation of its own. When the compilation holds the projects the
/// input references too, each of which WCF ran as its own program, the closings the input's own code makes are the
/// ones its ServiceHost hosted: they stand for the type, and those made only in referenced projects count when the
/// input makes none. Read once per discovery, when first asked.
/// </summary>
internal sealed class GenericClosings
{
    /// <summary>Closed types followed through generic types at most: a type creating itself with a longer argument (<c>new A&lt;List&lt;T&gt;&gt;()</c>) has no end.</summary>
    private const int Limit = 1000;

    private readonly Dictionary<INamedTypeSymbol, SortedDictionary<string, Closing>> _byDefinition = new(SymbolEqualityComparer.Default);

    private GenericClosings()
    {
    }

    /// <summary>
    /// The closed types of <paramref name="definition"/> (a generic class definition) the source makes, by key: those
    /// the input's own code makes when it makes any, else those of the projects it references.
    /// </summary>
    public IReadOnlyList<INamedTypeSymbol> Of(INamedTypeSymbol definition)
    {
        if (!_byDefinition.TryGetValue(definition.OriginalDefinition, out var closed))
        {
            return Array.Empty<INamedTypeSymbol>();
        }

        var ofInput = closed.Values.Where(c => c.InInput).Select(c => c.Type).ToList();
        return ofInput.Count > 0 ? ofInput : closed.Values.Select(c => c.Type).ToList();
    }

    /// <summary>Whether the input's own code makes a closed type of <paramref name="definition"/> (directly or through a generic it closes).</summary>
    public bool ClosedByInput(INamedTypeSymbol definition)
        => _byDefinition.TryGetValue(definition.OriginalDefinition, out var closed) && closed.Values.Any(c => c.InInput);

    public static GenericClosings Read(DiscoveryContext context)
    {
        var closings = new GenericClosings();
        var compilation = context.Compilation;
        // Closed types found in source (those of the input's files first, so whatever they lead to counts as the
        // input's), and the open ones each generic type makes of its own type parameters.
        var pending = new Queue<Closing>();
        var pendingOutsideInput = new List<Closing>();
        var passedOn = new Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>>(SymbolEqualityComparer.Default);
        foreach (var tree in compilation.SyntaxTrees.Where(t => t.FilePath != CoreWcfDeclarations.FileName))
        {
            context.CancellationToken.ThrowIfCancellationRequested();
            var root = tree.GetRoot(context.CancellationToken);
            if (!root.DescendantTokens().Any(t => t.Text == "<"))
            {
                continue;
            }

            var inInput = context.IsInput(tree);
            var model = compilation.GetSemanticModel(tree);
            foreach (var node in root.DescendantNodes())
            {
                var made = node switch
                {
                    ObjectCreationExpressionSyntax { Type: GenericNameSyntax or QualifiedNameSyntax { Right: GenericNameSyntax } } creation => model.GetTypeInfo(creation, context.CancellationToken).Type,
                    TypeOfExpressionSyntax { Type: GenericNameSyntax or QualifiedNameSyntax { Right: GenericNameSyntax } } typeOf => model.GetTypeInfo(typeOf.Type, context.CancellationToken).Type,
                    _ => null,
                };
                if (made is not INamedTypeSymbol { IsGenericType: true, IsUnboundGenericType: false, TypeKind: TypeKind.Class } type || type.ContainingType is { IsGenericType: true })
                {
                    continue;
                }

                var parameters = TypeParameters(type).ToList();
                if (parameters.Count == 0)
                {
                    if (inInput)
                    {
                        pending.Enqueue(new Closing(type, InInput: true));
                    }
                    else
                    {
                        pendingOutsideInput.Add(new Closing(type, InInput: false));
                    }
                }
                else if (model.GetEnclosingSymbol(node.SpanStart, context.CancellationToken) is { } enclosing
                         && OwnerOf(parameters, enclosing) is { } owner)
                {
                    if (!passedOn.TryGetValue(owner, out var types))
                    {
                        passedOn[owner] = types = new List<INamedTypeSymbol>();
                    }

                    types.Add(type);
                }
            }
        }

        var seen = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        while (seen.Count < Limit)
        {
            if (pending.Count == 0)
            {
                if (pendingOutsideInput.Count == 0)
                {
                    break;
                }

                pendingOutsideInput.ForEach(pending.Enqueue);
                pendingOutsideInput.Clear();
            }

            var (closed, inInput) = pending.Dequeue();
            if (!seen.Add(closed))
            {
                continue;
            }

            var definition = closed.OriginalDefinition;
            if (!closings._byDefinition.TryGetValue(definition, out var ofDefinition))
            {
                closings._byDefinition[definition] = ofDefinition = new SortedDictionary<string, Closing>(StringComparer.Ordinal);
            }

            ofDefinition[context.Key(closed)] = new Closing(closed, inInput);
            if (passedOn.TryGetValue(definition, out var open))
            {
                var arguments = new Dictionary<ITypeParameterSymbol, ITypeSymbol>(SymbolEqualityComparer.Default);
                for (var i = 0; i < definition.TypeParameters.Length; i++)
                {
                    arguments[definition.TypeParameters[i]] = closed.TypeArguments[i];
                }

                foreach (var type in open)
                {
                    if (Substitute(type, arguments, compilation) is INamedTypeSymbol made && !TypeParameters(made).Any())
                    {
                        pending.Enqueue(new Closing(made, inInput));
                    }
                }
            }
        }

        return closings;
    }

    /// <summary>A closed type the source makes, and whether the input's own code makes it (or the type making it).</summary>
    private readonly record struct Closing(INamedTypeSymbol Type, bool InInput);

    /// <summary>The generic class whose type parameters are all of <paramref name="parameters"/>: the type around the code (a method's own type parameters are not followed).</summary>
    private static INamedTypeSymbol? OwnerOf(List<ITypeParameterSymbol> parameters, ISymbol enclosing)
    {
        var type = enclosing as INamedTypeSymbol ?? enclosing.ContainingType;
        if (type is null || !type.IsGenericType || type.ContainingType is { IsGenericType: true })
        {
            return null;
        }

        var definition = type.OriginalDefinition;
        return parameters.All(p => p.TypeParameterKind == TypeParameterKind.Type && SymbolEqualityComparer.Default.Equals(p.ContainingSymbol, definition))
            ? definition
            : null;
    }

    /// <summary>Every type parameter <paramref name="type"/> is made of.</summary>
    private static IEnumerable<ITypeParameterSymbol> TypeParameters(ITypeSymbol type) => type switch
    {
        ITypeParameterSymbol parameter => new[] { parameter },
        IArrayTypeSymbol array => TypeParameters(array.ElementType),
        INamedTypeSymbol named => named.TypeArguments.SelectMany(TypeParameters),
        _ => Enumerable.Empty<ITypeParameterSymbol>(),
    };

    /// <summary><paramref name="type"/> with its type parameters replaced by <paramref name="arguments"/>; null for a shape not followed (pointers).</summary>
    private static ITypeSymbol? Substitute(ITypeSymbol type, Dictionary<ITypeParameterSymbol, ITypeSymbol> arguments, Compilation compilation)
    {
        switch (type)
        {
            case ITypeParameterSymbol parameter:
                return arguments.TryGetValue(parameter, out var argument) ? argument : null;
            case IArrayTypeSymbol array:
                return Substitute(array.ElementType, arguments, compilation) is { } element ? compilation.CreateArrayTypeSymbol(element, array.Rank) : null;
            case INamedTypeSymbol { IsGenericType: true } named when named.ContainingType is not { IsGenericType: true }:
                var substituted = new ITypeSymbol[named.TypeArguments.Length];
                for (var i = 0; i < substituted.Length; i++)
                {
                    if (Substitute(named.TypeArguments[i], arguments, compilation) is not { } replaced)
                    {
                        return null;
                    }

                    substituted[i] = replaced;
                }

                return named.ConstructedFrom.Construct(substituted);
            case INamedTypeSymbol { IsGenericType: false } plain:
                return plain;
            default:
                return null;
        }
    }
}
