using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers;

/// <summary>
/// The diagnostic descriptors: one per finding message of the engine's catalog (<see cref="RuleCatalog"/>,
/// <see cref="FindingMessages"/>), all made by <see cref="Create"/> from the message's rule, so id, title, category,
/// severity, message, description and help link (<c>docs/rules/WCFM####.md</c>) are written once, in the catalog. A rule
/// with several messages has several descriptors with its id. The severity is the catalog's, except that no rule is an
/// error in builds and IDEs: legacy code that compiles must keep building (the tool keeps Error, which makes it refuse to
/// generate). The named fields are the descriptors of single messages, for fixers and tests. Nothing here decides what is
/// reported: the engine does.
/// </summary>
/// <remarks>
/// Roslyn's release tracking (RS2000-RS2008) reads a descriptor's id, category and severity only when they are constants
/// at the descriptor's field, which would mean writing them here a second time; it is off for this project, and
/// tests/Analyzers.Tests (CatalogTests) checks AnalyzerReleases.*.md against the catalog instead.
/// </remarks>
internal static class WcfDiagnostics
{
    /// <summary>The property holding the finding's message id (<see cref="FindingMessage.Id"/>), for fixers and tests.</summary>
    public const string MessageIdProperty = "MigrateWcf.MessageId";

    /// <summary>Custom tag on every descriptor, so the rules can be found and silenced together.</summary>
    public const string Tag = "MigrateWcf";

    // Declared (and initialised) before the named fields, which look their descriptors up here.
    private static readonly Dictionary<string, DiagnosticDescriptor> ByMessage = FindingMessages.All.Where(HasDescriptor).ToDictionary(m => m.Id, Create);

    // ── 1xxx ──
    public static readonly DiagnosticDescriptor OneWayOperation = Of(FindingMessages.OneWayOperation);
    public static readonly DiagnosticDescriptor OneWayResultIgnored = Of(FindingMessages.OneWayResultIgnored);
    public static readonly DiagnosticDescriptor DuplexCallback = Of(FindingMessages.DuplexCallback);
    public static readonly DiagnosticDescriptor FaultContract = Of(FindingMessages.FaultContract);
    public static readonly DiagnosticDescriptor OverloadedOperation = Of(FindingMessages.OverloadedOperation);
    public static readonly DiagnosticDescriptor DuplicateOperationName = Of(FindingMessages.DuplicateOperationName);
    public static readonly DiagnosticDescriptor RefOutParameter = Of(FindingMessages.RefOutParameter);
    public static readonly DiagnosticDescriptor StreamWithOtherParameters = Of(FindingMessages.StreamWithOtherParameters);
    public static readonly DiagnosticDescriptor StreamWithOtherResults = Of(FindingMessages.StreamWithOtherResults);
    public static readonly DiagnosticDescriptor StreamParameter = Of(FindingMessages.StreamParameter);
    public static readonly DiagnosticDescriptor StreamResult = Of(FindingMessages.StreamResult);
    public static readonly DiagnosticDescriptor ServiceContractOnClass = Of(FindingMessages.ServiceContractOnClass);
    public static readonly DiagnosticDescriptor IncompleteAsyncPattern = Of(FindingMessages.IncompleteAsyncPattern);
    public static readonly DiagnosticDescriptor UntypedMessage = Of(FindingMessages.UntypedMessage);
    public static readonly DiagnosticDescriptor XmlSerializerFormat = Of(FindingMessages.XmlSerializerFormat);
    public static readonly DiagnosticDescriptor ContractWithoutOperations = Of(FindingMessages.ContractWithoutOperations);
    public static readonly DiagnosticDescriptor OpenGenericContract = Of(FindingMessages.OpenGenericContract);
    public static readonly DiagnosticDescriptor GenericOperation = Of(FindingMessages.GenericOperation);
    public static readonly DiagnosticDescriptor RestOperationKept = Of(FindingMessages.RestOperationKept);
    public static readonly DiagnosticDescriptor RestOperationChanged = Of(FindingMessages.RestOperationChanged);
    public static readonly DiagnosticDescriptor RestXmlFormat = Of(FindingMessages.RestXmlFormat);
    public static readonly DiagnosticDescriptor RestUriTemplateFeature = Of(FindingMessages.RestUriTemplateFeature);
    public static readonly DiagnosticDescriptor RestNotServed = Of(FindingMessages.RestNotServed);
    public static readonly DiagnosticDescriptor RestJsonDiffers = Of(FindingMessages.RestJsonDiffers);
    public static readonly DiagnosticDescriptor RestFault = Of(FindingMessages.RestFault);
    public static readonly DiagnosticDescriptor ClientCode = Of(FindingMessages.ClientCode);
    public static readonly DiagnosticDescriptor ClientSideContractCopy = Of(FindingMessages.ClientSideContractCopy);
    public static readonly DiagnosticDescriptor ClientSideContractGenerated = Of(FindingMessages.ClientSideContractGenerated);
    public static readonly DiagnosticDescriptor ImplementationChoice = Of(FindingMessages.ImplementationChoice);
    public static readonly DiagnosticDescriptor UnreachableContract = Of(FindingMessages.UnreachableContract);
    public static readonly DiagnosticDescriptor UnreachableImplementation = Of(FindingMessages.UnreachableImplementation);
    public static readonly DiagnosticDescriptor UnreachableDataType = Of(FindingMessages.UnreachableDataType);
    public static readonly DiagnosticDescriptor UnreachableMember = Of(FindingMessages.UnreachableMember);
    public static readonly DiagnosticDescriptor ServiceContractMapped = Of(FindingMessages.ServiceContractMapped);
    public static readonly DiagnosticDescriptor MessageContractRequest = Of(FindingMessages.MessageContractRequest);
    public static readonly DiagnosticDescriptor MessageContractResponse = Of(FindingMessages.MessageContractResponse);
    public static readonly DiagnosticDescriptor SynchronousOperation = Of(FindingMessages.SynchronousOperation);
    public static readonly DiagnosticDescriptor ContractAnalysisFailed = Of(FindingMessages.ContractAnalysisFailed);
    public static readonly DiagnosticDescriptor ContractMappingFailed = Of(FindingMessages.ContractMappingFailed);
    public static readonly DiagnosticDescriptor TypeNestedTooDeep = Of(FindingMessages.TypeNestedTooDeep);

    // ── 2xxx ──
    public static readonly DiagnosticDescriptor ObjectMember = Of(FindingMessages.ObjectMember);
    public static readonly DiagnosticDescriptor UnmappedType = Of(FindingMessages.UnmappedType);
    public static readonly DiagnosticDescriptor TypeWithoutProtoForm = Of(FindingMessages.TypeWithoutProtoForm);
    public static readonly DiagnosticDescriptor StreamInMessage = Of(FindingMessages.StreamInMessage);
    public static readonly DiagnosticDescriptor UnresolvedType = Of(FindingMessages.UnresolvedType);
    public static readonly DiagnosticDescriptor EnumWithoutZero = Of(FindingMessages.EnumWithoutZero);
    public static readonly DiagnosticDescriptor FlagsEnum = Of(FindingMessages.FlagsEnum);
    public static readonly DiagnosticDescriptor EnumValueOutOfRange = Of(FindingMessages.EnumValueOutOfRange);
    public static readonly DiagnosticDescriptor NonScalarDictionaryKey = Of(FindingMessages.NonScalarDictionaryKey);
    public static readonly DiagnosticDescriptor NameCollision = Of(FindingMessages.NameCollision);
    public static readonly DiagnosticDescriptor LockedNameTaken = Of(FindingMessages.LockedNameTaken);
    public static readonly DiagnosticDescriptor MessageContractHeader = Of(FindingMessages.MessageContractHeader);
    public static readonly DiagnosticDescriptor SerializableType = Of(FindingMessages.SerializableType);
    public static readonly DiagnosticDescriptor CustomSerialization = Of(FindingMessages.CustomSerialization);
    public static readonly DiagnosticDescriptor RequiredMember = Of(FindingMessages.RequiredMember);
    public static readonly DiagnosticDescriptor KnownTypesNotReadable = Of(FindingMessages.KnownTypesNotReadable);
    public static readonly DiagnosticDescriptor KnownTypesComputedAtRunTime = Of(FindingMessages.KnownTypesComputedAtRunTime);
    public static readonly DiagnosticDescriptor ReferencePreserved = Of(FindingMessages.ReferencePreserved);
    public static readonly DiagnosticDescriptor MembersWithoutOrder = Of(FindingMessages.MembersWithoutOrder);
    public static readonly DiagnosticDescriptor MembersSharingOrder = Of(FindingMessages.MembersSharingOrder);
    public static readonly DiagnosticDescriptor KnownTypesMapped = Of(FindingMessages.KnownTypesMapped);
    public static readonly DiagnosticDescriptor DateTimeMapped = Of(FindingMessages.DateTimeMapped);
    public static readonly DiagnosticDescriptor DecimalMapped = Of(FindingMessages.DecimalMapped);
    public static readonly DiagnosticDescriptor InferredDataContract = Of(FindingMessages.InferredDataContract);
    public static readonly DiagnosticDescriptor RecursiveType = Of(FindingMessages.RecursiveType);
    public static readonly DiagnosticDescriptor NotSerializableRefused = Of(FindingMessages.NotSerializableRefused);
    public static readonly DiagnosticDescriptor NotSerializableEmpty = Of(FindingMessages.NotSerializableEmpty);
    public static readonly DiagnosticDescriptor LockFileUnreadable = Of(FindingMessages.LockFileUnreadable);
    public static readonly DiagnosticDescriptor ProtoNameKept = Of(FindingMessages.ProtoNameKept);
    public static readonly DiagnosticDescriptor RenameFollowed = Of(FindingMessages.RenameFollowed);
    public static readonly DiagnosticDescriptor TypeAnalysisFailed = Of(FindingMessages.TypeAnalysisFailed);
    public static readonly DiagnosticDescriptor TypeMappingFailed = Of(FindingMessages.TypeMappingFailed);

    // ── 3xxx ──
    public static readonly DiagnosticDescriptor PerCallWithSingleConcurrency = Of(FindingMessages.PerCallWithSingleConcurrency);
    public static readonly DiagnosticDescriptor ReentrantConcurrency = Of(FindingMessages.ReentrantConcurrency);
    public static readonly DiagnosticDescriptor PerSessionInstancing = Of(FindingMessages.PerSessionInstancing);
    public static readonly DiagnosticDescriptor SessionRequired = Of(FindingMessages.SessionRequired);
    public static readonly DiagnosticDescriptor TransactionFlow = Of(FindingMessages.TransactionFlow);
    public static readonly DiagnosticDescriptor TransactionScopeRequired = Of(FindingMessages.TransactionScopeRequired);
    public static readonly DiagnosticDescriptor InitiatingTerminating = Of(FindingMessages.InitiatingTerminating);
    public static readonly DiagnosticDescriptor SingleInstanceSingleConcurrency = Of(FindingMessages.SingleInstanceSingleConcurrency);
    public static readonly DiagnosticDescriptor OperationContextMember = Of(FindingMessages.OperationContextMember);
    public static readonly DiagnosticDescriptor OperationContextMemberUnsupported = Of(FindingMessages.OperationContextMemberUnsupported);
    public static readonly DiagnosticDescriptor OperationContextQualified = Of(FindingMessages.OperationContextQualified);

    // ── 4xxx ──
    public static readonly DiagnosticDescriptor ServiceHostInCode = Of(FindingMessages.ServiceHostInCode);
    public static readonly DiagnosticDescriptor BindingInCode = Of(FindingMessages.BindingInCode);
    public static readonly DiagnosticDescriptor WcfClientChannel = Of(FindingMessages.WcfClientChannel);
    public static readonly DiagnosticDescriptor NamedPipeBinding = Of(FindingMessages.NamedPipeBinding);
    public static readonly DiagnosticDescriptor NamedPipeAddress = Of(FindingMessages.NamedPipeAddress);
    public static readonly DiagnosticDescriptor SecurityModeInCode = Of(FindingMessages.SecurityModeInCode);
    public static readonly DiagnosticDescriptor SecurityModeInConfiguration = Of(FindingMessages.SecurityModeInConfiguration);
    public static readonly DiagnosticDescriptor ServiceInConfiguration = Of(FindingMessages.ServiceInConfiguration);
    public static readonly DiagnosticDescriptor ClientEndpointInConfiguration = Of(FindingMessages.ClientEndpointInConfiguration);
    public static readonly DiagnosticDescriptor ConfigurationUnreadable = Of(FindingMessages.ConfigurationUnreadable);
    public static readonly DiagnosticDescriptor EndpointNeedsCertificate = Of(FindingMessages.EndpointNeedsCertificate);
    public static readonly DiagnosticDescriptor ClientNeedsCertificate = Of(FindingMessages.ClientNeedsCertificate);
    public static readonly DiagnosticDescriptor SettingWithoutCounterpart = Of(FindingMessages.SettingWithoutCounterpart);
    public static readonly DiagnosticDescriptor MessageSizeLimitPerHost = Of(FindingMessages.MessageSizeLimitPerHost);
    public static readonly DiagnosticDescriptor PrincipalPermissionDemand = Of(FindingMessages.PrincipalPermissionDemand);
    public static readonly DiagnosticDescriptor AuthorizationManagerInCode = Of(FindingMessages.AuthorizationManagerInCode);

    /// <summary>Every descriptor, in the catalog's message order.</summary>
    public static ImmutableArray<DiagnosticDescriptor> All { get; } = FindingMessages.All.Where(HasDescriptor).Select(m => ByMessage[m.Id]).ToImmutableArray();

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

    /// <summary>The descriptor of <paramref name="message"/>.</summary>
    private static DiagnosticDescriptor Of(FindingMessage message) => ByMessage[message.Id];

    /// <summary>The descriptor factory: everything comes from the catalog entry of <paramref name="message"/>'s rule.</summary>
    private static DiagnosticDescriptor Create(FindingMessage message)
    {
        var rule = RuleCatalog.Get(message.RuleId);
        return new DiagnosticDescriptor(
            rule.Id,
            rule.Title,
            RuleCatalog.DiagnosticFormat(message),
            rule.Category,
            SeverityOf(rule),
            isEnabledByDefault: true,
            description: rule.GrpcInstead,
            helpLinkUri: rule.HelpLink,
            customTags: new[] { Tag, rule.Category });
    }
}
