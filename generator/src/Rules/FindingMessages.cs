using System;
using System.Collections.Immutable;
using System.Text.RegularExpressions;

namespace MigrateWcf.Generator.Rules;

/// <summary>
/// One message of a rule: what was found, as a composite format (<c>{0}</c>, <c>{1}</c>, ...). A rule may have several
/// (e.g. a Stream taken or returned); a Roslyn front end makes one descriptor per message, all with the rule's id.
/// </summary>
/// <param name="Id">Stable name, unique across the catalog; a <see cref="Finding"/> carries it.</param>
public sealed record FindingMessage(string Id, string RuleId, string Format)
{
    private static readonly Regex Placeholder = new(@"(?<!\{)\{(\d+)\}", RegexOptions.CultureInvariant);

    /// <summary>How many arguments the format takes (its highest placeholder + 1).</summary>
    public int ArgumentCount { get; } = CountArguments(Format);

    private static int CountArguments(string format)
    {
        var count = 0;
        foreach (Match match in Placeholder.Matches(format))
        {
            count = Math.Max(count, int.Parse(match.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) + 1);
        }

        return count;
    }
}

/// <summary>
/// Every finding message. Arguments are the values a message names (type keys, member and operation names, counts);
/// where a message starts with <c>{0}</c>, that argument names the place, e.g. <c>'Order.Lines'</c>,
/// <c>Parameter 'id' of 'IOrders.Get'</c> or <c>The result of 'IOrders.Get'</c>. The rule's "what gRPC does instead"
/// sentence is appended by <see cref="RuleCatalog.Format(Finding)"/>.
/// </summary>
public static class FindingMessages
{
    // ── 1xxx contracts and operations ──
    public static readonly FindingMessage OneWayOperation = new(nameof(OneWayOperation), RuleIds.OneWayOperation, "Operation '{0}' is one-way");
    public static readonly FindingMessage OneWayResultIgnored = new(nameof(OneWayResultIgnored), RuleIds.OneWayOperation, "One-way operation '{0}' declares a result, which WCF never returns");
    public static readonly FindingMessage DuplexCallback = new(nameof(DuplexCallback), RuleIds.DuplexCallback, "Service contract '{0}' has the callback contract '{1}'");
    /// <summary>{0} the callback contract, {1} the duplex contract naming it.</summary>
    public static readonly FindingMessage CallbackContractNotAService = new(nameof(CallbackContractNotAService), RuleIds.DuplexCallback, "'{0}' carries [ServiceContract] and is the callback contract of '{1}': its operations become the cases of that service's Callbacks stream, not a gRPC service of its own, which nothing would serve");
    public static readonly FindingMessage FaultContract = new(nameof(FaultContract), RuleIds.FaultContract, "Operation '{0}' declares fault(s) {1}");
    public static readonly FindingMessage OverloadedOperation = new(nameof(OverloadedOperation), RuleIds.OverloadedOperation, "Operation '{0}' is an overload; its rpc is named '{1}'");
    public static readonly FindingMessage DuplicateOperationName = new(nameof(DuplicateOperationName), RuleIds.DuplicateOperationName, "Operation '{0}' shares the name '{1}' with another operation; its rpc is named '{2}'");
    public static readonly FindingMessage RefOutParameter = new(nameof(RefOutParameter), RuleIds.RefOutParameter, "Operation '{0}' has ref/out parameter(s) {1}; they are returned in the response");
    public static readonly FindingMessage StreamWithOtherParameters = new(nameof(StreamWithOtherParameters), RuleIds.StreamWithOtherParameters, "Operation '{0}' takes a Stream together with other parameters ({1}), which are not in the generated request");
    public static readonly FindingMessage StreamWithOtherResults = new(nameof(StreamWithOtherResults), RuleIds.StreamWithOtherParameters, "Operation '{0}' returns a Stream together with other values ({1}), which are not in the generated response");
    public static readonly FindingMessage StreamParameter = new(nameof(StreamParameter), RuleIds.StreamOperation, "Operation '{0}' takes a Stream");
    public static readonly FindingMessage StreamResult = new(nameof(StreamResult), RuleIds.StreamOperation, "Operation '{0}' returns a Stream");
    public static readonly FindingMessage ServiceContractOnClass = new(nameof(ServiceContractOnClass), RuleIds.ServiceContractOnClass, "Service contract '{0}' is declared on a class");
    public static readonly FindingMessage IncompleteAsyncPattern = new(nameof(IncompleteAsyncPattern), RuleIds.IncompleteAsyncPattern, "'{0}' has AsyncPattern = true but no matching 'End{1}(IAsyncResult)'");
    public static readonly FindingMessage UntypedMessage = new(nameof(UntypedMessage), RuleIds.UntypedMessage, "Operation '{0}' handles any action (Action = \"*\")");
    public static readonly FindingMessage XmlSerializerFormat = new(nameof(XmlSerializerFormat), RuleIds.XmlSerializerFormat, "Service contract '{0}' uses [XmlSerializerFormat]");
    public static readonly FindingMessage ContractWithoutOperations = new(nameof(ContractWithoutOperations), RuleIds.ContractWithoutOperations, "Service contract '{0}' has no operations");
    public static readonly FindingMessage OpenGenericContract = new(nameof(OpenGenericContract), RuleIds.OpenGenericContract, "Service contract '{0}' is generic, and no service contract derives from it with its type parameter(s) {1} filled in");
    public static readonly FindingMessage GenericOperation = new(nameof(GenericOperation), RuleIds.OpenGenericContract, "Operation '{0}' is a generic method; its type parameter(s) {1} have no proto type");
    public static readonly FindingMessage ServiceContractMapped = new(nameof(ServiceContractMapped), RuleIds.ServiceContractMapped, "Service contract '{0}' becomes gRPC service '{1}' with {2} rpc(s)");
    public static readonly FindingMessage MessageContractRequest = new(nameof(MessageContractRequest), RuleIds.MessageContractOperation, "Operation '{0}' takes the message contract '{1}'");
    public static readonly FindingMessage MessageContractResponse = new(nameof(MessageContractResponse), RuleIds.MessageContractOperation, "Operation '{0}' returns the message contract '{1}'");
    public static readonly FindingMessage SynchronousOperation = new(nameof(SynchronousOperation), RuleIds.SynchronousOperation, "Operation '{0}' is synchronous");

    /// <summary>Discovery failed on a contract or implementation: {0} the type, {1} the exception type, {2} its message.</summary>
    public static readonly FindingMessage ContractAnalysisFailed = new(nameof(ContractAnalysisFailed), RuleIds.ContractAnalysisFailed, "'{0}' could not be analysed ({1}: {2})");
    public static readonly FindingMessage ContractMappingFailed = new(nameof(ContractMappingFailed), RuleIds.ContractAnalysisFailed, "'{0}' could not be mapped ({1}: {2})");

    /// <summary>A type nested deeper than the compiler can bind: {0} the limit. Nothing in the project is analysed.</summary>
    public static readonly FindingMessage TypeNestedTooDeep = new(nameof(TypeNestedTooDeep), RuleIds.ContractAnalysisFailed, "A type here is nested more than {0} levels deep, which the C# compiler cannot bind without running out of stack; nothing in this project is analysed");

    public static readonly FindingMessage RestOperationKept = new(nameof(RestOperationKept), RuleIds.RestOperation, "REST operation '{0}' keeps its HTTP shape: {1} {2}");
    public static readonly FindingMessage RestOperationChanged = new(nameof(RestOperationChanged), RuleIds.RestOperation, "REST operation '{0}' is served at {1} {2}; what differs from WCF is reported beside this");
    public static readonly FindingMessage RestXmlFormat = new(nameof(RestXmlFormat), RuleIds.RestXmlFormat, "REST operation '{0}' uses the XML format for its {1}");
    public static readonly FindingMessage RestUriTemplateFeature = new(nameof(RestUriTemplateFeature), RuleIds.RestUriTemplate, "REST operation '{0}': {1}");
    public static readonly FindingMessage RestNotServed = new(nameof(RestNotServed), RuleIds.RestUriTemplate, "REST operation '{0}' is not served over HTTP: {1}");
    public static readonly FindingMessage RestJsonDiffers = new(nameof(RestJsonDiffers), RuleIds.RestJsonDiffers, "REST operation '{0}' carries {1} ({2}): {3}");
    public static readonly FindingMessage RestFault = new(nameof(RestFault), RuleIds.RestFault, "REST operation '{0}' declares the fault(s) {1}");
    public static readonly FindingMessage ClientCode = new(nameof(ClientCode), RuleIds.ClientCode, "'{0}' implements {1} but is WCF client code, built on '{2}'");
    public static readonly FindingMessage ClientSideContractCopy = new(nameof(ClientSideContractCopy), RuleIds.ClientSideContract, "Service contract '{0}' is implemented nowhere in the input, and '{1}', which is, has its WCF name '{2}' and namespace '{3}': it is a client-side copy of '{1}'");
    public static readonly FindingMessage ClientSideContractOtherNamespace = new(nameof(ClientSideContractOtherNamespace), RuleIds.ClientSideContract, "Service contract '{0}' is implemented nowhere in the input and no client code calls it, while the input implements '{1}' of a project it references, with its WCF name '{2}' and the same operations in namespace '{3}' rather than '{4}' (C# name lookup found that copy first): WCF served '{1}', and '{0}' is no service of its own; if a service outside the input implements '{0}', migrate that service from its own sources");
    public static readonly FindingMessage ClientSideContractGenerated = new(nameof(ClientSideContractGenerated), RuleIds.ClientSideContract, "Service contract '{0}' was generated for a client ({1}), and nothing in the input implements it while other contracts are: it describes a service outside the input");
    public static readonly FindingMessage ReferencedProjectContractsLeftOut = new(nameof(ReferencedProjectContractsLeftOut), RuleIds.ReferencedProjectContract, "{0} service contract(s) of projects the input references but does not name as inputs are not migrated, since no code of the input implements, extends or names them: {1}. To migrate one, implement or call it in an input project, or give its project as an input too");
    public static readonly FindingMessage ImplementationChoice = new(nameof(ImplementationChoice), RuleIds.ImplementationChoice, "'{0}' serves '{1}' by default; {2} implement(s) it too: set MigratedServicesOptions.{3} in AddMigratedServices to serve another");
    public static readonly FindingMessage UnreachableContract = new(nameof(UnreachableContract), RuleIds.UnreachableType, "Service contract '{0}' is {1}, so generated code cannot name it");
    public static readonly FindingMessage UnreachableImplementation = new(nameof(UnreachableImplementation), RuleIds.UnreachableType, "'{0}' implements {1} but is {2}, so the generated hosting cannot create it");
    public static readonly FindingMessage UnreachableDataType = new(nameof(UnreachableDataType), RuleIds.UnreachableType, "'{0}' travels in a contract but is {1}, so generated code cannot name it");
    public static readonly FindingMessage UnreachableMember = new(nameof(UnreachableMember), RuleIds.UnreachableType, "'{0}' is {1}, so generated code cannot name it: '{2}', which holds it, is left out of its message");
    /// <summary>{0} the operation, {1} the parameter, {2} its MsmqMessage&lt;T&gt; type, {3} T.</summary>
    public static readonly FindingMessage MsmqMessageParameter = new(nameof(MsmqMessageParameter), RuleIds.MsmqMessageParameter, "Parameter '{1}' of operation '{0}' is MSMQ integration's {2}: on the wire it is its body, {3}, and nothing is to edit unless the service reads the MSMQ properties (Label, queues, times), which do not travel");

    // ── 2xxx data contracts and types ──
    public static readonly FindingMessage ObjectMember = new(nameof(ObjectMember), RuleIds.ObjectMember, "{0} is of type object");
    public static readonly FindingMessage UnmappedType = new(nameof(UnmappedType), RuleIds.UnmappedType, "{0} is of type '{1}', {2}");
    public static readonly FindingMessage TypeWithoutProtoForm = new(nameof(TypeWithoutProtoForm), RuleIds.UnmappedType, "{0} is of type '{1}', which has no proto form");
    public static readonly FindingMessage StreamInMessage = new(nameof(StreamInMessage), RuleIds.UnmappedType, "{0} is a Stream inside a message, which has no proto form");
    public static readonly FindingMessage UnresolvedType = new(nameof(UnresolvedType), RuleIds.UnresolvedType, "{0} uses the type '{1}', which the compilation cannot resolve");
    public static readonly FindingMessage EnumWithoutZero = new(nameof(EnumWithoutZero), RuleIds.EnumWithoutZero, "'{0}' has no member with value 0");
    public static readonly FindingMessage FlagsEnum = new(nameof(FlagsEnum), RuleIds.FlagsEnum, "'{0}' is a [Flags] enum");
    public static readonly FindingMessage EnumValueOutOfRange = new(nameof(EnumValueOutOfRange), RuleIds.EnumValueOutOfRange, "'{0}.{1}' = {2} does not fit in 32 bits");
    public static readonly FindingMessage NonScalarDictionaryKey = new(nameof(NonScalarDictionaryKey), RuleIds.NonScalarDictionaryKey, "{0} is a dictionary keyed by '{1}'");
    /// <summary>{0} the type, {1} its WCF name (DataContract Name, else the type name), {2} its proto name, {3} the package, {4} the proto name it would have had, {5} who else has that name.</summary>
    public static readonly FindingMessage NameCollision = new(nameof(NameCollision), RuleIds.NameCollision, "'{0}' (WCF name '{1}') is named '{2}' in proto package '{3}', not '{4}', which {5}");
    public static readonly FindingMessage LockedNameTaken = new(nameof(LockedNameTaken), RuleIds.NameCollision, "{0} cannot keep its proto name '{1}' from the lock file: another definition of proto package '{2}' has it; it is named '{3}'");
    public static readonly FindingMessage MessageContractHeader = new(nameof(MessageContractHeader), RuleIds.MessageContractHeader, "'{0}.{1}' is a message header");
    public static readonly FindingMessage SerializableType = new(nameof(SerializableType), RuleIds.SerializableType, "'{0}' is [Serializable]; its fields are mapped");
    public static readonly FindingMessage CustomSerialization = new(nameof(CustomSerialization), RuleIds.CustomSerialization, "'{0}' implements ISerializable or IXmlSerializable");
    public static readonly FindingMessage RequiredMember = new(nameof(RequiredMember), RuleIds.RequiredMember, "'{0}' has required member(s) {1}");
    public static readonly FindingMessage KnownTypesNotReadable = new(nameof(KnownTypesNotReadable), RuleIds.KnownTypeNotResolved, "Known types of '{0}' come from method '{1}.{2}', whose types could not be read statically");
    public static readonly FindingMessage KnownTypesComputedAtRunTime = new(nameof(KnownTypesComputedAtRunTime), RuleIds.KnownTypeNotResolved, "Known types of '{0}' come from method '{1}.{2}', which computes them at run time; only the types it names with typeof get oneof cases");
    public static readonly FindingMessage ReferencePreserved = new(nameof(ReferencePreserved), RuleIds.ReferencePreserved, "'{0}' is a data contract with IsReference = true");
    public static readonly FindingMessage RecursiveType = new(nameof(RecursiveType), RuleIds.RecursiveType, "'{0}' can contain a value of its own type ({1})");
    public static readonly FindingMessage NotSerializableRefused = new(nameof(NotSerializableRefused), RuleIds.NotSerializable, "{0} is of type '{1}', which has no [DataContract], is not [Serializable] and {2}: WCF's DataContractSerializer refuses it");
    public static readonly FindingMessage NotSerializableEmpty = new(nameof(NotSerializableEmpty), RuleIds.NotSerializable, "{0} is of type '{1}', which has no [DataContract], is not [Serializable] and has no public read/write property or field: it carries nothing");

    /// <summary>Properties for the fix: <c>order</c> (the type's own members, comma-separated, in today's wire order) and <c>first</c> (the first Order to give).</summary>
    public static readonly FindingMessage MembersWithoutOrder = new(nameof(MembersWithoutOrder), RuleIds.DataMemberOrder, "'{0}' sends data member(s) {1} without an explicit Order of 1 or more");
    public static readonly FindingMessage MembersSharingOrder = new(nameof(MembersSharingOrder), RuleIds.DataMemberOrder, "'{0}' has data members sharing an Order: {1}");
    public static readonly FindingMessage KnownTypesMapped = new(nameof(KnownTypesMapped), RuleIds.KnownTypesMapped, "'{0}' has the known derived type(s) {1}");
    public static readonly FindingMessage DateTimeMapped = new(nameof(DateTimeMapped), RuleIds.DateTimeValue, "{0} is a DateTime; its Kind travels with it");
    public static readonly FindingMessage DecimalMapped = new(nameof(DecimalMapped), RuleIds.DecimalValue, "{0} is a decimal; it travels exactly, scale included");
    public static readonly FindingMessage InferredDataContract = new(nameof(InferredDataContract), RuleIds.InferredDataContract, "'{0}' has no [DataContract]; its public read/write properties and fields are mapped");
    public static readonly FindingMessage LockFileUnreadable = new(nameof(LockFileUnreadable), RuleIds.LockFileUnreadable, "The lock file has {0} unreadable or conflicting line(s) (first: line {1})");
    public static readonly FindingMessage ProtoNameKept = new(nameof(ProtoNameKept), RuleIds.ProtoNameKept, "{0} keeps the proto name '{1}' from the lock file; from the C# source alone it would be '{2}'");
    public static readonly FindingMessage RenameFollowed = new(nameof(RenameFollowed), RuleIds.ProtoNameKept, "'{0}' takes over the lock file entries of '{1}', which has the same WCF name '{2}': its proto name '{3}' and field numbers are kept");
    public static readonly FindingMessage TypeAnalysisFailed = new(nameof(TypeAnalysisFailed), RuleIds.TypeAnalysisFailed, "'{0}' could not be analysed ({1}: {2})");
    public static readonly FindingMessage TypeMappingFailed = new(nameof(TypeMappingFailed), RuleIds.TypeAnalysisFailed, "'{0}' could not be mapped ({1}: {2})");

    // ── 3xxx behaviors ──
    public static readonly FindingMessage PerCallWithSingleConcurrency = new(nameof(PerCallWithSingleConcurrency), RuleIds.PerCallWithSingleConcurrency, "'{0}' is PerCall with ConcurrencyMode.Single, which serializes nothing");
    public static readonly FindingMessage ReentrantConcurrency = new(nameof(ReentrantConcurrency), RuleIds.ReentrantConcurrency, "'{0}' uses ConcurrencyMode.Reentrant");
    public static readonly FindingMessage PerSessionInstancing = new(nameof(PerSessionInstancing), RuleIds.PerSessionInstancing, "'{0}' keeps one instance per session (InstanceContextMode.PerSession)");
    public static readonly FindingMessage SessionRequired = new(nameof(SessionRequired), RuleIds.SessionRequired, "Service contract '{0}' requires sessions (SessionMode.Required)");
    public static readonly FindingMessage TransactionFlow = new(nameof(TransactionFlow), RuleIds.TransactionFlow, "Operation '{0}' flows transactions (TransactionFlowOption.{1})");
    public static readonly FindingMessage TransactionScopeRequired = new(nameof(TransactionScopeRequired), RuleIds.TransactionScopeRequired, "'{0}.{1}' requires a transaction scope");
    public static readonly FindingMessage InitiatingTerminating = new(nameof(InitiatingTerminating), RuleIds.InitiatingTerminating, "Operation '{0}' sets IsInitiating = {1}, IsTerminating = {2}");
    public static readonly FindingMessage SingleInstanceSingleConcurrency = new(nameof(SingleInstanceSingleConcurrency), RuleIds.SingleInstanceSingleConcurrency, "'{0}' is a single instance with ConcurrencyMode.Single: all calls run one at a time");
    public static readonly FindingMessage OperationContextMember = new(nameof(OperationContextMember), RuleIds.OperationContextUse, "'{0}' uses OperationContext.{1}");
    public static readonly FindingMessage OperationContextMemberUnsupported = new(nameof(OperationContextMemberUnsupported), RuleIds.OperationContextUnsupported, "'{0}' uses OperationContext.{1}, which the migrated OperationContext does not offer");
    public static readonly FindingMessage OperationContextQualified = new(nameof(OperationContextQualified), RuleIds.OperationContextUnsupported, "'{0}' names '{1}' with its namespace, so the migrated OperationContext cannot stand in for it");

    // ── 4xxx hosting ──
    public static readonly FindingMessage ServiceHostInCode = new(nameof(ServiceHostInCode), RuleIds.ServiceHostInCode, "'{0}' hosts a WCF service in code");
    public static readonly FindingMessage BindingInCode = new(nameof(BindingInCode), RuleIds.BindingInCode, "'{0}' is configured in code");
    public static readonly FindingMessage WcfClientChannel = new(nameof(WcfClientChannel), RuleIds.WcfClientChannel, "'{0}' calls a WCF service");
    public static readonly FindingMessage NamedPipeBinding = new(nameof(NamedPipeBinding), RuleIds.NamedPipeTransport, "'{0}' is a named-pipe binding");
    public static readonly FindingMessage NamedPipeAddress = new(nameof(NamedPipeAddress), RuleIds.NamedPipeTransport, "'{0}' is a net.pipe address");
    public static readonly FindingMessage SecurityModeInCode = new(nameof(SecurityModeInCode), RuleIds.SecurityModeWithoutEquivalent, "'{0}' uses {1}");
    public static readonly FindingMessage SecurityModeInConfiguration = new(nameof(SecurityModeInConfiguration), RuleIds.SecurityModeWithoutEquivalent, "Binding configuration '{0}' uses security mode '{1}'");
    public static readonly FindingMessage ServiceInConfiguration = new(nameof(ServiceInConfiguration), RuleIds.ConfigurationFile, "Service '{0}' is configured in <system.serviceModel> with {1} endpoint(s)");
    public static readonly FindingMessage ClientEndpointInConfiguration = new(nameof(ClientEndpointInConfiguration), RuleIds.ConfigurationFile, "Client endpoint '{0}' for contract '{1}' is configured in <system.serviceModel>");
    public static readonly FindingMessage ConfigurationUnreadable = new(nameof(ConfigurationUnreadable), RuleIds.ConfigurationFile, "'{0}' could not be read as XML ({1})");
    public static readonly FindingMessage EndpointNeedsCertificate = new(nameof(EndpointNeedsCertificate), RuleIds.ConfigurationFile, "Service '{0}' listens on '{1}', which becomes the TLS endpoint '{2}' ({3}) in the host's appsettings.json: give it a certificate in MigrateWcf:Endpoints:{2}:Certificate (Path and KeyPath of a PEM pair, or a PKCS#12 Path and Password); outside Development the host does not start without one");
    public static readonly FindingMessage ClientNeedsCertificate = new(nameof(ClientNeedsCertificate), RuleIds.ConfigurationFile, "Client endpoint '{0}' presents a certificate: fill MigrateWcf:Clients:{0}:ClientCertificate (Path and KeyPath) in appsettings.json");

    /// <summary>{0} the setting as written (<c>receiveTimeout="00:10:00"</c>), {1} where (<c>binding configuration 'netTcpBinding/big'</c>), {2} what to do instead.</summary>
    public static readonly FindingMessage SettingWithoutCounterpart = new(nameof(SettingWithoutCounterpart), RuleIds.ConfigurationSettingWithoutCounterpart, "{0} of {1} has no counterpart in the migrated host: {2}");
    public static readonly FindingMessage MessageSizeLimitPerHost = new(nameof(MessageSizeLimitPerHost), RuleIds.ConfigurationSettingWithoutCounterpart, "Binding configuration '{0}' receives at most {1} bytes, but the migrated host has one limit for all its endpoints: {2} bytes (MigrateWcf:MaxReceiveMessageSize), the largest of its bindings");
    /// <summary>{0} what the attribute is on (<c>Type</c> or <c>Type.Method</c>), {1} its demand as written (<c>Role = "Admins"</c>), {2} the policy's name, {3} its requirement (<c>RequireRole("Admins")</c>).</summary>
    public static readonly FindingMessage PrincipalPermissionDemand = new(nameof(PrincipalPermissionDemand), RuleIds.AuthorizationWithoutCounterpart, "[PrincipalPermission({1})] on '{0}' is not checked by the migrated gRPC service: add the policy options.AddPolicy(\"{2}\", p => p.{3}) in AddAuthorization and put [Authorize(Policy = \"{2}\")] on '{0}'");

    /// <summary>{0} the class, {1} the WCF type it derives from.</summary>
    public static readonly FindingMessage AuthorizationManagerInCode = new(nameof(AuthorizationManagerInCode), RuleIds.AuthorizationWithoutCounterpart, "'{0}' derives from '{1}', whose CheckAccessCore the migrated gRPC service never calls: do its checks in an IAuthorizationHandler of a policy registered with AddAuthorization and named by [Authorize(Policy = \"...\")] on the implementation, or in a gRPC server interceptor");
    public static readonly FindingMessage ApiMissingOnDotNet = new(nameof(ApiMissingOnDotNet), RuleIds.ApiMissingOnDotNet, "'{0}' does not exist on .NET 10 ({1}): {2}");
    public static readonly FindingMessage CodeDoesNotCompileOnDotNet = new(nameof(CodeDoesNotCompileOnDotNet), RuleIds.ApiMissingOnDotNet, "This code does not compile on .NET 10 ({0}: {1})");
    public static readonly FindingMessage TypeLeftOut = new(nameof(TypeLeftOut), RuleIds.LeftOutOfMigratedProject, "'{0}' is left out of the migrated project: {1}");
    /// <summary>{0} the attribute as written, {1} what it is on, {2} its class, {3} the class's project, {4} the behavior interfaces, {5} "; it installs X (IDispatchMessageInspector)" or nothing.</summary>
    public static readonly FindingMessage BehaviorAttributeLeftOut = new(nameof(BehaviorAttributeLeftOut), RuleIds.BehaviorNotApplied, "[{0}] on '{1}' is left out of the migrated project: '{2}' (project {3}) is a WCF behavior ({4}), which WCF applied when the service host opened and the migrated service never applies{5}; write a gRPC server interceptor that does its work");
    public static readonly FindingMessage OutputCacheProfileIgnored = new(nameof(OutputCacheProfileIgnored), RuleIds.OutputCacheNotApplied, "'{0}' asks for the ASP.NET output cache profile '{1}' ([AspNetCacheProfile]); the migrated service does not cache its response");
    public static readonly FindingMessage FrameworkPackageAdded = new(nameof(FrameworkPackageAdded), RuleIds.FrameworkPackage, "'{0}' is in the package {1} {2} on .NET 10, which the migrated project references{3}");
    public static readonly FindingMessage TestProjectLeftOut = new(nameof(TestProjectLeftOut), RuleIds.TestProjectLeftOut, "Project '{0}' is a test project ({1}), so the migrated project does not compile it");
    public static readonly FindingMessage PackageNotCarried = new(nameof(PackageNotCarried), RuleIds.PackageNotCarried, "Package '{0}' {1} is not referenced by the migrated project: {2}");
    /// <summary>{0} the project file, {1} why its DefineConstants was not read, {2} the configuration read.</summary>
    public static readonly FindingMessage PreprocessorSymbolsNotRead = new(nameof(PreprocessorSymbolsNotRead), RuleIds.PreprocessorSymbolsNotRead, "A DefineConstants of '{0}' is not read: {1}; its files are parsed with the other symbols of its {2} configuration, so code under #if on the symbols it defines reads as absent");
    public static readonly FindingMessage PackageVersionChanged = new(nameof(PackageVersionChanged), RuleIds.PackageVersionChanged, "Package '{0}' is referenced at {1}: {2}");

    /// <summary>A compiler error in an original source (or the original a generated copy points at): {0} the code, {1} the compiler's message.</summary>
    public static readonly FindingMessage DoesNotCompile = new(nameof(DoesNotCompile), RuleIds.DoesNotCompile, "Does not compile on .NET 10: {0}: {1}");

    /// <summary>An error in a file generate wrote: {0} the file relative to the output folder, {1} the code, {2} the message.</summary>
    public static readonly FindingMessage GeneratedFileDoesNotCompile = new(nameof(GeneratedFileDoesNotCompile), RuleIds.DoesNotCompile, "The generated '{0}' does not compile: {1}: {2}; this is a migrate-wcf bug, please report it");

    /// <summary>An error in a file generate wrote that names an API a WCFM4007 reports: {0} the file, {1} the code, {2} the message, {3} the API.</summary>
    public static readonly FindingMessage GeneratedFileFollowsFromMissingApi = new(nameof(GeneratedFileFollowsFromMissingApi), RuleIds.DoesNotCompile, "The generated '{0}' does not compile: {1}: {2}; it follows from the contract's use of '{3}' (WCFM4007): replace that use and run generate again");

    /// <summary>A build error with no source position (restore, MSBuild): {0} the code, {1} the message.</summary>
    public static readonly FindingMessage ProjectDoesNotBuild = new(nameof(ProjectDoesNotBuild), RuleIds.DoesNotCompile, "The migrated project does not build: {0}: {1}");

    /// <summary>The MigrateWcf.Runtime package is not on the user's feeds: {0} the code, {1} NuGet's message.</summary>
    public static readonly FindingMessage RuntimePackageMissing = new(nameof(RuntimePackageMissing), RuleIds.DoesNotCompile, "The migrated project does not restore: {0}: {1}; the MigrateWcf packages are not on nuget.org: add the folder migrate-wcf's scripts/pack-tool.sh packs them into (artifacts/packages) as a package source, or pass --runtime-project with the path of migrate-wcf's runtime/MigrateWcf.Runtime.csproj");

    /// <summary>A service of the .proto files the started host does not serve: {0} its full name, {1} the contract, {2} why.</summary>
    public static readonly FindingMessage ServiceNotServed = new(nameof(ServiceNotServed), RuleIds.NotServed, "The migrated host does not serve '{0}' (contract '{1}'): {2}");

    /// <summary>The host could not be asked what it serves: {0} why (it did not start, it did not answer).</summary>
    public static readonly FindingMessage HostDoesNotServe = new(nameof(HostDoesNotServe), RuleIds.NotServed, "The migrated host serves nothing: {0}");

    /// <summary>Every message, in the order above (declared last: static fields initialise in order).</summary>
    public static ImmutableArray<FindingMessage> All { get; } = ImmutableArray.Create(
        OneWayOperation, OneWayResultIgnored, DuplexCallback, CallbackContractNotAService, FaultContract, OverloadedOperation, DuplicateOperationName,
        RefOutParameter, StreamWithOtherParameters, StreamWithOtherResults, StreamParameter, StreamResult,
        ServiceContractOnClass, IncompleteAsyncPattern, UntypedMessage, XmlSerializerFormat, ContractWithoutOperations,
        OpenGenericContract, GenericOperation, RestOperationKept, RestOperationChanged, RestXmlFormat, RestUriTemplateFeature,
        RestNotServed, RestJsonDiffers, RestFault, ClientCode, ClientSideContractCopy, ClientSideContractOtherNamespace, ClientSideContractGenerated,
        ReferencedProjectContractsLeftOut, ImplementationChoice, UnreachableContract, UnreachableImplementation, UnreachableDataType, UnreachableMember, MsmqMessageParameter, ServiceContractMapped, MessageContractRequest, MessageContractResponse,
        SynchronousOperation, ContractAnalysisFailed, ContractMappingFailed, TypeNestedTooDeep,
        ObjectMember, UnmappedType, TypeWithoutProtoForm, StreamInMessage, UnresolvedType, EnumWithoutZero, FlagsEnum,
        EnumValueOutOfRange, NonScalarDictionaryKey, NameCollision, LockedNameTaken, MessageContractHeader, SerializableType,
        CustomSerialization, RequiredMember, KnownTypesNotReadable, KnownTypesComputedAtRunTime, ReferencePreserved,
        MembersWithoutOrder, MembersSharingOrder, KnownTypesMapped, DateTimeMapped, DecimalMapped, InferredDataContract,
        RecursiveType, NotSerializableRefused, NotSerializableEmpty, LockFileUnreadable, ProtoNameKept, RenameFollowed, TypeAnalysisFailed, TypeMappingFailed,
        PerCallWithSingleConcurrency, ReentrantConcurrency, PerSessionInstancing, SessionRequired, TransactionFlow,
        TransactionScopeRequired, InitiatingTerminating, SingleInstanceSingleConcurrency,
        OperationContextMember, OperationContextMemberUnsupported, OperationContextQualified,
        ServiceHostInCode, BindingInCode, WcfClientChannel, NamedPipeBinding, NamedPipeAddress, SecurityModeInCode,
        SecurityModeInConfiguration, ServiceInConfiguration, ClientEndpointInConfiguration, ConfigurationUnreadable,
        EndpointNeedsCertificate, ClientNeedsCertificate, SettingWithoutCounterpart, MessageSizeLimitPerHost,
        PrincipalPermissionDemand, AuthorizationManagerInCode,
        ApiMissingOnDotNet, CodeDoesNotCompileOnDotNet, TypeLeftOut, FrameworkPackageAdded, BehaviorAttributeLeftOut, OutputCacheProfileIgnored,
        TestProjectLeftOut, PackageNotCarried, PackageVersionChanged, PreprocessorSymbolsNotRead,
        DoesNotCompile, GeneratedFileDoesNotCompile, GeneratedFileFollowsFromMissingApi, ProjectDoesNotBuild, RuntimePackageMissing,
        ServiceNotServed, HostDoesNotServe);
}

/// <summary>Names of the properties WCFM2015 findings carry for the fix (<see cref="Finding.Properties"/>).</summary>
public static class DataMemberOrderProperties
{
    /// <summary>The type's own data members (C# names, comma-separated) in the order they travel today.</summary>
    public const string Order = "order";

    /// <summary>The Order to give the first of them; the rest follow one by one.</summary>
    public const string First = "first";
}

/// <summary>Names of the properties WCFM1005 findings carry for the fix (<see cref="Finding.Properties"/>).</summary>
public static class DuplicateOperationNameProperties
{
    /// <summary>A unique operation name: the rpc's name, so naming the operation so keeps the rpc as it is today.</summary>
    public const string UniqueName = "uniqueName";
}
