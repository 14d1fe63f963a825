using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// A data contract edited across successive runs, each run fed the previous run's lock file: a member keeps its
/// field number for as long as it exists, and a removed member's number (never reused) becomes <c>reserved</c>.
/// </summary>
public sealed class LockFileEvolutionTests
{
    private const string MessageName = "CustomerProfile";

    // One edit per step, applied in order to the member list of the CustomerProfile data contract.
    private static readonly (string Edit, string[] Members)[] Steps =
    [
        ("first version", ["public int CustomerId { get; set; }", "public string Name { get; set; }", "public string Email { get; set; }"]),
        ("add a member", ["public int CustomerId { get; set; }", "public string Name { get; set; }", "public string Email { get; set; }", "public string Phone { get; set; }"]),
        ("reorder members", ["public string Phone { get; set; }", "public string Email { get; set; }", "public int CustomerId { get; set; }", "public string Name { get; set; }"]),
        ("remove a member", ["public string Phone { get; set; }", "public int CustomerId { get; set; }", "public string Name { get; set; }"]),
        ("rename a member", ["public string Phone { get; set; }", "public int CustomerId { get; set; }", "public string FullName { get; set; }"]),
        ("add a member with an explicit Order", ["public string Phone { get; set; }", "public int CustomerId { get; set; }", "public string FullName { get; set; }", "[DataMember(Order = 7)] public System.DateTime MemberSince { get; set; }"]),
        ("add two members at the top", ["public bool IsActive { get; set; }", "public decimal CreditLimit { get; set; }", "public string Phone { get; set; }", "public int CustomerId { get; set; }", "public string FullName { get; set; }", "[DataMember(Order = 7)] public System.DateTime MemberSince { get; set; }"]),
        ("remove two members, one of them ordered", ["public bool IsActive { get; set; }", "public int CustomerId { get; set; }", "public string FullName { get; set; }", "public decimal CreditLimit { get; set; }"]),
    ];

    [Fact]
    public void SuccessiveEdits_NeverRenumberExistingFields_AndReserveRemovedOnes()
    {
        string? lockFile = null;
        Dictionary<string, int>? previous = null;
        var everAssigned = new Dictionary<int, string>();
        var removedNumbers = new HashSet<int>();
        foreach (var (edit, members) in Steps)
        {
            var result = EngineRun.Run(Compile(members), lockFile);
            var message = Schema(result)[MessageName];
            var context = $"after '{edit}':\n{Protos(result)}\nlock file:\n{result.LockFileText}";

            Assert.Equal(members.Length, message.Fields.Count);
            Assert.Equal(message.Fields.Count, message.Fields.Values.Distinct().Count());
            if (previous is not null)
            {
                foreach (var (field, number) in previous)
                {
                    if (message.Fields.TryGetValue(field, out var now))
                    {
                        Assert.True(number == now, $"field '{field}' moved from {number} to {now} {context}");
                    }
                    else
                    {
                        removedNumbers.Add(number);
                    }
                }
            }

            foreach (var number in removedNumbers)
            {
                Assert.True(message.ReservedNumbers.Contains(number), $"removed field number {number} is not reserved {context}");
                Assert.DoesNotContain(number, message.Fields.Values);
            }

            foreach (var (field, number) in message.Fields)
            {
                // A number once given to one member never goes to another.
                if (everAssigned.TryGetValue(number, out var owner))
                {
                    Assert.True(owner == field, $"number {number} went from '{owner}' to '{field}' {context}");
                }

                everAssigned[number] = field;
            }

            previous = new Dictionary<string, int>(message.Fields);
            lockFile = result.LockFileText;
        }
    }

    [Fact]
    public void RemovedFieldName_IsReservedToo()
    {
        var first = EngineRun.Run(Compile(Steps[0].Members));
        var second = EngineRun.Run(Compile(["public int CustomerId { get; set; }", "public string Name { get; set; }"]), first.LockFileText);

        var message = Schema(second)[MessageName];
        var emailNumber = Number(Schema(first)[MessageName], "Email");

        Assert.Contains(emailNumber, message.ReservedNumbers);
        Assert.Contains(message.ReservedNames, n => Normalized(n) == "email");
    }

    [Fact]
    public void WithoutTheLockFile_ARemovedMemberIsNotRemembered_ButWithItTheNumbersHold()
    {
        // The lock file is what carries history: the same edit with and without it differs exactly there.
        var first = EngineRun.Run(Compile(Steps[1].Members));
        var edited = Steps[3].Members;

        var withLock = Schema(EngineRun.Run(Compile(edited), first.LockFileText))[MessageName];
        var withoutLock = Schema(EngineRun.Run(Compile(edited)))[MessageName];

        Assert.NotEmpty(withLock.ReservedNumbers);
        Assert.Empty(withoutLock.ReservedNumbers);
        Assert.Equal(Number(Schema(first)[MessageName], "Phone"), Number(withLock, "Phone"));
    }

    [Fact]
    public void ExplicitOrder_DecidesNumbersOfNewMembers_WithoutCollidingWithLockedOnes()
    {
        var first = EngineRun.Run(Compile(Steps[0].Members));
        var withOrdered = EngineRun.Run(
            Compile([.. Steps[0].Members, "[DataMember(Order = 1)] public string Region { get; set; }", "[DataMember(Order = 2)] public string Segment { get; set; }"]),
            first.LockFileText);

        var before = Schema(first)[MessageName].Fields;
        var after = Schema(withOrdered)[MessageName];
        foreach (var (field, number) in before)
        {
            Assert.Equal(number, after.Fields[field]);
        }

        Assert.Equal(after.Fields.Count, after.Fields.Values.Distinct().Count());
        Assert.True(Number(after, "Region") < Number(after, "Segment"), $"Order 1 should number before Order 2:\n{Protos(withOrdered)}");
    }

    [Fact]
    public void UnreadableLockFile_IsReportedAndFieldsAreStillNumbered()
    {
        var result = EngineRun.Run(Compile(Steps[0].Members), "this is not a lock file\n{ \"json\": true }\nCustomerProfile = = 3\n");

        Assert.Contains(result.Findings, f => f.RuleId == "WCFM2080");
        var message = Schema(result)[MessageName];
        Assert.Equal(Steps[0].Members.Length, message.Fields.Count);
        Assert.Equal(message.Fields.Count, message.Fields.Values.Distinct().Count());
    }

    private static Microsoft.CodeAnalysis.Compilation Compile(IEnumerable<string> members)
    {
        var body = string.Join("\n", members.Select(m => m.StartsWith('[') ? "        " + m : "        [DataMember] " + m));
        var source = $$"""
            using System.Runtime.Serialization;
            using System.ServiceModel;

            namespace Contoso.Crm.Contracts
            {
                [DataContract]
                public class {{MessageName}}
                {
            {{body}}
                }

                [ServiceContract]
                public interface ICustomerDirectory
                {
                    [OperationContract]
                    {{MessageName}} GetProfile(int customerId);

                    [OperationContract]
                    void SaveProfile({{MessageName}} profile);
                }
            }
            """;
        var compilation = WcfTestCompilation.Create([("Contracts/CustomerDirectory.cs", source)], assemblyName: "Contoso.Crm.Contracts");
        Assert.True(WcfTestCompilation.Errors(compilation).Length == 0, WcfTestCompilation.Errors(compilation));
        return compilation;
    }

    // The proto field name style (snake_case or not) is the engine's choice; match on letters only.
    private static int Number(ProtoSchema.Message message, string memberName)
        => message.Fields.Single(f => Normalized(f.Key) == Normalized(memberName)).Value;

    private static string Normalized(string name) => name.Replace("_", "").ToLowerInvariant();

    private static ProtoSchema Schema(EngineResult result) => ProtoSchema.Parse(result.ProtoFiles.Select(f => f.Content));

    private static string Protos(EngineResult result) => string.Join("\n", result.ProtoFiles.Select(f => $"==== {f.RelativePath}\n{f.Content}"));
}
