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

        Assert.Contains("\nCustomer Age age = 1\n", result.LockFileText);
        Assert.Contains("\nCustomer Email email = 2\n", result.LockFileText);
        Assert.Contains("\nCustomer Name name = 3\n", result.LockFileText);
        Assert.Contains("\nICustomers/Get:request region region = 2\n", result.LockFileText);
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
        Assert.Contains("\nCustomer Email email = 2 reserved\n", second.LockFileText);
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
    public void RandomEditSequence_NeverRenumbersNorRenamesSurvivingMembers_NorReusesNumbers()
    {
        // A fixed seed keeps the test deterministic. The sequence mixes adds, removals, re-adds, reorders, and C# renames
        // that keep WCF's names (a member keeps its DataMember name, the type its DataContract name, the contract its
        // ServiceContract name, the method its OperationContract name): none of those may change a number or a proto name.
        var random = new Random(20240521);
        var pool = Enumerable.Range(0, 12).Select(i => "M" + (char)('a' + i)).ToList();
        var members = new List<(string Wire, string Clr)> { ("Ma", "Ma"), ("Mb", "Mb"), ("Mc", "Mc") };
        var (typeName, contractName, methodName) = ("Bag", "IBags", "Get");
        var everAssigned = new Dictionary<string, int>();
        var renames = 0;
        string? lockText = null;
        for (var step = 0; step < 40; step++)
        {
            switch (random.Next(6))
            {
                case 0 when members.Count < pool.Count:
                    var added = pool.First(p => members.All(m => m.Wire != p));
                    members.Insert(random.Next(members.Count + 1), (added, added));
                    break;
                case 1 when members.Count > 1:
                    members.RemoveAt(random.Next(members.Count));
                    break;
                case 2:
                    var renamed = random.Next(members.Count);
                    members[renamed] = (members[renamed].Wire, "Renamed" + step + members[renamed].Wire);
                    renames++;
                    break;
                case 3:
                    (typeName, contractName, methodName) = random.Next(3) switch
                    {
                        0 => ("Bag" + step, contractName, methodName),
                        1 => (typeName, "IBagStore" + step, methodName),
                        _ => (typeName, contractName, "Fetch" + step),
                    };
                    renames++;
                    break;
                default:
                    members = members.OrderBy(_ => random.Next()).ToList();
                    break;
            }

            var source = "using System.Runtime.Serialization; using System.ServiceModel;\n"
                + $"[DataContract(Name = \"Bag\")] public class {typeName} {{\n"
                + string.Concat(members.Select(m => m.Wire == m.Clr ? $"[DataMember] public int {m.Clr};\n" : $"[DataMember(Name = \"{m.Wire}\")] public int {m.Clr};\n"))
                + $"}}\n[ServiceContract(Name = \"IBags\")] public interface {contractName} {{ [OperationContract(Name = \"Get\")] {typeName} {methodName}(); }}";
            var result = Engine.Run(source, lockText);
            lockText = result.LockFileText;

            Assert.Equal("GetResponse", result.Rpc("Bags", "Get").ResponseType);
            var numbers = Numbers(result, "Bag");
            Assert.Equal(numbers.Count, numbers.Values.Distinct().Count());
            foreach (var (wire, _) in members)
            {
                // The proto name stays the one the wire name first gave ("ma"), whatever the C# member is called now.
                var number = numbers[wire.ToLowerInvariant()];
                if (everAssigned.TryGetValue(wire, out var earlier))
                {
                    Assert.Equal(earlier, number);
                }
                else
                {
                    Assert.DoesNotContain(number, everAssigned.Values);
                    everAssigned[wire] = number;
                }
            }

            var reserved = result.Message("Bag").ReservedNumbers;
            Assert.Equal(everAssigned.Where(p => members.All(m => m.Wire != p.Key)).Select(p => p.Value).OrderBy(n => n), reserved.OrderBy(n => n));
        }

        Assert.True(renames >= 10, $"the seed gave only {renames} renames");
    }
}
