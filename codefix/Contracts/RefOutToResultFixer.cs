using System;
using System.Collections.Generic;
using System.Composition;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using MigrateWcf.CodeFixes.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.CodeFixes.Contracts;

/// <summary>
/// WCFM1006: an operation with ref/out parameters returns a result type instead. A <c>[DataContract]</c> class
/// <c>&lt;Operation&gt;Result</c> is added after the contract, holding the result and each ref/out value; the contract
/// method returns it (out parameters go, ref parameters stay as inputs); each implementation gets a method with the new
/// signature that calls its existing one (whose body is untouched); calls in the contract's document are rewritten
/// (<c>var r = x.Op(a); p = r.P;</c>). Callers in other documents must be updated by hand (the compiler lists them).
/// Not offered when a call in the document is in a form it cannot rewrite without changing the order of evaluation
/// (inside a condition, an argument, a lambda).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(RefOutToResultFixer))]
[Shared]
public sealed class RefOutToResultFixer : RuleCodeFixProvider
{
    private const string Title = "Return a result type instead of ref/out parameters";

    public RefOutToResultFixer()
        : base(RuleIds.RefOutParameter, EquivalenceKeys.RefOutToResultType)
    {
    }

    // Each fix adds a class after the same contract: FixAll applies them in turn so none is lost.
    public override FixAllProvider? GetFixAllProvider() => new SequentialFixAllProvider(Title, OperationReferences.ContractMethod, ConvertAsync);

    protected override async Task RegisterFixesAsync(CodeFixContext context, SyntaxNode root, Diagnostic diagnostic)
    {
        if (OperationReferences.ContractMethod(root, diagnostic) is { } method
            && await PlanAsync(context.Document, method, context.CancellationToken).ConfigureAwait(false) is { } plan)
        {
            context.RegisterCodeFix(CodeAction.Create($"Return {plan.ResultType} instead of ref/out parameters", ct => ConvertAsync(context.Document, method, diagnostic, ct), DefaultEquivalenceKey), diagnostic);
        }
    }

    /// <summary>One value of the result type: the operation's result or a ref/out parameter, and the property holding it.</summary>
    private sealed class Part
    {
        public Part(IParameterSymbol? parameter, ITypeSymbol type, string property)
        {
            Parameter = parameter;
            Type = type;
            Property = property;
        }

        /// <summary>The ref/out parameter, or null for the result.</summary>
        public IParameterSymbol? Parameter { get; }

        public ITypeSymbol Type { get; }

        public string Property { get; }
    }

    private sealed class Plan
    {
        public Plan(IMethodSymbol contract, string resultType, List<Part> parts, List<MethodDeclarationSyntax> implementations, List<StatementSyntax> calls)
        {
            Contract = contract;
            ResultType = resultType;
            Parts = parts;
            Implementations = implementations;
            Calls = calls;
        }

        public IMethodSymbol Contract { get; }

        public string ResultType { get; }

        public List<Part> Parts { get; }

        public List<MethodDeclarationSyntax> Implementations { get; }

        /// <summary>The statements of the contract's document that call the operation, each in a form the fix rewrites.</summary>
        public List<StatementSyntax> Calls { get; }
    }

    private static async Task<Plan?> PlanAsync(Document document, MethodDeclarationSyntax method, CancellationToken cancellationToken)
    {
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (model?.GetDeclaredSymbol(method, cancellationToken) is not { } contract
            || contract.IsGenericMethod || !contract.Parameters.Any(p => p.RefKind is RefKind.Ref or RefKind.Out)
            || contract.Parameters.Any(p => p.IsParams || p.RefKind == RefKind.In)
            || contract.ReturnType is INamedTypeSymbol { Name: "Task" or "ValueTask" or "IAsyncResult" })
        {
            return null;
        }

        // Names: <Operation>Result, unique in its namespace (or containing type); properties Result, then the parameters.
        var stem = char.ToUpperInvariant(contract.Name[0]) + contract.Name.Substring(1) + "Result";
        var taken = new HashSet<string>(
            (contract.ContainingType.ContainingType?.GetTypeMembers() ?? contract.ContainingType.ContainingNamespace.GetTypeMembers()).Select(t => t.Name),
            StringComparer.Ordinal);
        var resultType = stem;
        for (var i = 2; taken.Contains(resultType); i++)
        {
            resultType = stem + i.ToString(CultureInfo.InvariantCulture);
        }

        var parts = new List<Part>();
        var properties = new HashSet<string>(StringComparer.Ordinal) { resultType };
        if (!contract.ReturnsVoid)
        {
            parts.Add(new Part(null, contract.ReturnType, Claim(properties, "Result")));
        }

        foreach (var parameter in contract.Parameters.Where(p => p.RefKind is RefKind.Ref or RefKind.Out))
        {
            parts.Add(new Part(parameter, parameter.Type, Claim(properties, char.ToUpperInvariant(parameter.Name[0]) + parameter.Name.Substring(1))));
        }

        var solution = document.Project.Solution;
        var implementations = new List<MethodDeclarationSyntax>();
        foreach (var implementation in await OperationReferences.ImplementationsAsync(contract, solution, cancellationToken).ConfigureAwait(false))
        {
            // Overrides keep overriding the existing method, which the new one calls: only the implementing method changes.
            if (implementation.IsOverride
                || !SymbolEqualityComparer.Default.Equals(implementation.ContainingType.FindImplementationForInterfaceMember(contract), implementation))
            {
                continue;
            }

            if (implementation.DeclaringSyntaxReferences.Length != 1
                || await implementation.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not MethodDeclarationSyntax declaration)
            {
                return null;
            }

            implementations.Add(declaration);
        }

        var calls = new List<StatementSyntax>();
        foreach (var (documentId, name) in await OperationReferences.NamesAsync(new[] { contract }, solution, cancellationToken).ConfigureAwait(false))
        {
            if (documentId != document.Id || OperationReferences.IsInCref(name))
            {
                continue;
            }

            if (OperationReferences.Invocation(name) is not { } invocation || RewritableStatement(invocation, contract) is not { } statement)
            {
                return null;
            }

            calls.Add(statement);
        }

        return new Plan(contract, resultType, parts, implementations, calls);
    }

    private static string Claim(HashSet<string> taken, string name)
    {
        var claimed = name;
        for (var i = 2; !taken.Add(claimed); i++)
        {
            claimed = name + i.ToString(CultureInfo.InvariantCulture);
        }

        return claimed;
    }

    /// <summary>
    /// The statement a call is the whole of, when rewriting it as statements keeps what runs and in what order:
    /// <c>x.Op(...);</c>, <c>var v = x.Op(...);</c>, <c>v = x.Op(...);</c>, <c>return x.Op(...);</c>, directly in a block.
    /// </summary>
    private static StatementSyntax? RewritableStatement(InvocationExpressionSyntax invocation, IMethodSymbol contract)
    {
        var statement = invocation.Parent switch
        {
            ExpressionStatementSyntax expression => expression,
            ReturnStatementSyntax ret when !contract.ReturnsVoid => ret,
            AssignmentExpressionSyntax { Parent: ExpressionStatementSyntax assignment } simple when simple.IsKind(SyntaxKind.SimpleAssignmentExpression) && simple.Right == invocation && !contract.ReturnsVoid => assignment,
            EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax local } } } when !contract.ReturnsVoid => local,
            _ => (StatementSyntax?)null,
        };
        return statement?.Parent is BlockSyntax or SwitchSectionSyntax ? statement : null;
    }

    private static async Task<Solution> ConvertAsync(Document document, SyntaxNode target, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var solution = document.Project.Solution;
        if (target is not MethodDeclarationSyntax method || method.Parent is not InterfaceDeclarationSyntax contractType
            || await PlanAsync(document, method, cancellationToken).ConfigureAwait(false) is not { } plan)
        {
            return solution;
        }

        var text = await document.GetTextAsync(cancellationToken).ConfigureAwait(false);
        var newLine = text.ToString().Contains("\r\n") ? "\r\n" : "\n";
        var resultTypeName = Qualified(plan.Contract.ContainingType.ContainingNamespace, plan.ResultType);
        var editor = new SolutionEditor(solution);
        var contractEditor = await editor.GetDocumentEditorAsync(document.Id, cancellationToken).ConfigureAwait(false);

        // The calls of this document, each as statements: the call, then the ref/out values, then what the call gave.
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        var temporaries = new Dictionary<SyntaxNode, HashSet<string>>();
        foreach (var statement in plan.Calls)
        {
            var invocation = statement.DescendantNodes().OfType<InvocationExpressionSyntax>().First(i => SymbolEqualityComparer.Default.Equals(model?.GetSymbolInfo(i, cancellationToken).Symbol?.OriginalDefinition, plan.Contract));
            var replacement = CallStatements(statement, invocation, plan, Temporary(statement, plan, temporaries));
            contractEditor.InsertBefore(statement, replacement.Take(replacement.Count - 1));
            contractEditor.ReplaceNode(statement, replacement[replacement.Count - 1]);
        }

        // New declarations go in after the edits, by plain list insertion after annotated anchors, so each keeps exactly
        // the blank line and comments it is written with, however many are added after one contract.
        var inserts = new List<(DocumentId Document, SyntaxAnnotation Anchor, MemberDeclarationSyntax Declaration)>();
        var contractAnchor = new SyntaxAnnotation();
        contractEditor.ReplaceNode(method, (current, _) => NewContractMethod((MethodDeclarationSyntax)current, resultTypeName));
        contractEditor.ReplaceNode(contractType, (current, _) => current.WithAdditionalAnnotations(contractAnchor));
        inserts.Add((document.Id, contractAnchor, ResultTypeDeclaration(plan, contractType, newLine)));

        foreach (var declaration in plan.Implementations)
        {
            if (solution.GetDocument(declaration.SyntaxTree) is not { } implementationDocument)
            {
                continue;
            }

            var documentEditor = await editor.GetDocumentEditorAsync(implementationDocument.Id, cancellationToken).ConfigureAwait(false);
            var explicitInterface = declaration.ExplicitInterfaceSpecifier;
            var anchor = new SyntaxAnnotation();
            documentEditor.ReplaceNode(declaration, (current, _) =>
            {
                var existing = (MethodDeclarationSyntax)current;
                if (explicitInterface is not null)
                {
                    // The old explicit implementation implements nothing any more: it becomes a private method the new one calls.
                    existing = existing
                        .WithExplicitInterfaceSpecifier(null)
                        .WithReturnType(existing.ReturnType.WithLeadingTrivia())
                        .WithModifiers(SyntaxFactory.TokenList(SyntaxFactory.Token(existing.ReturnType.GetLeadingTrivia(), SyntaxKind.PrivateKeyword, SyntaxFactory.TriviaList(SyntaxFactory.Space))));
                }

                return existing.WithAdditionalAnnotations(anchor);
            });
            inserts.Add((implementationDocument.Id, anchor, Adapter(plan, declaration, resultTypeName, explicitInterface, newLine)));
        }

        var changed = editor.GetChangedSolution();
        foreach (var perDocument in inserts.GroupBy(i => i.Document))
        {
            if (changed.GetDocument(perDocument.Key) is not { } changedDocument || await changedDocument.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is not { } root)
            {
                continue;
            }

            foreach (var (_, anchor, declaration) in perDocument)
            {
                if (root.GetAnnotatedNodes(anchor).FirstOrDefault() is { } anchored)
                {
                    // The new declaration ends the way the anchor did (a line end, or nothing at the end of the file); the
                    // anchor's line ends in any case.
                    var trailing = anchored.GetTrailingTrivia();
                    var endsLine = trailing.Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
                    var ended = endsLine ? anchored : anchored.WithTrailingTrivia(trailing.Add(SyntaxFactory.EndOfLine(newLine)));
                    root = root.ReplaceNode(anchored, ended);
                    root = root.InsertNodesAfter(root.GetAnnotatedNodes(anchor).First(), new[] { declaration.WithTrailingTrivia(trailing) });
                }
            }

            changed = changed.WithDocumentSyntaxRoot(perDocument.Key, perDocument.Key == document.Id ? WcfSyntax.WithUsing(root, "System.Runtime.Serialization") : root);
        }

        return changed;
    }

    private static string Qualified(INamespaceSymbol ns, string name)
        => ns.IsGlobalNamespace ? "global::" + name : "global::" + ns.ToDisplayString() + "." + name;

    private static string TypeName(ITypeSymbol type) => type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);

    /// <summary>A local name for the result, free in the member (its parameters, locals, and the names this fix took there).</summary>
    private static string Temporary(StatementSyntax statement, Plan plan, Dictionary<SyntaxNode, HashSet<string>> temporaries)
    {
        var member = statement.FirstAncestorOrSelf<MemberDeclarationSyntax>() ?? (SyntaxNode)statement;
        if (!temporaries.TryGetValue(member, out var taken))
        {
            taken = new HashSet<string>(
                member.DescendantNodes().Select(n => n switch
                {
                    VariableDeclaratorSyntax v => v.Identifier.ValueText,
                    SingleVariableDesignationSyntax d => d.Identifier.ValueText,
                    ParameterSyntax p => p.Identifier.ValueText,
                    _ => null,
                }).OfType<string>(),
                StringComparer.Ordinal);
            temporaries.Add(member, taken);
        }

        return Claim(taken, char.ToLowerInvariant(plan.ResultType[0]) + plan.ResultType.Substring(1));
    }

    /// <summary>The statements replacing one call: <c>var r = x.Op(in args);</c>, then <c>p = r.P;</c> per ref/out, then what the call gave.</summary>
    private static List<StatementSyntax> CallStatements(StatementSyntax statement, InvocationExpressionSyntax invocation, Plan plan, string temporary)
    {
        var arguments = new List<ArgumentSyntax>();
        var assignments = new List<StatementSyntax>();
        var byRef = invocation.ArgumentList.Arguments.ToList();
        foreach (var argument in byRef)
        {
            var parameter = plan.Contract.Parameters.FirstOrDefault(p => argument.NameColon?.Name.Identifier.ValueText == p.Name)
                ?? (byRef.IndexOf(argument) < plan.Contract.Parameters.Length ? plan.Contract.Parameters[byRef.IndexOf(argument)] : null);
            var part = plan.Parts.FirstOrDefault(p => SymbolEqualityComparer.Default.Equals(p.Parameter, parameter));
            if (part is null)
            {
                arguments.Add(argument);
                continue;
            }

            if (argument.RefKindKeyword.IsKind(SyntaxKind.RefKeyword))
            {
                arguments.Add(argument.WithRefKindKeyword(default));
            }

            var value = $"{temporary}.{part.Property}";
            var assignment = argument.Expression switch
            {
                DeclarationExpressionSyntax { Designation: DiscardDesignationSyntax } => null,
                IdentifierNameSyntax { Identifier.ValueText: "_" } => null,
                DeclarationExpressionSyntax { Designation: SingleVariableDesignationSyntax variable } declaration => $"{declaration.Type} {variable.Identifier.ValueText} = {value};",
                var target => $"{target} = {value};",
            };
            if (assignment is not null)
            {
                assignments.Add(SyntaxFactory.ParseStatement(assignment));
            }
        }

        var call = invocation.WithArgumentList(invocation.ArgumentList.WithArguments(SyntaxFactory.SeparatedList(arguments)));
        var statements = new List<StatementSyntax> { SyntaxFactory.ParseStatement($"var {temporary} = {call.WithoutTrivia()};") };
        statements.AddRange(assignments);
        var result = plan.Contract.ReturnsVoid ? null : $"{temporary}.{plan.Parts[0].Property}";
        switch (statement)
        {
            case LocalDeclarationStatementSyntax local:
                statements.Add(local.ReplaceNode(local.Declaration.Variables[0].Initializer!.Value, SyntaxFactory.ParseExpression(result!)));
                break;
            case ReturnStatementSyntax ret:
                statements.Add(ret.WithExpression(SyntaxFactory.ParseExpression(result!).WithLeadingTrivia(SyntaxFactory.Space)));
                break;
            case ExpressionStatementSyntax { Expression: AssignmentExpressionSyntax assignment } expression:
                statements.Add(expression.WithExpression(assignment.WithRight(SyntaxFactory.ParseExpression(result!).WithLeadingTrivia(SyntaxFactory.Space))));
                break;
        }

        // The first statement takes the call's leading trivia (comments, indentation), the last its trailing trivia; the
        // ones between are indented like it and each ends its line.
        var leading = statement.GetLeadingTrivia();
        var indentation = leading.Count > 0 && leading[leading.Count - 1].IsKind(SyntaxKind.WhitespaceTrivia) ? SyntaxFactory.TriviaList(leading[leading.Count - 1]) : SyntaxFactory.TriviaList();
        var endOfLine = statement.GetTrailingTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
        for (var i = 0; i < statements.Count; i++)
        {
            var current = statements[i]
                .WithLeadingTrivia(i == 0 ? leading : indentation)
                .WithTrailingTrivia(i == statements.Count - 1 ? statement.GetTrailingTrivia() : SyntaxFactory.TriviaList(endOfLine.IsKind(SyntaxKind.EndOfLineTrivia) ? endOfLine : SyntaxFactory.EndOfLine("\n")));
            statements[i] = current.WithAdditionalAnnotations(Formatter.Annotation);
        }

        return statements;
    }

    /// <summary>The contract method returning the result type: out parameters removed, ref parameters passed by value.</summary>
    private static MethodDeclarationSyntax NewContractMethod(MethodDeclarationSyntax method, string resultType)
    {
        var parameters = method.ParameterList.Parameters
            .Where(p => !p.Modifiers.Any(SyntaxKind.OutKeyword))
            .Select(p => p.WithModifiers(SyntaxFactory.TokenList(p.Modifiers.Where(m => !m.IsKind(SyntaxKind.RefKeyword)))).WithLeadingTrivia(p.Modifiers.Any(SyntaxKind.RefKeyword) ? p.Modifiers.First().LeadingTrivia : p.GetLeadingTrivia()));
        return method
            .WithReturnType(SyntaxFactory.ParseTypeName(resultType).WithAdditionalAnnotations(Simplifier.Annotation).WithTriviaFrom(method.ReturnType))
            .WithParameterList(method.ParameterList.WithParameters(SyntaxFactory.SeparatedList(parameters)).WithAdditionalAnnotations(Formatter.Annotation));
    }

    /// <summary>
    /// The result type: a data contract with the result first, then the ref/out values, in their order; written out with
    /// the contract's indentation and a blank line before it, so no formatting pass moves the lines around it.
    /// </summary>
    private static MemberDeclarationSyntax ResultTypeDeclaration(Plan plan, InterfaceDeclarationSyntax contract, string newLine)
    {
        var leading = contract.GetLeadingTrivia();
        var indent = leading.Count > 0 && leading[leading.Count - 1].IsKind(SyntaxKind.WhitespaceTrivia) ? leading[leading.Count - 1].ToString() : string.Empty;
        var accessibility = contract.Modifiers.Any(SyntaxKind.PublicKeyword) ? "public " : "internal ";
        var text = new StringBuilder();
        void Line(string line) => text.Append(line.Length == 0 ? string.Empty : indent + line).Append(newLine);
        Line($"/// <summary>What <see cref=\"{plan.Contract.ContainingType.Name}.{plan.Contract.Name}\"/> returns: its result and its ref/out values.</summary>");
        Line("[global::System.Runtime.Serialization.DataContract]");
        Line(accessibility + "class " + plan.ResultType);
        Line("{");
        for (var i = 0; i < plan.Parts.Count; i++)
        {
            var part = plan.Parts[i];
            if (i > 0)
            {
                Line(string.Empty);
            }

            Line($"    [global::System.Runtime.Serialization.DataMember(Order = {(i + 1).ToString(CultureInfo.InvariantCulture)})]");
            Line($"    public {TypeName(part.Type)} {part.Property} {{ get; set; }}");
        }

        Line("}");
        var declaration = SyntaxFactory.ParseMemberDeclaration(newLine + text)!;
        return declaration.WithAdditionalAnnotations(Simplifier.Annotation);
    }

    /// <summary>The method implementing the new signature, calling the existing implementation.</summary>
    private static MemberDeclarationSyntax Adapter(Plan plan, MethodDeclarationSyntax existing, string resultType, ExplicitInterfaceSpecifierSyntax? explicitInterface, string newLine)
    {
        var contract = plan.Contract;
        var parameters = contract.Parameters.Where(p => p.RefKind != RefKind.Out).Select(p => $"{TypeName(p.Type)} {p.Name}");
        var names = new HashSet<string>(contract.Parameters.Select(p => p.Name), StringComparer.Ordinal);
        var result = Claim(names, "result");
        var body = new StringBuilder();
        foreach (var parameter in contract.Parameters.Where(p => p.RefKind == RefKind.Out))
        {
            body.Append(TypeName(parameter.Type)).Append(' ').Append(parameter.Name).Append(';').Append(newLine);
        }

        var arguments = string.Join(", ", contract.Parameters.Select(p => p.RefKind switch
        {
            RefKind.Out => "out " + p.Name,
            RefKind.Ref => "ref " + p.Name,
            _ => p.Name,
        }));
        body.Append(contract.ReturnsVoid ? string.Empty : $"var {result} = ").Append(existing.Identifier.ValueText).Append('(').Append(arguments).Append(");").Append(newLine);
        var initializers = plan.Parts.Select(p => $"{p.Property} = {(p.Parameter is null ? result : p.Parameter.Name)}");
        body.Append("return new ").Append(resultType).Append(" { ").Append(string.Join(", ", initializers)).Append(" };").Append(newLine);

        var signature = explicitInterface is null
            ? $"public {resultType} {existing.Identifier.ValueText}({string.Join(", ", parameters)})"
            : $"{resultType} {explicitInterface.Name}.{existing.Identifier.ValueText}({string.Join(", ", parameters)})";
        var declaration = SyntaxFactory.ParseMemberDeclaration($"{signature}{newLine}{{{newLine}{body}}}{newLine}")!;
        return declaration
            .WithLeadingTrivia(SyntaxFactory.EndOfLine(newLine))
            .WithAdditionalAnnotations(Formatter.Annotation, Simplifier.Annotation);
    }
}
