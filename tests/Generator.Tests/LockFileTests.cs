namespace MigrateWcf.Generator.Tests;

public class LockFileTests
{
    private const string Version1 = """
        using System.Runtime.Serialization;
        using System.ServiceModel;
        [DataContract] public class Customer
        {
            [DataMember] public string Name = "";
            [DataMember] public string Email = "";
            [DataMember] public int Age;
        }
        [ServiceContract] public interface ICustomers { [OperationContract] Customer Get(int id, string region); }
        """;

    private static IReadOnlyDictionary<string, int> Numbers(EngineResult result, string message)
        => result.Message(message).Fields.ToDictionary(f => f.Name, f => f.Number);

    [Fact]
    public void FirstRun_WritesEveryFieldNumberToTheLock()
    {
        var result = Engine.Run(Version1);

        Assert.Contains("Customer Age = 1\n", result.LockFileText);
        Assert.Contains("Customer Email = 2\n", result.LockFileText);
        Assert.Contains("Customer Name = 3\n", result.LockFileText);
        Assert.Contains("ICustomers/Get:request region = 2\n", result.LockFileText);
    }

    [Fact]
    public void AddingAMemberThatSortsFirst_KeepsExistingNumbers()
    {
        var first = Engine.Run(Version1);
        var second = Engine.Run(Version1.Replace("[DataMember] public int Age;", "[DataMember] public int Age; [DataMember] public string Address = \"\";"), first.LockFileText);

        Assert.Equal(new Dictionary<string, int> { ["age"] = 1, ["email"] = 2, ["name"] = 3, ["address"] = 4 }, Numbers(second, "Customer"));
    }

    [Fact]
    public void WithoutTheLock_AddingAMemberThatSortsFirst_WouldRenumber()
    {
        // The control for the test above: the lock, not luck, keeps the numbers.
        var second = Engine.Run(Version1.Replace("[DataMember] public int Age;", "[DataMember] public int Age; [DataMember] public string Address = \"\";"));

        Assert.Equal(1, Numbers(second, "Customer")["address"]);
    }

    [Fact]
    public void ReorderingMembers_KeepsNumbers()
    {
        var first = Engine.Run(Version1);
        var reordered = Version1.Replace("""
                [DataMember] public string Name = "";
                [DataMember] public string Email = "";
            """, """
                [DataMember] public string Email = "";
                [DataMember] public string Name = "";
            """);
        var second = Engine.Run(reordered, first.LockFileText);

        Assert.Equal(Numbers(first, "Customer"), Numbers(second, "Customer"));
    }

    [Fact]
    public void RemovingAMember_ReservesItsNumberAndName()
    {
        var first = Engine.Run(Version1);
        var second = Engine.Run(Version1.Replace("[DataMember] public string Email = \"\";", string.Empty), first.LockFileText);

        var customer = second.Message("Customer");
        Assert.Equal(new[] { 2 }, customer.ReservedNumbers);
        Assert.Equal(new[] { "email" }, customer.ReservedNames);
        Assert.Contains("reserved 2;\n  reserved \"email\";", second.AllProto());
        Assert.Contains("Customer Email = 2 reserved\n", second.LockFileText);
    }

    [Fact]
    public void AddingAMemberAfterARemoval_NeverReusesTheRemovedNumber()
    {
        var first = Engine.Run(Version1);
        var removed = Engine.Run(Version1.Replace("[DataMember] public string Email = \"\";", string.Empty), first.LockFileText);
        var added = Engine.Run(Version1.Replace("[DataMember] public string Email = \"\";", "[DataMember] public string Phone = \"\";"), removed.LockFileText);

        Assert.Equal(4, Numbers(added, "Customer")["phone"]);
        Assert.Equal(new[] { 2 }, added.Message("Customer").ReservedNumbers);
    }

    [Fact]
    public void RenamingACSharpMemberButKeepingItsDataMemberName_KeepsTheNumber()
    {
        var first = Engine.Run(Version1);
        var second = Engine.Run(Version1.Replace("[DataMember] public string Email = \"\";", "[DataMember(Name = \"Email\")] public string MailAddress = \"\";"), first.LockFileText);

        Assert.Equal(2, Numbers(second, "Customer")["email"]);
    }

    [Fact]
    public void AddingAParameter_KeepsTheOtherParameterNumbers()
    {
        var first = Engine.Run(Version1);
        var second = Engine.Run(Version1.Replace("Get(int id, string region)", "Get(string tenant, int id, string region)"), first.LockFileText);

        Assert.Equal(new Dictionary<string, int> { ["tenant"] = 3, ["id"] = 1, ["region"] = 2 }, Numbers(second, "GetRequest"));
    }

    [Fact]
    public void SameInputAndLock_GiveTheSameLockText()
    {
        var first = Engine.Run(Version1);
        var second = Engine.Run(Version1, first.LockFileText);

        Assert.Equal(first.LockFileText, second.LockFileText);
    }

    [Fact]
    public void LockEntriesOfTypesNotInThisRun_AreKept()
    {
        var lockText = "version 1\nGone.Type Field = 5\n";
        var result = Engine.Run(Version1, lockText);

        Assert.Contains("Gone.Type Field = 5\n", result.LockFileText);
    }

    [Fact]
    public void CorruptLock_ReportsAFindingAndStillGenerates()
    {
        var result = Engine.Run(Version1, "this is not a lock file\nCustomer Email = banana\n{ \"json\": true }\n");

        var finding = Assert.Single(result.FindingsOf("WCFM2080"));
        Assert.Contains("3 unreadable", finding.Message);
        Assert.NotEmpty(result.ProtoFiles);
    }

    [Fact]
    public void LockWithConflictingNumbers_KeepsTheFirstAndReports()
    {
        var result = Engine.Run(Version1, "Customer Email = 1\nCustomer Name = 1\n");

        Assert.Single(result.FindingsOf("WCFM2080"));
        var numbers = Numbers(result, "Customer");
        Assert.Equal(1, numbers["email"]);
        Assert.Equal(numbers.Count, numbers.Values.Distinct().Count());
    }

    [Fact]
    public void LockedNumberInProtobufReservedRange_IsRejected()
    {
        var result = Engine.Run(Version1, "Customer Email = 19500\n");

        Assert.Single(result.FindingsOf("WCFM2080"));
        Assert.DoesNotContain(result.Message("Customer").Fields, f => f.Number is >= 19000 and <= 19999);
    }

    [Fact]
    public void HandEditedLockNumber_IsHonoured()
    {
        var result = Engine.Run(Version1, "Customer Email = 42\n");

        Assert.Equal(42, Numbers(result, "Customer")["email"]);
    }
}
