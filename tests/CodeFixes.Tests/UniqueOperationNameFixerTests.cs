using MigrateWcf.Analyzers;
using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.CodeFixes.Tests.CodeFixVerifier<MigrateWcf.Analyzers.Contracts.ContractAnalyzer, MigrateWcf.CodeFixes.Contracts.UniqueOperationNameFixer>;

namespace MigrateWcf.CodeFixes.Tests;

public class UniqueOperationNameFixerTests
{
    [Fact]
    public Task Fix_NamesTheSecondOverloadAfterItsRpc()
        => Verify.VerifyFixAsync(RuleIds.DuplicateOperationName, """
            using System.ServiceModel;

            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                void {|#1:Release|}(string sku);

                [OperationContract(IsOneWay = false)] // release part of it
                void {|#0:Release|}(string sku, int quantity);
            }
            """, """
            using System.ServiceModel;

            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                void Release(string sku);

                [OperationContract(IsOneWay = false, Name = "Release2")] // release part of it
                void Release(string sku, int quantity);
            }
            """,
            EquivalenceKeys.UniqueOperationName,
            Verify.Diagnostic(WcfDiagnostics.DuplicateOperationName).WithLocation(0).WithLocation(1).WithArguments("IStock.Release", "Release", "Release2"));

    [Fact]
    public Task FixAll_NamesEveryLaterOverload()
        => Verify.VerifyFixAsync(RuleIds.DuplicateOperationName, """
            using System.ServiceModel;

            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                int {|#2:Get|}(string sku);

                [OperationContract]
                int {|#0:Get|}(int id);

                [OperationContract]
                int {|#1:Get|}(string sku, string warehouse);
            }
            """, """
            using System.ServiceModel;

            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                int Get(string sku);

                [OperationContract(Name = "Get2")]
                int Get(int id);

                [OperationContract(Name = "Get3")]
                int Get(string sku, string warehouse);
            }
            """,
            EquivalenceKeys.UniqueOperationName,
            Verify.Diagnostic(WcfDiagnostics.DuplicateOperationName).WithLocation(0).WithLocation(2).WithLocation(1).WithArguments("IStock.Get", "Get", "Get2"),
            Verify.Diagnostic(WcfDiagnostics.DuplicateOperationName).WithLocation(1).WithLocation(2).WithLocation(0).WithArguments("IStock.Get", "Get", "Get3"));
}
