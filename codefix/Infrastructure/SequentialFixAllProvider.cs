using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace MigrateWcf.CodeFixes.Infrastructure;

/// <summary>
/// FixAll for fixes that change several documents and may add code at the same place (two result types after one
/// contract): the batch fixer would drop one of two edits at one place. This applies the fixes one after the other to
/// the evolving solution, finding each one's target again through an annotation put on it before the first edit, so
/// every fix sees the code as the previous ones left it.
/// </summary>
internal sealed class SequentialFixAllProvider : FixAllProvider
{
    private const string AnnotationKind = "MigrateWcf.FixAllTarget";

    private readonly Func<SyntaxNode, Diagnostic, SyntaxNode?> _target;
    private readonly Func<Document, SyntaxNode, Diagnostic, CancellationToken, Task<Solution>> _fix;
    private readonly string _title;

    /// <param name="target">The node a diagnostic's fix starts from (found in the document's root).</param>
    /// <param name="fix">The single fix: the solution after fixing the diagnostic at that node of that document.</param>
    public SequentialFixAllProvider(string title, Func<SyntaxNode, Diagnostic, SyntaxNode?> target, Func<Document, SyntaxNode, Diagnostic, CancellationToken, Task<Solution>> fix)
    {
        _title = title;
        _target = target;
        _fix = fix;
    }

    public override IEnumerable<FixAllScope> GetSupportedFixAllScopes() => new[] { FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution };

    public override async Task<CodeAction?> GetFixAsync(FixAllContext context)
    {
        var diagnostics = new List<Diagnostic>();
        switch (context.Scope)
        {
            case FixAllScope.Document when context.Document is not null:
                diagnostics.AddRange(await context.GetDocumentDiagnosticsAsync(context.Document).ConfigureAwait(false));
                break;
            case FixAllScope.Project:
                diagnostics.AddRange(await context.GetAllDiagnosticsAsync(context.Project).ConfigureAwait(false));
                break;
            case FixAllScope.Solution:
                foreach (var project in context.Solution.Projects)
                {
                    diagnostics.AddRange(await context.GetAllDiagnosticsAsync(project).ConfigureAwait(false));
                }

                break;
        }

        return diagnostics.Count == 0
            ? null
            : CodeAction.Create(_title, ct => ApplyAsync(context.Solution, diagnostics, ct), context.CodeActionEquivalenceKey);
    }

    private async Task<Solution> ApplyAsync(Solution solution, List<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        // 1. Mark every target while the diagnostics' locations still point at it.
        var marks = new List<(DocumentId Document, SyntaxAnnotation Annotation, Diagnostic Diagnostic)>();
        foreach (var perTree in diagnostics.Where(d => d.Location.IsInSource).GroupBy(d => d.Location.SourceTree!))
        {
            var document = solution.GetDocument(perTree.Key);
            var root = document is null ? null : await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            if (document is null || root is null)
            {
                continue;
            }

            var annotations = new Dictionary<SyntaxNode, SyntaxAnnotation>();
            foreach (var diagnostic in perTree.OrderBy(d => d.Location.SourceSpan.Start))
            {
                if (_target(root, diagnostic) is { } node && !annotations.ContainsKey(node))
                {
                    var annotation = new SyntaxAnnotation(AnnotationKind);
                    annotations.Add(node, annotation);
                    marks.Add((document.Id, annotation, diagnostic));
                }
            }

            solution = solution.WithDocumentSyntaxRoot(document.Id, root.ReplaceNodes(annotations.Keys, (original, current) => current.WithAdditionalAnnotations(annotations[original])));
        }

        // 2. Fix them one by one, each on the solution the previous fixes left.
        foreach (var (documentId, annotation, diagnostic) in marks)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var document = solution.GetDocument(documentId);
            var root = document is null ? null : await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            if (document is not null && root?.GetAnnotatedNodes(annotation).FirstOrDefault() is { } target)
            {
                solution = await _fix(document, target, diagnostic, cancellationToken).ConfigureAwait(false);
            }
        }

        return solution;
    }
}
