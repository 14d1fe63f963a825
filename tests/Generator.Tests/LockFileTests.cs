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
        Assert.Contains("3 unreadable", finding.Text());
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

    [Fact]
    public void RandomEditSequence_NeverRenumbersSurvivingMembersNorReusesNumbers()
    {
        // A fixed seed keeps the test deterministic; the sequence mixes adds, removals, re-adds and reorders.
        var random = new Random(20240521);
        var pool = Enumerable.Range(0, 12).Select(i => "M" + (char)('a' + i)).ToList();
        var members = new List<string> { "Ma", "Mb", "Mc" };
        var everAssigned = new Dictionary<string, int>();
        string? lockText = null;
        for (var step = 0; step < 25; step++)
        {
            switch (random.Next(3))
            {
                case 0 when members.Count < pool.Count:
                    members.Insert(random.Next(members.Count + 1), pool.First(p => !members.Contains(p)));
                    break;
                case 1 when members.Count > 1:
                    members.RemoveAt(random.Next(members.Count));
                    break;
                default:
                    members = members.OrderBy(_ => random.Next()).ToList();
                    break;
            }

            var source = "using System.Runtime.Serialization; using System.ServiceModel;\n[DataContract] public class Bag {\n"
                + string.Concat(members.Select(m => $"[DataMember] public int {m};\n"))
                + "}\n[ServiceContract] public interface IBags { [OperationContract] Bag Get(); }";
            var result = Engine.Run(source, lockText);
            lockText = result.LockFileText;

            var numbers = Numbers(result, "Bag");
            Assert.Equal(numbers.Count, numbers.Values.Distinct().Count());
            foreach (var member in members)
            {
                var number = numbers[member.ToLowerInvariant()];
                if (everAssigned.TryGetValue(member, out var earlier))
                {
                    Assert.Equal(earlier, number);
                }
                else
                {
                    Assert.DoesNotContain(number, everAssigned.Values);
                    everAssigned[member] = number;
                }
            }

            var reserved = result.Message("Bag").ReservedNumbers;
            Assert.Equal(everAssigned.Where(p => !members.Contains(p.Key)).Select(p => p.Value).OrderBy(n => n), reserved.OrderBy(n => n));
        }
    }
}
