using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace MigrateWcf.CodeFixes.Infrastructure;

/// <summary>
/// A FixAll that also works when asked without an equivalence key, as `dotnet format analyzers` asks: it takes the key of
/// the code action registered for whichever diagnostic of the analyzer comes first, often one of another rule, for which
/// no action exists, and then asks for FixAll with a null key, which the batch fixer matches to no action. Without a key,
/// this fixer's usual fix (<c>defaultKey</c>) is the one applied.
/// </summary>
internal sealed class DefaultKeyFixAllProvider : FixAllProvider
{
    private readonly FixAllProvider _inner;
    private readonly string _defaultKey;

    public DefaultKeyFixAllProvider(FixAllProvider inner, string defaultKey)
    {
        _inner = inner;
        _defaultKey = defaultKey;
    }

    public override IEnumerable<FixAllScope> GetSupportedFixAllScopes() => _inner.GetSupportedFixAllScopes();

    public override Task<CodeAction?> GetFixAsync(FixAllContext context)
    {
        if (context.CodeActionEquivalenceKey is not null)
        {
            return _inner.GetFixAsync(context);
        }

        var diagnostics = new ForwardingDiagnosticProvider(context);
        var withKey = context.Document is { } document
            ? new FixAllContext(document, context.CodeFixProvider, context.Scope, _defaultKey, context.DiagnosticIds, diagnostics, context.CancellationToken)
            : new FixAllContext(context.Project, context.CodeFixProvider, context.Scope, _defaultKey, context.DiagnosticIds, diagnostics, context.CancellationToken);
        return _inner.GetFixAsync(withKey);
    }

    /// <summary>The original context's diagnostics, unchanged.</summary>
    private sealed class ForwardingDiagnosticProvider : FixAllContext.DiagnosticProvider
    {
        private readonly FixAllContext _context;

        public ForwardingDiagnosticProvider(FixAllContext context) => _context = context;

        public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
            => await _context.GetDocumentDiagnosticsAsync(document).ConfigureAwait(false);

        public override async Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => await _context.GetProjectDiagnosticsAsync(project).ConfigureAwait(false);

        public override async Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => await _context.GetAllDiagnosticsAsync(project).ConfigureAwait(false);
    }
}
