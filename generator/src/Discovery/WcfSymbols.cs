using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// The WCF and serialization types, resolved once per compilation. Each attribute may come from System.ServiceModel,
/// from CoreWCF, or both, so each slot holds every match; attributes are recognised by symbol, never by name text.
/// </summary>
internal sealed class WcfSymbols
{
    /// <summary>The namespace of .NET Framework's WCF (and of the WCF client packages).</summary>
    public const string ServiceModelNamespace = "System.ServiceModel";

    /// <summary>The namespace of CoreWCF, WCF's server port to modern .NET.</summary>
    public const string CoreWcfNamespace = "CoreWCF";

    private WcfSymbols(Compilation compilation)
    {
        ImmutableArray<INamedTypeSymbol> Both(string name) =>
            Resolve(compilation, ServiceModelNamespace + "." + name, CoreWcfNamespace + "." + name);

        ServiceContract = Both("ServiceContractAttribute");
        OperationContract = Both("OperationContractAttribute");
        FaultContract = Both("FaultContractAttribute");
        ServiceKnownType = Both("ServiceKnownTypeAttribute");
        ServiceBehavior = Both("ServiceBehaviorAttribute");
        OperationBehavior = Both("OperationBehaviorAttribute");
        CallbackBehavior = Both("CallbackBehaviorAttribute");
        MessageContract = Both("MessageContractAttribute");
        MessageBodyMember = Both("MessageBodyMemberAttribute");
        MessageHeader = Both("MessageHeaderAttribute").AddRange(Both("MessageHeaderArrayAttribute"));
        TransactionFlow = Both("TransactionFlowAttribute");
        XmlSerializerFormat = Both("XmlSerializerFormatAttribute");
        DataContract = Resolve(compilation, "System.Runtime.Serialization.DataContractAttribute");
        DataMember = Resolve(compilation, "System.Runtime.Serialization.DataMemberAttribute");
        EnumMember = Resolve(compilation, "System.Runtime.Serialization.EnumMemberAttribute");
        CollectionDataContract = Resolve(compilation, "System.Runtime.Serialization.CollectionDataContractAttribute");
        KnownType = Resolve(compilation, "System.Runtime.Serialization.KnownTypeAttribute");
        IgnoreDataMember = Resolve(compilation, "System.Runtime.Serialization.IgnoreDataMemberAttribute");
        ContractNamespace = Resolve(compilation, "System.Runtime.Serialization.ContractNamespaceAttribute");
        NonSerialized = Resolve(compilation, "System.NonSerializedAttribute");
        Flags = Resolve(compilation, "System.FlagsAttribute");

        Task = Resolve(compilation, "System.Threading.Tasks.Task");
        TaskOfT = Resolve(compilation, "System.Threading.Tasks.Task`1");
        ValueTask = Resolve(compilation, "System.Threading.Tasks.ValueTask");
        ValueTaskOfT = Resolve(compilation, "System.Threading.Tasks.ValueTask`1");
        AsyncResult = Resolve(compilation, "System.IAsyncResult");
        AsyncCallback = Resolve(compilation, "System.AsyncCallback");
        Stream = Resolve(compilation, "System.IO.Stream");
        Message = Both("Channels.Message");
        MsmqMessage = Resolve(compilation, ServiceModelNamespace + ".MsmqIntegration.MsmqMessage`1");
        Guid = Resolve(compilation, "System.Guid");
        Uri = Resolve(compilation, "System.Uri");
        TimeSpan = Resolve(compilation, "System.TimeSpan");
        DateTimeOffset = Resolve(compilation, "System.DateTimeOffset");
        DataTable = Resolve(compilation, "System.Data.DataTable", "System.Data.DataSet");
        XmlNode = Resolve(compilation, "System.Xml.XmlNode", "System.Xml.Linq.XNode");
        GenericDictionaries = Resolve(compilation, "System.Collections.Generic.IDictionary`2", "System.Collections.Generic.IReadOnlyDictionary`2");
        NonGenericDictionary = Resolve(compilation, "System.Collections.IDictionary");
        KeyValuePair = Resolve(compilation, "System.Collections.Generic.KeyValuePair`2");
        Tuples = Resolve(compilation, "System.Tuple`1", "System.Tuple`2", "System.Tuple`3", "System.Tuple`4", "System.Tuple`5", "System.Tuple`6", "System.Tuple`7", "System.Tuple`8");
        CustomSerialization = Resolve(compilation, "System.Runtime.Serialization.ISerializable", "System.Xml.Serialization.IXmlSerializable");
        Binding = Both("Channels.Binding");
        ServiceHostBase = Both("ServiceHostBase");
        ClientBases = Both("ClientBase`1").AddRange(Both("DuplexClientBase`1"));
        ChannelFactories = Both("ChannelFactory`1").AddRange(Both("DuplexChannelFactory`1"));
        ClientChannels = ClientBases.AddRange(ChannelFactories);
        ClientChannel = Both("IClientChannel");
        GeneratedCode = Resolve(compilation, "System.CodeDom.Compiler.GeneratedCodeAttribute");
        OperationContext = Both("OperationContext");
        ContextChannel = Both("IContextChannel");
        CommunicationObject = Both("ICommunicationObject");
        InstanceContextMode = Resolve(compilation, ServiceModelNamespace + ".InstanceContextMode");
        AsyncDisposable = Resolve(compilation, "System.IAsyncDisposable");
        WebGet = Resolve(compilation, WebNamespace + ".WebGetAttribute", CoreWcfWebNamespace + ".WebGetAttribute");
        WebInvoke = Resolve(compilation, WebNamespace + ".WebInvokeAttribute", CoreWcfWebNamespace + ".WebInvokeAttribute");
        OperationContractProvider = Both("IOperationContractAttributeProvider");
        WebOperationContext = Resolve(compilation, WebNamespace + ".WebOperationContext");
        UriTemplateMatch = Resolve(compilation, "System.UriTemplateMatch");
        PrincipalPermission = Resolve(compilation, "System.Security.Permissions.PrincipalPermissionAttribute");
        ServiceAuthorizationManager = Both("ServiceAuthorizationManager");

        HasWcf = !ServiceContract.IsEmpty || !DataContract.IsEmpty;
    }

    /// <summary>False when the compilation references neither System.ServiceModel, CoreWCF nor System.Runtime.Serialization.</summary>
    public bool HasWcf { get; }

    public ImmutableArray<INamedTypeSymbol> ServiceContract { get; }
    public ImmutableArray<INamedTypeSymbol> OperationContract { get; }
    public ImmutableArray<INamedTypeSymbol> FaultContract { get; }
    public ImmutableArray<INamedTypeSymbol> ServiceKnownType { get; }
    public ImmutableArray<INamedTypeSymbol> ServiceBehavior { get; }
    public ImmutableArray<INamedTypeSymbol> OperationBehavior { get; }
    public ImmutableArray<INamedTypeSymbol> CallbackBehavior { get; }
    public ImmutableArray<INamedTypeSymbol> MessageContract { get; }
    public ImmutableArray<INamedTypeSymbol> MessageBodyMember { get; }
    public ImmutableArray<INamedTypeSymbol> MessageHeader { get; }
    public ImmutableArray<INamedTypeSymbol> TransactionFlow { get; }
    public ImmutableArray<INamedTypeSymbol> XmlSerializerFormat { get; }
    public ImmutableArray<INamedTypeSymbol> DataContract { get; }
    public ImmutableArray<INamedTypeSymbol> DataMember { get; }
    public ImmutableArray<INamedTypeSymbol> EnumMember { get; }
    public ImmutableArray<INamedTypeSymbol> CollectionDataContract { get; }
    public ImmutableArray<INamedTypeSymbol> KnownType { get; }
    public ImmutableArray<INamedTypeSymbol> IgnoreDataMember { get; }
    public ImmutableArray<INamedTypeSymbol> ContractNamespace { get; }
    public ImmutableArray<INamedTypeSymbol> NonSerialized { get; }
    public ImmutableArray<INamedTypeSymbol> Flags { get; }
    public ImmutableArray<INamedTypeSymbol> Task { get; }
    public ImmutableArray<INamedTypeSymbol> TaskOfT { get; }
    public ImmutableArray<INamedTypeSymbol> ValueTask { get; }
    public ImmutableArray<INamedTypeSymbol> ValueTaskOfT { get; }
    public ImmutableArray<INamedTypeSymbol> AsyncResult { get; }
    public ImmutableArray<INamedTypeSymbol> AsyncCallback { get; }
    public ImmutableArray<INamedTypeSymbol> Stream { get; }
    public ImmutableArray<INamedTypeSymbol> Message { get; }

    /// <summary>MSMQ integration's <c>MsmqMessage&lt;T&gt;</c> (.NET Framework's System.ServiceModel; MigrateWcf.Compatibility's on .NET 10).</summary>
    public ImmutableArray<INamedTypeSymbol> MsmqMessage { get; }
    public ImmutableArray<INamedTypeSymbol> Guid { get; }
    public ImmutableArray<INamedTypeSymbol> Uri { get; }
    public ImmutableArray<INamedTypeSymbol> TimeSpan { get; }
    public ImmutableArray<INamedTypeSymbol> DateTimeOffset { get; }
    public ImmutableArray<INamedTypeSymbol> DataTable { get; }
    public ImmutableArray<INamedTypeSymbol> XmlNode { get; }
    public ImmutableArray<INamedTypeSymbol> GenericDictionaries { get; }
    public ImmutableArray<INamedTypeSymbol> NonGenericDictionary { get; }
    public ImmutableArray<INamedTypeSymbol> KeyValuePair { get; }
    public ImmutableArray<INamedTypeSymbol> Tuples { get; }
    public ImmutableArray<INamedTypeSymbol> CustomSerialization { get; }
    public ImmutableArray<INamedTypeSymbol> Binding { get; }
    public ImmutableArray<INamedTypeSymbol> ServiceHostBase { get; }
    /// <summary><c>ClientBase&lt;T&gt;</c> and <c>DuplexClientBase&lt;T&gt;</c>: the bases of WCF client proxies.</summary>
    public ImmutableArray<INamedTypeSymbol> ClientBases { get; }

    /// <summary><c>ChannelFactory&lt;T&gt;</c> and <c>DuplexChannelFactory&lt;T&gt;</c>.</summary>
    public ImmutableArray<INamedTypeSymbol> ChannelFactories { get; }

    /// <summary><see cref="ClientBases"/> and <see cref="ChannelFactories"/>: what calls a WCF service.</summary>
    public ImmutableArray<INamedTypeSymbol> ClientChannels { get; }

    /// <summary><c>IClientChannel</c>, which a client channel of a contract implements (svcutil's <c>IXChannel</c> extends both).</summary>
    public ImmutableArray<INamedTypeSymbol> ClientChannel { get; }

    /// <summary><c>[GeneratedCode]</c>, which svcutil and Add Service Reference put on the contracts they write.</summary>
    public ImmutableArray<INamedTypeSymbol> GeneratedCode { get; }
    public ImmutableArray<INamedTypeSymbol> OperationContext { get; }

    private HashSet<string>? _operationContextMemberNames;

    /// <summary>
    /// The names of <see cref="OperationContext"/>'s declared members: the hosting reader asks for them in every document,
    /// so they are read once per compilation. Thread-safe (documents are read concurrently); the set is never changed.
    /// </summary>
    public HashSet<string> OperationContextMemberNames
    {
        get
        {
            if (Volatile.Read(ref _operationContextMemberNames) is { } names)
            {
                return names;
            }

            var read = new HashSet<string>(OperationContext.SelectMany(t => t.GetMembers()).Where(m => !m.IsImplicitlyDeclared).Select(m => m.Name), StringComparer.Ordinal);
            return Interlocked.CompareExchange(ref _operationContextMemberNames, read, null) ?? read;
        }
    }

    public ImmutableArray<INamedTypeSymbol> ContextChannel { get; }
    public ImmutableArray<INamedTypeSymbol> CommunicationObject { get; }
    public ImmutableArray<INamedTypeSymbol> InstanceContextMode { get; }
    public ImmutableArray<INamedTypeSymbol> AsyncDisposable { get; }

    /// <summary><c>[WebGet]</c> of System.ServiceModel.Web or CoreWCF.Web.</summary>
    public ImmutableArray<INamedTypeSymbol> WebGet { get; }

    /// <summary><c>[WebInvoke]</c> of System.ServiceModel.Web or CoreWCF.Web.</summary>
    public ImmutableArray<INamedTypeSymbol> WebInvoke { get; }

    /// <summary>
    /// <c>IOperationContractAttributeProvider</c>: WCF makes an operation of every contract method carrying an attribute
    /// that implements it (<c>[WebGet]</c>, <c>[WebInvoke]</c>), as of one with <c>[OperationContract]</c>.
    /// </summary>
    public ImmutableArray<INamedTypeSymbol> OperationContractProvider { get; }

    /// <summary>
    /// The attribute that makes <paramref name="method"/> an operation, as WCF looks for it: <c>[OperationContract]</c>
    /// first, else one that implements <c>IOperationContractAttributeProvider</c> (<c>[WebGet]</c>, <c>[WebInvoke]</c>);
    /// null for a method that is no operation.
    /// </summary>
    public AttributeData? OperationAttribute(IMethodSymbol method)
    {
        if (Find(method, OperationContract) is { } operationContract)
        {
            return operationContract;
        }

        if (OperationContractProvider.IsEmpty && WebGet.IsEmpty && WebInvoke.IsEmpty)
        {
            return null;
        }

        foreach (var attribute in method.GetAttributes())
        {
            if (attribute.AttributeClass is { } attributeClass
                && (Is(attributeClass, WebGet) || Is(attributeClass, WebInvoke) || attributeClass.AllInterfaces.Any(i => Is(i, OperationContractProvider))))
            {
                return attribute;
            }
        }

        return null;
    }

    /// <summary>System.ServiceModel.Web's <c>WebOperationContext</c> (CoreWCF's has a type of its own, which CoreWCF supplies).</summary>
    public ImmutableArray<INamedTypeSymbol> WebOperationContext { get; }

    /// <summary>.NET Framework's <c>System.UriTemplateMatch</c> (in System.ServiceModel.dll), what <c>IncomingWebRequestContext.UriTemplateMatch</c> gives.</summary>
    public ImmutableArray<INamedTypeSymbol> UriTemplateMatch { get; }

    /// <summary>
    /// <c>[PrincipalPermission]</c> of System.Security.Permissions (mscorlib on .NET Framework, a package on .NET): empty
    /// when the references lack it. CoreWCF has none; it authorizes with ASP.NET Core's <c>[Authorize]</c>.
    /// </summary>
    public ImmutableArray<INamedTypeSymbol> PrincipalPermission { get; }

    /// <summary>WCF's (or CoreWCF's) <c>ServiceAuthorizationManager</c>, whose subclasses authorize calls in <c>CheckAccessCore</c>.</summary>
    public ImmutableArray<INamedTypeSymbol> ServiceAuthorizationManager { get; }

    /// <summary>The namespace of .NET Framework's WCF REST programming model ([WebGet], [WebInvoke], WebFaultException).</summary>
    public const string WebNamespace = "System.ServiceModel.Web";

    /// <summary>WCF's syndication types (System.ServiceModel.dll on .NET Framework; a package of that name on .NET).</summary>
    public const string SyndicationNamespace = "System.ServiceModel.Syndication";

    /// <summary>
    /// .NET Framework assemblies .NET 10 has no counterpart of (no assembly, no package): generated code cannot name their
    /// types there (System.Device's GeoCoordinate, System.Messaging's Message).
    /// </summary>
    public static readonly ImmutableHashSet<string> FrameworkOnlyAssemblies = ImmutableHashSet.Create(
        StringComparer.Ordinal,
        "System.Device", "System.Messaging", "System.EnterpriseServices", "System.Web", "System.Data.Entity", "System.Data.Linq",
        "System.Runtime.Remoting", "System.Activities", "System.Workflow.Runtime", "System.Workflow.Activities", "System.Workflow.ComponentModel");

    /// <summary>CoreWCF's namespace of the same attributes.</summary>
    public const string CoreWcfWebNamespace = "CoreWCF.Web";

    /// <summary>
    /// The WCF types of <see cref="ServiceModelTypes"/> that come, public, from the compilation's references. Declared in
    /// its own sources they do not count: those may be the ones the C# emitters supplied on an earlier run.
    /// </summary>
    public ServiceModelTypes ReferencedServiceModelTypes(Compilation compilation)
    {
        bool Referenced(ImmutableArray<INamedTypeSymbol> set, string ns = ServiceModelNamespace) => set.Any(t => t.ContainingNamespace?.ToDisplayString() == ns
            && t.Locations.All(l => !l.IsInSource) && t.DeclaredAccessibility == Accessibility.Public
            && compilation.IsSymbolAccessibleWithin(t, compilation.Assembly));
        var types = ServiceModelTypes.None;
        types |= Referenced(ServiceBehavior) ? ServiceModelTypes.ServiceBehaviorAttribute : ServiceModelTypes.None;
        types |= Referenced(OperationBehavior) ? ServiceModelTypes.OperationBehaviorAttribute : ServiceModelTypes.None;
        types |= Referenced(InstanceContextMode) ? ServiceModelTypes.InstanceContextMode : ServiceModelTypes.None;
        types |= Referenced(WebGet, WebNamespace) ? ServiceModelTypes.WebHttp : ServiceModelTypes.None;
        types |= Referenced(WebOperationContext, WebNamespace) ? ServiceModelTypes.WebOperationContext : ServiceModelTypes.None;
        types |= Referenced(UriTemplateMatch, "System") ? ServiceModelTypes.UriTemplateMatch : ServiceModelTypes.None;
        return types;
    }

    public static WcfSymbols Create(Compilation compilation) => new(compilation);

    /// <summary>True for a type declared in System.ServiceModel or CoreWCF (or a namespace below them).</summary>
    public static bool IsInWcfNamespace(ITypeSymbol type)
    {
        var ns = type.ContainingNamespace?.ToDisplayString() ?? string.Empty;
        return ns.StartsWith(ServiceModelNamespace, StringComparison.Ordinal) || ns.StartsWith(CoreWcfNamespace, StringComparison.Ordinal);
    }

    /// <summary>True when <paramref name="type"/> (its definition, for generics) is one of <paramref name="set"/>.</summary>
    public static bool Is(ITypeSymbol? type, ImmutableArray<INamedTypeSymbol> set)
    {
        if (type is null)
        {
            return false;
        }

        var definition = type.OriginalDefinition;
        foreach (var candidate in set)
        {
            if (SymbolEqualityComparer.Default.Equals(definition, candidate))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True when <paramref name="type"/> is, or derives from, one of <paramref name="set"/>.</summary>
    public static bool DerivesFrom(ITypeSymbol? type, ImmutableArray<INamedTypeSymbol> set)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (Is(current, set))
            {
                return true;
            }
        }

        return false;
    }

    public static AttributeData? Find(ISymbol symbol, ImmutableArray<INamedTypeSymbol> set)
    {
        if (set.IsEmpty)
        {
            return null;
        }

        foreach (var attribute in symbol.GetAttributes())
        {
            if (Is(attribute.AttributeClass, set))
            {
                return attribute;
            }
        }

        return null;
    }

    public static IEnumerable<AttributeData> FindAll(ISymbol symbol, ImmutableArray<INamedTypeSymbol> set)
        => set.IsEmpty ? Enumerable.Empty<AttributeData>() : symbol.GetAttributes().Where(a => Is(a.AttributeClass, set));

    public static bool Has(ISymbol symbol, ImmutableArray<INamedTypeSymbol> set) => Find(symbol, set) is not null;

    /// <summary>A named argument's value (a property set in the attribute usage), or <paramref name="fallback"/>.</summary>
    public static T Named<T>(AttributeData attribute, string name, T fallback)
    {
        foreach (var pair in attribute.NamedArguments)
        {
            if (pair.Key == name && pair.Value.Kind != TypedConstantKind.Error && pair.Value.Value is T value)
            {
                return value;
            }
        }

        return fallback;
    }

    public static ITypeSymbol? NamedType(AttributeData attribute, string name)
    {
        foreach (var pair in attribute.NamedArguments)
        {
            if (pair.Key == name && pair.Value.Kind == TypedConstantKind.Type)
            {
                return pair.Value.Value as ITypeSymbol;
            }
        }

        return null;
    }

    private static ImmutableArray<INamedTypeSymbol> Resolve(Compilation compilation, params string[] metadataNames)
    {
        var builder = ImmutableArray.CreateBuilder<INamedTypeSymbol>();
        foreach (var name in metadataNames)
        {
            builder.AddRange(compilation.GetTypesByMetadataName(name));
        }

        return builder.ToImmutable();
    }
}
