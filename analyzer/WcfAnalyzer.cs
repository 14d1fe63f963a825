using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers;

/// <summary>
/// The base of every migrate-wcf analyzer. <see cref="Initialize"/> is sealed and decides, once for all of them:
/// concurrent execution; generated code is analysed and reported (svcutil's Reference.cs holds real contracts the
/// migration maps, and the tool reports them too, so both tell one story; silence a file in .editorconfig); and, per
/// compilation, nothing at all unless it references System.ServiceModel or CoreWCF. The WCF types are resolved once per
/// compilation (<see cref="WcfCompilation"/>). Each analyzer reports the findings of its rule category where the engine
/// places them: per type, per document, per config file. It never decides a finding itself.
/// </summary>
public abstract class WcfAnalyzer : DiagnosticAnalyzer
{
    private readonly string _category;

    protected WcfAnalyzer(string category)
    {
        _category = category;
        SupportedDiagnostics = WcfDiagnostics.OfCategory(category);
    }

    public sealed override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; }

    public sealed override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
        context.RegisterCompilationStartAction(start =>
        {
            if (WcfCompilation.Get(start.Compilation) is { } wcf)
            {
                Register(start, wcf);
            }
        });
    }

    /// <summary>Registers the actions of this analyzer for one compilation that uses WCF.</summary>
    private protected abstract void Register(CompilationStartAnalysisContext context, WcfCompilation wcf);

    /// <summary>Reports, for each type declared in source, the findings of this category the engine places in it.</summary>
    private protected void RegisterTypeFindings(CompilationStartAnalysisContext context, WcfCompilation wcf)
        => context.RegisterSymbolAction(
            symbolContext =>
            {
                var type = (INamedTypeSymbol)symbolContext.Symbol;
                Report(wcf, symbolContext.ReportDiagnostic, type.Locations.IsEmpty ? Location.None : type.Locations[0], type.Name, () => wcf.Analysis.FindingsIn(type, symbolContext.CancellationToken));
            },
            SymbolKind.NamedType);

    /// <summary>Reports, for each document, the findings of this category in its hosting and runtime code.</summary>
    private protected void RegisterCodeFindings(CompilationStartAnalysisContext context, WcfCompilation wcf)
        => context.RegisterSemanticModelAction(modelContext =>
        {
            var tree = modelContext.SemanticModel.SyntaxTree;
            Report(wcf, modelContext.ReportDiagnostic, Location.Create(tree, default), tree.FilePath, () => wcf.Analysis.CodeFindingsIn(tree, modelContext.CancellationToken));
        });

    /// <summary>Reports, for each <c>.config</c> additional file, the findings of this category in its <c>&lt;system.serviceModel&gt;</c>.</summary>
    private protected void RegisterConfigurationFindings(CompilationStartAnalysisContext context, WcfCompilation wcf)
        => context.RegisterAdditionalFileAction(fileContext =>
        {
            var file = fileContext.AdditionalFile;
            if (!file.Path.EndsWith(".config", StringComparison.OrdinalIgnoreCase) || file.GetText(fileContext.CancellationToken)?.ToString() is not { } text
                || !CompilationAnalysis.MayHoldServiceModel(text))
            {
                return;
            }

            foreach (var finding in CompilationAnalysis.ConfigurationFindings(file.Path, text))
            {
                if (IsOwn(finding))
                {
                    fileContext.ReportDiagnostic(wcf.Locations.ToDiagnostic(finding, file));
                }
            }
        });

    private bool IsOwn(Finding finding) => RuleCatalog.Get(finding.RuleId).Category == _category;

    /// <summary>
    /// Reports this category's findings from <paramref name="findings"/>. An exception from the engine (a bug: it guards
    /// every contract and type itself) becomes a WCFM1090 diagnostic at <paramref name="where"/> instead of AD0001, so a
    /// build keeps its other diagnostics and says what failed.
    /// </summary>
    private void Report(WcfCompilation wcf, Action<Diagnostic> report, Location where, string subject, Func<ImmutableArray<Finding>> findings)
    {
        ImmutableArray<Finding> found;
        try
        {
            found = findings();
        }
        catch (Exception ex) when (ex is not OperationCanceledException)
        {
            if (_category == RuleCategories.Contracts)
            {
                report(Diagnostic.Create(WcfDiagnostics.For(Finding.Create(FindingMessages.ContractAnalysisFailed, null, subject, ex.GetType().Name, ex.Message)), where, subject, ex.GetType().Name, ex.Message));
            }

            return;
        }

        foreach (var finding in found)
        {
            if (IsOwn(finding))
            {
                report(wcf.Locations.ToDiagnostic(finding));
            }
        }
    }
}
