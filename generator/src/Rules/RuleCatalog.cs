using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;

namespace MigrateWcf.Generator.Rules;

/// <summary>Rule groups by id range: 1xxx contracts and operations, 2xxx data contracts and types, 3xxx behaviors, 4xxx hosting.</summary>
public static class RuleCategories
{
    public const string Contracts = "Contracts";
    public const string DataContracts = "DataContracts";
    public const string Behaviors = "Behaviors";
    public const string Hosting = "Hosting";
}

/// <summary>One rule: its id, a title, default severity, category and where its documentation page lives.</summary>
/// <param name="HelpPath">Repository-relative page, <c>docs/rules/{Id}.md</c>.</param>
/// <param name="GrpcInstead">One line: what gRPC (and the generated code) does instead.</param>
public sealed record Rule(string Id, string Title, FindingSeverity Severity, string Category, string GrpcInstead)
{
    public string HelpPath => "docs/rules/" + Id + ".md";

    public string HelpLink => RuleCatalog.HelpBaseUri + HelpPath;

    /// <summary>The messages findings of this rule use (at least one).</summary>
    public ImmutableArray<FindingMessage> Messages => RuleCatalog.MessagesOf(Id);

    /// <summary>
    /// Reported only by <c>migrate-wcf generate</c>, from what the migrated project compiles (the engine and the
    /// analyzers never report it, so it has no Roslyn diagnostic); its page's examples are run through generate.
    /// </summary>
    public bool GenerateOnly { get; init; }
}

/// <summary>Rule ids as constants, so code and tests name rules without string typos.</summary>
public static class RuleIds
{
    public const string OneWayOperation = "WCFM1001";
    public const string DuplexCallback = "WCFM1002";
    public const string FaultContract = "WCFM1003";
    public const string OverloadedOperation = "WCFM1004";
    public const string DuplicateOperationName = "WCFM1005";
    public const string RefOutParameter = "WCFM1006";
    public const string StreamWithOtherParameters = "WCFM1007";
    public const string StreamOperation = "WCFM1008";
    public const string ServiceContractOnClass = "WCFM1009";
    public const string IncompleteAsyncPattern = "WCFM1010";
    public const string UntypedMessage = "WCFM1011";
    public const string XmlSerializerFormat = "WCFM1012";
    public const string ContractWithoutOperations = "WCFM1013";
    public const string ServiceContractMapped = "WCFM1014";
    public const string MessageContractOperation = "WCFM1015";
    public const string SynchronousOperation = "WCFM1016";
    public const string OpenGenericContract = "WCFM1017";
    public const string RestOperation = "WCFM1018";
    public const string RestXmlFormat = "WCFM1019";
    public const string RestUriTemplate = "WCFM1020";
    public const string RestJsonDiffers = "WCFM1021";
    public const string RestFault = "WCFM1022";
    public const string ClientCode = "WCFM1023";
    public const string ClientSideContract = "WCFM1024";
    public const string ImplementationChoice = "WCFM1025";
    public const string UnreachableType = "WCFM1026";
    public const string MsmqMessageParameter = "WCFM1027";
    public const string ReferencedProjectContract = "WCFM1028";
    public const string ContractAnalysisFailed = "WCFM1090";

    public const string ObjectMember = "WCFM2001";
    public const string UnmappedType = "WCFM2002";
    public const string UnresolvedType = "WCFM2003";
    public const string EnumWithoutZero = "WCFM2004";
    public const string FlagsEnum = "WCFM2005";
    public const string EnumValueOutOfRange = "WCFM2006";
    public const string NonScalarDictionaryKey = "WCFM2007";
    public const string NameCollision = "WCFM2008";
    public const string MessageContractHeader = "WCFM2009";
    public const string SerializableType = "WCFM2010";
    public const string CustomSerialization = "WCFM2011";
    public const string RequiredMember = "WCFM2012";
    public const string KnownTypeNotResolved = "WCFM2013";
    public const string ReferencePreserved = "WCFM2014";
    public const string DataMemberOrder = "WCFM2015";
    public const string KnownTypesMapped = "WCFM2016";
    public const string DateTimeValue = "WCFM2017";
    public const string DecimalValue = "WCFM2018";
    public const string InferredDataContract = "WCFM2019";
    public const string RecursiveType = "WCFM2020";
    public const string NotSerializable = "WCFM2021";
    public const string LockFileUnreadable = "WCFM2080";
    public const string ProtoNameKept = "WCFM2081";
    public const string TypeAnalysisFailed = "WCFM2090";

    public const string PerCallWithSingleConcurrency = "WCFM3001";
    public const string ReentrantConcurrency = "WCFM3002";
    public const string PerSessionInstancing = "WCFM3003";
    public const string SessionRequired = "WCFM3004";
    public const string TransactionFlow = "WCFM3005";
    public const string TransactionScopeRequired = "WCFM3006";
    public const string InitiatingTerminating = "WCFM3007";
    public const string SingleInstanceSingleConcurrency = "WCFM3008";
    public const string OperationContextUse = "WCFM3009";
    public const string OperationContextUnsupported = "WCFM3010";

    public const string ServiceHostInCode = "WCFM4001";
    public const string BindingInCode = "WCFM4002";
    public const string WcfClientChannel = "WCFM4003";
    public const string NamedPipeTransport = "WCFM4004";
    public const string SecurityModeWithoutEquivalent = "WCFM4005";
    public const string ConfigurationFile = "WCFM4006";
    public const string ApiMissingOnDotNet = "WCFM4007";
    public const string LeftOutOfMigratedProject = "WCFM4008";
    public const string FrameworkPackage = "WCFM4009";
    public const string OutputCacheNotApplied = "WCFM4010";
    public const string ConfigurationSettingWithoutCounterpart = "WCFM4011";
    public const string AuthorizationWithoutCounterpart = "WCFM4012";
    public const string BehaviorNotApplied = "WCFM4013";

    // Project references of the migrated project (migrate-wcf generate).
    public const string TestProjectLeftOut = "WCFM4020";
    public const string PackageNotCarried = "WCFM4021";
    public const string PackageVersionChanged = "WCFM4022";

    /// <summary>Reported by the tool when a project file's preprocessor symbols cannot be read without MSBuild.</summary>
    public const string PreprocessorSymbolsNotRead = "WCFM4023";

    /// <summary>Reported by <c>migrate-wcf generate</c> after building the migrated project.</summary>
    public const string DoesNotCompile = "WCFM4030";

    /// <summary>Reported by <c>migrate-wcf generate</c> after starting the migrated host it built.</summary>
    public const string NotServed = "WCFM4031";
}

/// <summary>The one catalog of rules. Front ends build their diagnostics from it; docs/rules has one page per entry.</summary>
public static class RuleCatalog
{
    /// <summary>Prefix of every help link; <see cref="Rule.HelpPath"/> is appended.</summary>
    public const string HelpBaseUri = "https://github.com/migrate-wcf/migrate-wcf/blob/main/";

    public static ImmutableArray<Rule> All { get; } = ImmutableArray.Create(
        new Rule(RuleIds.OneWayOperation, "One-way operation", FindingSeverity.Info, RuleCategories.Contracts,
            "A unary rpc returning google.protobuf.Empty, which the server answers once the call is queued; the service's work runs afterwards in the background, so the caller neither waits for it nor sees its errors."),
        new Rule(RuleIds.DuplexCallback, "Duplex callback contract", FindingSeverity.Warning, RuleCategories.Contracts,
            "A bidirectional streaming rpc whose server messages are a oneof envelope with one case per callback method."),
        new Rule(RuleIds.FaultContract, "Typed fault contract", FindingSeverity.Info, RuleCategories.Contracts,
            "A gRPC status with a fitting code and the fault detail packed in grpc-status-details-bin; the client shim rethrows FaultException<T>."),
        new Rule(RuleIds.OverloadedOperation, "Overloaded operation methods", FindingSeverity.Info, RuleCategories.Contracts,
            "Each overload is its own rpc, named after its operation name; gRPC has no overloading."),
        new Rule(RuleIds.DuplicateOperationName, "Duplicate operation name", FindingSeverity.Warning, RuleCategories.Contracts,
            "rpc names must be unique in a service, so the later operations get a numbered name."),
        new Rule(RuleIds.RefOutParameter, "ref or out parameter", FindingSeverity.Warning, RuleCategories.Contracts,
            "Messages are values: out parameters become response fields, ref parameters travel in both request and response."),
        new Rule(RuleIds.StreamWithOtherParameters, "Stream mixed with other parameters", FindingSeverity.Warning, RuleCategories.Contracts,
            "A streaming rpc carries only bytes chunks; other parameters must travel as request metadata or a first message."),
        new Rule(RuleIds.StreamOperation, "Stream parameter or result", FindingSeverity.Info, RuleCategories.Contracts,
            "Client or server streaming of google.protobuf.BytesValue chunks."),
        new Rule(RuleIds.ServiceContractOnClass, "Service contract declared on a class", FindingSeverity.Info, RuleCategories.Contracts,
            "The class's operations become a proto service; the class itself stays the implementation."),
        new Rule(RuleIds.IncompleteAsyncPattern, "Begin method without End method", FindingSeverity.Warning, RuleCategories.Contracts,
            "The rpc is generated from the Begin method alone; its result type cannot be known."),
        new Rule(RuleIds.UntypedMessage, "Untyped Message operation", FindingSeverity.Warning, RuleCategories.Contracts,
            "gRPC has no untyped SOAP message; the parameter becomes opaque bytes that you must replace with a typed message."),
        new Rule(RuleIds.XmlSerializerFormat, "XmlSerializer format", FindingSeverity.Warning, RuleCategories.Contracts,
            "Protobuf serialization follows the DataContract rules; XmlSerializer attributes (XmlAttribute, XmlElement names) are not honoured."),
        new Rule(RuleIds.ContractWithoutOperations, "Service contract without operations", FindingSeverity.Info, RuleCategories.Contracts,
            "An empty proto service is generated."),
        new Rule(RuleIds.ServiceContractMapped, "Service contract becomes a gRPC service", FindingSeverity.Info, RuleCategories.Contracts,
            "A proto service in its own .proto file with one rpc per operation; the generated adapter calls the existing implementation."),
        new Rule(RuleIds.MessageContractOperation, "Message contract operation", FindingSeverity.Info, RuleCategories.Contracts,
            "The message contract is the rpc's request or response message itself; its body members are the fields."),
        new Rule(RuleIds.SynchronousOperation, "Synchronous operation", FindingSeverity.Info, RuleCategories.Contracts,
            "The rpc's handler is asynchronous: a synchronous implementation holds a thread-pool thread for the whole call, a Task-based one does not."),
        new Rule(RuleIds.OpenGenericContract, "Open generic contract or operation", FindingSeverity.Warning, RuleCategories.Contracts,
            "A proto service needs concrete types: an open generic contract becomes services only through closed contracts deriving from it (interface ICustomers : IRepository<Customer>), each with the inherited operations' type arguments filled in; a generic method's type parameters become bytes placeholders."),
        new Rule(RuleIds.RestOperation, "REST operation (WebGet / WebInvoke)", FindingSeverity.Info, RuleCategories.Contracts,
            "The rpc gets a google.api.http rule (method, path, body, response body) and ASP.NET Core's gRPC JSON transcoding serves it over HTTP/1.1 and JSON beside gRPC, with the generated JSON settings that keep WCF's member names, enum numbers and 64-bit numbers (docs/webhttp.md); the client shim keeps calling gRPC."),
        new Rule(RuleIds.RestXmlFormat, "REST operation with an XML format", FindingSeverity.Warning, RuleCategories.Contracts,
            "JSON transcoding reads and writes JSON only: the URL and method stay, but XML callers must send and accept JSON (WCF's default format, when RequestFormat or ResponseFormat is not set, is XML)."),
        new Rule(RuleIds.RestUriTemplate, "UriTemplate or body style transcoding cannot match", FindingSeverity.Warning, RuleCategories.Contracts,
            "The google.api.http rule keeps what an HttpRule path template can express (literal segments, {variables}, ** for the rest of the path); the part of the URL or body the finding names changes for callers, or the operation is not served over HTTP."),
        new Rule(RuleIds.RestJsonDiffers, "REST JSON that differs from WCF's", FindingSeverity.Warning, RuleCategories.Contracts,
            "Transcoding writes proto3 JSON: the generated settings keep WCF's member names (json_name), enums as numbers and 64-bit integers as numbers, but the values the finding names are written differently from DataContractJsonSerializer (docs/webhttp.md)."),
        new Rule(RuleIds.RestFault, "REST operation with faults", FindingSeverity.Warning, RuleCategories.Contracts,
            "A fault becomes a gRPC status with the detail in grpc-status-details-bin; over HTTP, transcoding answers with the status's HTTP code and a google.rpc.Status JSON body (code, message, details) instead of the WebFaultException's status code and detail."),
        new Rule(RuleIds.ClientCode, "WCF client code implementing a contract", FindingSeverity.Info, RuleCategories.Contracts,
            "Not served: hosting serves implementations only. Callers use the contract's generated client proxy (MigratedClientFactory creates one per endpoint) over a gRPC channel in place of ClientBase, ChannelFactory or a channel."),
        new Rule(RuleIds.ClientSideContract, "Client-side copy of a service contract", FindingSeverity.Info, RuleCategories.Contracts,
            "No gRPC service of its own: the service is the contract it copies, or a service outside this input, migrated from its own sources; callers use that service's generated client proxy."),
        new Rule(RuleIds.ImplementationChoice, "Several implementations of a contract", FindingSeverity.Info, RuleCategories.Contracts,
            "A gRPC server serves one class per service: the generated hosting serves the first class by name unless the options of AddMigratedServices choose another (an enum member per class)."),
        new Rule(RuleIds.UnreachableType, "Type the generated code cannot name", FindingSeverity.Warning, RuleCategories.Contracts,
            "Nothing is generated for it: a contract gets no service, an implementation is not served, a member holding such a type is left out of its message. Make it, and the types it is nested in, internal or public to migrate it."),
        new Rule(RuleIds.MsmqMessageParameter, "MSMQ integration message parameter", FindingSeverity.Info, RuleCategories.Contracts,
            "The rpc's request carries the message body as if the parameter were T, never null; the adapter hands the implementation new MsmqMessage<T>(body) (MigrateWcf.Compatibility's, with Body only) and the client proxy sends its Body. The MSMQ message properties (Label, queues, times, correlation) do not travel: put what the service reads of them in T."),
        new Rule(RuleIds.ReferencedProjectContract, "Contracts of a referenced project the input does not use", FindingSeverity.Info, RuleCategories.Contracts,
            "No gRPC service, host registration or client proxy: a library's contracts serve its own hosts, proxies and behaviors, which the migrated service does not use; a contract of it the input implements or calls is migrated as the input's own.") { GenerateOnly = true },
        new Rule(RuleIds.ContractAnalysisFailed, "Contract could not be analysed", FindingSeverity.Error, RuleCategories.Contracts,
            "Nothing is generated for the contract; the rest of the run continues."),

        new Rule(RuleIds.ObjectMember, "object member or parameter", FindingSeverity.Warning, RuleCategories.DataContracts,
            "google.protobuf.Any, which can hold only message types; replace object with a concrete type or a known-type hierarchy."),
        new Rule(RuleIds.UnmappedType, "Type without a proto form", FindingSeverity.Warning, RuleCategories.DataContracts,
            "A placeholder field of opaque bytes (DataTable, XML, non-generic collections, interfaces, tuples have no schema to map)."),
        new Rule(RuleIds.UnresolvedType, "Unresolved type", FindingSeverity.Error, RuleCategories.DataContracts,
            "A placeholder field of opaque bytes until the missing reference is added and the tool is run again."),
        new Rule(RuleIds.EnumWithoutZero, "Enum without a zero value", FindingSeverity.Info, RuleCategories.DataContracts,
            "proto3 enums need a zero value, so an <ENUM>_UNSPECIFIED = 0 value is added."),
        new Rule(RuleIds.FlagsEnum, "[Flags] enum", FindingSeverity.Info, RuleCategories.DataContracts,
            "A proto enum; combined values travel as their numeric value (C# protobuf enums are open)."),
        new Rule(RuleIds.EnumValueOutOfRange, "Enum value outside int32", FindingSeverity.Error, RuleCategories.DataContracts,
            "proto enum values are 32-bit; the value is left out."),
        new Rule(RuleIds.NonScalarDictionaryKey, "Dictionary key that cannot be a proto map key", FindingSeverity.Info, RuleCategories.DataContracts,
            "A repeated entry message with key and value fields (proto map keys must be integers, bool or string)."),
        new Rule(RuleIds.NameCollision, "Proto name collision", FindingSeverity.Info, RuleCategories.DataContracts,
            "Definitions that would share a proto name in one package are qualified by their namespace, except those the lock file already names (on a first run, all of them), so an existing name never changes."),
        new Rule(RuleIds.MessageContractHeader, "Message contract header", FindingSeverity.Warning, RuleCategories.DataContracts,
            "SOAP headers become ordinary message fields; move infrastructure headers (auth, correlation) to gRPC metadata."),
        new Rule(RuleIds.SerializableType, "[Serializable] type", FindingSeverity.Info, RuleCategories.DataContracts,
            "A message with one field per serialized field (private fields included), named after the field or its auto-property."),
        new Rule(RuleIds.CustomSerialization, "Custom serialization", FindingSeverity.Warning, RuleCategories.DataContracts,
            "ISerializable / IXmlSerializable logic does not run; the message is built from the type's members."),
        new Rule(RuleIds.RequiredMember, "Required data member", FindingSeverity.Info, RuleCategories.DataContracts,
            "proto3 has no required fields; the generated mapper must check presence."),
        new Rule(RuleIds.KnownTypeNotResolved, "Known type not resolved", FindingSeverity.Warning, RuleCategories.DataContracts,
            "Only statically known types get oneof cases; a type returned at run time cannot travel."),
        new Rule(RuleIds.ReferencePreserved, "Object references preserved (IsReference)", FindingSeverity.Warning, RuleCategories.DataContracts,
            "Messages are trees: a shared object is sent once per reference, and a cycle cannot be sent; send ids instead of back-references."),
        new Rule(RuleIds.DataMemberOrder, "Data members without a distinct explicit Order", FindingSeverity.Info, RuleCategories.DataContracts,
            "Field numbers come from the lock file, else from distinct DataMember Orders, else from the order members travel in today; explicit Orders keep that order and the numbers in the source."),
        new Rule(RuleIds.KnownTypesMapped, "Known types become a oneof", FindingSeverity.Info, RuleCategories.DataContracts,
            "The base message gets a oneof subtype with one case per known derived type; the case carries the whole value."),
        new Rule(RuleIds.DateTimeValue, "DateTime value", FindingSeverity.Info, RuleCategories.DataContracts,
            "migrate_wcf.DateTime: the ticks as a Timestamp read as UTC plus the DateTimeKind, so every value and its Kind round-trip; other languages read the Timestamp and the kind."),
        new Rule(RuleIds.DecimalValue, "decimal value", FindingSeverity.Info, RuleCategories.DataContracts,
            "migrate_wcf.Decimal: the 96-bit coefficient, the scale and the sign, so every System.Decimal round-trips exactly (docs/decimal.md shows other languages)."),
        new Rule(RuleIds.InferredDataContract, "Type without [DataContract]", FindingSeverity.Info, RuleCategories.DataContracts,
            "A message with one field per public read/write property and field, the members DataContractSerializer infers."),
        new Rule(RuleIds.RecursiveType, "Recursive data type", FindingSeverity.Info, RuleCategories.DataContracts,
            "A recursive message; values are trees of at most 100 levels (protobuf's recursion limit), and the generated mappers stop a cyclic or deeper object graph with an exception instead of overflowing the stack."),
        new Rule(RuleIds.NotSerializable, "Type WCF cannot serialize", FindingSeverity.Warning, RuleCategories.DataContracts,
            "The message holds only the type's public read/write properties and fields, which may be none: an object such as a database client or a connection does not belong in a contract; send the data it holds in a [DataContract] type instead."),
        new Rule(RuleIds.LockFileUnreadable, "Lock file unreadable", FindingSeverity.Warning, RuleCategories.DataContracts,
            "Unreadable lines are ignored, and field numbers and names they held may be assigned afresh."),
        new Rule(RuleIds.ProtoNameKept, "Proto name kept from the lock file", FindingSeverity.Info, RuleCategories.DataContracts,
            "The proto keeps the name clients already use: service and rpc names are on the wire, message, field and enum value names in JSON, reflection and the generated classes."),
        new Rule(RuleIds.TypeAnalysisFailed, "Type could not be analysed", FindingSeverity.Error, RuleCategories.DataContracts,
            "Nothing is generated for the type; fields of that type become opaque bytes."),

        new Rule(RuleIds.PerCallWithSingleConcurrency, "PerCall with ConcurrencyMode.Single is redundant", FindingSeverity.Warning, RuleCategories.Behaviors,
            "Each call has its own instance, so there is nothing to serialize; the migrated service runs calls in parallel either way."),
        new Rule(RuleIds.ReentrantConcurrency, "ConcurrencyMode.Reentrant", FindingSeverity.Warning, RuleCategories.Behaviors,
            "No reentrancy; the adapter serializes calls as with ConcurrencyMode.Single, so a callback into the same instance waits."),
        new Rule(RuleIds.PerSessionInstancing, "PerSession instancing", FindingSeverity.Warning, RuleCategories.Behaviors,
            "gRPC has no sessions; the client shim sends one session id per proxy in a request header, and the adapter keeps one instance per id until the proxy closes or the session times out."),
        new Rule(RuleIds.SessionRequired, "SessionMode.Required", FindingSeverity.Warning, RuleCategories.Behaviors,
            "The client shim sends one session id per proxy in a request header, so calls through one proxy share their session (PerSession instance, callbacks) on any connection; a plain gRPC caller that sends no id is in no session, and the service cannot refuse it."),
        new Rule(RuleIds.TransactionFlow, "Transaction flow", FindingSeverity.Warning, RuleCategories.Behaviors,
            "No distributed transactions (WS-AtomicTransaction); use a local transaction in the service or a saga/outbox."),
        new Rule(RuleIds.TransactionScopeRequired, "TransactionScopeRequired", FindingSeverity.Warning, RuleCategories.Behaviors,
            "No ambient transaction around the call; open a TransactionScope in the operation if it needs one."),
        new Rule(RuleIds.InitiatingTerminating, "IsInitiating / IsTerminating operations", FindingSeverity.Warning, RuleCategories.Behaviors,
            "No session lifecycle: the order of initiating and terminating calls is not enforced."),
        new Rule(RuleIds.SingleInstanceSingleConcurrency, "Single instance with ConcurrencyMode.Single", FindingSeverity.Info, RuleCategories.Behaviors,
            "The adapter serializes all calls on the one instance, as WCF did; throughput is one call at a time."),
        new Rule(RuleIds.OperationContextUse, "OperationContext use", FindingSeverity.Info, RuleCategories.Behaviors,
            "The generated code supplies an OperationContext with Current, GetCallbackChannel<T>(), Channel, SessionId and IncomingMessageProperties (the HTTP request's headers as an HttpRequestMessageProperty) over the gRPC call, so this code compiles unchanged."),
        new Rule(RuleIds.OperationContextUnsupported, "OperationContext use the migrated service cannot serve", FindingSeverity.Warning, RuleCategories.Behaviors,
            "A generated OperationContext in the implementation's namespace offers Current, GetCallbackChannel<T>(), Channel (the session, an ICommunicationObject), SessionId and IncomingMessageProperties (HttpRequestMessageProperty and Via); SOAP message headers become gRPC metadata, read from the call's ServerCallContext."),

        new Rule(RuleIds.ServiceHostInCode, "ServiceHost in code", FindingSeverity.Info, RuleCategories.Hosting,
            "The generated hosting code runs the service on Kestrel over HTTP/2 (named pipe or Unix socket)."),
        new Rule(RuleIds.BindingInCode, "Binding configured in code", FindingSeverity.Info, RuleCategories.Hosting,
            "gRPC has one transport, HTTP/2; binding settings (security, timeouts, message sizes) map to Kestrel and channel options."),
        new Rule(RuleIds.WcfClientChannel, "WCF client proxy or channel factory", FindingSeverity.Info, RuleCategories.Hosting,
            "The generated client shim implements the contract interface over a gRPC channel."),
        new Rule(RuleIds.NamedPipeTransport, "Named pipe transport", FindingSeverity.Info, RuleCategories.Hosting,
            "The migrated service listens on a named pipe on Windows and on a Unix domain socket elsewhere, owner-only (runtime/ hosting); clients connect through EndpointChannel."),
        new Rule(RuleIds.SecurityModeWithoutEquivalent, "Security mode without a gRPC equivalent", FindingSeverity.Warning, RuleCategories.Hosting,
            "gRPC secures the connection (TLS, or an owner-only socket or pipe) and carries credentials in metadata; WS-Security message security and message credentials have no counterpart."),
        new Rule(RuleIds.ConfigurationFile, "WCF configuration file", FindingSeverity.Info, RuleCategories.Hosting,
            "gRPC reads no <system.serviceModel>: migrate-wcf generate writes its endpoints, message sizes, timeouts and transport security into the generated host's appsettings.json (docs/hosting.md)."),
        new Rule(RuleIds.ConfigurationSettingWithoutCounterpart, "Configuration setting without a counterpart", FindingSeverity.Warning, RuleCategories.Hosting,
            "The generated host's appsettings.json has endpoints (address, TLS, client authentication), one message size limit per host and per client, and a call deadline per client; what else the setting did is left out and no longer applies."),
        new Rule(RuleIds.AuthorizationWithoutCounterpart, "Authorization without a gRPC counterpart", FindingSeverity.Warning, RuleCategories.Hosting,
            "ASP.NET Core authorizes gRPC calls: policies registered with AddAuthorization (a role, a user name, an authenticated user, or an IAuthorizationHandler of your own) and [Authorize(Policy = \"...\")] on the service implementation; WCF's PrincipalPermission demands and ServiceAuthorizationManager do not run, so until then every caller the endpoint authenticates may call every operation."),
        new Rule(RuleIds.ApiMissingOnDotNet, "API that .NET 10 lacks", FindingSeverity.Error, RuleCategories.Hosting,
            "The migrated project compiles this code on .NET 10, where the API does not exist: it does not build until the use is replaced by what the message names.") { GenerateOnly = true },
        new Rule(RuleIds.LeftOutOfMigratedProject, "Code left out of the migrated project", FindingSeverity.Info, RuleCategories.Hosting,
            "The migrated project compiles the contracts, data types and implementations and everything they use; code beside them that .NET 10 cannot compile is left out of a generated copy of its file.") { GenerateOnly = true },
        new Rule(RuleIds.FrameworkPackage, "Package for a .NET Framework assembly", FindingSeverity.Info, RuleCategories.Hosting,
            "The code compiles unchanged on .NET 10: the migrated project references the package that ships these types there.") { GenerateOnly = true },
        new Rule(RuleIds.OutputCacheNotApplied, "ASP.NET output cache profile not applied", FindingSeverity.Warning, RuleCategories.Hosting,
            "The attribute compiles (MigrateWcf.Compatibility's) and does nothing: ASP.NET Core output caching caches the transcoded REST response instead (AddOutputCache with a policy of the profile's duration, UseOutputCache, and CacheOutput on the route); gRPC responses are not cached.") { GenerateOnly = true },
        new Rule(RuleIds.BehaviorNotApplied, "WCF behavior attribute not applied", FindingSeverity.Warning, RuleCategories.Hosting,
            "gRPC has no behaviors: a server interceptor (a Grpc.Core.Interceptors.Interceptor registered in Host/Program.cs with AddGrpc(o => o.Interceptors.Add<T>())) runs around every call, where message inspectors, parameter inspectors and error handlers did their work.") { GenerateOnly = true },
        new Rule(RuleIds.TestProjectLeftOut, "Test project not migrated", FindingSeverity.Info, RuleCategories.Hosting,
            "The migrated project compiles the service's contracts, implementations and the generated code; tests stay in their own project, which can call the migrated service through the generated client proxies.") { GenerateOnly = true },
        new Rule(RuleIds.PackageNotCarried, "Package not carried to the migrated project", FindingSeverity.Info, RuleCategories.Hosting,
            "The migrated project references the original projects' packages except test frameworks and test libraries, .NET Framework build tooling, and what MigrateWcf.Runtime brings (gRPC, Protobuf, the WCF client packages); its project file names each one left out.") { GenerateOnly = true },
        new Rule(RuleIds.PackageVersionChanged, "Package at another version than the original's", FindingSeverity.Warning, RuleCategories.Hosting,
            "The migrated project references the version restored: the nearest the feeds have, and one version for a package family (packages released together load together only at one version); check the package's release notes between the two versions.") { GenerateOnly = true },
        new Rule(RuleIds.PreprocessorSymbolsNotRead, "Preprocessor symbols not read", FindingSeverity.Warning, RuleCategories.Hosting,
            "The migrated project compiles each original file under the symbols its own project's Debug build defines (its DefineConstants, or #define lines at the top of a generated copy); symbols the tool could not read are not among them.") { GenerateOnly = true },
        new Rule(RuleIds.DoesNotCompile, "Does not compile on .NET 10", FindingSeverity.Error, RuleCategories.Hosting,
            "The migrated project compiles the service's original code on .NET 10 with grpc-dotnet (in place, or in generated copies whose #line directives point at it); what still does not compile there needs a hand edit, or a fix of migrate-wcf where the error is in generated code, before the service builds.") { GenerateOnly = true },
        new Rule(RuleIds.NotServed, "Service the migrated host does not serve", FindingSeverity.Error, RuleCategories.Hosting,
            "The generated host serves every contract with an implementation class it can create (AddMigratedServices / MapMigratedServices); a service of the .proto files it does not serve answers every call with UNIMPLEMENTED.") { GenerateOnly = true });

    private static readonly Dictionary<string, Rule> ById = All.ToDictionary(r => r.Id, StringComparer.Ordinal);

    private static readonly Dictionary<string, FindingMessage> MessagesById = FindingMessages.All.ToDictionary(m => m.Id, StringComparer.Ordinal);

    private static readonly ILookup<string, FindingMessage> MessagesByRule = FindingMessages.All.ToLookup(m => m.RuleId, StringComparer.Ordinal);

    /// <summary>The rule with <paramref name="id"/>; throws for an unknown id (a bug in the engine, not in user code).</summary>
    public static Rule Get(string id) => ById[id];

    public static bool TryGet(string id, out Rule? rule) => ById.TryGetValue(id, out rule);

    /// <summary>The message with <paramref name="messageId"/> (<see cref="Finding.MessageId"/>).</summary>
    public static FindingMessage Message(string messageId) => MessagesById[messageId];

    internal static ImmutableArray<FindingMessage> MessagesOf(string ruleId) => MessagesByRule[ruleId].ToImmutableArray();

    /// <summary>A finding's text: what was found (the message filled with its arguments), then what gRPC does instead.</summary>
    public static string Format(Finding finding)
    {
        var message = Message(finding.MessageId);
        var arguments = new object[finding.Arguments.Count];
        for (var i = 0; i < arguments.Length; i++)
        {
            arguments[i] = finding.Arguments[i];
        }

        return string.Format(CultureInfo.InvariantCulture, message.Format, arguments) + ". " + Get(message.RuleId).GrpcInstead;
    }

    /// <summary>
    /// The whole text of <paramref name="message"/> as one composite format (the rule's sentence escaped), for front ends
    /// whose diagnostics take a format and arguments, such as a Roslyn <c>DiagnosticDescriptor</c>.
    /// </summary>
    public static string DiagnosticFormat(FindingMessage message)
        => message.Format + ". " + Get(message.RuleId).GrpcInstead.Replace("{", "{{").Replace("}", "}}");
}
