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

    private void MapHosting()
    {
        foreach (var usage in _model.HostingUsages)
        {
            switch (usage.Kind)
            {
                case HostingUsageKind.ServiceHost:
                    Report(null, Finding.Create(FindingMessages.ServiceHostInCode, usage.Position, usage.TypeName));
                    break;
                case HostingUsageKind.Binding:
                    Report(null, Finding.Create(FindingMessages.BindingInCode, usage.Position, usage.TypeName));
                    break;
                default:
                    Report(null, Finding.Create(FindingMessages.WcfClientChannel, usage.Position, usage.TypeName));
                    break;
            }
        }
    }
}
