using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers.Hosting;

/// <summary>
/// WCFM4xxx: service hosts, bindings, client channels, named pipes and security modes in code (per document), and the
/// &lt;system.serviceModel&gt; section of app.config / web.config files passed as AdditionalFiles.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class HostingAnalyzer : WcfAnalyzer
{
    public HostingAnalyzer()
        : base(RuleCategories.Hosting)
    {
    }

    private protected override void Register(CompilationStartAnalysisContext context, WcfCompilation wcf)
    {
        RegisterCodeFindings(context, wcf);
        RegisterConfigurationFindings(context, wcf);
    }
}
