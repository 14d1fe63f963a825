using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers.Contracts;

/// <summary>WCFM1xxx: service contracts and operations, reported on the contract types (and their base and callback contracts).</summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class ContractAnalyzer : WcfAnalyzer
{
    public ContractAnalyzer()
        : base(RuleCategories.Contracts)
    {
    }

    private protected override void Register(CompilationStartAnalysisContext context, WcfCompilation wcf) => RegisterTypeFindings(context, wcf);
}
