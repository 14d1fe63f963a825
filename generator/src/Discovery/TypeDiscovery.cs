using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Discovery;

internal sealed partial class ContractDiscovery
{
    /// <summary>Describes a use of <paramref name="type"/>; enqueues data types and enums it names for <see cref="ReadDataType"/>.</summary>
    private TypeRef Classify(ITypeSymbol type, NullableAnnotation annotation = NullableAnnotation.None)
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
        return ClassifyCore(type) with { Nullability = nullability };
    }

    private TypeRef Shape(TypeShape shape, ITypeSymbol type, string? detail = null, params TypeRef[] arguments)
        => new(shape, Key(type), Display(type), arguments.ToEquatableArray(), NullabilityValue.Oblivious, detail);

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

        if (GenericDepth(named) > MaxGenericDepth || (_knownTypes.Count + _metTypes.Count >= MaxDataTypes && !IsKnownOrMet(Key(named))))
        {
            // class Node<T> { Node<Node<T>> Child; } names a new closed type at every level; stop instead of looping.
            return Shape(TypeShape.Unmapped, type, "a generic type that nests itself without end");
        }

        if (named.TypeKind == TypeKind.Enum)
        {
            return Shape(TypeShape.Enum, type) with { Key = Register(named) };
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
            return Shape(TypeShape.DataType, type) with { Key = Register(named) };
        }

        if (DictionaryOf(named) is { } dictionary)
        {
            return Shape(TypeShape.Dictionary, type, null, Classify(dictionary.TypeArguments[0], dictionary.TypeArgumentNullableAnnotations[0]), Classify(dictionary.TypeArguments[1], dictionary.TypeArgumentNullableAnnotations[1]));
        }

        if (EnumerableOf(named) is { } enumerable)
        {
            return Shape(TypeShape.Collection, type, null, Classify(enumerable.TypeArguments[0], enumerable.TypeArgumentNullableAnnotations[0]));
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


        return Shape(TypeShape.DataType, type) with { Key = Register(named) };
    }

    private const int MaxGenericDepth = 6;

    // A safety net against any other unbounded expansion; real contract sets are far smaller.
    private const int MaxDataTypes = 20000;

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

    /// <summary>Notes a data type or enum to read; the coordinating pass admits it (once) after this reader is done.</summary>
    private string Register(INamedTypeSymbol type)
    {
        var key = Key(type);
        if (!_knownTypes.ContainsKey(key) && _metTypeKeys.Add(key))
        {
            _metTypes.Add(new KeyValuePair<string, INamedTypeSymbol>(key, type));
        }

        return key;
    }

    private bool IsKnownOrMet(string key) => _knownTypes.ContainsKey(key) || _metTypeKeys.Contains(key);

    // ───────────────────────────── data types ─────────────────────────────

    private DataTypeModel ReadDataType(string key, INamedTypeSymbol type)
    {
        var dataContract = WcfSymbols.Find(type, _wcf.DataContract);
        var messageContract = WcfSymbols.Find(type, _wcf.MessageContract);
        var kind = type.TypeKind == TypeKind.Enum ? DataTypeKind.Enum
            : messageContract is not null ? DataTypeKind.MessageContract
            : dataContract is not null ? DataTypeKind.DataContract
            : type.IsSerializable ? DataTypeKind.Serializable
            : DataTypeKind.Inferred;

        var clrNamespace = Namespace(type);
        var contractNamespace = (dataContract is null ? null : WcfSymbols.Named<string?>(dataContract, "Namespace", null))
            ?? (_contractNamespaces.TryGetValue(clrNamespace, out var mapped) ? mapped : DataContractNamespacePrefix + clrNamespace);
        var contractName = dataContract is null ? null : WcfSymbols.Named<string?>(dataContract, "Name", null);

        var members = kind switch
        {
            DataTypeKind.Enum => new List<DataMemberModel>(),
            DataTypeKind.DataContract => ReadMembers(type, m => WcfSymbols.Find(m, _wcf.DataMember), isHeader: _ => false),
            DataTypeKind.MessageContract => ReadMembers(type, m => WcfSymbols.Find(m, _wcf.MessageBodyMember) ?? WcfSymbols.Find(m, _wcf.MessageHeader), m => WcfSymbols.Has(m, _wcf.MessageHeader)),
            DataTypeKind.Serializable => ReadSerializableFields(type),
            _ => ReadInferredMembers(type),
        };

        var enumMembers = kind == DataTypeKind.Enum ? ReadEnumMembers(type, dataContract is not null) : new List<EnumMemberModel>();

        string? baseKey = null;
        if (type.TypeKind == TypeKind.Class && type.BaseType is { SpecialType: not SpecialType.System_Object } baseType
            && baseType.TypeKind != TypeKind.Error)
        {
            var baseRef = Classify(baseType);
            if (baseRef.Shape == TypeShape.DataType)
            {
                baseKey = baseRef.Key;
            }
        }

        var knownTypes = new List<TypeRef>();
        foreach (var known in WcfSymbols.FindAll(type.OriginalDefinition, _wcf.KnownType))
        {
            knownTypes.AddRange(ReadKnownTypeAttribute(known, type));
        }

        var doc = DocComment.For(type);
        return new DataTypeModel(
            key,
            kind,
            contractName,
            type.Name,
            clrNamespace,
            contractNamespace,
            type.TypeArguments.Select(t => Classify(t)).ToEquatableArray(),
            members.ToEquatableArray(),
            enumMembers.ToEquatableArray(),
            baseKey,
            Distinct(knownTypes),
            type.IsAbstract && type.TypeKind != TypeKind.Interface,
            kind == DataTypeKind.Enum && WcfSymbols.Has(type, _wcf.Flags),
            type.AllInterfaces.Any(i => WcfSymbols.Is(i, _wcf.CustomSerialization)),
            dataContract is not null && WcfSymbols.Named(dataContract, "IsReference", false),
            doc.Summary,
            PositionOf(type));
    }

    private List<DataMemberModel> ReadMembers(INamedTypeSymbol type, Func<ISymbol, AttributeData?> attributeOf, Func<ISymbol, bool> isHeader)
    {
        var members = new List<DataMemberModel>();
        foreach (var member in type.GetMembers())
        {
            if (member.IsStatic || member.IsImplicitlyDeclared)
            {
                continue;
            }

            var memberType = MemberType(member, out var annotation);
            if (memberType is null || attributeOf(member) is not { } attribute)
            {
                continue;
            }

            var doc = DocComment.For(member);
            members.Add(new DataMemberModel(
                WcfSymbols.Named<string?>(attribute, "Name", null) ?? member.Name,
                member.Name,
                Classify(memberType, annotation),
                WcfSymbols.Named(attribute, "Order", -1),
                WcfSymbols.Named(attribute, "IsRequired", false),
                WcfSymbols.Named(attribute, "EmitDefaultValue", true),
                isHeader(member),
                doc.Summary,
                PositionOf(member)));
        }

        return members;
    }

    /// <summary>[Serializable] types serialize every instance field, public or not, except [NonSerialized] ones.</summary>
    private List<DataMemberModel> ReadSerializableFields(INamedTypeSymbol type)
    {
        var members = new List<DataMemberModel>();
        var autoProperties = type.GetMembers().OfType<IPropertySymbol>()
            .Where(p => !p.IsStatic && p.Parameters.Length == 0 && IsAutoProperty(p))
            .ToList();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var member in type.GetMembers())
        {
            if (member is not IFieldSymbol { IsStatic: false, IsConst: false } field || WcfSymbols.Has(field, _wcf.NonSerialized))
            {
                continue;
            }

            var property = field.AssociatedSymbol as IPropertySymbol;
            var name = property?.Name ?? BackingFieldPropertyName(field.Name) ?? field.Name;
            if (!seen.Add(name))
            {
                continue;
            }

            members.Add(new DataMemberModel(name, property?.Name ?? field.Name, Classify(field.Type, field.NullableAnnotation), -1, false, true, false, DocComment.For(property ?? (ISymbol)field).Summary, PositionOf(property ?? (ISymbol)field)));
        }

        // Source auto-properties' backing fields are not always listed as members; their properties stand in for them.
        foreach (var property in autoProperties)
        {
            if (seen.Add(property.Name) && !WcfSymbols.Has(property, _wcf.NonSerialized))
            {
                members.Add(new DataMemberModel(property.Name, property.Name, Classify(property.Type, property.NullableAnnotation), -1, false, true, false, DocComment.For(property).Summary, PositionOf(property)));
            }
        }

        return members;
    }

    private static bool IsAutoProperty(IPropertySymbol property)
        => property.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is Microsoft.CodeAnalysis.CSharp.Syntax.PropertyDeclarationSyntax { AccessorList: { } accessors }
            && accessors.Accessors.All(a => a.Body is null && a.ExpressionBody is null));

    private static string? BackingFieldPropertyName(string fieldName)
    {
        const string Suffix = ">k__BackingField";
        return fieldName.StartsWith("<", StringComparison.Ordinal) && fieldName.EndsWith(Suffix, StringComparison.Ordinal)
            ? fieldName.Substring(1, fieldName.Length - 1 - Suffix.Length)
            : null;
    }

    /// <summary>What DataContractSerializer infers for a plain type: public read/write properties and public fields.</summary>
    private List<DataMemberModel> ReadInferredMembers(INamedTypeSymbol type)
    {
        var isKeyValuePair = WcfSymbols.Is(type, _wcf.KeyValuePair);
        var members = new List<DataMemberModel>();
        foreach (var member in type.GetMembers())
        {
            if (member.IsStatic || member.IsImplicitlyDeclared || member.DeclaredAccessibility != Accessibility.Public || WcfSymbols.Has(member, _wcf.IgnoreDataMember))
            {
                continue;
            }

            var included = member switch
            {
                IPropertySymbol p => p.Parameters.Length == 0 && p.GetMethod is { DeclaredAccessibility: Accessibility.Public }
                    && (isKeyValuePair || p.SetMethod is { DeclaredAccessibility: Accessibility.Public, IsInitOnly: false } || p.SetMethod is { IsInitOnly: true }),
                IFieldSymbol f => !f.IsReadOnly && !f.IsConst,
                _ => false,
            };
            var memberType = MemberType(member, out var annotation);
            if (!included || memberType is null)
            {
                continue;
            }

            members.Add(new DataMemberModel(member.Name, member.Name, Classify(memberType, annotation), -1, false, true, false, DocComment.For(member).Summary, PositionOf(member)));
        }

        return members;
    }

    private List<EnumMemberModel> ReadEnumMembers(INamedTypeSymbol type, bool onlyMarked)
    {
        var members = new List<EnumMemberModel>();
        foreach (var field in type.GetMembers().OfType<IFieldSymbol>())
        {
            if (!field.HasConstantValue || field.ConstantValue is null)
            {
                continue;
            }

            var enumMember = WcfSymbols.Find(field, _wcf.EnumMember);
            if (onlyMarked && enumMember is null)
            {
                // A [DataContract] enum serializes only its [EnumMember] values; the rest are not part of the contract.
                continue;
            }

            var name = enumMember is null ? field.Name : WcfSymbols.Named<string?>(enumMember, "Value", null) ?? field.Name;
            members.Add(new EnumMemberModel(name, field.Name, Convert.ToDecimal(field.ConstantValue, System.Globalization.CultureInfo.InvariantCulture), DocComment.For(field).Summary));
        }

        return members;
    }

    private static ITypeSymbol? MemberType(ISymbol member, out NullableAnnotation annotation)
    {
        switch (member)
        {
            case IPropertySymbol property:
                annotation = property.NullableAnnotation;
                return property.Type;
            case IFieldSymbol field:
                annotation = field.NullableAnnotation;
                return field.Type;
            default:
                annotation = NullableAnnotation.None;
                return null;
        }
    }
}
