using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers.DataContracts;

/// <summary>WCFM2xxx: data contracts and the types of members, parameters and results, reported on the types that hold them.</summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class DataContractAnalyzer : WcfAnalyzer
{
    public DataContractAnalyzer()
        : base(RuleCategories.DataContracts)
    {
    }

    private protected override void Register(CompilationStartAnalysisContext context, WcfCompilation wcf) => RegisterTypeFindings(context, wcf);
}
