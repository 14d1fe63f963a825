using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers.Behaviors;

/// <summary>
/// WCFM3xxx: instancing, concurrency, sessions and transactions on service implementations and contracts, and the
/// OperationContext members service code uses (per document).
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class BehaviorAnalyzer : WcfAnalyzer
{
    public BehaviorAnalyzer()
        : base(RuleCategories.Behaviors)
    {
    }

    private protected override void Register(CompilationStartAnalysisContext context, WcfCompilation wcf)
    {
        RegisterTypeFindings(context, wcf);
        RegisterCodeFindings(context, wcf);
    }
}
