using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace MigrateWcf.Analyzers;

/// <summary>
/// The findings no source type holds, at compilation end: about types from referenced assemblies that contracts use
/// (no source place; e.g. a [Flags] enum of the framework). Compilation-end diagnostics show in builds and in an IDE's
/// full-solution analysis, not as one types; everything a source type holds is reported by the other analyzers as it is
/// typed.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class UnplacedFindingsAnalyzer : DiagnosticAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => WcfDiagnostics.AllAtCompilationEnd;

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
        context.RegisterCompilationAction(end =>
        {
            if (WcfCompilation.Get(end.Compilation) is not { } wcf)
            {
                return;
            }

            ImmutableArray<Generator.Finding> findings;
            try
            {
                findings = wcf.Analysis.FindingsOutsideTypes(end.CancellationToken);
            }
            catch (Exception ex) when (ex is not OperationCanceledException)
            {
                // The type analyzers ask the engine the same question first and report its failure.
                return;
            }

            foreach (var finding in findings)
            {
                end.ReportDiagnostic(wcf.Locations.ToDiagnostic(finding, atCompilationEnd: true));
            }
        });
    }
}
