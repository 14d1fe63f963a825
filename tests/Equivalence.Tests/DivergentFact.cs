using Xunit.Abstractions;
using Xunit.Sdk;

namespace MigrateWcf.Equivalence.Tests;

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
