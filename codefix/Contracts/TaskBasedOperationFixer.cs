using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using MigrateWcf.CodeFixes.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.CodeFixes.Contracts;

/// <summary>
/// WCFM1016: turns a synchronous operation into a Task-based one. The contract method becomes <c>Task</c> /
/// <c>Task&lt;T&gt; NameAsync(...)</c> (WCF's operation name stays <c>Name</c>, so the wire does not change); each
/// implementation (and override) keeps its body and returns <c>Task.FromResult&lt;T&gt;(...)</c> /
/// <c>Task.CompletedTask</c>; every call in the solution becomes <c>NameAsync(...).GetAwaiter().GetResult()</c>, so callers
/// keep their synchronous behaviour until they are made asynchronous themselves; crefs follow the new name. Not offered
/// when the method cannot be converted soundly: ref/out parameters, a generic method, an implementation that is an
/// iterator or async, a use that is not a call (a method group, nameof), or a member already named NameAsync.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(TaskBasedOperationFixer))]
[Shared]
public sealed class TaskBasedOperationFixer : RuleCodeFixProvider
{
    private const string Title = "Convert to a Task-based operation";
    private const string TaskType = "System.Threading.Tasks.Task";

    public TaskBasedOperationFixer()
        : base(RuleIds.SynchronousOperation, EquivalenceKeys.ConvertToTaskBasedOperation)
    {
    }

    // A fix changes the contract, implementations in other documents and callers anywhere: FixAll applies them in turn.
    public override FixAllProvider? GetFixAllProvider() => new SequentialFixAllProvider(Title, OperationReferences.ContractMethod, ConvertAsync);

    protected override async Task RegisterFixesAsync(CodeFixContext context, SyntaxNode root, Diagnostic diagnostic)
    {
        if (OperationReferences.ContractMethod(root, diagnostic) is { } method
            && await PlanAsync(context.Document, method, context.CancellationToken).ConfigureAwait(false) is not null)
        {
            context.RegisterCodeFix(CodeAction.Create(Title, ct => ConvertAsync(context.Document, method, diagnostic, ct), DefaultEquivalenceKey), diagnostic);
        }
    }

    private sealed class Plan
    {
        public Plan(IMethodSymbol contract, INamedTypeSymbol task, INamedTypeSymbol taskOfT, string newName, AttributeSyntax? keepOperationName, ImmutableArray<(IMethodSymbol Method, MethodDeclarationSyntax Declaration, bool EndReachable)> implementations, List<(DocumentId Document, SyntaxNode Name)> names)
        {
            Contract = contract;
            Task = task;
            TaskOfT = taskOfT;
            NewName = newName;
            KeepOperationName = keepOperationName;
            Implementations = implementations;
            Names = names;
        }

        public IMethodSymbol Contract { get; }

        public INamedTypeSymbol Task { get; }

        public INamedTypeSymbol TaskOfT { get; }

        public string NewName { get; }

        /// <summary>The method was already named ...Async: its [OperationContract], which gets Name = its old operation name.</summary>
        public AttributeSyntax? KeepOperationName { get; }

        public ImmutableArray<(IMethodSymbol Method, MethodDeclarationSyntax Declaration, bool EndReachable)> Implementations { get; }

        public List<(DocumentId Document, SyntaxNode Name)> Names { get; }
    }

    /// <summary>What the conversion changes, or null when it cannot be done soundly.</summary>
    private static async Task<Plan?> PlanAsync(Document document, MethodDeclarationSyntax method, CancellationToken cancellationToken)
    {
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (model?.GetDeclaredSymbol(method, cancellationToken) is not { } contract
            || model.Compilation.GetTypeByMetadataName("System.Threading.Tasks.Task") is not { } task
            || model.Compilation.GetTypeByMetadataName("System.Threading.Tasks.Task`1") is not { } taskOfT
            || contract.IsGenericMethod || contract.Parameters.Any(p => p.RefKind != RefKind.None)
            || contract.ReturnType is INamedTypeSymbol { Name: "Task" or "ValueTask" })
        {
            return null;
        }

        var newName = contract.Name.EndsWith("Async", System.StringComparison.Ordinal) ? contract.Name : contract.Name + "Async";
        if (newName != contract.Name && !contract.ContainingType.GetMembers(newName).IsEmpty)
        {
            return null;
        }

        var solution = document.Project.Solution;
        var implementations = new List<(IMethodSymbol, MethodDeclarationSyntax, bool)>();
        foreach (var implementation in await OperationReferences.ImplementationsAsync(contract, solution, cancellationToken).ConfigureAwait(false))
        {
            if (implementation.IsAsync || implementation.IsGenericMethod || implementation.DeclaringSyntaxReferences.Length != 1
                || await implementation.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not MethodDeclarationSyntax declaration
                || declaration.DescendantNodes().Any(n => n is YieldStatementSyntax)
                || (newName != implementation.Name && !implementation.ContainingType.GetMembers(newName).IsEmpty))
            {
                return null;
            }

            var implementationModel = solution.GetDocument(declaration.SyntaxTree) is { } implementationDocument
                ? await implementationDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false)
                : null;
            if (implementationModel is null)
            {
                return null;
            }

            implementations.Add((implementation, declaration, EndReachable(implementationModel, declaration)));
        }

        var names = await OperationReferences.NamesAsync(implementations.Select(i => i.Item1).Prepend(contract), solution, cancellationToken).ConfigureAwait(false);
        if (names.Any(n => OperationReferences.Invocation(n.Name) is null && !OperationReferences.IsInCref(n.Name)))
        {
            return null;
        }

        // A method already named ...Async had that as its operation name; it keeps it, so the wire does not change.
        var operationContract = contract.GetAttributes().FirstOrDefault(a => WcfSyntax.Is(a, WcfSyntax.Types(model.Compilation, "System.ServiceModel.OperationContractAttribute", "CoreWCF.OperationContractAttribute")));
        var keepName = newName == contract.Name && operationContract is not null && !operationContract.NamedArguments.Any(n => n.Key == "Name")
            ? operationContract.ApplicationSyntaxReference?.GetSyntax(cancellationToken) as AttributeSyntax
            : null;
        return new Plan(contract, task, taskOfT, newName, keepName, implementations.ToImmutableArray(), names);
    }

    /// <summary>Whether control can reach the end of a void method's body (then it needs a final return).</summary>
    private static bool EndReachable(SemanticModel model, MethodDeclarationSyntax declaration)
        => declaration.Body is not { Statements.Count: > 0 } body || model.AnalyzeControlFlow(body.Statements.First(), body.Statements.Last())?.EndPointIsReachable != false;

    private static async Task<Solution> ConvertAsync(Document document, SyntaxNode target, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var solution = document.Project.Solution;
        if (target is not MethodDeclarationSyntax method || await PlanAsync(document, method, cancellationToken).ConfigureAwait(false) is not { } plan)
        {
            return solution;
        }

        var editor = new SolutionEditor(solution);

        // Calls first: an implementation body may hold some, and its own edit below works on the edited body.
        foreach (var (documentId, name) in plan.Names)
        {
            var documentEditor = await editor.GetDocumentEditorAsync(documentId, cancellationToken).ConfigureAwait(false);
            if (OperationReferences.Invocation(name) is { } invocation)
            {
                documentEditor.ReplaceNode(invocation, (current, _) => WaitFor(RenameCall((InvocationExpressionSyntax)current, plan.NewName)));
            }
            else
            {
                documentEditor.ReplaceNode(name, (current, _) => OperationReferences.Renamed(current, plan.NewName));
            }
        }

        var contractEditor = await editor.GetDocumentEditorAsync(document.Id, cancellationToken).ConfigureAwait(false);
        if (plan.KeepOperationName is { } operationContract && operationContract.SyntaxTree == method.SyntaxTree)
        {
            contractEditor.ReplaceNode(operationContract, WcfSyntax.WithNamedArgument(operationContract, "Name", WcfSyntax.Literal(plan.Contract.Name)));
        }

        contractEditor.ReplaceNode(method, (current, generator) => WithTaskSignature((MethodDeclarationSyntax)current, plan, generator));

        foreach (var (_, declaration, endReachable) in plan.Implementations)
        {
            if (solution.GetDocument(declaration.SyntaxTree) is not { } implementationDocument)
            {
                continue;
            }

            var documentEditor = await editor.GetDocumentEditorAsync(implementationDocument.Id, cancellationToken).ConfigureAwait(false);
            documentEditor.ReplaceNode(declaration, (current, generator) =>
                WithTaskBody(WithTaskSignature((MethodDeclarationSyntax)current, plan, generator), plan, endReachable, generator));
        }

        // The documents that now name Task get its using (callers only call GetAwaiter().GetResult(), which needs none).
        var changed = editor.GetChangedSolution();
        foreach (var documentId in plan.Implementations.Select(i => solution.GetDocument(i.Declaration.SyntaxTree)?.Id).OfType<DocumentId>().Append(document.Id).Distinct())
        {
            if (changed.GetDocument(documentId) is { } changedDocument && await changedDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root)
            {
                changed = changed.WithDocumentSyntaxRoot(documentId, WcfSyntax.WithUsing(root, "System.Threading.Tasks"));
            }
        }

        return changed;
    }

    /// <summary><c>x.M(args)</c> → <c>x.MAsync(args)</c>.</summary>
    private static InvocationExpressionSyntax RenameCall(InvocationExpressionSyntax invocation, string newName) => invocation.Expression switch
    {
        MemberAccessExpressionSyntax access => invocation.WithExpression(access.WithName((SimpleNameSyntax)OperationReferences.Renamed(access.Name, newName))),
        MemberBindingExpressionSyntax binding => invocation.WithExpression(binding.WithName((SimpleNameSyntax)OperationReferences.Renamed(binding.Name, newName))),
        SimpleNameSyntax name => invocation.WithExpression((ExpressionSyntax)OperationReferences.Renamed(name, newName)),
        _ => invocation,
    };

    /// <summary><c>call</c> → <c>call.GetAwaiter().GetResult()</c>: the caller still waits, as before.</summary>
    private static ExpressionSyntax WaitFor(InvocationExpressionSyntax call)
    {
        var getAwaiter = SyntaxFactory.InvocationExpression(SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, call.WithoutTrivia(), SyntaxFactory.IdentifierName("GetAwaiter")));
        return SyntaxFactory.InvocationExpression(SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, getAwaiter, SyntaxFactory.IdentifierName("GetResult")))
            .WithTriviaFrom(call);
    }

    /// <summary>Returns <c>Task</c> / <c>Task&lt;T&gt;</c> (named as the file's usings allow, a using added if needed) under the new name.</summary>
    private static MethodDeclarationSyntax WithTaskSignature(MethodDeclarationSyntax method, Plan plan, SyntaxGenerator generator)
    {
        var task = plan.Contract.ReturnsVoid ? plan.Task : plan.TaskOfT.Construct(plan.Contract.ReturnType);
        return method
            .WithReturnType(((TypeSyntax)generator.TypeExpression(task, addImport: true)).WithTriviaFrom(method.ReturnType))
            .WithIdentifier(SyntaxFactory.Identifier(plan.NewName).WithTriviaFrom(method.Identifier));
    }

    /// <summary>
    /// The body returns a completed task: <c>return e;</c> → <c>return Task.FromResult&lt;T&gt;(e);</c>, <c>return;</c> →
    /// <c>return Task.CompletedTask;</c> (and one more at the end when control can reach it), an expression body likewise.
    /// Lambdas and local functions inside keep their own returns.
    /// </summary>
    private static MethodDeclarationSyntax WithTaskBody(MethodDeclarationSyntax method, Plan plan, bool endReachable, SyntaxGenerator generator)
    {
        var isVoid = plan.Contract.ReturnsVoid;
        SyntaxNode Task() => generator.TypeExpression(plan.Task, addImport: true);
        ExpressionSyntax Completed() => (ExpressionSyntax)generator.MemberAccessExpression(Task(), "CompletedTask");
        ExpressionSyntax FromResult(ExpressionSyntax value) => ((ExpressionSyntax)generator.InvocationExpression(
            generator.MemberAccessExpression(Task(), generator.GenericName("FromResult", plan.Contract.ReturnType)),
            value.WithoutTrivia()))
            .WithTriviaFrom(value);

        if (method.ExpressionBody is { } arrow)
        {
            if (!isVoid)
            {
                return method.WithExpressionBody(arrow.WithExpression(FromResult(arrow.Expression)));
            }

            var block = SyntaxFactory.Block(
                SyntaxFactory.ExpressionStatement(arrow.Expression.WithoutTrivia()),
                SyntaxFactory.ReturnStatement(Completed()));
            return method.WithExpressionBody(null).WithSemicolonToken(default).WithBody(block.WithAdditionalAnnotations(Formatter.Annotation))
                .WithTrailingTrivia(method.SemicolonToken.TrailingTrivia);
        }

        if (method.Body is not { } body)
        {
            return method;
        }

        var returns = body.DescendantNodes(n => n is not (AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax)).OfType<ReturnStatementSyntax>().ToList();
        var newBody = body.ReplaceNodes(returns, (_, current) => current.WithExpression(
            current.Expression is { } value ? FromResult(value) : Completed().WithLeadingTrivia(SyntaxFactory.Space)));
        if (isVoid && endReachable)
        {
            // The block grows by a statement: it is laid out again (an empty "{ }" on one line becomes a block).
            newBody = newBody.AddStatements(SyntaxFactory.ReturnStatement(Completed())).WithAdditionalAnnotations(Formatter.Annotation);
        }

        return method.WithBody(newBody);
    }
}
