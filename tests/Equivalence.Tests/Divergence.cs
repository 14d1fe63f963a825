namespace MigrateWcf.Equivalence.Tests;

/// <summary>
/// WCF behaviours a side may not reproduce. Each names one behaviour of .NET Framework WCF that the suite asserts in a test
/// of its own, marked <see cref="DivergentFactAttribute"/>; a side that does not reproduce it says so, with the reason, in
/// one <see cref="KnownDivergenceAttribute"/> on its test class, and that test is reported as skipped with the reason there.
/// Every other side (the migrated one included) runs the test and must show WCF's behaviour.
/// </summary>
public enum Divergence
{
    /// <summary>A <c>DateTime</c> inside a typed fault's detail arrives with its <see cref="DateTimeKind"/>.</summary>
    FaultDetailKeepsDateTimeKind = 1,

    /// <summary>A plain <c>FaultException</c> thrown by an operation reaches the caller with its reason and code.</summary>
    UntypedFaultKeepsReason,

    /// <summary>
    /// Every unexpected (non-fault) exception in an operation answers the caller with a generic fault, the decimal
    /// overflow of <c>GetQuote</c> included.
    /// </summary>
    UnexpectedExceptionAnswersWithFault,

    /// <summary>The generic fault for an unexpected exception is a receiver fault with the subcode <c>InternalServiceFault</c>.</summary>
    UnexpectedExceptionIsReceiverFault,

    /// <summary><c>ConcurrencyMode.Single</c> on an <c>InstanceContextMode.Single</c> service lets one call in at a time.</summary>
    SingletonSerializesCalls,

    /// <summary>A <c>WebFaultException</c> answers the REST caller with its status code, and a <c>WebFaultException&lt;T&gt;</c>
    /// with its detail as the JSON body.</summary>
    WebFaultSetsStatusAndBody,

    /// <summary>A <c>WebMessageBodyStyle.Wrapped</c> operation reads its parameters from one JSON object named by them.</summary>
    WrappedJsonRequestIsRead,
}
