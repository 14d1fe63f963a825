using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// Generic service contracts (docs/rules/WCFM1017.md): an open generic contract used as a base is no service of its own;
/// each closed contract deriving from it gets the inherited operations with the type arguments filled in.
/// </summary>
public class GenericContractTests
{
    private const string Repository = """
        using System.Collections.Generic;
        using System.Runtime.Serialization;
        using System.ServiceModel;
        namespace Crm
        {
            [DataContract] public class Customer { [DataMember] public int Id; [DataMember] public string Name = ""; }
            [DataContract] public class Order { [DataMember] public int Id; [DataMember] public decimal Total; }
            [ServiceContract] public interface IRepository<T>
            {
                [OperationContract] T Get(int id);
                [OperationContract] List<T> All();
                [OperationContract] void Save(T item);
            }
            [ServiceContract] public interface ICustomers : IRepository<Customer> { [OperationContract] int Count(); }
        }
        """;

    private const string TwoRepositories = Repository + """
        namespace Crm
        {
            [ServiceContract] public interface IOrders : IRepository<Order> { }
        }
        """;

    [Fact]
    public void OpenGenericBase_IsNoService_AndTheDerivedContractGetsItsOperationsWithTheTypeArgument()
    {
        var result = Engine.Run(Repository);

        Assert.Equal(new[] { "Crm.ICustomers" }, result.Model.Services.Select(s => s.Key));
        Assert.Equal(new[] { "Count", "Get", "All", "Save" }, result.Service("Customers").Rpcs.Select(r => r.Name));
        Assert.Equal("Customer", result.Field("GetResponse", "result").Type);
        Assert.Equal("Customer", result.Field("SaveRequest", "item").Type);
        Assert.Equal(("Customer", Mapping.ProtoLabel.Repeated), (result.Field("AllResponse", "result").Type, result.Field("AllResponse", "result").Label));
        Assert.Equal("Crm.IRepository<Crm.Customer>", result.Rpc("Customers", "Get").Origin!.ContractKey);
        Assert.Empty(result.FindingsOf(RuleIds.OpenGenericContract));
        Assert.DoesNotContain(result.Findings, f => f.RuleId == RuleIds.UnmappedType);
        Assert.Empty(EngineBehaviourTests.RunProtoc(result));
    }

    [Fact]
    public void TwoContractsInheritingOneGenericOperation_NameTheirMessagesAfterThemselves()
    {
        var result = Engine.Run(TwoRepositories);

        Assert.Equal(("CustomersGetRequest", "CustomersGetResponse"), (result.Rpc("Customers", "Get").RequestType, result.Rpc("Customers", "Get").ResponseType));
        Assert.Equal(("OrdersGetRequest", "OrdersGetResponse"), (result.Rpc("Orders", "Get").RequestType, result.Rpc("Orders", "Get").ResponseType));
        Assert.Equal("Order", result.Field("OrdersGetResponse", "result").Type);
        Assert.Equal("CountResponse", result.Rpc("Customers", "Count").ResponseType);
        Assert.Empty(EngineBehaviourTests.RunProtoc(result));
    }

    [Fact]
    public void SecondDerivedContractAddedLater_LeavesTheFirstOnesMessageNames()
    {
        var first = Engine.Run(Repository);
        Assert.Equal("GetRequest", first.Rpc("Customers", "Get").RequestType);

        var second = Engine.Run(TwoRepositories, first.LockFileText);

        Assert.Equal("GetRequest", second.Rpc("Customers", "Get").RequestType);
        Assert.Equal("OrdersGetRequest", second.Rpc("Orders", "Get").RequestType);
        Assert.Empty(second.FindingsOf(RuleIds.ProtoNameKept));
    }

    [Fact]
    public void OpenGenericContractNothingDerivesFrom_IsReported_AndNotEmitted()
    {
        var result = Engine.Run(Repository.Replace("[ServiceContract] public interface ICustomers : IRepository<Customer> { [OperationContract] int Count(); }", "public class CustomerStore : IRepository<Customer> { public Customer Get(int id) => new(); public List<Customer> All() => new(); public void Save(Customer item) { } }"));

        var finding = Assert.Single(result.FindingsOf(RuleIds.OpenGenericContract));
        Assert.Equal("Service contract 'Crm.IRepository<T>' is generic, and no service contract derives from it with its type parameter(s) T filled in", finding.Text().Split(". ")[0]);
        Assert.Equal(8, finding.Position!.Line);
        Assert.Empty(result.Model.Services);
        Assert.Empty(result.ProtoFiles);
    }

    [Fact]
    public void GenericChainEndingOpen_OnlyTheContractNothingDerivesFromIsReported()
    {
        var result = Engine.Run(Repository.Replace("[ServiceContract] public interface ICustomers : IRepository<Customer> { [OperationContract] int Count(); }", "[ServiceContract] public interface IEntities<TEntity, TKey> : IRepository<TEntity> { [OperationContract] TEntity Find(TKey key); }"));

        var finding = Assert.Single(result.FindingsOf(RuleIds.OpenGenericContract));
        Assert.Contains("'Crm.IEntities<TEntity,TKey>'", finding.Text());
        Assert.Contains("type parameter(s) TEntity, TKey filled in", finding.Text());
    }

    [Fact]
    public void GenericChainEndingClosed_MapsEveryInheritedOperation()
    {
        var result = Engine.Run(Repository.Replace("[ServiceContract] public interface ICustomers : IRepository<Customer> { [OperationContract] int Count(); }", """
            [ServiceContract] public interface IEntities<TEntity, TKey> : IRepository<TEntity> { [OperationContract] TEntity Find(TKey key); }
            [ServiceContract] public interface ICustomers : IEntities<Customer, string> { }
            """));

        Assert.Empty(result.FindingsOf(RuleIds.OpenGenericContract));
        Assert.Equal(new[] { "Find", "Get", "All", "Save" }, result.Service("Customers").Rpcs.Select(r => r.Name));
        Assert.Equal("string", result.Field("FindRequest", "key").Type);
    }

    [Fact]
    public void ContractNestedInAGenericClass_IsOpenToo()
    {
        var result = Engine.Run(Repository + """
            namespace Crm { public class Host<T> { [ServiceContract] public interface ILocal { [OperationContract] T Echo(T value); } } }
            """);

        Assert.Contains(result.FindingsOf(RuleIds.OpenGenericContract), f => f.Text().Contains("'Crm.Host<T>.ILocal'") && f.Text().Contains("type parameter(s) T filled in"));
        Assert.DoesNotContain(result.Model.Services, s => s.Key.Contains("ILocal"));
    }

    [Fact]
    public void GenericMethod_IsReportedOnce_EvenWhenTwoContractsInheritIt()
    {
        var result = Engine.Run(TwoRepositories.Replace("[OperationContract] void Save(T item);", "[OperationContract] void Save(T item); [OperationContract] TResult Query<TResult>(string expression);"));

        var finding = Assert.Single(result.FindingsOf(RuleIds.OpenGenericContract));
        Assert.Equal(nameof(FindingMessages.GenericOperation), finding.MessageId);
        Assert.StartsWith("Operation 'IRepository<T>.Query' is a generic method; its type parameter(s) TResult have no proto type", finding.Text());
        Assert.Contains(result.FindingsOf(RuleIds.UnmappedType), f => f.Text().Contains("an open generic type parameter"));
        Assert.Equal("bytes", result.Field("CustomersQueryResponse", "result").Type);
        Assert.Empty(EngineBehaviourTests.RunProtoc(result));
    }
}
