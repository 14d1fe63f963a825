namespace System.ServiceModel;

/// <summary>
/// WCF's <c>[OperationBehavior]</c>, so the legacy implementation classes compile unchanged; it has no effect over gRPC
/// (transactions: WCFM3006).
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class OperationBehaviorAttribute : Attribute
{
    /// <summary>No effect: transactions do not flow over gRPC (WCFM3006).</summary>
    public bool TransactionScopeRequired { get; set; }

    /// <summary>No effect: transactions do not flow over gRPC (WCFM3006).</summary>
    public bool TransactionAutoComplete { get; set; } = true;

    /// <summary>No effect over gRPC.</summary>
    public bool AutoDisposeParameters { get; set; } = true;
}
