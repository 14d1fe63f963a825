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
    {
        _serving ??= IndexServing();
        return _serving.TryGetValue(contractKey, out var serving) ? serving : new List<ServiceImplementationModel>();
    }

    private Dictionary<string, List<ServiceImplementationModel>>? _serving;

    /// <summary>The activatable implementations by the contracts they implement, in the model's order; read once, not per contract.</summary>
    private Dictionary<string, List<ServiceImplementationModel>> IndexServing()
    {
        var index = new Dictionary<string, List<ServiceImplementationModel>>(StringComparer.Ordinal);
        foreach (var implementation in _model.Implementations.Where(i => i.IsActivatable))
        {
            foreach (var contractKey in implementation.ContractKeys.Distinct(StringComparer.Ordinal))
            {
                if (!index.TryGetValue(contractKey, out var serving))
                {
                    index[contractKey] = serving = new List<ServiceImplementationModel>();
                }

                serving.Add(implementation);
            }
        }

        return index;
    }

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

    /// <summary>A <c>[PrincipalPermission]</c>'s demand as written: <c>Role = "Admins"</c>, <c>Name = "bob"</c>, both, or <c>Authenticated = true</c> (its default).</summary>
    private static string Written(PrincipalDemand demand)
    {
        var parts = new List<string>();
        if (demand.Role is { } role)
        {
            parts.Add("Role = " + Literal(role));
        }

        if (demand.Name is { } name)
        {
            parts.Add("Name = " + Literal(name));
        }

        return parts.Count == 0 ? "Authenticated = true" : string.Join(", ", parts);
    }

    /// <summary>The ASP.NET Core policy a demand becomes, named after its role, else its user name, else <c>Authenticated</c>.</summary>
    private static string PolicyName(PrincipalDemand demand)
        => Escape(demand switch
        {
            { Role: { } role, Name: { } name } => role + "/" + name,
            { Role: { } role } => role,
            { Name: { } name } => name,
            _ => "Authenticated",
        });

    /// <summary>The policy's requirements: <c>RequireRole("Admins")</c>, <c>RequireUserName("bob")</c>, both, or <c>RequireAuthenticatedUser()</c>.</summary>
    private static string Requirement(PrincipalDemand demand)
    {
        var parts = new List<string>();
        if (demand.Role is { } role)
        {
            parts.Add("RequireRole(" + Literal(role) + ")");
        }

        if (demand.Name is { } name)
        {
            parts.Add("RequireUserName(" + Literal(name) + ")");
        }

        return parts.Count == 0 ? "RequireAuthenticatedUser()" : string.Join(".", parts);
    }

    private static string Literal(string value) => "\"" + Escape(value) + "\"";

    private static string Escape(string value) => value.Replace("\\", "\\\\").Replace("\"", "\\\"");

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
                HostingUsageKind.PrincipalPermission when usage.Demand is { } demand
                    => Finding.Create(FindingMessages.PrincipalPermissionDemand, usage.Position, usage.Context ?? usage.TypeName, Written(demand), PolicyName(demand), Requirement(demand)),
                HostingUsageKind.ServiceAuthorizationManager => Finding.Create(FindingMessages.AuthorizationManagerInCode, usage.Position, usage.Context ?? usage.TypeName, usage.TypeName),
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
