using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Describes each use of a C# type as a <see cref="TypeRef"/> (its shape: primitive, enum, data type, nullable,
/// collection, dictionary, stream, unmapped...) and queues every data type and enum it meets, once, for the
/// <see cref="DataTypeReader"/>. Which C# type becomes which proto type is decided later, by mapping.
/// </summary>
internal sealed class TypeClassifier
{
    // class Node<T> { Node<Node<T>> Child; } names a new closed type at every level; stop instead of looping.
    private const int MaxGenericDepth = 6;

    // A safety net against any other unbounded expansion; real contract sets are far smaller.
    private const int MaxDataTypes = 20000;

    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;

    // Data types and enums met so far by key, and those not read yet, in the order they were met.
    private readonly HashSet<string> _met = new(StringComparer.Ordinal);

    // Data types and enums generated code cannot name, reported once each.
    private readonly HashSet<string> _unreachable = new(StringComparer.Ordinal);
    private readonly Queue<KeyValuePair<string, INamedTypeSymbol>> _pending = new();

    // Collection types whose elements are being classified: a type that is a collection of itself (Json.NET's JToken
    // enumerates JTokens, MongoDB's BsonArray holds BsonValues and is one) would otherwise recurse without end.
    private readonly HashSet<ITypeSymbol> _elementsInProgress = new(SymbolEqualityComparer.Default);

    // Each outermost use already described (the same type meets many members and parameters): what ClassifyCore
    // gives for a type depends only on the type while nothing is in progress and the data-type limit is not reached,
    // and what it queues is queued by its first description. Nested uses (a collection's elements) are described
    // afresh, since a type in progress changes their answer.
    private readonly Dictionary<(ITypeSymbol Type, NullableAnnotation Annotation, NullableAnnotation Own), TypeRef> _described = new(DescribedComparer.Instance);

    public TypeClassifier(DiscoveryContext context)
    {
        _context = context;
        _wcf = context.Wcf;
    }

    /// <summary>The next data type or enum to read, in the order they were first met.</summary>
    public bool TryTakePending(out string key, out INamedTypeSymbol type)
    {
        if (_pending.Count > 0)
        {
            var next = _pending.Dequeue();
            key = next.Key;
            type = next.Value;
            return true;
        }

        key = string.Empty;
        type = null!;
        return false;
    }

    /// <summary>Describes a use of <paramref name="type"/>; queues the data types and enums it names.</summary>
    public TypeRef Classify(ITypeSymbol type, NullableAnnotation annotation = NullableAnnotation.None)
    {
        var nullability = annotation switch
        {
            NullableAnnotation.Annotated => NullabilityValue.Nullable,
            NullableAnnotation.NotAnnotated => NullabilityValue.NotNull,
            _ => type.NullableAnnotation switch
            {
                NullableAnnotation.Annotated => NullabilityValue.Nullable,
                NullableAnnotation.NotAnnotated => NullabilityValue.NotNull,
                _ => NullabilityValue.Oblivious,
            },
        };
        var outermost = _elementsInProgress.Count == 0 && _met.Count < MaxDataTypes;
        var key = (type, annotation, type.NullableAnnotation);
        if (outermost && _described.TryGetValue(key, out var described))
        {
            return described;
        }

        var classified = ClassifyCore(type);
        var result = classified with { Nullability = nullability, CSharp = _context.ReadsEmitterFacts ? _context.CSharp.TypeName(type, annotation, classified.Shape) : null };
        if (outermost && _met.Count < MaxDataTypes)
        {
            _described[key] = result;
        }

        return result;
    }

    /// <summary>Types told apart with their nullable annotations (List&lt;string?&gt; is not List&lt;string&gt;), as the C# spelling tells them.</summary>
    private sealed class DescribedComparer : IEqualityComparer<(ITypeSymbol Type, NullableAnnotation Annotation, NullableAnnotation Own)>
    {
        public static readonly DescribedComparer Instance = new();

        public bool Equals((ITypeSymbol Type, NullableAnnotation Annotation, NullableAnnotation Own) x, (ITypeSymbol Type, NullableAnnotation Annotation, NullableAnnotation Own) y)
            => x.Annotation == y.Annotation && x.Own == y.Own && SymbolEqualityComparer.IncludeNullability.Equals(x.Type, y.Type);

        public int GetHashCode((ITypeSymbol Type, NullableAnnotation Annotation, NullableAnnotation Own) obj)
            => (SymbolEqualityComparer.IncludeNullability.GetHashCode(obj.Type) * 31 + (int)obj.Annotation) * 31 + (int)obj.Own;
    }

    private TypeRef Shape(TypeShape shape, ITypeSymbol type, string? detail = null, params TypeRef[] arguments)
        => new(shape, _context.Key(type), _context.Display(type), arguments.ToEquatableArray(), NullabilityValue.Oblivious, detail);

    private TypeRef ClassifyCore(ITypeSymbol type)
    {
        if (type.TypeKind == TypeKind.Error || type is IErrorTypeSymbol)
        {
            return Shape(TypeShape.Unresolved, type);
        }

        switch (type)
        {
            case ITypeParameterSymbol:
                return Shape(TypeShape.Unmapped, type, "an open generic type parameter");
            case IArrayTypeSymbol array:
                if (array.ElementType.SpecialType == SpecialType.System_Byte && array.Rank == 1)
                {
                    return Shape(TypeShape.Primitive, type);
                }

                return array.Rank == 1
                    ? Shape(TypeShape.Collection, type, null, Classify(array.ElementType, array.ElementNullableAnnotation))
                    : Shape(TypeShape.Unmapped, type, "a multi-dimensional array");
            case not INamedTypeSymbol:
                return Shape(TypeShape.Unmapped, type, "a pointer or dynamic type");
        }

        var named = (INamedTypeSymbol)type;
        switch (named.SpecialType)
        {
            case SpecialType.System_Void:
                return TypeRef.Void;
            case SpecialType.System_Object:
                return Shape(TypeShape.Object, type);
            case SpecialType.System_Boolean:
            case SpecialType.System_Char:
            case SpecialType.System_SByte:
            case SpecialType.System_Byte:
            case SpecialType.System_Int16:
            case SpecialType.System_UInt16:
            case SpecialType.System_Int32:
            case SpecialType.System_UInt32:
            case SpecialType.System_Int64:
            case SpecialType.System_UInt64:
            case SpecialType.System_Decimal:
            case SpecialType.System_Single:
            case SpecialType.System_Double:
            case SpecialType.System_String:
            case SpecialType.System_DateTime:
                return Shape(TypeShape.Primitive, type);
            case SpecialType.System_IntPtr:
            case SpecialType.System_UIntPtr:
                return Shape(TypeShape.Unmapped, type, "a native pointer-sized integer");
        }

        if (named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            return Shape(TypeShape.Nullable, type, null, Classify(named.TypeArguments[0]));
        }

        if (GenericDepth(named) > MaxGenericDepth || (_met.Count >= MaxDataTypes && !_met.Contains(_context.Key(named))))
        {
            return Shape(TypeShape.Unmapped, type, "a generic type that nests itself without end");
        }

        if (!IsInSource(named) && named.ContainingAssembly is { } assembly && WcfSymbols.FrameworkOnlyAssemblies.Contains(assembly.Name))
        {
            return Shape(TypeShape.Unmapped, type, $"a type of {assembly.Name}, which .NET 10 does not have");
        }

        if (named.TypeKind == TypeKind.Enum)
        {
            return Unreachable(named) ?? Shape(TypeShape.Enum, type) with { Key = Register(named) };
        }

        if (WcfSymbols.Is(named, _wcf.Guid) || WcfSymbols.Is(named, _wcf.Uri) || WcfSymbols.Is(named, _wcf.TimeSpan) || WcfSymbols.Is(named, _wcf.DateTimeOffset))
        {
            return Shape(TypeShape.Primitive, type);
        }

        if (WcfSymbols.DerivesFrom(named, _wcf.Stream))
        {
            return Shape(TypeShape.Stream, type);
        }

        if (WcfSymbols.DerivesFrom(named, _wcf.Message))
        {
            return Shape(TypeShape.Unmapped, type, "an untyped WCF Message");
        }

        if (WcfSymbols.DerivesFrom(named, _wcf.DataTable))
        {
            return Shape(TypeShape.Unmapped, type, "an ADO.NET DataTable/DataSet (schema known only at run time)");
        }

        if (WcfSymbols.DerivesFrom(named, _wcf.XmlNode))
        {
            return Shape(TypeShape.Unmapped, type, "raw XML");
        }

        if (named.ContainingNamespace?.ToDisplayString() == WcfSymbols.SyndicationNamespace)
        {
            // Feeds and their formatters have no members WCF serialized: a formatter wrote Atom or RSS XML.
            return Shape(TypeShape.Unmapped, type, "a syndication feed or formatter (WCF wrote it as Atom or RSS XML, which no proto message describes)");
        }

        if (!IsInSource(named) && !WcfSymbols.Has(named, _wcf.DataContract) && named.ContainingNamespace?.ToDisplayString() is { } wcfNamespace
            && (wcfNamespace == "System.ServiceModel" || wcfNamespace.StartsWith("System.ServiceModel.", StringComparison.Ordinal)))
        {
            // EndpointAddress, MsmqMessage<T> other than as an operation parameter (OperationReader unwraps that one)...:
            // WCF's envelopes and channel types carry data of their own making.
            return Shape(TypeShape.Unmapped, type, "a WCF type that is not data (WCF's own envelope or channel type, which no proto message describes)");
        }

        if (named.TypeKind == TypeKind.Delegate)
        {
            return Shape(TypeShape.Unmapped, type, "a delegate");
        }

        if (named.IsTupleType || WcfSymbols.Is(named, _wcf.Tuples))
        {
            return Shape(TypeShape.Unmapped, type, "a tuple (no member names on the wire)");
        }

        if (WcfSymbols.Has(named, _wcf.DataContract) || WcfSymbols.Has(named, _wcf.MessageContract))
        {
            return Unreachable(named) ?? Shape(TypeShape.DataType, type) with { Key = Register(named) };
        }

        var dictionary = DictionaryOf(named);
        var enumerable = dictionary is null ? EnumerableOf(named) : null;
        if ((dictionary is not null || enumerable is not null) && !_elementsInProgress.Add(named))
        {
            return Shape(TypeShape.Unmapped, type, "a collection whose elements contain the collection type itself");
        }

        try
        {
            if (dictionary is not null)
            {
                return Shape(TypeShape.Dictionary, type, null, Classify(dictionary.TypeArguments[0], dictionary.TypeArgumentNullableAnnotations[0]), Classify(dictionary.TypeArguments[1], dictionary.TypeArgumentNullableAnnotations[1]));
            }

            if (enumerable is not null)
            {
                return Shape(TypeShape.Collection, type, null, Classify(enumerable.TypeArguments[0], enumerable.TypeArgumentNullableAnnotations[0]));
            }
        }
        finally
        {
            _elementsInProgress.Remove(named);
        }

        if (WcfSymbols.Is(named, _wcf.NonGenericDictionary) || named.AllInterfaces.Any(i => WcfSymbols.Is(i, _wcf.NonGenericDictionary)))
        {
            return Shape(TypeShape.Unmapped, type, "a non-generic dictionary (element types unknown)");
        }

        if (named.SpecialType == SpecialType.System_Collections_IEnumerable || named.AllInterfaces.Any(i => i.SpecialType == SpecialType.System_Collections_IEnumerable))
        {
            return Shape(TypeShape.Unmapped, type, "a non-generic collection (element type unknown)");
        }

        if (named.TypeKind == TypeKind.Interface)
        {
            return Shape(TypeShape.Unmapped, type, "an interface (the concrete type is known only at run time)");
        }

        if (named.IsUnboundGenericType)
        {
            return Shape(TypeShape.Unmapped, type, "an open generic type");
        }

        return Unreachable(named) ?? Shape(TypeShape.DataType, type) with { Key = Register(named) };
    }

    private static bool IsInSource(INamedTypeSymbol type) => type.Locations.Any(l => l.IsInSource);

    /// <summary>
    /// A data type or enum generated code cannot name (private or protected, or built on such a type), met where no
    /// member holds it (a known type): reported once, at the type, and not read; the use becomes a placeholder. Null
    /// for any other type.
    /// </summary>
    private TypeRef? Unreachable(INamedTypeSymbol type)
    {
        if (_context.Unreachable(type) is not { } why)
        {
            return null;
        }

        var key = _context.Key(type);
        if (_unreachable.Add(key))
        {
            _context.Report(FindingMessages.UnreachableDataType, type, key, why);
        }

        return Shape(TypeShape.Unmapped, type, "which generated code cannot name");
    }

    /// <summary>
    /// Whether a data member of type <paramref name="type"/> must be left out of its message because generated code cannot
    /// name the type (a private member of a private nested type, or of a list of one): then the type it cannot name is
    /// reported at its declaration, naming <paramref name="member"/>.
    /// </summary>
    public bool LeavesOut(ITypeSymbol type, ISymbol member)
    {
        if (UnreachablePart(type) is not { } part)
        {
            return false;
        }

        _context.Report(FindingMessages.UnreachableMember, part, _context.Key(part), _context.Unreachable(part)!, _context.Key(member.ContainingType) + "." + member.Name);
        return true;
    }

    /// <summary>The innermost type of <paramref name="type"/> (itself, an element or a type argument) generated code cannot name; null when it can name all.</summary>
    private INamedTypeSymbol? UnreachablePart(ITypeSymbol type)
    {
        if (_context.Unreachable(type) is null)
        {
            return null;
        }

        var parts = type switch
        {
            INamedTypeSymbol named => named.TypeArguments,
            IArrayTypeSymbol array => ImmutableArray.Create(array.ElementType),
            _ => ImmutableArray<ITypeSymbol>.Empty,
        };
        return parts.Select(UnreachablePart).FirstOrDefault(p => p is not null) ?? type as INamedTypeSymbol;
    }

    private static int GenericDepth(ITypeSymbol type) => type switch
    {
        INamedTypeSymbol { TypeArguments.Length: > 0 } named => 1 + named.TypeArguments.Max(GenericDepth),
        IArrayTypeSymbol array => 1 + GenericDepth(array.ElementType),
        _ => 0,
    };

    private INamedTypeSymbol? DictionaryOf(INamedTypeSymbol type)
    {
        if (WcfSymbols.Is(type, _wcf.GenericDictionaries))
        {
            return type;
        }

        return type.AllInterfaces.FirstOrDefault(i => WcfSymbols.Is(i, _wcf.GenericDictionaries));
    }

    private static INamedTypeSymbol? EnumerableOf(INamedTypeSymbol type)
    {
        if (type.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T)
        {
            return type;
        }

        return type.AllInterfaces.FirstOrDefault(i => i.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T);
    }

    /// <summary>Queues a data type or enum to read (once) and returns its key.</summary>
    private string Register(INamedTypeSymbol type)
    {
        var key = _context.Key(type);
        if (_met.Add(key))
        {
            _pending.Enqueue(new KeyValuePair<string, INamedTypeSymbol>(key, type));
        }

        return key;
    }
}
