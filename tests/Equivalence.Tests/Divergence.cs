using Xunit.Abstractions;
using Xunit.Sdk;

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

/// <summary>A test that asserts one WCF behaviour some side may not reproduce; skipped on the sides that declare it.</summary>
[XunitTestCaseDiscoverer("MigrateWcf.Equivalence.Tests.DivergentFactDiscoverer", "MigrateWcf.Equivalence.Tests")]
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class DivergentFactAttribute(Divergence behaviour) : FactAttribute
{
    public Divergence Behaviour { get; } = behaviour;
}

/// <summary>Declares on a side's test class that it does not reproduce a behaviour, and why.</summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = true)]
public sealed class KnownDivergenceAttribute(Divergence behaviour, string reason) : Attribute
{
    public Divergence Behaviour { get; } = behaviour;

    public string Reason { get; } = reason;
}

/// <summary>Turns a <see cref="DivergentFactAttribute"/> test into a skipped one on a class that declares the divergence.</summary>
public sealed class DivergentFactDiscoverer(IMessageSink diagnosticMessageSink) : IXunitTestCaseDiscoverer
{
    private readonly FactDiscoverer _facts = new(diagnosticMessageSink);

    public IEnumerable<IXunitTestCase> Discover(ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo factAttribute)
    {
        var behaviour = (Divergence)factAttribute.GetConstructorArguments().Single();
        KnownDivergenceAttribute? declared = testMethod.TestClass.Class
            .GetCustomAttributes(typeof(KnownDivergenceAttribute))
            .Select(a => (KnownDivergenceAttribute)((IReflectionAttributeInfo)a).Attribute)
            .FirstOrDefault(a => a.Behaviour == behaviour);
        if (declared is null)
        {
            return _facts.Discover(discoveryOptions, testMethod, factAttribute);
        }

        return
        [
            new XunitSkippedDataRowTestCase(
                diagnosticMessageSink,
                discoveryOptions.MethodDisplayOrDefault(),
                discoveryOptions.MethodDisplayOptionsOrDefault(),
                testMethod,
                $"known divergence {behaviour}: {declared.Reason}"),
        ];
    }
}
