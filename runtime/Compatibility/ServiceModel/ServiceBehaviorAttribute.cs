using System.Transactions;

namespace System.ServiceModel;

/// <summary>
/// WCF's <c>[ServiceBehavior]</c>, so the legacy implementation classes compile unchanged. The generated hosting applies
/// its <see cref="InstanceContextMode"/> and <see cref="ConcurrencyMode"/>; its other settings have no effect over gRPC.
/// </summary>
[AttributeUsage(AttributeTargets.Class, Inherited = false)]
public sealed class ServiceBehaviorAttribute : Attribute
{
    /// <summary>When instances are made: applied by the generated hosting.</summary>
    public InstanceContextMode InstanceContextMode { get; set; } = InstanceContextMode.PerSession;

    /// <summary>How many calls an instance serves at once: applied by the generated hosting.</summary>
    public ConcurrencyMode ConcurrencyMode { get; set; } = ConcurrencyMode.Single;

    /// <summary>No effect: a gRPC status carries the fault's message.</summary>
    public bool IncludeExceptionDetailInFaults { get; set; }

    /// <summary>No effect: the service's gRPC name comes from the contract.</summary>
    public string? Name { get; set; }

    /// <summary>No effect: the proto package comes from the contract.</summary>
    public string? Namespace { get; set; }

    /// <summary>No effect: the migrated host is configured from appsettings.json.</summary>
    public string? ConfigurationName { get; set; }

    /// <summary>No effect over gRPC.</summary>
    public bool UseSynchronizationContext { get; set; } = true;

    /// <summary>No effect over gRPC.</summary>
    public bool AutomaticSessionShutdown { get; set; } = true;

    /// <summary>No effect over gRPC.</summary>
    public int MaxItemsInObjectGraph { get; set; } = 65536;

    /// <summary>No effect over gRPC.</summary>
    public bool IgnoreExtensionDataObject { get; set; }

    /// <summary>No effect over gRPC.</summary>
    public bool ValidateMustUnderstand { get; set; } = true;

    /// <summary>No effect over gRPC.</summary>
    public bool EnsureOrderedDispatch { get; set; }

    /// <summary>No effect: transactions do not flow over gRPC (WCFM3006).</summary>
    public bool ReleaseServiceInstanceOnTransactionComplete { get; set; } = true;

    /// <summary>No effect: transactions do not flow over gRPC (WCFM3006).</summary>
    public bool TransactionAutoCompleteOnSessionClose { get; set; }

    /// <summary>No effect: transactions do not flow over gRPC (WCFM3006).</summary>
    public IsolationLevel TransactionIsolationLevel { get; set; } = IsolationLevel.Unspecified;

    /// <summary>No effect: transactions do not flow over gRPC (WCFM3006).</summary>
    public string? TransactionTimeout { get; set; }
}
