using Xunit.Abstractions;
using Xunit.Sdk;

namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>A theory over every interop case for one client/server pairing; a case listed in <see cref="KnownGaps"/>
/// shows up as skipped with its reason rather than disappearing from the report.</summary>
[AttributeUsage(AttributeTargets.Method)]
[XunitTestCaseDiscoverer("MigrateWcf.Interop.Tests.Harness.InteropCasesDiscoverer", "MigrateWcf.Interop.Tests")]
public sealed class InteropCasesAttribute(Implementation client, Implementation server) : FactAttribute
{
    public Implementation Client { get; } = client;

    public Implementation Server { get; } = server;
}

public sealed class InteropCasesDiscoverer(IMessageSink diagnosticMessageSink) : IXunitTestCaseDiscoverer
{
    public IEnumerable<IXunitTestCase> Discover(ITestFrameworkDiscoveryOptions discoveryOptions, ITestMethod testMethod, IAttributeInfo factAttribute)
    {
        var arguments = factAttribute.GetConstructorArguments().Select(Convert.ToInt32).ToArray();
        var client = (Implementation)arguments[0];
        var server = (Implementation)arguments[1];
        var display = discoveryOptions.MethodDisplayOrDefault();
        var displayOptions = discoveryOptions.MethodDisplayOptionsOrDefault();
        foreach (var testCase in InteropCases.All)
        {
            var skipReason = KnownGaps.Reason(client, server, testCase);
            yield return skipReason is null
                ? new XunitTestCase(diagnosticMessageSink, display, displayOptions, testMethod, [testCase])
                : new XunitSkippedDataRowTestCase(diagnosticMessageSink, display, displayOptions, testMethod, skipReason, [testCase]);
        }
    }
}
