using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads the data types contracts reach: <c>[DataContract]</c>/<c>[DataMember]</c>, <c>[MessageContract]</c>,
/// <c>[Serializable]</c> fields, members DataContractSerializer infers for plain types, enums and their
/// <c>[EnumMember]</c> values, and known types (<c>[KnownType]</c>, <c>[ServiceKnownType]</c>, attribute and method forms).
/// Collections and dictionaries are shapes of a use (<see cref="TypeClassifier"/>), not data types.
/// </summary>
internal sealed class DataTypeReader
{
    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;
    private readonly TypeClassifier _types;

    // [assembly: ContractNamespace("urn:x", ClrNamespace = "Contoso")]: the contract namespace of a CLR namespace.
    private readonly Dictionary<string, string> _contractNamespaces = new(StringComparer.Ordinal);

    public DataTypeReader(DiscoveryContext context, TypeClassifier types)
    {
        _context = context;
        _wcf = context.Wcf;
        _types = types;
        foreach (var attribute in WcfSymbols.FindAll(context.Compilation.Assembly, _wcf.ContractNamespace))
        {
            if (attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is string contractNamespace)
            {
                _contractNamespaces[WcfSymbols.Named(attribute, "ClrNamespace", string.Empty)] = contractNamespace;
            }
        }
    }

    public DataTypeModel Read(string key, INamedTypeSymbol type)
    {
        var dataContract = WcfSymbols.Find(type, _wcf.DataContract);
        var messageContract = WcfSymbols.Find(type, _wcf.MessageContract);
        var kind = type.TypeKind == TypeKind.Enum ? DataTypeKind.Enum
            : messageContract is not null ? DataTypeKind.MessageContract
            : dataContract is not null ? DataTypeKind.DataContract
            : type.IsSerializable ? DataTypeKind.Serializable
            : DataTypeKind.Inferred;

        var clrNamespace = DiscoveryContext.Namespace(type);
        var contractNamespace = (dataContract is null ? null : WcfSymbols.Named<string?>(dataContract, "Namespace", null))
            ?? (_contractNamespaces.TryGetValue(clrNamespace, out var mapped) ? mapped : WcfNamespaces.DataContractPrefix + clrNamespace);
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
            var baseRef = _types.Classify(baseType);
            if (baseRef.Shape == TypeShape.DataType)
            {
                baseKey = baseRef.Key;
            }
        }

        var knownTypes = new List<TypeRef>();
        foreach (var known in WcfSymbols.FindAll(type.OriginalDefinition, _wcf.KnownType))
        {
            knownTypes.AddRange(ReadKnownTypes(known, type));
        }

        var doc = _context.Doc(type);
        return new DataTypeModel(
            key,
            kind,
            contractName,
            type.Name,
            clrNamespace,
            contractNamespace,
            type.TypeArguments.Select(t => _types.Classify(t)).ToEquatableArray(),
            members.ToEquatableArray(),
            enumMembers.ToEquatableArray(),
            baseKey,
            DistinctByKey(knownTypes),
            type.IsAbstract && type.TypeKind != TypeKind.Interface,
            kind == DataTypeKind.Enum && WcfSymbols.Has(type, _wcf.Flags),
            type.AllInterfaces.Any(i => WcfSymbols.Is(i, _wcf.CustomSerialization)),
            dataContract is not null && WcfSymbols.Named(dataContract, "IsReference", false),
            doc.Summary,
            DiscoveryContext.PositionOf(type))
        {
            IsValueType = type.IsValueType,
            CSharpName = _context.Declared(type),
            HasAccessibleConstructor = _context.ReadsEmitterFacts && _context.CSharp.HasAccessibleConstructor(type),
            IsInternal = !DiscoveryContext.IsPublic(type),
            HasPublicParameterlessConstructor = type.InstanceConstructors.Any(c => c.Parameters.Length == 0 && c.DeclaredAccessibility == Accessibility.Public),
        };
    }

    /// <summary>The types a <c>[KnownType]</c> or <c>[ServiceKnownType]</c> on <paramref name="owner"/> names.</summary>
    public IEnumerable<TypeRef> ReadKnownTypes(AttributeData attribute, INamedTypeSymbol owner)
    {
        if (attribute.ConstructorArguments.Length >= 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol type)
        {
            return new[] { _types.Classify(type) };
        }

        if (attribute.ConstructorArguments.Length >= 1 && attribute.ConstructorArguments[0].Value is string methodName)
        {
            var declaring = attribute.ConstructorArguments.Length >= 2 && attribute.ConstructorArguments[1].Value is INamedTypeSymbol d ? d : owner;
            return KnownTypesFromMethod(declaring, methodName, owner);
        }

        return Enumerable.Empty<TypeRef>();
    }

    /// <summary>One entry per key, first use kept.</summary>
    public static EquatableArray<TypeRef> DistinctByKey(List<TypeRef> types)
        => types.GroupBy(t => t.Key, StringComparer.Ordinal).Select(g => g.First()).ToEquatableArray();

    /// <summary>
    /// The method form of <c>[KnownType("M")]</c> returns types at run time; we read the <c>typeof(...)</c> expressions in
    /// its body, which covers the usual <c>return new[] { typeof(A), typeof(B) }</c>. A body that calls methods (typically
    /// reflection such as <c>Assembly.GetTypes()</c>) computes its list at run time, so we report it even when it names
    /// some types; the declaring type's own <c>typeof</c> (a filter's base class) is not a known type.
    /// </summary>
    private IEnumerable<TypeRef> KnownTypesFromMethod(INamedTypeSymbol declaring, string methodName, ISymbol reportOn)
    {
        var method = declaring.GetMembers(methodName).OfType<IMethodSymbol>().FirstOrDefault();
        var result = new List<TypeRef>();
        var computedAtRunTime = false;
        if (method is not null)
        {
            foreach (var reference in method.DeclaringSyntaxReferences)
            {
                var syntax = reference.GetSyntax(_context.CancellationToken);
                var semanticModel = _context.Compilation.GetSemanticModel(syntax.SyntaxTree);
                computedAtRunTime |= syntax.DescendantNodes().OfType<InvocationExpressionSyntax>().Any();
                foreach (var typeOf in syntax.DescendantNodes().OfType<TypeOfExpressionSyntax>())
                {
                    if (semanticModel.GetTypeInfo(typeOf.Type, _context.CancellationToken).Type is { } type
                        && !SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, declaring.OriginalDefinition))
                    {
                        result.Add(_types.Classify(type));
                    }
                }
            }
        }

        if (result.Count == 0)
        {
            _context.Report(FindingMessages.KnownTypesNotReadable, reportOn, reportOn.Name, declaring.Name, methodName);
        }
        else if (computedAtRunTime)
        {
            _context.Report(FindingMessages.KnownTypesComputedAtRunTime, reportOn, reportOn.Name, declaring.Name, methodName);
        }

        return result;
    }

    private List<DataMemberModel> ReadMembers(INamedTypeSymbol type, Func<ISymbol, AttributeData?> attributeOf, Func<ISymbol, bool> isHeader)
    {
        var members = new List<DataMemberModel>();
        foreach (var member in DiscoveryContext.MembersInSourceOrder(type))
        {
            if (member.IsStatic || member.IsImplicitlyDeclared)
            {
                continue;
            }

            var memberType = MemberType(member, out var annotation);
            if (memberType is null || attributeOf(member) is not { } attribute || _types.LeavesOut(memberType, member))
            {
                continue;
            }

            var doc = _context.Doc(member);
            members.Add(new DataMemberModel(
                WcfSymbols.Named<string?>(attribute, "Name", null) ?? member.Name,
                member.Name,
                _types.Classify(memberType, annotation),
                WcfSymbols.Named(attribute, "Order", -1),
                WcfSymbols.Named(attribute, "IsRequired", false),
                WcfSymbols.Named(attribute, "EmitDefaultValue", true),
                isHeader(member),
                doc.Summary,
                DiscoveryContext.PositionOf(member))
            {
                Access = Access(member),
            });
        }

        return members;
    }

    /// <summary>
    /// How generated code in the compilation's assembly reads and writes a member: directly when it can, else through an
    /// [UnsafeAccessor] to the field or accessor method (WCF's serializer reaches private members by reflection).
    /// </summary>
    private DataMemberAccess Access(ISymbol member)
    {
        switch (member)
        {
            case IFieldSymbol field:
                var fieldAccess = _context.CSharp.IsAccessible(field) ? MemberAccessor.Direct : new MemberAccessor(MemberAccessKind.Field, field.Name);
                return new DataMemberAccess(fieldAccess, field.IsReadOnly ? new MemberAccessor(MemberAccessKind.Field, field.Name) : fieldAccess);
            case IPropertySymbol property:
                var read = property.GetMethod is not { } getter ? new MemberAccessor(MemberAccessKind.None)
                    : _context.CSharp.IsAccessible(getter) ? MemberAccessor.Direct
                    : new MemberAccessor(MemberAccessKind.Method, getter.Name);
                MemberAccessor write;
                if (property.SetMethod is { } setter)
                {
                    write = _context.CSharp.IsAccessible(setter) && !setter.IsInitOnly ? MemberAccessor.Direct : new MemberAccessor(MemberAccessKind.Method, setter.Name);
                }
                else
                {
                    // A get-only auto-property is written through its backing field, as WCF's serializer cannot write it at all.
                    var backing = property.ContainingType.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, property));
                    write = backing is null ? new MemberAccessor(MemberAccessKind.None) : new MemberAccessor(MemberAccessKind.Field, backing.Name);
                }

                return new DataMemberAccess(read, write);
            default:
                return DataMemberAccess.Direct;
        }
    }

    /// <summary>[Serializable] types serialize every instance field, public or not, except [NonSerialized] ones.</summary>
    private List<DataMemberModel> ReadSerializableFields(INamedTypeSymbol type)
    {
        var members = new List<DataMemberModel>();
        var autoProperties = DiscoveryContext.MembersInSourceOrder(type).OfType<IPropertySymbol>()
            .Where(p => !p.IsStatic && p.Parameters.Length == 0 && IsAutoProperty(p))
            .ToList();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var member in DiscoveryContext.MembersInSourceOrder(type))
        {
            if (member is not IFieldSymbol { IsStatic: false, IsConst: false } field || WcfSymbols.Has(field, _wcf.NonSerialized))
            {
                continue;
            }

            var property = field.AssociatedSymbol as IPropertySymbol;
            var name = property?.Name ?? BackingFieldPropertyName(field.Name) ?? field.Name;
            var symbol = property ?? (ISymbol)field;
            if (!seen.Add(name) || _types.LeavesOut(field.Type, symbol))
            {
                continue;
            }

            members.Add(new DataMemberModel(name, property?.Name ?? field.Name, _types.Classify(field.Type, field.NullableAnnotation), -1, false, true, false, _context.Doc(symbol).Summary, DiscoveryContext.PositionOf(symbol)) { Access = Access(symbol) });
        }

        // Source auto-properties' backing fields are not always listed as members; their properties stand in for them.
        foreach (var property in autoProperties)
        {
            if (!WcfSymbols.Has(property, _wcf.NonSerialized) && seen.Add(property.Name) && !_types.LeavesOut(property.Type, property))
            {
                members.Add(new DataMemberModel(property.Name, property.Name, _types.Classify(property.Type, property.NullableAnnotation), -1, false, true, false, _context.Doc(property).Summary, DiscoveryContext.PositionOf(property)) { Access = Access(property) });
            }
        }

        return members;
    }

    private static bool IsAutoProperty(IPropertySymbol property)
        => property.DeclaringSyntaxReferences.Any(r => r.GetSyntax() is PropertyDeclarationSyntax { AccessorList: { } accessors }
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
        foreach (var member in DiscoveryContext.MembersInSourceOrder(type))
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

            members.Add(new DataMemberModel(member.Name, member.Name, _types.Classify(memberType, annotation), -1, false, true, false, _context.Doc(member).Summary, DiscoveryContext.PositionOf(member)) { Access = Access(member) });
        }

        return members;
    }

    private List<EnumMemberModel> ReadEnumMembers(INamedTypeSymbol type, bool onlyMarked)
    {
        var members = new List<EnumMemberModel>();
        foreach (var field in DiscoveryContext.MembersInSourceOrder(type).OfType<IFieldSymbol>())
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
            members.Add(new EnumMemberModel(name, field.Name, Convert.ToDecimal(field.ConstantValue, CultureInfo.InvariantCulture), _context.Doc(field).Summary));
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
