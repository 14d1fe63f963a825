using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// A data contract edited across successive runs, each run fed the previous run's lock file: a member keeps its
/// field number for as long as it exists, and a removed member's number (never reused) becomes <c>reserved</c>. C# renames
/// that keep WCF's names (a member's DataMember name, the type's DataContract name, the contract's ServiceContract name,
/// an operation's OperationContract name) change no number and no proto name, and say so (WCFM2081).
/// </summary>
public sealed class LockFileEvolutionTests
{
    private const string MessageName = "CustomerProfile";

    /// <summary>One edit: the member list, and the C# names of the type, the contract and the read operation's method.</summary>
    private sealed record Step(string Edit, string[] Members, string TypeName = MessageName, string ContractName = "ICustomerDirectory", string GetMethod = "GetProfile", bool ReportsKeptNames = false);

    private static readonly string[] AfterRemovals = ["public bool IsActive { get; set; }", "public int CustomerId { get; set; }", "public string FullName { get; set; }", "public decimal CreditLimit { get; set; }"];
    private static readonly string[] MemberRenamed = ["public bool IsActive { get; set; }", "public int CustomerId { get; set; }", "[DataMember(Name = \"FullName\")] public string DisplayName { get; set; }", "public decimal CreditLimit { get; set; }"];

    // One edit per step, applied in order.
    private static readonly Step[] Steps =
    [
        new("first version", ["public int CustomerId { get; set; }", "public string Name { get; set; }", "public string Email { get; set; }"]),
        new("add a member", ["public int CustomerId { get; set; }", "public string Name { get; set; }", "public string Email { get; set; }", "public string Phone { get; set; }"]),
        new("reorder members", ["public string Phone { get; set; }", "public string Email { get; set; }", "public int CustomerId { get; set; }", "public string Name { get; set; }"]),
        new("remove a member", ["public string Phone { get; set; }", "public int CustomerId { get; set; }", "public string Name { get; set; }"]),
        new("rename a member (its WCF name too)", ["public string Phone { get; set; }", "public int CustomerId { get; set; }", "public string FullName { get; set; }"]),
        new("add a member with an explicit Order", ["public string Phone { get; set; }", "public int CustomerId { get; set; }", "public string FullName { get; set; }", "[DataMember(Order = 7)] public System.DateTime MemberSince { get; set; }"]),
        new("add two members at the top", ["public bool IsActive { get; set; }", "public decimal CreditLimit { get; set; }", "public string Phone { get; set; }", "public int CustomerId { get; set; }", "public string FullName { get; set; }", "[DataMember(Order = 7)] public System.DateTime MemberSince { get; set; }"]),
        new("remove two members, one of them ordered", AfterRemovals),
        new("rename a member in C# only, keeping its DataMember name", MemberRenamed),
        new("rename the data contract type in C#, keeping its DataContract name", MemberRenamed, TypeName: "ClientProfile", ReportsKeptNames: true),
        new("rename the service contract and a method in C#, keeping their WCF names", MemberRenamed, TypeName: "ClientProfile", ContractName: "IClientDirectory", GetMethod: "FetchProfile", ReportsKeptNames: true),
        new("add a member after the renames", [.. MemberRenamed, "public string Segment { get; set; }"], TypeName: "ClientProfile", ContractName: "IClientDirectory", GetMethod: "FetchProfile", ReportsKeptNames: true),
    ];

    [Fact]
    public void SuccessiveEdits_NeverRenumberExistingFields_AndReserveRemovedOnes()
    {
        string? lockFile = null;
        Dictionary<string, int>? previous = null;
        List<string>? previousNames = null;
        var everAssigned = new Dictionary<int, string>();
        var removedNumbers = new HashSet<int>();
        foreach (var step in Steps)
        {
            var result = EngineRun.Run(Compile(step), lockFile);
            var schema = Schema(result);
            var message = schema[MessageName];
            var context = $"after '{step.Edit}':\n{Protos(result)}\nlock file:\n{result.LockFileText}";

            Assert.Equal(step.Members.Length, message.Fields.Count);
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

            // Every proto name a run gave (messages, services, rpcs and the fields of the operation messages) stays.
            var names = ProtoNames(result, schema);
            if (previousNames is not null)
            {
                var lost = previousNames.Except(names).ToList();
                Assert.True(lost.Count == 0, $"proto names gone: {string.Join(", ", lost)} {context}");
            }

            var kept = result.Findings.Where(f => f.RuleId == "WCFM2081").ToList();
            Assert.True(step.ReportsKeptNames == (kept.Count > 0), $"WCFM2081 findings: {kept.Count} {context}");

            previous = new Dictionary<string, int>(message.Fields);
            previousNames = names;
            lockFile = result.LockFileText;
        }
    }

    /// <summary>The proto names clients see: every message (with its fields, other than the data type's own), service and rpc.</summary>
    private static List<string> ProtoNames(EngineResult result, ProtoSchema schema)
    {
        var names = schema.Messages.Where(m => m.Key != MessageName).SelectMany(m => m.Value.Fields.Keys.Select(f => m.Key + "." + f).Append(m.Key)).ToList();
        names.AddRange(result.Proto.SelectMany(f => f.Services).SelectMany(s => s.Rpcs.Select(r => s.Name + "/" + r.Name).Append(s.Name)));
        return names;
    }

    [Fact]
    public void RemovedFieldName_IsReservedToo()
    {
        var first = EngineRun.Run(Compile(Steps[0]));
        var second = EngineRun.Run(Compile(Steps[0] with { Members = ["public int CustomerId { get; set; }", "public string Name { get; set; }"] }), first.LockFileText);

        var message = Schema(second)[MessageName];
        var emailNumber = Number(Schema(first)[MessageName], "Email");

        Assert.Contains(emailNumber, message.ReservedNumbers);
        Assert.Contains(message.ReservedNames, n => Normalized(n) == "email");
    }

    [Fact]
    public void WithoutTheLockFile_ARemovedMemberIsNotRemembered_ButWithItTheNumbersHold()
    {
        // The lock file is what carries history: the same edit with and without it differs exactly there.
        var first = EngineRun.Run(Compile(Steps[1]));
        var edited = Steps[3];

        var withLock = Schema(EngineRun.Run(Compile(edited), first.LockFileText))[MessageName];
        var withoutLock = Schema(EngineRun.Run(Compile(edited)))[MessageName];

        Assert.NotEmpty(withLock.ReservedNumbers);
        Assert.Empty(withoutLock.ReservedNumbers);
        Assert.Equal(Number(Schema(first)[MessageName], "Phone"), Number(withLock, "Phone"));
    }

    [Fact]
    public void ExplicitOrder_DecidesNumbersOfNewMembers_WithoutCollidingWithLockedOnes()
    {
        var first = EngineRun.Run(Compile(Steps[0]));
        var withOrdered = EngineRun.Run(
            Compile(Steps[0] with { Members = [.. Steps[0].Members, "[DataMember(Order = 1)] public string Region { get; set; }", "[DataMember(Order = 2)] public string Segment { get; set; }"] }),
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
        var result = EngineRun.Run(Compile(Steps[0]), "this is not a lock file\n{ \"json\": true }\nCustomerProfile = = 3\n");

        Assert.Contains(result.Findings, f => f.RuleId == "WCFM2080");
        var message = Schema(result)[MessageName];
        Assert.Equal(Steps[0].Members.Length, message.Fields.Count);
        Assert.Equal(message.Fields.Count, message.Fields.Values.Distinct().Count());
    }

    private static Microsoft.CodeAnalysis.Compilation Compile(Step step)
    {
        var body = string.Join("\n", step.Members.Select(m => m.StartsWith('[') ? "        " + m : "        [DataMember] " + m));
        // Renamed C# names pin WCF's names to the first ones, as a WCF developer renaming a published contract must.
        var dataContract = step.TypeName == MessageName ? "[DataContract]" : $"[DataContract(Name = \"{MessageName}\")]";
        var serviceContract = step.ContractName == "ICustomerDirectory" ? "[ServiceContract]" : "[ServiceContract(Name = \"ICustomerDirectory\")]";
        var getOperation = step.GetMethod == "GetProfile" ? "[OperationContract]" : "[OperationContract(Name = \"GetProfile\")]";
        var source = $$"""
            using System.Runtime.Serialization;
            using System.ServiceModel;

            namespace Contoso.Crm.Contracts
            {
                {{dataContract}}
                public class {{step.TypeName}}
                {
            {{body}}
                }

                {{serviceContract}}
                public interface {{step.ContractName}}
                {
                    {{getOperation}}
                    {{step.TypeName}} {{step.GetMethod}}(int customerId);

                    [OperationContract]
                    void SaveProfile({{step.TypeName}} profile);
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
