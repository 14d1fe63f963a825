using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>Behaviors and hosting map to no proto definition; they only yield findings (3xxx, 4xxx).</summary>
internal sealed partial class ProtoMapper
{
    private void MapBehaviors()
    {
        var sessionRequired = new HashSet<string>(_model.Services.Where(s => s.SessionMode == SessionModeValue.Required).Select(s => s.Key), StringComparer.Ordinal);
        foreach (var implementation in _model.Implementations)
        {
            // A finding points at [ServiceBehavior] when there is one; the class is its other place.
            var position = implementation.BehaviorPosition ?? implementation.Position;
            var others = new[] { implementation.Position };
            var instancing = implementation.InstanceContextMode;
            var concurrency = implementation.ConcurrencyMode;
            if (instancing == InstanceMode.PerCall && concurrency == ConcurrencyModeValue.Single && implementation.ConcurrencyModeExplicit)
            {
                Report(null, Finding.Create(FindingMessages.PerCallWithSingleConcurrency, position, implementation.Key).WithAdditionalPositions(others));
            }

            if (concurrency == ConcurrencyModeValue.Reentrant)
            {
                Report(null, Finding.Create(FindingMessages.ReentrantConcurrency, position, implementation.Key).WithAdditionalPositions(others));
            }

            if (instancing == InstanceMode.PerSession && (implementation.InstanceContextModeExplicit || implementation.ContractKeys.Any(sessionRequired.Contains)))
            {
                Report(null, Finding.Create(FindingMessages.PerSessionInstancing, position, implementation.Key).WithAdditionalPositions(others));
            }

            if (instancing == InstanceMode.Single && concurrency == ConcurrencyModeValue.Single)
            {
                Report(null, Finding.Create(FindingMessages.SingleInstanceSingleConcurrency, position, implementation.Key).WithAdditionalPositions(others));
            }

            foreach (var behavior in implementation.OperationBehaviors.Where(b => b.TransactionScopeRequired))
            {
                Report(null, Finding.Create(FindingMessages.TransactionScopeRequired, behavior.Position ?? position, implementation.ClrName, behavior.MethodName).WithAdditionalPositions(others));
            }
        }
    }

    /// <summary>
    /// The implementations hosting can serve <paramref name="contractKey"/> with (activatable ones, by key): the first is
    /// the default, the C# plan offers the others as options.
    /// </summary>
    private List<ServiceImplementationModel> Serving(string contractKey)
        => _model.Implementations.Where(i => i.IsActivatable && i.ContractKeys.Contains(contractKey)).ToList();

    /// <summary>A contract several classes implement: which one hosting serves by default, and how to choose another (WCFM1025).</summary>
    private void ReportImplementationChoices(IEnumerable<ServicePlan> services)
    {
        foreach (var service in services)
        {
            var serving = Serving(service.Model.Key);
            if (serving.Count > 1)
            {
                var others = string.Join(", ", serving.Skip(1).Select(i => "'" + i.Key + "'"));
                Report(null, Finding.Create(FindingMessages.ImplementationChoice, serving[0].Position, serving[0].Key, service.Model.Key, others, service.Name)
                    .WithAdditionalPositions(serving.Skip(1).Select(i => i.Position)));
            }
        }
    }

    /// <summary>What the migrated OperationContext (generated beside the implementation, runtime/ WcfOperationContext) offers.</summary>
    private static readonly HashSet<string> SupportedOperationContextMembers = new(StringComparer.Ordinal) { "Current", "GetCallbackChannel", "Channel", "SessionId", "IncomingMessageProperties" };

    /// <summary>WCF security mode values with no gRPC counterpart: message-level security and credentials without transport security.</summary>
    private static readonly HashSet<string> SecurityModesWithoutEquivalent = new(StringComparer.Ordinal) { "Message", "TransportWithMessageCredential", "TransportCredentialOnly", "Both" };

    private static readonly HashSet<string> NamedPipeBindings = new(StringComparer.Ordinal) { "System.ServiceModel.NetNamedPipeBinding", "CoreWCF.NetNamedPipeBinding", "netNamedPipeBinding" };

    /// <summary>Hosting, binding, runtime and configuration code: one finding per fact worth saying (4xxx, 3009, 3010).</summary>
    internal static void MapHosting(IEnumerable<HostingUsageModel> usages, List<Finding> findings)
    {
        foreach (var usage in usages)
        {
            var finding = usage.Kind switch
            {
                HostingUsageKind.ServiceHost => Finding.Create(FindingMessages.ServiceHostInCode, usage.Position, usage.TypeName),
                HostingUsageKind.Binding => Finding.Create(FindingMessages.BindingInCode, usage.Position, usage.TypeName),
                HostingUsageKind.ClientChannel => Finding.Create(FindingMessages.WcfClientChannel, usage.Position, usage.TypeName),
                HostingUsageKind.Address when usage.Detail is { } address && address.StartsWith("net.pipe:", StringComparison.OrdinalIgnoreCase)
                    => Finding.Create(FindingMessages.NamedPipeAddress, usage.Position, address),
                HostingUsageKind.SecurityMode when usage.Detail is { } mode && SecurityModesWithoutEquivalent.Contains(mode)
                    => usage.Context is { } member
                        ? Finding.Create(FindingMessages.SecurityModeInCode, usage.Position, member, usage.TypeName.Substring(usage.TypeName.LastIndexOf('.') + 1) + "." + mode)
                        : Finding.Create(FindingMessages.SecurityModeInConfiguration, usage.Position, usage.TypeName, mode),
                HostingUsageKind.OperationContext when usage.Detail is { } name
                    => Finding.Create(SupportedOperationContextMembers.Contains(name) ? FindingMessages.OperationContextMember : FindingMessages.OperationContextMemberUnsupported, usage.Position, usage.Context ?? usage.TypeName, name),
                HostingUsageKind.QualifiedOperationContext => Finding.Create(FindingMessages.OperationContextQualified, usage.Position, usage.Context ?? usage.TypeName, usage.TypeName),
                HostingUsageKind.ConfiguredService => Finding.Create(FindingMessages.ServiceInConfiguration, usage.Position, usage.TypeName, usage.Detail ?? "0"),
                HostingUsageKind.ConfiguredClientEndpoint => Finding.Create(FindingMessages.ClientEndpointInConfiguration, usage.Position, usage.TypeName, usage.Detail ?? string.Empty),
                HostingUsageKind.UnreadableConfiguration => Finding.Create(FindingMessages.ConfigurationUnreadable, usage.Position, usage.TypeName, usage.Detail ?? string.Empty),
                HostingUsageKind.ConfigurationTranslation => usage.Finding,
                _ => null,
            };
            if (finding is not null)
            {
                findings.Add(finding);
            }

            // A named-pipe binding is also a binding: both facts are said (what it becomes, and how the transport maps).
            if (usage.Kind is HostingUsageKind.Binding or HostingUsageKind.ConfiguredBinding && NamedPipeBindings.Contains(usage.TypeName))
            {
                findings.Add(Finding.Create(FindingMessages.NamedPipeBinding, usage.Position, usage.TypeName));
            }
        }
    }
}
