using Xunit.Abstractions;
using Xunit.Sdk;

namespace MigrateWcf.Equivalence.Tests.WebHttp;

/// <summary>
/// A test of <see cref="WebHttpSuite"/>. Skipped on a side whose class declares the test's <see cref="Behaviour"/> with
/// <see cref="KnownDivergenceAttribute"/> (as <see cref="DivergentFactAttribute"/> does), and every test of a side is
/// skipped while the type its class names in <see cref="WaitsForMigratedTypeAttribute"/> is not in the migrated library.
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

/// <summary>
/// Declares on a side's test class that it can run only once the migrated library (samples/Migrated/Service, as
/// <c>migrate-wcf generate</c> wrote it) has a type of this simple name, e.g. the gRPC service base Grpc.Tools generates
/// for a contract; until then its tests are skipped with <see cref="Reason"/>.
/// </summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
public sealed class WaitsForMigratedTypeAttribute(string typeName, string reason) : Attribute
{
    public string TypeName { get; } = typeName;

    public string Reason { get; } = reason;

    /// <summary>Whether the migrated library the tests are built against has the type.</summary>
    public bool IsPresent => typeof(LegacyWcf.Contracts.Grpc.MigratedClientFactory).Assembly.GetTypes().Any(t => t.Name == TypeName);
}

/// <summary>Applies <see cref="WaitsForMigratedTypeAttribute"/> and <see cref="KnownDivergenceAttribute"/> to a <see cref="WebHttpFactAttribute"/> test.</summary>
public sealed class WebHttpFactDiscoverer(IMessageSink diagnosticMessageSink) : IXunitTestCaseDiscoverer
{
    private readonly FactDiscoverer _facts = new(diagnosticMessageSink);

    public IEnumerable<IXunitTestCase> Discover(ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo factAttribute)
    {
        var testClass = testMethod.TestClass.Class;
        var waits = testClass.GetCustomAttributes(typeof(WaitsForMigratedTypeAttribute))
            .Select(a => (WaitsForMigratedTypeAttribute)((IReflectionAttributeInfo)a).Attribute)
            .FirstOrDefault(a => !a.IsPresent);
        if (waits is not null)
        {
            return [Skipped($"waits for the migrated library's {waits.TypeName}: {waits.Reason}")];
        }

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
