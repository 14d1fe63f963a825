using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers;

/// <summary>
/// The one table of diagnostic descriptors: one per finding message of the engine's catalog (<see cref="RuleCatalog"/>,
/// <see cref="FindingMessages"/>), all made by <see cref="Create"/>, which takes title, message, description and help
/// link (derived from the id: <c>docs/rules/WCFM####.md</c>) from the catalog. A rule with several messages has several
/// descriptors with its id. Id, category and severity are written here as constants because release tracking
/// (AnalyzerReleases.*.md, RS2000-RS2008) reads them from the source; tests check they are the catalog's. The severity is
/// the catalog's, except that no rule is an error in builds and IDEs: legacy code that compiles must keep building (the
/// tool keeps Error, which makes it refuse to generate). Nothing here decides what is reported: the engine does.
/// </summary>
internal static class WcfDiagnostics
{
    /// <summary>The property holding the finding's message id (<see cref="FindingMessage.Id"/>), for fixers and tests.</summary>
    public const string MessageIdProperty = "MigrateWcf.MessageId";

    /// <summary>Custom tag on every descriptor, so the rules can be found and silenced together.</summary>
    public const string Tag = "MigrateWcf";

    // Filled by Create, so declared (and initialised) before the descriptors.
    private static readonly Dictionary<string, DiagnosticDescriptor> ByMessage = new();

    // ── 1xxx ──
    public static readonly DiagnosticDescriptor OneWayOperation = Create(id: RuleIds.OneWayOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.OneWayOperation);
    public static readonly DiagnosticDescriptor OneWayResultIgnored = Create(id: RuleIds.OneWayOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.OneWayResultIgnored);
    public static readonly DiagnosticDescriptor DuplexCallback = Create(id: RuleIds.DuplexCallback, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.DuplexCallback);
    public static readonly DiagnosticDescriptor FaultContract = Create(id: RuleIds.FaultContract, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.FaultContract);
    public static readonly DiagnosticDescriptor OverloadedOperation = Create(id: RuleIds.OverloadedOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.OverloadedOperation);
    public static readonly DiagnosticDescriptor DuplicateOperationName = Create(id: RuleIds.DuplicateOperationName, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.DuplicateOperationName);
    public static readonly DiagnosticDescriptor RefOutParameter = Create(id: RuleIds.RefOutParameter, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.RefOutParameter);
    public static readonly DiagnosticDescriptor StreamWithOtherParameters = Create(id: RuleIds.StreamWithOtherParameters, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.StreamWithOtherParameters);
    public static readonly DiagnosticDescriptor StreamWithOtherResults = Create(id: RuleIds.StreamWithOtherParameters, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.StreamWithOtherResults);
    public static readonly DiagnosticDescriptor StreamParameter = Create(id: RuleIds.StreamOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.StreamParameter);
    public static readonly DiagnosticDescriptor StreamResult = Create(id: RuleIds.StreamOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.StreamResult);
    public static readonly DiagnosticDescriptor ServiceContractOnClass = Create(id: RuleIds.ServiceContractOnClass, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ServiceContractOnClass);
    public static readonly DiagnosticDescriptor IncompleteAsyncPattern = Create(id: RuleIds.IncompleteAsyncPattern, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.IncompleteAsyncPattern);
    public static readonly DiagnosticDescriptor UntypedMessage = Create(id: RuleIds.UntypedMessage, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.UntypedMessage);
    public static readonly DiagnosticDescriptor XmlSerializerFormat = Create(id: RuleIds.XmlSerializerFormat, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.XmlSerializerFormat);
    public static readonly DiagnosticDescriptor ContractWithoutOperations = Create(id: RuleIds.ContractWithoutOperations, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ContractWithoutOperations);
    public static readonly DiagnosticDescriptor OpenGenericContract = Create(id: RuleIds.OpenGenericContract, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.OpenGenericContract);
    public static readonly DiagnosticDescriptor GenericOperation = Create(id: RuleIds.OpenGenericContract, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.GenericOperation);
    public static readonly DiagnosticDescriptor RestOperationKept = Create(id: RuleIds.RestOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.RestOperationKept);
    public static readonly DiagnosticDescriptor RestOperationChanged = Create(id: RuleIds.RestOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.RestOperationChanged);
    public static readonly DiagnosticDescriptor RestXmlFormat = Create(id: RuleIds.RestXmlFormat, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.RestXmlFormat);
    public static readonly DiagnosticDescriptor RestUriTemplateFeature = Create(id: RuleIds.RestUriTemplate, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.RestUriTemplateFeature);
    public static readonly DiagnosticDescriptor RestNotServed = Create(id: RuleIds.RestUriTemplate, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.RestNotServed);
    public static readonly DiagnosticDescriptor RestJsonDiffers = Create(id: RuleIds.RestJsonDiffers, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.RestJsonDiffers);
    public static readonly DiagnosticDescriptor RestFault = Create(id: RuleIds.RestFault, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.RestFault);
    public static readonly DiagnosticDescriptor ClientCode = Create(id: RuleIds.ClientCode, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ClientCode);
    public static readonly DiagnosticDescriptor ClientSideContractCopy = Create(id: RuleIds.ClientSideContract, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ClientSideContractCopy);
    public static readonly DiagnosticDescriptor ClientSideContractGenerated = Create(id: RuleIds.ClientSideContract, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ClientSideContractGenerated);
    public static readonly DiagnosticDescriptor ImplementationChoice = Create(id: RuleIds.ImplementationChoice, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ImplementationChoice);
    public static readonly DiagnosticDescriptor UnreachableContract = Create(id: RuleIds.UnreachableType, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.UnreachableContract);
    public static readonly DiagnosticDescriptor UnreachableImplementation = Create(id: RuleIds.UnreachableType, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.UnreachableImplementation);
    public static readonly DiagnosticDescriptor UnreachableDataType = Create(id: RuleIds.UnreachableType, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.UnreachableDataType);
    public static readonly DiagnosticDescriptor UnreachableMember = Create(id: RuleIds.UnreachableType, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.UnreachableMember);
    public static readonly DiagnosticDescriptor ServiceContractMapped = Create(id: RuleIds.ServiceContractMapped, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ServiceContractMapped);
    public static readonly DiagnosticDescriptor MessageContractRequest = Create(id: RuleIds.MessageContractOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.MessageContractRequest);
    public static readonly DiagnosticDescriptor MessageContractResponse = Create(id: RuleIds.MessageContractOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.MessageContractResponse);
    public static readonly DiagnosticDescriptor SynchronousOperation = Create(id: RuleIds.SynchronousOperation, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.SynchronousOperation);
    public static readonly DiagnosticDescriptor ContractAnalysisFailed = Create(id: RuleIds.ContractAnalysisFailed, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.ContractAnalysisFailed);
    public static readonly DiagnosticDescriptor ContractMappingFailed = Create(id: RuleIds.ContractAnalysisFailed, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.ContractMappingFailed);
    public static readonly DiagnosticDescriptor TypeNestedTooDeep = Create(id: RuleIds.ContractAnalysisFailed, category: RuleCategories.Contracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.TypeNestedTooDeep);

    // ── 2xxx ──
    public static readonly DiagnosticDescriptor ObjectMember = Create(id: RuleIds.ObjectMember, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.ObjectMember);
    public static readonly DiagnosticDescriptor UnmappedType = Create(id: RuleIds.UnmappedType, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.UnmappedType);
    public static readonly DiagnosticDescriptor TypeWithoutProtoForm = Create(id: RuleIds.UnmappedType, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.TypeWithoutProtoForm);
    public static readonly DiagnosticDescriptor StreamInMessage = Create(id: RuleIds.UnmappedType, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.StreamInMessage);
    public static readonly DiagnosticDescriptor UnresolvedType = Create(id: RuleIds.UnresolvedType, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.UnresolvedType);
    public static readonly DiagnosticDescriptor EnumWithoutZero = Create(id: RuleIds.EnumWithoutZero, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.EnumWithoutZero);
    public static readonly DiagnosticDescriptor FlagsEnum = Create(id: RuleIds.FlagsEnum, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.FlagsEnum);
    public static readonly DiagnosticDescriptor EnumValueOutOfRange = Create(id: RuleIds.EnumValueOutOfRange, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.EnumValueOutOfRange);
    public static readonly DiagnosticDescriptor NonScalarDictionaryKey = Create(id: RuleIds.NonScalarDictionaryKey, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.NonScalarDictionaryKey);
    public static readonly DiagnosticDescriptor NameCollision = Create(id: RuleIds.NameCollision, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.NameCollision);
    public static readonly DiagnosticDescriptor LockedNameTaken = Create(id: RuleIds.NameCollision, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.LockedNameTaken);
    public static readonly DiagnosticDescriptor MessageContractHeader = Create(id: RuleIds.MessageContractHeader, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.MessageContractHeader);
    public static readonly DiagnosticDescriptor SerializableType = Create(id: RuleIds.SerializableType, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.SerializableType);
    public static readonly DiagnosticDescriptor CustomSerialization = Create(id: RuleIds.CustomSerialization, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.CustomSerialization);
    public static readonly DiagnosticDescriptor RequiredMember = Create(id: RuleIds.RequiredMember, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.RequiredMember);
    public static readonly DiagnosticDescriptor KnownTypesNotReadable = Create(id: RuleIds.KnownTypeNotResolved, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.KnownTypesNotReadable);
    public static readonly DiagnosticDescriptor KnownTypesComputedAtRunTime = Create(id: RuleIds.KnownTypeNotResolved, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.KnownTypesComputedAtRunTime);
    public static readonly DiagnosticDescriptor ReferencePreserved = Create(id: RuleIds.ReferencePreserved, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.ReferencePreserved);
    public static readonly DiagnosticDescriptor MembersWithoutOrder = Create(id: RuleIds.DataMemberOrder, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.MembersWithoutOrder);
    public static readonly DiagnosticDescriptor MembersSharingOrder = Create(id: RuleIds.DataMemberOrder, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.MembersSharingOrder);
    public static readonly DiagnosticDescriptor KnownTypesMapped = Create(id: RuleIds.KnownTypesMapped, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.KnownTypesMapped);
    public static readonly DiagnosticDescriptor DateTimeMapped = Create(id: RuleIds.DateTimeValue, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.DateTimeMapped);
    public static readonly DiagnosticDescriptor DecimalMapped = Create(id: RuleIds.DecimalValue, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.DecimalMapped);
    public static readonly DiagnosticDescriptor InferredDataContract = Create(id: RuleIds.InferredDataContract, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.InferredDataContract);
    public static readonly DiagnosticDescriptor RecursiveType = Create(id: RuleIds.RecursiveType, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.RecursiveType);
    public static readonly DiagnosticDescriptor NotSerializableRefused = Create(id: RuleIds.NotSerializable, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.NotSerializableRefused);
    public static readonly DiagnosticDescriptor NotSerializableEmpty = Create(id: RuleIds.NotSerializable, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.NotSerializableEmpty);
    public static readonly DiagnosticDescriptor LockFileUnreadable = Create(id: RuleIds.LockFileUnreadable, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.LockFileUnreadable);
    public static readonly DiagnosticDescriptor ProtoNameKept = Create(id: RuleIds.ProtoNameKept, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ProtoNameKept);
    public static readonly DiagnosticDescriptor RenameFollowed = Create(id: RuleIds.ProtoNameKept, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.RenameFollowed);
    public static readonly DiagnosticDescriptor TypeAnalysisFailed = Create(id: RuleIds.TypeAnalysisFailed, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.TypeAnalysisFailed);
    public static readonly DiagnosticDescriptor TypeMappingFailed = Create(id: RuleIds.TypeAnalysisFailed, category: RuleCategories.DataContracts, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.TypeMappingFailed);

    // ── 3xxx ──
    public static readonly DiagnosticDescriptor PerCallWithSingleConcurrency = Create(id: RuleIds.PerCallWithSingleConcurrency, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.PerCallWithSingleConcurrency);
    public static readonly DiagnosticDescriptor ReentrantConcurrency = Create(id: RuleIds.ReentrantConcurrency, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.ReentrantConcurrency);
    public static readonly DiagnosticDescriptor PerSessionInstancing = Create(id: RuleIds.PerSessionInstancing, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.PerSessionInstancing);
    public static readonly DiagnosticDescriptor SessionRequired = Create(id: RuleIds.SessionRequired, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.SessionRequired);
    public static readonly DiagnosticDescriptor TransactionFlow = Create(id: RuleIds.TransactionFlow, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.TransactionFlow);
    public static readonly DiagnosticDescriptor TransactionScopeRequired = Create(id: RuleIds.TransactionScopeRequired, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.TransactionScopeRequired);
    public static readonly DiagnosticDescriptor InitiatingTerminating = Create(id: RuleIds.InitiatingTerminating, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.InitiatingTerminating);
    public static readonly DiagnosticDescriptor SingleInstanceSingleConcurrency = Create(id: RuleIds.SingleInstanceSingleConcurrency, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.SingleInstanceSingleConcurrency);
    public static readonly DiagnosticDescriptor OperationContextMember = Create(id: RuleIds.OperationContextUse, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.OperationContextMember);
    public static readonly DiagnosticDescriptor OperationContextMemberUnsupported = Create(id: RuleIds.OperationContextUnsupported, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.OperationContextMemberUnsupported);
    public static readonly DiagnosticDescriptor OperationContextQualified = Create(id: RuleIds.OperationContextUnsupported, category: RuleCategories.Behaviors, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.OperationContextQualified);

    // ── 4xxx ──
    public static readonly DiagnosticDescriptor ServiceHostInCode = Create(id: RuleIds.ServiceHostInCode, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ServiceHostInCode);
    public static readonly DiagnosticDescriptor BindingInCode = Create(id: RuleIds.BindingInCode, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.BindingInCode);
    public static readonly DiagnosticDescriptor WcfClientChannel = Create(id: RuleIds.WcfClientChannel, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.WcfClientChannel);
    public static readonly DiagnosticDescriptor NamedPipeBinding = Create(id: RuleIds.NamedPipeTransport, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.NamedPipeBinding);
    public static readonly DiagnosticDescriptor NamedPipeAddress = Create(id: RuleIds.NamedPipeTransport, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.NamedPipeAddress);
    public static readonly DiagnosticDescriptor SecurityModeInCode = Create(id: RuleIds.SecurityModeWithoutEquivalent, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.SecurityModeInCode);
    public static readonly DiagnosticDescriptor SecurityModeInConfiguration = Create(id: RuleIds.SecurityModeWithoutEquivalent, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.SecurityModeInConfiguration);
    public static readonly DiagnosticDescriptor ServiceInConfiguration = Create(id: RuleIds.ConfigurationFile, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ServiceInConfiguration);
    public static readonly DiagnosticDescriptor ClientEndpointInConfiguration = Create(id: RuleIds.ConfigurationFile, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ClientEndpointInConfiguration);
    public static readonly DiagnosticDescriptor ConfigurationUnreadable = Create(id: RuleIds.ConfigurationFile, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ConfigurationUnreadable);
    public static readonly DiagnosticDescriptor EndpointNeedsCertificate = Create(id: RuleIds.ConfigurationFile, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.EndpointNeedsCertificate);
    public static readonly DiagnosticDescriptor ClientNeedsCertificate = Create(id: RuleIds.ConfigurationFile, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Info, FindingMessages.ClientNeedsCertificate);
    public static readonly DiagnosticDescriptor SettingWithoutCounterpart = Create(id: RuleIds.ConfigurationSettingWithoutCounterpart, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.SettingWithoutCounterpart);
    public static readonly DiagnosticDescriptor MessageSizeLimitPerHost = Create(id: RuleIds.ConfigurationSettingWithoutCounterpart, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.MessageSizeLimitPerHost);
    public static readonly DiagnosticDescriptor PrincipalPermissionDemand = Create(id: RuleIds.AuthorizationWithoutCounterpart, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.PrincipalPermissionDemand);
    public static readonly DiagnosticDescriptor AuthorizationManagerInCode = Create(id: RuleIds.AuthorizationWithoutCounterpart, category: RuleCategories.Hosting, defaultSeverity: DiagnosticSeverity.Warning, FindingMessages.AuthorizationManagerInCode);

    /// <summary>Every descriptor, in the catalog's message order.</summary>
    public static ImmutableArray<DiagnosticDescriptor> All { get; } = ImmutableArray.Create(
        OneWayOperation, OneWayResultIgnored, DuplexCallback, FaultContract,
        OverloadedOperation, DuplicateOperationName, RefOutParameter, StreamWithOtherParameters,
        StreamWithOtherResults, StreamParameter, StreamResult, ServiceContractOnClass,
        IncompleteAsyncPattern, UntypedMessage, XmlSerializerFormat, ContractWithoutOperations,
        OpenGenericContract, GenericOperation, RestOperationKept, RestOperationChanged, RestXmlFormat, RestUriTemplateFeature,
        RestNotServed, RestJsonDiffers, RestFault, ClientCode, ClientSideContractCopy, ClientSideContractGenerated,
        ImplementationChoice, UnreachableContract, UnreachableImplementation, UnreachableDataType, UnreachableMember,
        ServiceContractMapped, MessageContractRequest, MessageContractResponse,
        SynchronousOperation, ContractAnalysisFailed, ContractMappingFailed, TypeNestedTooDeep, ObjectMember, UnmappedType,
        TypeWithoutProtoForm, StreamInMessage, UnresolvedType, EnumWithoutZero,
        FlagsEnum, EnumValueOutOfRange, NonScalarDictionaryKey, NameCollision, LockedNameTaken,
        MessageContractHeader, SerializableType, CustomSerialization, RequiredMember,
        KnownTypesNotReadable, KnownTypesComputedAtRunTime, ReferencePreserved, MembersWithoutOrder,
        MembersSharingOrder, KnownTypesMapped, DateTimeMapped, DecimalMapped,
        InferredDataContract, RecursiveType, NotSerializableRefused, NotSerializableEmpty, LockFileUnreadable, ProtoNameKept, RenameFollowed, TypeAnalysisFailed, TypeMappingFailed,
        PerCallWithSingleConcurrency, ReentrantConcurrency, PerSessionInstancing, SessionRequired,
        TransactionFlow, TransactionScopeRequired, InitiatingTerminating, SingleInstanceSingleConcurrency,
        OperationContextMember, OperationContextMemberUnsupported, OperationContextQualified, ServiceHostInCode,
        BindingInCode, WcfClientChannel, NamedPipeBinding, NamedPipeAddress,
        SecurityModeInCode, SecurityModeInConfiguration, ServiceInConfiguration, ClientEndpointInConfiguration,
        ConfigurationUnreadable, EndpointNeedsCertificate, ClientNeedsCertificate, SettingWithoutCounterpart, MessageSizeLimitPerHost,
        PrincipalPermissionDemand, AuthorizationManagerInCode);

    private static readonly Dictionary<string, DiagnosticDescriptor> ByMessageAtCompilationEnd = ByMessage.ToDictionary(
        p => p.Key,
        p => new DiagnosticDescriptor(p.Value.Id, p.Value.Title, p.Value.MessageFormat, p.Value.Category, p.Value.DefaultSeverity, p.Value.IsEnabledByDefault, p.Value.Description, p.Value.HelpLinkUri, p.Value.CustomTags.Append(WellKnownDiagnosticTags.CompilationEnd).ToArray()));

    /// <summary>The same descriptors, tagged as reported at compilation end (for findings no source type holds).</summary>
    public static ImmutableArray<DiagnosticDescriptor> AllAtCompilationEnd { get; } = FindingMessages.All.Where(HasDescriptor).Select(m => ByMessageAtCompilationEnd[m.Id]).ToImmutableArray();

    /// <summary>Every message but those of rules only <c>migrate-wcf generate</c> reports (<see cref="Rule.GenerateOnly"/>), which no analyzer sees.</summary>
    public static bool HasDescriptor(FindingMessage message) => !RuleCatalog.Get(message.RuleId).GenerateOnly;

    /// <summary>The descriptors of one rule category (<see cref="RuleCategories"/>), plus WCFM1090, which every analyzer may report when the engine fails.</summary>
    public static ImmutableArray<DiagnosticDescriptor> OfCategory(string category)
        => All.Where(d => d.Category == category || d.Id == RuleIds.ContractAnalysisFailed).ToImmutableArray();

    /// <summary>The descriptor of a finding's message.</summary>
    public static DiagnosticDescriptor For(Finding finding, bool atCompilationEnd = false)
        => (atCompilationEnd ? ByMessageAtCompilationEnd : ByMessage)[finding.MessageId];

    /// <summary>The default severity a rule has in builds and IDEs: Info stays Info, anything else is a Warning.</summary>
    public static DiagnosticSeverity SeverityOf(Rule rule) => rule.Severity == FindingSeverity.Info ? DiagnosticSeverity.Info : DiagnosticSeverity.Warning;

    /// <summary>The descriptor factory: everything but id, category and severity comes from the catalog entry of <paramref name="message"/>'s rule.</summary>
    private static DiagnosticDescriptor Create(string id, string category, DiagnosticSeverity defaultSeverity, FindingMessage message)
    {
        var rule = RuleCatalog.Get(message.RuleId);
        var descriptor = new DiagnosticDescriptor(
            id,
            rule.Title,
            RuleCatalog.DiagnosticFormat(message),
            category,
            defaultSeverity,
            isEnabledByDefault: true,
            description: rule.GrpcInstead,
            helpLinkUri: rule.HelpLink,
            customTags: new[] { Tag, category });
        ByMessage.Add(message.Id, descriptor);
        return descriptor;
    }
}
