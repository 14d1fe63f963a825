using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>rpc names of operations that share a name: only the later ones are numbered, never taking another's name.</summary>
public class OperationNamingTests
{
    [Fact]
    public void ANumberedName_NeverTakesTheNameOfAnotherOperation()
    {
        // Get(int) is named Get2 explicitly; the third Get is the one numbered, and skips Get2.
        var result = Engine.Run("""
            using System.ServiceModel;
            [ServiceContract]
            public interface IStock
            {
                [OperationContract] int Get(string sku);
                [OperationContract(Name = "Get2")] int Get(int id);
                [OperationContract] int Get(string sku, string warehouse);
            }
            """);

        Assert.Equal(["Get", "Get2", "Get3"], result.Service("Stock").Rpcs.Select(r => r.Name).Order(StringComparer.Ordinal));
        var duplicate = Assert.Single(result.FindingsOf(RuleIds.DuplicateOperationName));
        Assert.Equal("Get3", duplicate.Property(DuplicateOperationNameProperties.UniqueName));
        Assert.Equal(7, duplicate.Position!.Line);
    }
}
