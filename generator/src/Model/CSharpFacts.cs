// What the C# emitters need to know about the source's C# beyond its serialization shape: how types are spelled, how a
// collection or data type is built, how a member is read and written, which method forms a contract declares, and
// which OperationContext members an implementation uses. Discovery reads these from symbols; emitters only write them.
using System;

namespace MigrateWcf.Generator.Model;

/// <summary>How generated code builds a collection or dictionary when it reads one from its proto form.</summary>
public enum CollectionConstruction
{
    /// <summary>Not a collection or dictionary use.</summary>
    None,

    /// <summary><c>new T[count]</c>, filled by index.</summary>
    Array,

    /// <summary><c>new Concrete(count)</c> (a <c>List&lt;T&gt;</c> or <c>Dictionary&lt;K,V&gt;</c>, the declared type or one it accepts), then <c>Add</c>.</summary>
    WithCapacity,

    /// <summary><c>new Concrete()</c> (the declared type, or <c>HashSet&lt;T&gt;</c> for a set interface), then <c>Add(item)</c> or <c>Add(key, value)</c>.</summary>
    Add,

    /// <summary>No accessible way to build one (no parameterless constructor or <c>Add</c>): reading one throws, naming the type.</summary>
    Unsupported,
}

/// <summary>A use of a C# type as generated code writes it.</summary>
/// <param name="Name">The type, <c>global::</c>-qualified with C# keywords for built-ins, nullable annotations as the source declares them (an oblivious reference is written without <c>?</c>): <c>global::System.Collections.Generic.List&lt;string?&gt;</c>.</param>
/// <param name="Construction">For a collection or dictionary: how to build one.</param>
/// <param name="Concrete">The type <see cref="Construction"/> instantiates (<see cref="CollectionConstruction.WithCapacity"/>, <see cref="CollectionConstruction.Add"/>), spelled like <see cref="Name"/>.</param>
public sealed record CSharpTypeName(string Name, CollectionConstruction Construction = CollectionConstruction.None, string? Concrete = null)
{
    public override string ToString() => Name;
}

/// <summary>How generated code reaches a data member.</summary>
public enum MemberAccessKind
{
    /// <summary><c>value.Member</c>: accessible from the same assembly.</summary>
    Direct,

    /// <summary>Through an <c>[UnsafeAccessor]</c> to the field <see cref="MemberAccessor.Name"/> (a private field, a get-only auto-property's backing field).</summary>
    Field,

    /// <summary>Through an <c>[UnsafeAccessor]</c> to the method <see cref="MemberAccessor.Name"/> (a private getter or setter, an init-only setter).</summary>
    Method,

    /// <summary>No way: a property without a setter and without a backing field (WCF's serializer rejects it too).</summary>
    None,
}

/// <param name="Name">The field or accessor method (<c>set_Total</c>) for <see cref="MemberAccessKind.Field"/> and <see cref="MemberAccessKind.Method"/>.</param>
public sealed record MemberAccessor(MemberAccessKind Kind, string? Name = null)
{
    public static MemberAccessor Direct { get; } = new(MemberAccessKind.Direct);
}

/// <summary>How generated code reads and writes one data member. WCF's serializer uses reflection; generated code uses the member when it is accessible and an <c>[UnsafeAccessor]</c> otherwise.</summary>
public sealed record DataMemberAccess(MemberAccessor Read, MemberAccessor Write)
{
    public static DataMemberAccess Direct { get; } = new(MemberAccessor.Direct, MemberAccessor.Direct);
}

/// <summary>Which C# method of an operation: the forms of <see cref="OperationForms"/>, Begin/End as two methods.</summary>
public enum OperationMethodRole
{
    Synchronous,
    TaskBased,
    Begin,
    End,
}

/// <summary>A parameter of a contract method as an implementing class must declare it.</summary>
/// <param name="Type">Spelled for a nullable-enabled implementer: an oblivious reference gets <c>?</c>, so any value the source allows is accepted.</param>
public sealed record MethodParameter(string Name, string Type, ParameterDirection Direction);

/// <summary>One C# method declaring an operation, as a class implementing the contract interface must declare it.</summary>
/// <param name="Name">The method as a C# identifier (a keyword gets <c>@</c>).</param>
/// <param name="ReturnType">Spelled like <see cref="MethodParameter.Type"/>; <c>void</c> for none.</param>
/// <param name="ResultType">For a Task-based method, the result type inside the task (null for <c>Task</c>/<c>ValueTask</c>).</param>
/// <param name="IsValueTask">A Task-based method returning <c>ValueTask</c> or <c>ValueTask&lt;T&gt;</c>.</param>
public sealed record OperationMethod(OperationMethodRole Role, string Name, string ReturnType, EquatableArray<MethodParameter> Parameters, string? ResultType = null, bool IsValueTask = false)
{
    /// <summary>The method's name in metadata (no <c>@</c>), for an <c>[UnsafeAccessor]</c> when it is not accessible.</summary>
    public string MetadataName { get; init; } = Name;

    /// <summary>Code in the compilation's assembly can call it (false for a private operation of a contract declared on a class).</summary>
    public bool IsAccessible { get; init; } = true;

    /// <summary>How many of <see cref="Parameters"/>, from the first, are the operation's: all but Begin's callback and
    /// state and End's <c>IAsyncResult</c>, which follow them (discovery decides the split once).</summary>
    public int OperationParameterCount { get; init; } = Parameters.Count;

    /// <summary>The index in <see cref="OperationModel.Parameters"/> of this method's first operation parameter: 0, or for
    /// End the count of Begin's.</summary>
    public int FirstOperationParameter { get; init; }
}

/// <summary>What kind of member a contract interface declares besides its operations.</summary>
public enum ContractMemberKind
{
    Method,
    Property,
    Event,
}

/// <summary>
/// A member of a contract or callback interface (or of an interface it extends) that is no operation: a WCF proxy throws
/// NotSupportedException for it, and so does the generated one.
/// </summary>
/// <param name="DeclaringInterface">The interface declaring it, as generated C# names it (explicit implementations name it).</param>
/// <param name="Type">The method's return type, the property's or the event's type.</param>
public sealed record ContractMember(ContractMemberKind Kind, string DeclaringInterface, string Name, string Type, EquatableArray<MethodParameter> Parameters, bool HasGetter = false, bool HasSetter = false);

/// <summary>WCF types a compilation gets from its references (not from its own sources): MigrateWcf.Compatibility supplies the missing ones.</summary>
[Flags]
public enum ServiceModelTypes
{
    None = 0,
    ServiceBehaviorAttribute = 1,
    OperationBehaviorAttribute = 2,

    /// <summary>A public <c>System.ServiceModel.InstanceContextMode</c> (System.ServiceModel.Primitives has it only as an internal type).</summary>
    InstanceContextMode = 4,

    /// <summary>System.ServiceModel.Web's <c>[WebGet]</c>, <c>[WebInvoke]</c>, their enums and <c>WebFaultException</c> (not in System.ServiceModel.Primitives).</summary>
    WebHttp = 8,

    /// <summary>System.ServiceModel.Web's <c>WebOperationContext</c> with its <c>OutgoingResponse</c> and <c>IncomingRequest</c> (not in System.ServiceModel.Primitives).</summary>
    WebOperationContext = 16,

    /// <summary>
    /// <c>IncomingWebRequestContext.UriTemplateMatch</c> and its type, <c>System.UriTemplateMatch</c> (in neither
    /// System.ServiceModel.Primitives nor .NET 10); used through <see cref="WebOperationContext"/> only.
    /// </summary>
    UriTemplateMatch = 32,
}

/// <summary>What an implementation's code does with WCF's OperationContext.</summary>
public enum OperationContextUseKind
{
    /// <summary>The type named by its simple name, which a type of the implementation's namespace stands in for.</summary>
    TypeName,

    /// <summary>A member of OperationContext (<see cref="OperationContextUse.Member"/>: <c>Current</c>, <c>GetCallbackChannel</c>, <c>IncomingMessageHeaders</c>...), or of its <c>Channel</c> (<c>Channel.RemoteAddress</c>).</summary>
    Member,

    /// <summary>The type named so that a type of the implementation's namespace cannot stand in for it: fully qualified, with <c>global::</c>, or through a using alias.</summary>
    QualifiedName,
}

/// <summary>One use of OperationContext in an implementation's code, where it is.</summary>
public sealed record OperationContextUse(OperationContextUseKind Kind, string Member, SourcePosition? Position);
