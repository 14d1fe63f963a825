using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

public class WcfTestCompilationTests
{
    [Fact]
    public void ServiceModelContract_CompilesAgainstNet472References()
    {
        var compilation = WcfTestCompilation.Create("""
            using System.ServiceModel;
            [ServiceContract] public interface IGreeter { [OperationContract] string Hello(string name); }
            """);
        Assert.Empty(WcfTestCompilation.Errors(compilation));
        Assert.NotNull(compilation.GetTypeByMetadataName("System.ServiceModel.ServiceContractAttribute"));
    }

    [Fact]
    public void CoreWcfContract_BindsToBuiltInDeclarations()
    {
        var compilation = WcfTestCompilation.Create("""
            using CoreWCF;
            [ServiceContract(SessionMode = SessionMode.Required)] public interface IGreeter { [OperationContract(IsOneWay = true)] void Hello(string name); }
            [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession)] public class Greeter : IGreeter { public void Hello(string name) => throw new FaultException<string>(name); }
            """, withCoreWcf: true);
        Assert.Empty(WcfTestCompilation.Errors(compilation));
    }

    [Fact]
    public void TestsCompileAgainstTheToolsReferenceSet()
    {
        // Assemblies a WCF back end commonly uses beyond System.ServiceModel; the tool's set has them, so tests must too.
        var compilation = WcfTestCompilation.Create("""
            public class Uses
            {
                [System.ComponentModel.DataAnnotations.Required] public string Name { get; set; } = "";
                public System.Net.Http.HttpClient? Client { get; set; }
                public System.Numerics.BigInteger Big { get; set; }
                public System.Runtime.Caching.MemoryCache? Cache { get; set; }
                [System.Web.Services.WebMethod] public void Legacy() { }
            }
            """);
        Assert.Empty(WcfTestCompilation.Errors(compilation));
        Assert.Equal(MigrateWcf.Tool.Input.ReferenceSet.Net472References, WcfTestCompilation.Net472References);
    }
}
