using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// A project the input references without naming it (a helper library compiled with the input) has its contracts
/// migrated only where the input reaches them: implemented, extended or named by the input's code. The rest are
/// left out, with one WCFM1028 finding naming them and their project.
/// </summary>
public class ReferencedProjectContractTests
{
    // ServiceModelEx-shaped: a contract any service may expose, one only the library's own proxy and behavior use, and a
    // duplex one its generic handler implements.
    private const string Library = """
        using System;
        using System.ServiceModel;
        using System.Runtime.Serialization;
        namespace Toolkit
        {
            [ServiceContract] public interface IHeartbeat { [OperationContract] string Beat(); }

            [DataContract] public class LogbookEntry { [DataMember] public string Message { get; set; } }
            [ServiceContract] public interface ILogbookManager { [OperationContract(IsOneWay = true)] void LogEntry(LogbookEntry entry); }
            public class LogbookManagerClient : ClientBase<ILogbookManager>, ILogbookManager { public void LogEntry(LogbookEntry entry) => Channel.LogEntry(entry); }
            public class LogbookService : ILogbookManager { public void LogEntry(LogbookEntry entry) { } }

            [ServiceContract] public interface IDiscoveryCallback { [OperationContract(IsOneWay = true)] void Found(Uri address); }
            [ServiceContract(CallbackContract = typeof(IDiscoveryCallback))] public interface IDiscovery { [OperationContract(IsOneWay = true)] void Find(string contract); }
            public class DiscoveryHandler<T> : IDiscovery { public void Find(string contract) { } }
        }
        """;

    private const string Contracts = """
        using System.ServiceModel;
        namespace Shipping
        {
            [ServiceContract] public interface ITracker { [OperationContract] string Track(string id); }
        }
        """;

    private const string LibraryFile = "/src/Toolkit/Toolkit.cs";

    private static EngineResult Run(string service, string contracts = Contracts)
    {
        var compilation = WcfTestCompilation.Create([("/src/Shipping/Contracts.cs", contracts), ("/src/Shipping/Service.cs", service), (LibraryFile, Library)]);
        Assert.Equal(string.Empty, WcfTestCompilation.Errors(compilation));
        var (model, findings) = MigrationEngine.Discover(compilation, [new ReferencedProject("Toolkit", [LibraryFile])]);
        return MigrationEngine.Map(model, findings, new EngineOptions { CSharp = new CSharpOptions() });
    }

    private static IEnumerable<string> Services(EngineResult result) => result.Model.Services.Select(s => s.Key);

    [Fact]
    public void ALibraryContractAnInputServiceImplements_IsMigrated_TheOthersAreLeftOutInOneFinding()
    {
        var result = Run("""
            namespace Shipping
            {
                public class Tracker : ITracker, Toolkit.IHeartbeat
                {
                    public string Track(string id) => id;
                    public string Beat() => "alive";
                }
            }
            """);

        Assert.Equal(["Shipping.ITracker", "Toolkit.IHeartbeat"], Services(result));
        Assert.Equal(["Shipping.Tracker"], result.Model.Implementations.Select(i => i.Key));
        // The library's own proxy and implementation of a contract left out are neither client code nor served.
        Assert.Empty(result.Model.ClientClasses);
        Assert.Empty(result.FindingsOf(RuleIds.ClientCode));
        Assert.DoesNotContain(result.Model.DataTypes, t => t.Key == "Toolkit.LogbookEntry");
        Assert.DoesNotContain(result.FindingsOf(RuleIds.DuplexCallback), f => f.Text().Contains("Toolkit", StringComparison.Ordinal));
        Assert.Equal(["Heartbeat", "Tracker"], result.Proto.SelectMany(f => f.Services).Select(s => s.Name).Order());
        Assert.DoesNotContain(result.CSharpFiles, f => f.Content.Contains("LogbookManager", StringComparison.Ordinal) || f.Content.Contains("Discovery", StringComparison.Ordinal));

        var leftOut = Assert.Single(result.FindingsOf(RuleIds.ReferencedProjectContract));
        Assert.Equal(FindingSeverity.Info, leftOut.Severity);
        Assert.StartsWith(
            "3 service contract(s) of projects the input references but does not name as inputs are not migrated, since no code of the input implements, extends or names them: 'Toolkit.IDiscovery', 'Toolkit.IDiscoveryCallback', 'Toolkit.ILogbookManager' (project 'Toolkit'). To migrate one,",
            leftOut.Text());
        Assert.Equal(LibraryFile, leftOut.Position!.FilePath);
        Assert.Equal(2, leftOut.AdditionalPositions.Count);
    }

    [Fact]
    public void ALibraryContractUsedOnlyByTheLibrary_IsNotMigrated_AndAnInputContractNothingImplementsStaysAService()
    {
        var result = Run("""
            namespace Shipping
            {
                public class Program { public static void Main() { } }
            }
            """);

        // As before: an input contract with no implementation is still a service (the host then reports it not served).
        Assert.Equal(["Shipping.ITracker"], Services(result));
        Assert.Empty(result.Model.Implementations);
        Assert.Contains("'Toolkit.IHeartbeat'", Assert.Single(result.FindingsOf(RuleIds.ReferencedProjectContract)).Text());
    }

    [Theory]
    [InlineData("public class LogRelay { public void Log() { var factory = new ChannelFactory<Toolkit.ILogbookManager>(\"logbook\"); factory.CreateChannel().LogEntry(new Toolkit.LogbookEntry()); } }")]
    [InlineData("public class LogProxy : ClientBase<Toolkit.ILogbookManager> { public void Log() => Channel.LogEntry(null); }")]
    [InlineData("public class LogbookUser { public void Use(Toolkit.ILogbookManager logbook) { } }")]
    [InlineData("public class Derived : Toolkit.LogbookService { }")]
    public void ALibraryContractInputCodeCallsOrImplements_IsMigrated(string code)
    {
        var result = Run($$"""
            using System.ServiceModel;
            namespace Shipping
            {
                public class Tracker : ITracker { public string Track(string id) => id; }
                {{code}}
            }
            """);

        Assert.Contains("Toolkit.ILogbookManager", Services(result));
        Assert.Contains(result.Model.DataTypes, t => t.Key == "Toolkit.LogbookEntry");
        Assert.DoesNotContain("ILogbookManager", Assert.Single(result.FindingsOf(RuleIds.ReferencedProjectContract)).Text());
    }

    [Fact]
    public void AnInputContractExtendingALibraryContract_BringsIt()
    {
        var result = Run(
            """
            namespace Shipping
            {
                public class Tracker : ITracker { public string Track(string id) => id; public string Beat() => "alive"; }
            }
            """,
            """
            using System.ServiceModel;
            namespace Shipping
            {
                [ServiceContract] public interface ITracker : Toolkit.IHeartbeat { [OperationContract] string Track(string id); }
            }
            """);

        Assert.Equal(["Shipping.ITracker", "Toolkit.IHeartbeat"], Services(result));
    }

    [Fact]
    public void WithoutReferencedProjects_EveryContractOfTheCompilationIsMigrated()
    {
        var compilation = WcfTestCompilation.Create([("/src/Shipping/Contracts.cs", Contracts), (LibraryFile, Library)]);
        var (model, findings) = MigrationEngine.Discover(compilation);

        Assert.Contains("Toolkit.ILogbookManager", model.Services.Select(s => s.Key));
        Assert.DoesNotContain(findings, f => f.RuleId == RuleIds.ReferencedProjectContract);
    }
}
