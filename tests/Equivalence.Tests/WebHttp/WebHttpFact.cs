using Xunit.Abstractions;
using Xunit.Sdk;

namespace MigrateWcf.Equivalence.Tests.WebHttp;

/// <summary>
/// A test of <see cref="WebHttpSuite"/>. Skipped on a side whose class declares the test's <see cref="Behaviour"/> with
/// <see cref="KnownDivergenceAttribute"/> (as <see cref="DivergentFactAttribute"/> does).
/// </summary>
[XunitTestCaseDiscoverer("MigrateWcf.Equivalence.Tests.WebHttp.WebHttpFactDiscoverer", "MigrateWcf.Equivalence.Tests")]
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class WebHttpFactAttribute : FactAttribute
{
    public WebHttpFactAttribute()
    {
    }

    public WebHttpFactAttribute(Divergence behaviour) => Behaviour = behaviour;

    /// <summary>The WCF behaviour the test asserts that a side may not reproduce; none (0) for the others.</summary>
    public Divergence Behaviour { get; }
}

/// <summary>Applies <see cref="KnownDivergenceAttribute"/> to a <see cref="WebHttpFactAttribute"/> test.</summary>
public sealed class WebHttpFactDiscoverer(IMessageSink diagnosticMessageSink) : IXunitTestCaseDiscoverer
{
    private readonly FactDiscoverer _facts = new(diagnosticMessageSink);

    public IEnumerable<IXunitTestCase> Discover(ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo factAttribute)
    {
        var testClass = testMethod.TestClass.Class;
        var behaviour = ((WebHttpFactAttribute)((IReflectionAttributeInfo)factAttribute).Attribute).Behaviour;
        KnownDivergenceAttribute? declared = testClass.GetCustomAttributes(typeof(KnownDivergenceAttribute))
            .Select(a => (KnownDivergenceAttribute)((IReflectionAttributeInfo)a).Attribute)
            .FirstOrDefault(a => a.Behaviour == behaviour);
        return declared is null || behaviour == 0
            ? _facts.Discover(discoveryOptions, testMethod, factAttribute)
            : [Skipped($"known divergence {behaviour}: {declared.Reason}")];

        IXunitTestCase Skipped(string reason) => new XunitSkippedDataRowTestCase(
            diagnosticMessageSink, discoveryOptions.MethodDisplayOrDefault(), discoveryOptions.MethodDisplayOptionsOrDefault(), testMethod, reason);
    }
}
