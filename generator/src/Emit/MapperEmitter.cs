using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Discovery;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Writes the mappers of one .proto file's data types: per message made from a data type, <c>ToMessage(value, depth)</c>
/// and <c>FromMessage(message, depth)</c>. A type with known derived types dispatches on the value's exact type (the
/// oneof case carries the whole value); a value of any other derived type is refused, as WCF's serializer refuses it.
/// Members are read and written directly, or through <c>[UnsafeAccessor]</c> when they are private (WCF's serializer
/// uses reflection there); a type without an accessible parameterless constructor is created uninitialized, as WCF does.
/// </summary>
internal static class MapperEmitter
{
    public static string Emit(ProtoFile file, CSharpMapperPlan plan, ProtoIndex index, CSharpPlan csharp)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, $"the data types of {file.Path}");
        w.OpenNamespace(file.CSharpNamespace, index.DeclaredTypeNames);
        w.Summary($"Converts the data types of {file.Path} to and from their messages, without loss: every member, null kept apart from empty, known derived types by their oneof case. A value is never null; depth counts how many data types deep it is (1 at the top), and a graph deeper than {RuntimeMapping.ClassName}.MaxDepth, or cyclic, is refused.");
        CSharpEmitter.GeneratedCode(w, csharp);
        w.Open($"internal static class {plan.ClassName}");
        var accessors = new Accessors();
        var first = true;
        foreach (var message in file.Definitions.Select(d => d.Message).OfType<ProtoMessage>().Where(m => m.Origin is { Kind: MessageOriginKind.DataType }))
        {
            var type = index.DataType(message.Origin!.TypeKey!);
            if (!first)
            {
                w.Line();
            }

            first = false;
            ToMessage(w, file, message, type, index, csharp, accessors);
            w.Line();
            FromMessage(w, file, message, type, index, csharp, accessors);
        }

        accessors.Write(w);
        w.Close();
        w.Close();
        return w.ToString();
    }

    private static void ToMessage(CSharpWriter w, ProtoFile file, ProtoMessage message, DataTypeModel type, ProtoIndex index, CSharpPlan csharp, Accessors accessors)
    {
        var messageClass = index.Class(file.Package + "." + message.Name);
        var subtypes = message.Oneofs.SelectMany(o => o.Fields.Select(f => (Oneof: o, Field: f))).Where(c => c.Field.Origin?.Kind == FieldOriginKind.KnownSubtype).ToList();
        w.Summary($"The message of a {type.Key}{(subtypes.Count > 0 ? " (a known derived type's value goes in its subtype case)" : string.Empty)}.");
        w.Open($"internal static {messageClass} ToMessage({type.CSharpName} value, int depth)");
        var conversions = new ConversionWriter(index, w, "depth + 1", CSharpEmitter.AnyClass(csharp), new[] { "value", "depth", "message", "type" }, index.MapperClass(type.Key));
        if (type.IsValueType)
        {
            w.Line($"{RuntimeMapping.Class}.CheckDepth(depth, {CSharpWriter.Literal(type.Key)});");
        }
        else if (subtypes.Count == 0)
        {
            // WCF's serializer writes a value of exactly the declared type or of one of its known types; so do we.
            w.Line($"{RuntimeMapping.Class}.CheckType(value, depth, {CSharpWriter.Literal(type.Key)});");
        }
        else
        {
            w.Line($"{RuntimeMapping.Class}.CheckDepth(depth, {CSharpWriter.Literal(type.Key)});");
            w.Line("var type = value.GetType();");
            w.Open($"if (type != typeof({type.CSharpName}))");
            foreach (var (oneof, field) in subtypes)
            {
                var subtype = index.DataType(field.Origin!.TypeKey!);
                w.Open($"if (type == typeof({subtype.CSharpName}))");
                w.Line($"return new {messageClass} {{ {ProtocNames.Property(field, message)} = {conversions.Mapper(subtype.Key)}ToMessage(({subtype.CSharpName})value, depth + 1) }};");
                w.Close();
                w.Line();
            }

            w.Line($"throw {RuntimeMapping.Class}.UnknownType(type, {CSharpWriter.Literal(type.Key)});");
            w.Close();
            w.Line();
        }

        w.Line($"var message = new {messageClass}();");
        foreach (var field in message.Fields)
        {
            var (member, declaring) = Member(field, index);
            var where = declaring.Key + "." + member.ClrName;
            var source = accessors.Read(member, declaring, "value", type.IsValueType, where);
            conversions.ToField(field.Conversion!, field, message, "message", source, where, Camel(member.ClrName));
        }

        w.Line("return message;");
        w.Close();
    }

    private static void FromMessage(CSharpWriter w, ProtoFile file, ProtoMessage message, DataTypeModel type, ProtoIndex index, CSharpPlan csharp, Accessors accessors)
    {
        var messageClass = index.Class(file.Package + "." + message.Name);
        w.Summary($"The {type.Key} a message holds{(message.Oneofs.Any(o => o.Fields.Any(f => f.Origin?.Kind == FieldOriginKind.KnownSubtype)) ? " (a known derived type when its subtype case is set)" : string.Empty)}.");
        w.Open($"internal static {type.CSharpName} FromMessage({messageClass} message, int depth)");
        w.Line($"{RuntimeMapping.Class}.CheckDepth(depth, {CSharpWriter.Literal(type.Key)});");
        var conversions = new ConversionWriter(index, w, "depth + 1", CSharpEmitter.AnyClass(csharp), new[] { "value", "depth", "message" }, index.MapperClass(type.Key));
        foreach (var oneof in message.Oneofs.Where(o => o.Fields.Any(f => f.Origin?.Kind == FieldOriginKind.KnownSubtype)))
        {
            w.Open($"switch (message.{ProtocNames.OneofCaseProperty(oneof)})");
            foreach (var field in oneof.Fields)
            {
                var subtype = index.DataType(field.Origin!.TypeKey!);
                w.Line($"case {messageClass}.{ProtocNames.OneofCaseEnum(oneof)}.{ProtocNames.Property(field, message)}:");
                w.Line($"    return {conversions.Mapper(subtype.Key)}FromMessage(message.{ProtocNames.Property(field, message)}, depth + 1);");
            }

            w.Close();
            w.Line();
        }

        if (type.IsAbstract)
        {
            w.Line($"throw {RuntimeMapping.Class}.NoSubtype({CSharpWriter.Literal(type.Key)});");
            w.Close();
            return;
        }

        w.Line(type.HasAccessibleConstructor
            ? $"var value = new {type.CSharpName}();"
            : $"var value = ({type.CSharpName})global::System.Runtime.CompilerServices.RuntimeHelpers.GetUninitializedObject(typeof({type.CSharpName}));");
        foreach (var field in message.Fields)
        {
            var (member, declaring) = Member(field, index);
            var where = declaring.Key + "." + member.ClrName;
            var value = conversions.FromField(field.Conversion!, field, message, "message", where);
            accessors.Write(w, member, declaring, "value", type.IsValueType, value, where);
        }

        w.Line("return value;");
        w.Close();
    }

    /// <summary>The member a field holds, and the type that declares it (a base type for an inherited member).</summary>
    private static (DataMemberModel Member, DataTypeModel Declaring) Member(ProtoField field, ProtoIndex index)
    {
        var declaring = index.DataType(field.Origin!.TypeKey!);
        return (declaring.Members.First(m => m.ClrName == field.Origin.MemberName), declaring);
    }

    private static string Camel(string name)
    {
        var trimmed = name.TrimStart('_');
        return trimmed.Length == 0 || !char.IsLetter(trimmed[0]) ? "member" : char.ToLowerInvariant(trimmed[0]) + trimmed.Substring(1);
    }

    /// <summary>The <c>[UnsafeAccessor]</c> methods a mapper class needs, declared once each at its end.</summary>
    private sealed class Accessors
    {
        private readonly List<string> _declarations = new();
        private readonly Dictionary<(string Declaring, string Name), string> _names = new();
        private readonly LocalNames _taken = new();

        public string Read(DataMemberModel member, DataTypeModel declaring, string target, bool byRef, string where)
        {
            var access = member.Access.Read;
            var type = member.Type.CSharp!.Name;
            return access.Kind switch
            {
                MemberAccessKind.Direct => target + "." + CSharpSpelling.Identifier(member.ClrName),
                MemberAccessKind.Field => $"{Accessor(declaring, access.Name!, "Field", $"ref {type}", type, setter: false)}({(byRef ? "ref " : string.Empty)}{target})",
                MemberAccessKind.Method => $"{Accessor(declaring, access.Name!, "Method", type, type, setter: false)}({(byRef ? "ref " : string.Empty)}{target})",
                _ => $"{RuntimeMapping.Class}.CannotRead<{type}>({CSharpWriter.Literal(where)})",
            };
        }

        public void Write(CSharpWriter w, DataMemberModel member, DataTypeModel declaring, string target, bool byRef, string value, string where)
        {
            var access = member.Access.Write;
            var type = member.Type.CSharp!.Name;
            var reference = byRef ? "ref " : string.Empty;
            switch (access.Kind)
            {
                case MemberAccessKind.Direct:
                    w.Line($"{target}.{CSharpSpelling.Identifier(member.ClrName)} = {CSharpWriter.Unparenthesized(value)};");
                    break;
                case MemberAccessKind.Field:
                    w.Line($"{Accessor(declaring, access.Name!, "Field", $"ref {type}", type, setter: false)}({reference}{target}) = {CSharpWriter.Unparenthesized(value)};");
                    break;
                case MemberAccessKind.Method:
                    w.Line($"{Accessor(declaring, access.Name!, "Method", "void", type, setter: true)}({reference}{target}, {value});");
                    break;
                default:
                    w.Line($"_ = {value};");
                    w.Line($"{RuntimeMapping.Class}.CannotWrite({CSharpWriter.Literal(where)});");
                    break;
            }
        }

        private string Accessor(DataTypeModel declaring, string memberName, string kind, string returnType, string valueType, bool setter)
        {
            if (_names.TryGetValue((declaring.Key, memberName), out var name))
            {
                return name;
            }

            name = _taken.Claim(Sanitize(declaring.ClrName + "_" + memberName));
            _names[(declaring.Key, memberName)] = name;
            var target = (declaring.IsValueType ? "ref " : string.Empty) + declaring.CSharpName + " target";
            _declarations.Add($"[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.{kind}, Name = {CSharpWriter.Literal(memberName)})]");
            _declarations.Add($"private static extern {returnType} {name}({target}{(setter ? $", {valueType} value" : string.Empty)});");
            return name;
        }

        public void Write(CSharpWriter w)
        {
            for (var i = 0; i < _declarations.Count; i += 2)
            {
                w.Line();
                w.Line(_declarations[i]);
                w.Line(_declarations[i + 1]);
            }
        }

        private static string Sanitize(string name)
        {
            var cleaned = new string(name.Select(c => char.IsLetterOrDigit(c) || c == '_' ? c : '_').ToArray());
            return char.IsDigit(cleaned[0]) ? "_" + cleaned : cleaned;
        }
    }
}
