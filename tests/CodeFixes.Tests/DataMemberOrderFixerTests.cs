using MigrateWcf.Analyzers;
using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.CodeFixes.Tests.CodeFixVerifier<MigrateWcf.Analyzers.DataContracts.DataContractAnalyzer, MigrateWcf.CodeFixes.DataContracts.DataMemberOrderFixer>;

namespace MigrateWcf.CodeFixes.Tests;

public class DataMemberOrderFixerTests
{
    private const string Header = """
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using System.Threading.Tasks;

        [ServiceContract]
        public interface ICustomers
        {
            [OperationContract]
            Task SaveAsync(Customer customer);
        }

        """;

    [Fact]
    public Task Fix_NumbersMembersInTodaysWireOrder_AndKeepsTheirSettings()
        => Verify.VerifyFixAsync(RuleIds.DataMemberOrder, Header + """
            [DataContract]
            public class {|#0:Customer|}
            {
                /// <summary>Shown on invoices.</summary>
                [DataMember(IsRequired = true)] public string {|#1:Name|} { get; set; }

                [DataMember] public int {|#2:Id|} { get; set; } // the key

                [DataMember(Name = "mail", Order = 1)] public string {|#3:Email|} { get; set; }
            }
            """, Header + """
            [DataContract]
            public class Customer
            {
                /// <summary>Shown on invoices.</summary>
                [DataMember(IsRequired = true, Order = 2)] public string Name { get; set; }

                [DataMember(Order = 1)] public int Id { get; set; } // the key

                [DataMember(Name = "mail", Order = 3)] public string Email { get; set; }
            }
            """,
            EquivalenceKeys.AddDataMemberOrder,
            Verify.Diagnostic(WcfDiagnostics.MembersWithoutOrder).WithLocation(0).WithLocation(2).WithLocation(1).WithLocation(3).WithArguments("Customer", "Id, Name"));

    [Fact]
    public Task FixAll_NumbersADerivedTypeAfterItsBase()
        => Verify.VerifyFixAsync(RuleIds.DataMemberOrder, Header + """
            [DataContract]
            [KnownType(typeof(Customer))]
            public class {|#0:Party|}
            {
                [DataMember] public string {|#1:Name|} { get; set; }
            }

            [DataContract]
            public class {|#2:Customer|} : Party
            {
                [DataMember] public int {|#3:Id|} { get; set; }
                [DataMember(Order = 1)] public string {|#4:Email|} { get; set; }
            }
            """, Header + """
            [DataContract]
            [KnownType(typeof(Customer))]
            public class Party
            {
                [DataMember(Order = 1)] public string Name { get; set; }
            }

            [DataContract]
            public class Customer : Party
            {
                [DataMember(Order = 2)] public int Id { get; set; }
                [DataMember(Order = 3)] public string Email { get; set; }
            }
            """,
            EquivalenceKeys.AddDataMemberOrder,
            Verify.Diagnostic(WcfDiagnostics.MembersWithoutOrder).WithLocation(0).WithLocation(1).WithArguments("Party", "Name"),
            Verify.Diagnostic(WcfDiagnostics.MembersWithoutOrder).WithLocation(2).WithLocation(3).WithLocation(4).WithArguments("Customer", "Id"));

    [Fact]
    public async Task Fix_EditsEveryPartOfAPartialType()
    {
        var test = Verify.Create(RuleIds.DataMemberOrder, Header + """
            [DataContract]
            public partial class {|#0:Customer|}
            {
                [DataMember] public string {|#1:Name|} { get; set; }
            }
            """, Header + """
            [DataContract]
            public partial class Customer
            {
                [DataMember(Order = 2)] public string Name { get; set; }
            }
            """,
            EquivalenceKeys.AddDataMemberOrder,
            Verify.Diagnostic(WcfDiagnostics.MembersWithoutOrder).WithLocation(0).WithLocation("/0/Test1.cs", 5, 29).WithLocation(1).WithArguments("Customer", "Id, Name"));
        test.TestState.Sources.Add(("/0/Test1.cs", """
            using System.Runtime.Serialization;

            public partial class Customer
            {
                [DataMember] public int Id { get; set; }
            }
            """));
        test.FixedState.Sources.Add(("/0/Test1.cs", """
            using System.Runtime.Serialization;

            public partial class Customer
            {
                [DataMember(Order = 1)] public int Id { get; set; }
            }
            """));
        await test.RunAsync();
    }
}
