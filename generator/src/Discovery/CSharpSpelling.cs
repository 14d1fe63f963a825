using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Spells types for generated C# (<c>global::</c>-qualified, keywords for built-ins, nullable annotations) and reads
/// how generated code builds a collection, a dictionary or a data type. One per discovery run; spellings are cached, as
/// a few types are named by thousands of members.
/// </summary>
internal sealed class CSharpSpelling
{
    private readonly Compilation _compilation;
    private readonly WcfSymbols _wcf;
    private readonly INamedTypeSymbol? _list;
    private readonly INamedTypeSymbol? _hashSet;
    private readonly INamedTypeSymbol? _dictionary;
    private readonly Dictionary<(ITypeSymbol Type, NullableAnnotation Annotation), string> _names = new(new SpellingKeyComparer());

    public CSharpSpelling(Compilation compilation, WcfSymbols wcf)
    {
        _compilation = compilation;
        _wcf = wcf;
        _list = Single(compilation, "System.Collections.Generic.List`1");
        _hashSet = Single(compilation, "System.Collections.Generic.HashSet`1");
        _dictionary = Single(compilation, "System.Collections.Generic.Dictionary`2");
    }

    /// <summary>
    /// A type use as the source declares it: an oblivious reference is written without <c>?</c>. Generated code builds
    /// values of this spelling and assigns them to the member or parameter it came from.
    /// </summary>
    public string Declared(ITypeSymbol type, NullableAnnotation annotation = NullableAnnotation.None) => Name(type, annotation);

    /// <summary>
    /// A type use as a nullable-enabled class implementing the source's interface declares it: an oblivious reference
    /// gets <c>?</c> at the top (inside a Task: on its result), so the implementation accepts and returns every value the
    /// source allows; type arguments stay as declared, so built values and constraints match.
    /// </summary>
    public string Accepting(ITypeSymbol type, NullableAnnotation annotation = NullableAnnotation.None)
    {
        if (type is INamedTypeSymbol { TypeArguments.Length: 1 } task && (WcfSymbols.Is(task, _wcf.TaskOfT) || WcfSymbols.Is(task, _wcf.ValueTaskOfT)))
        {
            return "global::System.Threading.Tasks." + task.Name + "<" + Accepting(task.TypeArguments[0], task.TypeArgumentNullableAnnotations[0]) + ">";
        }

        var declared = Declared(type, annotation);
        var effective = annotation == NullableAnnotation.None ? type.NullableAnnotation : annotation;
        return type.IsReferenceType && effective == NullableAnnotation.None ? declared + "?" : declared;
    }

    /// <summary>The spelling of a use and, for a collection or dictionary, how generated code builds one.</summary>
    public CSharpTypeName TypeName(ITypeSymbol type, NullableAnnotation annotation, TypeShape shape)
    {
        var name = Declared(type, annotation);
        if (shape is not (TypeShape.Collection or TypeShape.Dictionary))
        {
            return new CSharpTypeName(name);
        }

        var (construction, concrete) = Construction(type, shape == TypeShape.Dictionary);
        return new CSharpTypeName(name, construction, concrete);
    }

    /// <summary>A method of a contract as a nullable-enabled class implementing the contract declares it.</summary>
    public OperationMethod Method(IMethodSymbol method, OperationMethodRole role)
    {
        var parameters = method.Parameters.Select((p, i) => new MethodParameter(
            p.Name.Length > 0 ? Identifier(p.Name) : "param" + (i + 1),
            Accepting(p.Type, p.NullableAnnotation),
            p.RefKind switch { RefKind.Out => ParameterDirection.Out, RefKind.Ref => ParameterDirection.Ref, _ => ParameterDirection.In })).ToEquatableArray();
        var returnType = Accepting(method.ReturnType, method.ReturnNullableAnnotation);
        var facts = (Name: Identifier(method.Name), Accessible: IsAccessible(method));
        if (role != OperationMethodRole.TaskBased || method.ReturnType is not INamedTypeSymbol task)
        {
            // Begin ends with its AsyncCallback and state, End with its IAsyncResult: they are not the operation's.
            var operationParameters = role switch
            {
                OperationMethodRole.Begin => Math.Max(0, parameters.Count - 2),
                OperationMethodRole.End => Math.Max(0, parameters.Count - 1),
                _ => parameters.Count,
            };
            return new OperationMethod(role, facts.Name, returnType, parameters)
            {
                MetadataName = method.Name,
                IsAccessible = facts.Accessible,
                OperationParameterCount = operationParameters,
            };
        }

        var result = task.TypeArguments.Length == 1 ? Accepting(task.TypeArguments[0], task.TypeArgumentNullableAnnotations[0]) : null;
        var isValueTask = WcfSymbols.Is(task, _wcf.ValueTask) || WcfSymbols.Is(task, _wcf.ValueTaskOfT);
        return new OperationMethod(role, facts.Name, returnType, parameters, result, isValueTask) { MetadataName = method.Name, IsAccessible = facts.Accessible };
    }

    /// <summary>
    /// The members of <paramref name="contract"/> and the interfaces it extends that are no operations (nor members of
    /// IDisposable, IAsyncDisposable or ICommunicationObject, which the generated proxies implement themselves).
    /// </summary>
    public EquatableArray<ContractMember> OtherMembers(INamedTypeSymbol contract)
    {
        if (contract.TypeKind != TypeKind.Interface)
        {
            return EquatableArray<ContractMember>.Empty;
        }

        var members = new List<ContractMember>();
        foreach (var @interface in contract.AllInterfaces.Prepend(contract))
        {
            if (@interface.SpecialType == SpecialType.System_IDisposable || WcfSymbols.Is(@interface, _wcf.AsyncDisposable) || WcfSymbols.Is(@interface, _wcf.CommunicationObject))
            {
                continue;
            }

            var declaring = Declared(@interface.WithNullableAnnotation(NullableAnnotation.NotAnnotated));
            foreach (var member in DiscoveryContext.MembersInSourceOrder(@interface))
            {
                if (member.IsStatic || !member.IsAbstract)
                {
                    continue;
                }

                switch (member)
                {
                    case IMethodSymbol { MethodKind: MethodKind.Ordinary } method when _wcf.OperationAttribute(method) is null && !IsEndOfOperation(method):
                        var signature = Method(method, OperationMethodRole.Synchronous);
                        members.Add(new ContractMember(ContractMemberKind.Method, declaring, signature.Name, signature.ReturnType, signature.Parameters));
                        break;
                    case IPropertySymbol property:
                        members.Add(new ContractMember(ContractMemberKind.Property, declaring, property.IsIndexer ? "this" : Identifier(property.Name), Accepting(property.Type, property.NullableAnnotation),
                            property.Parameters.Select(p => new MethodParameter(Identifier(p.Name), Accepting(p.Type, p.NullableAnnotation), ParameterDirection.In)).ToEquatableArray(),
                            property.GetMethod is not null, property.SetMethod is not null));
                        break;
                    case IEventSymbol @event:
                        members.Add(new ContractMember(ContractMemberKind.Event, declaring, Identifier(@event.Name), Accepting(@event.Type, @event.NullableAnnotation), EquatableArray<MethodParameter>.Empty));
                        break;
                }
            }
        }

        return members.ToEquatableArray();
    }

    /// <summary>The End method of a Begin/End operation (it carries no [OperationContract]; its Begin does).</summary>
    private bool IsEndOfOperation(IMethodSymbol method)
        => method.Name.StartsWith(OperationNames.EndPrefix, StringComparison.Ordinal)
            && method.ContainingType.GetMembers(OperationNames.BeginPrefix + method.Name.Substring(OperationNames.EndPrefix.Length)).OfType<IMethodSymbol>().Any(m => WcfSymbols.Has(m, _wcf.OperationContract));

    /// <summary>True when code in the compilation's own assembly can call a parameterless constructor of <paramref name="type"/>.</summary>
    public bool HasAccessibleConstructor(INamedTypeSymbol type)
        => !type.IsAbstract && (type.IsValueType || type.InstanceConstructors.Any(c => c.Parameters.Length == 0 && IsAccessible(c)));

    public bool IsAccessible(ISymbol symbol) => _compilation.IsSymbolAccessibleWithin(symbol, _compilation.Assembly);

    private (CollectionConstruction Construction, string? Concrete) Construction(ITypeSymbol type, bool dictionary)
    {
        if (type is IArrayTypeSymbol { Rank: 1 })
        {
            return (CollectionConstruction.Array, null);
        }

        if (type is not INamedTypeSymbol named)
        {
            return (CollectionConstruction.Unsupported, null);
        }

        // The declared type itself, when it is List<T> or Dictionary<K,V>: built with its capacity.
        var general = dictionary ? _dictionary : _list;
        if (general is not null && SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, general))
        {
            return (CollectionConstruction.WithCapacity, Declared(named.WithNullableAnnotation(NullableAnnotation.NotAnnotated)));
        }

        // An interface (IList<T>, IEnumerable<T>, ISet<T>, IReadOnlyDictionary<K,V>...): the general type that implements it.
        if (named.TypeKind == TypeKind.Interface)
        {
            var arguments = ElementArguments(named, dictionary, _wcf);
            if (arguments is null)
            {
                return (CollectionConstruction.Unsupported, null);
            }

            foreach (var (candidate, construction) in new[] { (general, CollectionConstruction.WithCapacity), (dictionary ? null : _hashSet, CollectionConstruction.Add) })
            {
                if (candidate is null)
                {
                    continue;
                }

                var constructed = candidate.Construct(arguments.Value.Types.ToImmutableArray(), arguments.Value.Annotations.ToImmutableArray());
                if (_compilation.ClassifyCommonConversion(constructed, named).IsImplicit)
                {
                    return (construction, Declared(constructed));
                }
            }

            return (CollectionConstruction.Unsupported, null);
        }

        // A concrete collection: WCF's serializer needs a parameterless constructor and an Add method, and so do we.
        if (named.TypeKind is TypeKind.Class or TypeKind.Struct && HasAccessibleConstructor(named) && HasAdd(named, dictionary ? 2 : 1))
        {
            return (CollectionConstruction.Add, Declared(named.WithNullableAnnotation(NullableAnnotation.NotAnnotated)));
        }

        return (CollectionConstruction.Unsupported, null);
    }

    /// <summary>The element (or key and value) type arguments of the IEnumerable&lt;T&gt; / IDictionary&lt;K,V&gt; a type is.</summary>
    private static (ITypeSymbol[] Types, NullableAnnotation[] Annotations)? ElementArguments(INamedTypeSymbol type, bool dictionary, WcfSymbols wcf)
    {
        var source = dictionary
            ? type.AllInterfaces.Prepend(type).FirstOrDefault(i => WcfSymbols.Is(i, wcf.GenericDictionaries))
            : type.AllInterfaces.Prepend(type).FirstOrDefault(i => i.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T);
        return source is null ? null : (source.TypeArguments.ToArray(), source.TypeArgumentNullableAnnotations.ToArray());
    }

    /// <summary>An accessible instance <c>Add</c> taking <paramref name="arity"/> arguments and returning nothing or a bool (not an immutable collection's copy).</summary>
    private bool HasAdd(INamedTypeSymbol type, int arity)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            foreach (var method in current.GetMembers("Add").OfType<IMethodSymbol>())
            {
                if (!method.IsStatic && method.Parameters.Length == arity && IsAccessible(method)
                    && (method.ReturnsVoid || method.ReturnType.SpecialType == SpecialType.System_Boolean))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private string Name(ITypeSymbol type, NullableAnnotation annotation)
    {
        if (annotation == NullableAnnotation.None)
        {
            annotation = type.NullableAnnotation;
        }

        var key = (type, annotation);
        if (!_names.TryGetValue(key, out var name))
        {
            _names.Add(key, name = Spell(type, annotation));
        }

        return name;
    }

    private string Spell(ITypeSymbol type, NullableAnnotation annotation)
    {
        string core;
        switch (type)
        {
            case IArrayTypeSymbol array:
                core = Name(array.ElementType, array.ElementNullableAnnotation) + "[" + new string(',', array.Rank - 1) + "]";
                break;
            case INamedTypeSymbol named when named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T:
                return Name(named.TypeArguments[0], NullableAnnotation.NotAnnotated) + "?";
            case INamedTypeSymbol named when Keyword(named.SpecialType) is { } keyword:
                core = keyword;
                break;
            case INamedTypeSymbol { IsTupleType: false, TypeKind: not TypeKind.Error } named:
                var container = named.ContainingType is { } outer
                    ? Name(outer, NullableAnnotation.NotAnnotated) + "."
                    : named.ContainingNamespace is { IsGlobalNamespace: false } ns ? "global::" + ns.ToDisplayString() + "." : "global::";
                core = container + Identifier(named.Name);
                if (named.TypeArguments.Length > 0)
                {
                    core += "<" + string.Join(", ", named.TypeArguments.Select((t, i) => Name(t, named.TypeArgumentNullableAnnotations[i]))) + ">";
                }

                break;
            default:
                core = type.WithNullableAnnotation(NullableAnnotation.None).ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                break;
        }

        return type.IsReferenceType && annotation == NullableAnnotation.Annotated ? core + "?" : core;
    }

    /// <summary>A name as a C# identifier: a keyword gets <c>@</c>.</summary>
    public static string Identifier(string name) => SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None ? "@" + name : name;

    private static string? Keyword(SpecialType type) => type switch
    {
        SpecialType.System_Object => "object",
        SpecialType.System_Void => "void",
        SpecialType.System_Boolean => "bool",
        SpecialType.System_Char => "char",
        SpecialType.System_SByte => "sbyte",
        SpecialType.System_Byte => "byte",
        SpecialType.System_Int16 => "short",
        SpecialType.System_UInt16 => "ushort",
        SpecialType.System_Int32 => "int",
        SpecialType.System_UInt32 => "uint",
        SpecialType.System_Int64 => "long",
        SpecialType.System_UInt64 => "ulong",
        SpecialType.System_Decimal => "decimal",
        SpecialType.System_Single => "float",
        SpecialType.System_Double => "double",
        SpecialType.System_String => "string",
        _ => null,
    };

    private static INamedTypeSymbol? Single(Compilation compilation, string metadataName)
    {
        var candidates = compilation.GetTypesByMetadataName(metadataName);
        return candidates.Length == 1 ? candidates[0] : candidates.FirstOrDefault(c => c.ContainingAssembly.Name is "mscorlib" or "System.Private.CoreLib" or "System.Collections" or "System.Runtime" or "netstandard");
    }

    /// <summary>Symbols compared with their nullable annotations, so <c>string</c> and <c>string?</c> uses are spelled apart.</summary>
    private sealed class SpellingKeyComparer : IEqualityComparer<(ITypeSymbol Type, NullableAnnotation Annotation)>
    {
        public bool Equals((ITypeSymbol Type, NullableAnnotation Annotation) x, (ITypeSymbol Type, NullableAnnotation Annotation) y)
            => x.Annotation == y.Annotation && SymbolEqualityComparer.IncludeNullability.Equals(x.Type, y.Type);

        public int GetHashCode((ITypeSymbol Type, NullableAnnotation Annotation) obj)
            => unchecked((SymbolEqualityComparer.IncludeNullability.GetHashCode(obj.Type) * 31) + (int)obj.Annotation);
    }
}
