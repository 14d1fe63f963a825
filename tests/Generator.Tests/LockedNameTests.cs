using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// Proto names kept by the lock file (docs/lock-file.md): every run records the names it gave, the next run keeps them,
/// a newcomer never takes an existing name, and a C# rename that keeps WCF's name keeps the wire name.
/// </summary>
public class LockedNameTests
{
    private const string Shop = """
        using System.Collections.Generic;
        using System.Runtime.Serialization;
        using System.ServiceModel;
        namespace Shop
        {
            [DataContract] public class Customer { [DataMember] public string Name = ""; [DataMember] public int Age; [DataMember] public List<string>? Tags; }
            public enum Tier { Basic = 1, Gold = 2 }
            [ServiceContract] public interface ICrm
            {
                [OperationContract] Customer Get(int id);
                [OperationContract] Tier Rate(Customer customer);
            }
        }
        """;

    private static string Lines(EngineResult result) => string.Join("\n", result.LockFileText.Split('\n').Where(l => !l.StartsWith('#')));

    [Fact]
    public void FirstRun_RecordsTheNameOfEveryMessageServiceRpcFieldAndEnumValue()
    {
        var lockText = Engine.Run(Shop).LockFileText;

        Assert.Contains("\nversion 2\n", lockText);
        Assert.Contains("\nShop.Customer message shop.Customer\n", lockText);
        Assert.Contains("\nShop.Customer Name name = 2\n", lockText);
        Assert.Contains("\nShop.ICrm service shop.Crm\n", lockText);
        Assert.Contains("\nShop.ICrm rpc Get Get\n", lockText);
        Assert.Contains("\nShop.ICrm/Get:request message shop.GetRequest\n", lockText);
        Assert.Contains("\nShop.Tier enum shop.Tier\n", lockText);
        Assert.Contains("\nShop.Tier value Gold TIER_GOLD\n", lockText);
        Assert.Contains("\nShop.Tier value #zero TIER_UNSPECIFIED\n", lockText);
        Assert.Contains("\nwrapper:shop/items=repeated:string message shop.StringList\n", lockText);
    }

    [Fact]
    public void Version1LockFile_StillLoads_ItsNumbersHold_AndNamesAreWrittenNext()
    {
        var lockText = "# old\nversion 1\nShop.Customer Age = 7\nShop.Customer Gone = 3 reserved\n";

        var result = Engine.Run(Shop, lockText);

        Assert.Empty(result.FindingsOf(RuleIds.LockFileUnreadable));
        Assert.Equal(7, result.Field("Customer", "age").Number);
        Assert.Contains(3, result.Message("Customer").ReservedNumbers);
        Assert.Contains("\nShop.Customer Age age = 7\n", result.LockFileText);
        Assert.Contains("\nShop.Customer Gone = 3 reserved\n", result.LockFileText);
        Assert.Contains("\nShop.Customer message shop.Customer\n", result.LockFileText);
    }

    [Fact]
    public void TheExampleInDocsLockFile_IsAReadableLockFile()
    {
        var page = File.ReadAllText(Path.Combine(Engine.Metadata("RepositoryRoot"), "docs", "lock-file.md"));
        var example = System.Text.RegularExpressions.Regex.Match(page, "```text\n(.*?)```", System.Text.RegularExpressions.RegexOptions.Singleline).Groups[1].Value;
        Assert.Contains("version 2", example);

        var result = Engine.Run(Shop, example);

        Assert.Empty(result.FindingsOf(RuleIds.LockFileUnreadable));
        foreach (var line in example.Split('\n').Where(l => l.Length > 0 && !l.StartsWith('#') && l != "version 2"))
        {
            Assert.Contains("\n" + line + "\n", result.LockFileText);
        }
    }

    [Fact]
    public void LockFileWithWindowsLineEnds_Loads()
    {
        // A lock file checked out with core.autocrlf has \r\n line ends; it reads the same, and is written back with \n.
        var first = Engine.Run(Shop);
        var second = Engine.Run(Shop, first.LockFileText.Replace("\n", "\r\n"));

        Assert.Empty(second.FindingsOf(RuleIds.LockFileUnreadable));
        Assert.Equal(first.LockFileText, second.LockFileText);
    }

    [Fact]
    public void SameInputAndLock_GiveTheSameLockTextAndNoNameFindings()
    {
        var first = Engine.Run(Shop);
        var second = Engine.Run(Shop, first.LockFileText);

        Assert.Equal(first.LockFileText, second.LockFileText);
        Assert.Empty(second.FindingsOf(RuleIds.ProtoNameKept));
    }

    // ───────────── the two renames the README listed as known gaps ─────────────

    private const string Fleet = """
        using System.ServiceModel;
        namespace Fleet
        {
            [ServiceContract] public interface IHealthCheck { [OperationContract] bool Ping(); }
            [ServiceContract] public interface IVehicles : IHealthCheck { [OperationContract] string Find(string vin); }
        }
        """;

    private const string FleetWithAardvark = Fleet + """
        namespace Fleet
        {
            [ServiceContract] public interface IAardvark { [OperationContract] bool Ping(); }
        }
        """;

    [Fact]
    public void NewServiceWhoseNameSortsFirst_LeavesAnotherServicesMessageNamesAlone()
    {
        var first = Engine.Run(Fleet);
        Assert.Equal("PingResponse", first.Rpc("HealthCheck", "Ping").ResponseType);

        var second = Engine.Run(FleetWithAardvark, first.LockFileText);

        Assert.Equal("PingResponse", second.Rpc("HealthCheck", "Ping").ResponseType);
        Assert.Equal("VehiclesPingResponse", second.Rpc("Vehicles", "Ping").ResponseType);
        Assert.Equal("AardvarkPingResponse", second.Rpc("Aardvark", "Ping").ResponseType);
    }

    [Fact]
    public void WithoutTheLock_ANewServiceWhoseNameSortsFirst_TakesTheMessageName()
    {
        // The control for the test above: the lock file's names, not luck, keep the existing name.
        Assert.Equal("PingResponse", Engine.Run(FleetWithAardvark).Rpc("Aardvark", "Ping").ResponseType);
    }

    private const string OneItem = """
        using System.Runtime.Serialization;
        using System.ServiceModel;
        namespace Shop.Orders { [DataContract(Namespace = "urn:shop")] public class Item { [DataMember] public int Id; } }
        namespace Shop { [ServiceContract] public interface IShop { [OperationContract] Orders.Item Get(int id); } }
        """;

    private const string TwoItems = OneItem + """
        namespace Shop.Stock { [DataContract(Namespace = "urn:shop")] public class Item { [DataMember] public int Quantity; } }
        namespace Shop { [ServiceContract] public interface IStock { [OperationContract] Stock.Item Check(int id); } }
        """;

    [Fact]
    public void NewTypeWithAnExistingName_OnlyTheNewcomerIsQualified()
    {
        var first = Engine.Run(OneItem);
        var second = Engine.Run(TwoItems, first.LockFileText);

        Assert.Equal(new[] { 1 }, second.Message("Item").Fields.Select(f => f.Number));
        Assert.Equal("quantity", Assert.Single(second.Message("StockItem").Fields).Name);
        var collision = Assert.Single(second.FindingsOf(RuleIds.NameCollision));
        Assert.Contains("'Shop.Stock.Item' (WCF name 'Item') is named 'StockItem' in proto package 'shop', not 'Item', which 'Shop.Orders.Item' (WCF name 'Item') maps to as well", collision.Text());
    }

    [Fact]
    public void WithoutTheLock_TypesWithOneName_AreBothQualified()
    {
        var result = Engine.Run(TwoItems);

        Assert.Equal(new[] { "OrdersItem", "StockItem" }, result.Proto.SelectMany(f => f.Definitions).Select(d => d.Name).Where(n => n.EndsWith("Item")).Order());
    }

    // ───────────── C# renames ─────────────

    [Fact]
    public void RenamingAType_ThatKeepsItsWcfName_KeepsItsProtoNameAndNumbers()
    {
        var first = Engine.Run(Shop);
        var renamed = Shop.Replace("[DataContract] public class Customer", "[DataContract(Name = \"Customer\")] public class Client")
            .Replace("Customer Get(int id)", "Client Get(int id)").Replace("Rate(Customer customer)", "Rate(Client customer)");

        var second = Engine.Run(renamed, first.LockFileText);

        Assert.Equal(first.Message("Customer").Fields, second.Message("Customer").Fields.Select(f => f with { Origin = first.Field("Customer", f.Name).Origin }));
        var followed = Assert.Single(second.FindingsOf(RuleIds.ProtoNameKept));
        Assert.Equal(nameof(FindingMessages.RenameFollowed), followed.MessageId);
        Assert.Contains("'Shop.Client' takes over the lock file entries of 'Shop.Customer'", followed.Text());
        Assert.Contains("\nShop.Client message shop.Customer {http://schemas.datacontract.org/2004/07/Shop}Customer\n", second.LockFileText);
        Assert.DoesNotContain("Shop.Customer ", second.LockFileText);

        var third = Engine.Run(renamed, second.LockFileText);
        Assert.Equal(second.LockFileText, third.LockFileText);
        Assert.Empty(third.FindingsOf(RuleIds.ProtoNameKept));
    }

    [Fact]
    public void RenamingAType_ThatChangesItsWcfName_IsANewMessage_AndTheOldNameStaysReserved()
    {
        var first = Engine.Run(Shop);
        var renamed = Shop.Replace("class Customer", "class Client").Replace("Customer Get", "Client Get").Replace("Rate(Customer", "Rate(Client");

        var second = Engine.Run(renamed, first.LockFileText);

        Assert.NotNull(second.Message("Client"));
        Assert.Empty(second.FindingsOf(RuleIds.ProtoNameKept));
        Assert.Contains("\nShop.Customer message shop.Customer\n", second.LockFileText);
    }

    private const string Orders = """
        using System.ServiceModel;
        namespace Shop
        {
            [ServiceContract] public interface IOrderService
            {
                [OperationContract] string Place(string sku, int quantity);
                [OperationContract] void Cancel(string id);
            }
        }
        """;

    [Fact]
    public void RenamingAServiceContract_ThatKeepsItsWcfName_KeepsServiceRpcAndMessageNames()
    {
        var first = Engine.Run(Orders);
        var renamed = Orders.Replace("[ServiceContract] public interface IOrderService", "[ServiceContract(Name = \"IOrderService\")] public interface IOrderManager")
            .Replace("string Place(string sku", "string PlaceOrder(string sku").Replace("[OperationContract] string PlaceOrder", "[OperationContract(Name = \"Place\")] string PlaceOrder");

        var second = Engine.Run(renamed, first.LockFileText);

        Assert.Equal(first.Service("OrderService").Rpcs.Select(r => (r.Name, r.RequestType, r.ResponseType)), second.Service("OrderService").Rpcs.Select(r => (r.Name, r.RequestType, r.ResponseType)));
        Assert.Equal(first.Message("PlaceRequest").Fields.Select(f => (f.Name, f.Number)), second.Message("PlaceRequest").Fields.Select(f => (f.Name, f.Number)));
        var findings = second.FindingsOf(RuleIds.ProtoNameKept).Select(f => f.Text()).ToList();
        Assert.Contains(findings, t => t.StartsWith("'Shop.IOrderManager' takes over the lock file entries of 'Shop.IOrderService', which has the same WCF name '{http://tempuri.org/}IOrderService'"));
        Assert.Contains(findings, t => t.StartsWith("Service contract 'Shop.IOrderManager' keeps the proto name 'OrderService' from the lock file; from the C# source alone it would be 'IOrderService'"));
        Assert.Contains("\nShop.IOrderManager service shop.OrderService {http://tempuri.org/}IOrderService\n", second.LockFileText);
    }

    [Fact]
    public void WithoutTheLock_TheRenamedServiceWouldBeNamedFromItsContractName()
    {
        var renamed = Orders.Replace("[ServiceContract] public interface IOrderService", "[ServiceContract(Name = \"IOrderService\")] public interface IOrderManager");

        Assert.NotNull(Engine.Run(renamed).Service("IOrderService"));
    }

    [Fact]
    public void RenamingAMember_ThatKeepsItsDataMemberName_KeepsFieldNameAndNumber()
    {
        var first = Engine.Run(Shop);
        var second = Engine.Run(Shop.Replace("[DataMember] public int Age;", "[DataMember(Name = \"Age\")] public int YearsOld;"), first.LockFileText);

        Assert.Equal(first.Field("Customer", "age").Number, second.Field("Customer", "age").Number);
        Assert.Equal(FieldOriginKind.Member, second.Field("Customer", "age").Origin!.Kind);
        Assert.Equal("YearsOld", second.Field("Customer", "age").Origin!.MemberName);
    }

    [Fact]
    public void HandEditedNames_AreHonoured_AndReported()
    {
        var first = Engine.Run(Shop);
        var edited = first.LockFileText
            .Replace("Shop.Customer message shop.Customer", "Shop.Customer message shop.Client")
            .Replace("Shop.Customer Age age = 1", "Shop.Customer Age years = 1")
            .Replace("Shop.ICrm rpc Get Get", "Shop.ICrm rpc Get Fetch");

        var second = Engine.Run(Shop, edited);

        Assert.Equal(1, second.Field("Client", "years").Number);
        Assert.Equal("Fetch", second.Rpc("Crm", "Fetch").Name);
        var kept = second.FindingsOf(RuleIds.ProtoNameKept).Select(f => f.Text()).ToList();
        Assert.Contains(kept, t => t.StartsWith("'Shop.Customer' keeps the proto name 'Client' from the lock file; from the C# source alone it would be 'Customer'"));
        Assert.Contains(kept, t => t.StartsWith("Member 'Customer.Age' keeps the proto name 'years'"));
        Assert.Contains(kept, t => t.StartsWith("Operation 'ICrm.Get' keeps the proto name 'Fetch'"));
        Assert.Empty(EngineBehaviourTests.RunProtoc(second));
    }

    [Fact]
    public void NameThatIsNoProtoIdentifier_IsAnUnreadableLine()
    {
        var result = Engine.Run(Shop, "version 2\nShop.Customer Age not-a-name = 1\nShop.Customer message shop.9Lives\n");

        Assert.Contains("2 unreadable", Assert.Single(result.FindingsOf(RuleIds.LockFileUnreadable)).Text());
        Assert.Equal(1, result.Field("Customer", "age").Number);
    }

    [Fact]
    public void ANameTheLockGivesAnotherType_QualifiesTheNewcomer()
    {
        var lockText = "version 2\nShop.Customer message shop.Tier\n";

        var result = Engine.Run(Shop, lockText);

        Assert.Equal(MessageOriginKind.DataType, result.Message("Tier").Origin!.Kind);
        Assert.Equal("ShopTier", result.Enum("ShopTier").Name);
        var taken = Assert.Single(result.FindingsOf(RuleIds.NameCollision));
        Assert.Contains("'Shop.Tier' (WCF name 'Tier') is named 'ShopTier' in proto package 'shop', not 'Tier', which the lock file gives another definition", taken.Text());
    }

    [Fact]
    public void ALockedNameAnotherPresentDefinitionHolds_IsReportedWithTheNameGiven()
    {
        var lockText = "version 2\nShop.Customer message shop.Tier\nShop.Tier enum shop.Tier\n";

        var result = Engine.Run(Shop, lockText);

        var taken = Assert.Single(result.FindingsOf(RuleIds.NameCollision), f => f.MessageId == nameof(FindingMessages.LockedNameTaken));
        Assert.StartsWith("'Shop.Tier' cannot keep its proto name 'Tier' from the lock file: another definition of proto package 'shop' has it; it is named 'ShopTier'", taken.Text());
        Assert.Empty(EngineBehaviourTests.RunProtoc(result));
    }

    [Fact]
    public void GeneratedWrapperName_IsKept_WhenANewTypeTakesItsName()
    {
        var first = Engine.Run(Shop);
        var withType = Shop.Replace("public enum Tier", "[DataContract] public class StringList { [DataMember] public int Count; }\n    public enum Tier")
            .Replace("[OperationContract] Tier Rate", "[OperationContract] StringList Lists(); [OperationContract] Tier Rate");

        var second = Engine.Run(withType, first.LockFileText);

        Assert.Equal("StringList", second.Field("Customer", "tags").Type);
        Assert.Equal("ShopStringList", second.Field("ListsResponse", "result").Type);
        Assert.Empty(EngineBehaviourTests.RunProtoc(second));
    }

    [Fact]
    public void LockEntriesOfDefinitionsNotInThisRun_KeepTheirNamesReserved()
    {
        // A run over part of the code (or after a type was removed) must not give its name away.
        var lockText = "version 2\nShop.Elsewhere.Customer message shop.Customer\n";

        var result = Engine.Run(Shop, lockText);

        Assert.Contains("\nShop.Elsewhere.Customer message shop.Customer\n", result.LockFileText);
        Assert.Contains("\nShop.Customer message shop.ShopCustomer\n", result.LockFileText);
        Assert.Single(result.FindingsOf(RuleIds.NameCollision));
    }

    [Fact]
    public void RenamedTypeUsedAsATypeArgumentAndAKnownType_TheClosedTypeAndTheCaseFollow()
    {
        const string Source = """
            using System.Collections.Generic;
            using System.Runtime.Serialization;
            using System.ServiceModel;
            namespace Shop
            {
                [DataContract] public class Page<T> { [DataMember] public List<T> Items = new(); [DataMember] public int Total; }
                [DataContract, KnownType(typeof(Circle))] public class Shape { [DataMember] public string Label = ""; }
                [DataContract] public class Circle : Shape { [DataMember] public double Radius; }
                [ServiceContract] public interface IDraw { [OperationContract] Page<Circle> List(); [OperationContract] Shape One(); }
            }
            """;
        var first = Engine.Run(Source);
        var renamed = Source.Replace("[DataContract] public class Circle", "[DataContract(Name = \"Circle\")] public class Round").Replace("typeof(Circle)", "typeof(Round)").Replace("Page<Circle>", "Page<Round>");

        var second = Engine.Run(renamed, first.LockFileText);

        Assert.Contains("\nShop.Page<Shop.Round> message shop.PageOfCircle\n", second.LockFileText);
        Assert.Contains("\nShop.Shape known:Shop.Round circle = ", second.LockFileText);
        Assert.Equal(first.Field("Shape", "circle").Number, second.Field("Shape", "circle").Number);
        Assert.Equal(first.Message("PageOfCircle").Fields.Select(f => f.Number), second.Message("PageOfCircle").Fields.Select(f => f.Number));
    }

    [Fact]
    public void RenamingACallbackInterface_KeepsItsCallbackMessages()
    {
        const string Source = """
            using System.ServiceModel;
            namespace Stocks
            {
                public interface ITickerCallback { [OperationContract(IsOneWay = true)] void PriceChanged(string symbol, decimal price); [OperationContract] bool Confirm(string question); }
                [ServiceContract(CallbackContract = typeof(ITickerCallback))] public interface ITicker { [OperationContract] void Subscribe(string symbol); }
            }
            """;
        var first = Engine.Run(Source);
        var second = Engine.Run(Source.Replace("ITickerCallback", "IQuoteListener"), first.LockFileText);

        Assert.Contains("\nStocks.IQuoteListener/PriceChanged:callback message stocks.PriceChangedCallback\n", second.LockFileText);
        Assert.DoesNotContain("Stocks.ITickerCallback/", second.LockFileText);
        Assert.Contains("\nStocks.ITicker#callback message stocks.TickerCallback Stocks.IQuoteListener\n", second.LockFileText);
        Assert.Equal(first.Message("PriceChangedCallback").Fields.Select(f => (f.Name, f.Number)), second.Message("PriceChangedCallback").Fields.Select(f => (f.Name, f.Number)));
    }

    [Fact]
    public void RenamingAnEnum_ThatKeepsItsWcfName_KeepsItsValueNames()
    {
        var first = Engine.Run(Shop);
        var second = Engine.Run(Shop.Replace("public enum Tier", "[DataContract(Name = \"Tier\")] public enum Level").Replace("[DataContract(Name = \"Tier\")] public enum Level { Basic = 1, Gold = 2 }", "[DataContract(Name = \"Tier\")] public enum Level { [EnumMember] Basic = 1, [EnumMember] Gold = 2 }").Replace("Tier Rate", "Level Rate"), first.LockFileText);

        Assert.Equal(first.Enum("Tier").Values.Select(v => (v.Name, v.Number)), second.Enum("Tier").Values.Select(v => (v.Name, v.Number)));
        Assert.Contains(second.FindingsOf(RuleIds.ProtoNameKept), f => f.MessageId == nameof(FindingMessages.RenameFollowed));
    }
}
