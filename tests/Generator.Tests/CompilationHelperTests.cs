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
}
