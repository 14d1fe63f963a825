using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace MigrateWcf.Generation;

public static partial class SourceSelector
{
    /// <summary>
    /// A part of a kept type that the copy leaves out (WCFM4008), and why: a field, auto-property or statement of the
    /// class's own hosting, or a member of a type the service needs by name only.
    /// </summary>
    private sealed record LeftOutPart(SyntaxNode Node, TextSpan At, string Name, string Reason);

    private sealed partial class Selector
    {
        /// <summary>System.ServiceModel.ServiceHostBase in the .NET Framework compilation, once <see cref="FindHostingState"/> found it.</summary>
        private INamedTypeSymbol? _hostBase;

        /// <summary>
        /// Hosting a class does for itself through instance or static state: a field, auto-property or local of a
        /// <c>ServiceHost</c> (any <c>ServiceHostBase</c>) that .NET 10 cannot compile, and the statements that only create,
        /// configure, open or close it (a base class's constructor doing <c>host = new ServiceHost(serviceType)</c>, its
        /// <c>Start</c> doing <c>host.Open()</c>). The migrated host serves the service now, so they go, like a
        /// <c>Main</c>: each is <see cref="Unit.LeftOutParts"/> of its part, and the rest of the class is kept. Only when every
        /// use of the state is such a statement (nothing an operation reads) and those statements call no code of the
        /// input (whose effects would be lost); otherwise nothing goes and the uses stay WCFM4007.
        /// </summary>
        private void FindHostingState(List<SyntaxTree> trees)
        {
            if (_compilation.GetTypeByMetadataName("System.ServiceModel.ServiceHostBase") is not { } hostBase)
            {
                return;
            }

            _hostBase = hostBase;

            var declarations = new Dictionary<ISymbol, (Unit Unit, SyntaxNode Declaration)>(SymbolEqualityComparer.Default);
            foreach (var unit in _unitsByTree.Values.SelectMany(u => u).Where(u => u.Node is TypeDeclarationSyntax))
            {
                var model = _compilation.GetSemanticModel(unit.Tree);
                foreach (var node in unit.Node.DescendantNodes())
                {
                    var declared = node switch
                    {
                        FieldDeclarationSyntax field => field.Declaration.Variables.Select(v => model.GetDeclaredSymbol(v, _cancellationToken)).ToList(),
                        PropertyDeclarationSyntax property when IsAutoProperty(property) => new List<ISymbol?> { model.GetDeclaredSymbol(property, _cancellationToken) },
                        LocalDeclarationStatementSyntax local => local.Declaration.Variables.Select(v => model.GetDeclaredSymbol(v, _cancellationToken)).ToList(),
                        _ => null,
                    };
                    if (declared is null || declared.Count == 0
                        || !declared.All(s => TypeOf(s) is { } type && IsHostType(type, hostBase))
                        || !ProbeErrorsIn(unit.Tree, node.Span).Any())
                    {
                        continue;
                    }

                    foreach (var symbol in declared)
                    {
                        declarations[symbol!] = (unit, node);
                    }
                }
            }

            if (declarations.Count == 0)
            {
                return;
            }

            // Every place the state is named, in every source: found by its name first, then bound.
            var names = new HashSet<string>(declarations.Keys.Select(s => s.Name), StringComparer.Ordinal);
            var uses = new List<(IdentifierNameSyntax Name, ISymbol Symbol)>();
            foreach (var tree in trees)
            {
                var model = _compilation.GetSemanticModel(tree);
                foreach (var name in tree.GetRoot(_cancellationToken).DescendantNodes().OfType<IdentifierNameSyntax>().Where(n => names.Contains(n.Identifier.ValueText)))
                {
                    if (model.GetSymbolInfo(name, _cancellationToken).Symbol?.OriginalDefinition is { } symbol && declarations.ContainsKey(symbol))
                    {
                        uses.Add((name, symbol));
                    }
                }
            }

            // State is hosting while each of its uses is in a hosting statement; a use elsewhere keeps it, and so maybe others.
            var hosting = new HashSet<ISymbol>(declarations.Keys, SymbolEqualityComparer.Default);
            var statements = new Dictionary<IdentifierNameSyntax, StatementSyntax?>();
            for (var changed = true; changed;)
            {
                changed = false;
                statements.Clear();
                foreach (var symbol in hosting.ToList())
                {
                    var declaration = declarations[symbol].Declaration;
                    var ok = declaration is LocalDeclarationStatementSyntax
                        ? IsHostingStatement(declaration, hosting)
                        : Initializers(declaration).All(IsHarmless);
                    foreach (var use in uses.Where(u => SymbolEqualityComparer.Default.Equals(u.Symbol, symbol)))
                    {
                        if (declaration.Span.Contains(use.Name.Span))
                        {
                            continue;
                        }

                        var statement = HostingStatementOf(use.Name, hosting);
                        statements[use.Name] = statement;
                        ok &= statement is not null;
                    }

                    if (!ok)
                    {
                        hosting.Remove(symbol);
                        changed = true;
                    }
                }
            }

            var parts = new List<(Unit Unit, SyntaxNode Node, ISymbol Symbol)>();
            foreach (var symbol in hosting)
            {
                var (unit, declaration) = declarations[symbol];
                parts.Add((unit, declaration, symbol));
                foreach (var use in uses.Where(u => SymbolEqualityComparer.Default.Equals(u.Symbol, symbol) && !declaration.Span.Contains(u.Name.Span)))
                {
                    var statement = statements[use.Name]!;
                    if (UnitContaining(statement) is { } owner)
                    {
                        parts.Add((owner, statement, symbol));
                    }
                }
            }

            // One part per node, none inside another (a statement in a lambda of a statement that goes too).
            var distinct = parts.GroupBy(p => p.Node).Select(g => g.First()).ToList();
            foreach (var (unit, node, symbol) in distinct
                         .Where(p => !distinct.Any(o => o.Node != p.Node && o.Node.SyntaxTree == p.Node.SyntaxTree && o.Node.Span.Contains(p.Node.Span)))
                         .OrderBy(p => p.Node.SpanStart))
            {
                unit.LeftOutParts.Add(Part(node, symbol, hosting));
            }
        }

        private LeftOutPart Part(SyntaxNode node, ISymbol symbol, HashSet<ISymbol> hosting)
        {
            var type = node.AncestorsAndSelf().OfType<BaseTypeDeclarationSyntax>().FirstOrDefault()?.Identifier.Text ?? string.Empty;
            var states = string.Join(", ", hosting.Where(s => node.DescendantNodesAndSelf().OfType<IdentifierNameSyntax>().Any(n => n.Identifier.ValueText == s.Name))
                .Select(s => StateName(s)).Distinct(StringComparer.Ordinal).OrderBy(s => s, StringComparer.Ordinal));
            if (node is FieldDeclarationSyntax or PropertyDeclarationSyntax)
            {
                var identifier = node is FieldDeclarationSyntax field ? field.Declaration.Variables[0].Identifier : ((PropertyDeclarationSyntax)node).Identifier;
                var name = node is FieldDeclarationSyntax many && many.Declaration.Variables.Count > 1
                    ? type + "." + string.Join(", ", many.Declaration.Variables.Select(v => v.Identifier.Text))
                    : StateName(symbol);
                return new LeftOutPart(node, identifier.Span, name,
                    "a service host the class keeps and only creates, opens or closes: the generated host serves the service now" + CannotCompile(node.Span, node.SyntaxTree));
            }

            var member = node.Ancestors().OfType<MemberDeclarationSyntax>().FirstOrDefault();
            var memberName = member is null ? type : _compilation.GetSemanticModel(node.SyntaxTree).GetDeclaredSymbol(member, _cancellationToken)?.ToDisplayString(MemberFormat) ?? type;
            return new LeftOutPart(node, node.Span, memberName + ": " + StatementText(node),
                $"it only creates, opens or closes {states}, which goes with the hosting");
        }

        private static readonly SymbolDisplayFormat MemberFormat = new(
            typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameOnly,
            memberOptions: SymbolDisplayMemberOptions.IncludeContainingType | SymbolDisplayMemberOptions.IncludeParameters,
            parameterOptions: SymbolDisplayParameterOptions.IncludeType,
            miscellaneousOptions: SymbolDisplayMiscellaneousOptions.UseSpecialTypes);

        private static string StateName(ISymbol symbol)
            => symbol is ILocalSymbol ? symbol.Name : symbol.ContainingType.Name + "." + symbol.Name;

        /// <summary>The statement on one line, short, as a name in a message and in a block comment of the copy (which <c>*/</c> would end).</summary>
        private static string StatementText(SyntaxNode statement)
        {
            var text = Regex.Replace(statement.WithoutTrivia().ToString(), @"\s+", " ").TrimEnd(';');
            text = text.Replace("*/", "* /");
            return text.Length <= 80 ? text : text.Substring(0, 79) + "…";
        }

        private Unit? UnitContaining(SyntaxNode node)
            => _unitsByTree.TryGetValue(node.SyntaxTree, out var units) ? units.FirstOrDefault(u => u.Node.Span.Contains(node.Span)) : null;

        private static bool IsAutoProperty(PropertyDeclarationSyntax property)
            => property.ExpressionBody is null && property.AccessorList is { } accessors
               && accessors.Accessors.All(a => a.Body is null && a.ExpressionBody is null);

        private static ITypeSymbol? TypeOf(ISymbol? symbol) => symbol switch
        {
            IFieldSymbol field => field.Type,
            IPropertySymbol property => property.Type,
            ILocalSymbol local => local.Type,
            _ => null,
        };

        private static bool IsHostType(ITypeSymbol type, INamedTypeSymbol hostBase)
        {
            for (var current = type as INamedTypeSymbol; current is not null; current = current.BaseType)
            {
                if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, hostBase))
                {
                    return true;
                }
            }

            return false;
        }

        private static IEnumerable<ExpressionSyntax> Initializers(SyntaxNode declaration) => declaration switch
        {
            FieldDeclarationSyntax field => field.Declaration.Variables.Select(v => v.Initializer?.Value).OfType<ExpressionSyntax>(),
            PropertyDeclarationSyntax property => property.Initializer is { } initializer ? new[] { initializer.Value } : Array.Empty<ExpressionSyntax>(),
            _ => Array.Empty<ExpressionSyntax>(),
        };

        /// <summary>
        /// The outermost statement around a use of hosting state that only hosts (an <c>if</c> around <c>host.Close()</c>
        /// too), never a member's body itself; null when the statement around it does more.
        /// </summary>
        private StatementSyntax? HostingStatementOf(IdentifierNameSyntax use, HashSet<ISymbol> hosting)
        {
            var statement = use.Ancestors().OfType<StatementSyntax>().FirstOrDefault();
            if (statement is null || IsBody(statement) || !IsHostingStatement(statement, hosting))
            {
                return null;
            }

            for (var parent = Outer(statement); parent is StatementSyntax outer && !IsBody(outer) && IsHostingStatement(outer, hosting); parent = Outer(outer))
            {
                statement = outer;
            }

            return statement;
        }

        /// <summary>The statement a statement is part of: an <c>else</c>'s <c>if</c>, for a statement of a <c>catch</c> or <c>finally</c> block, its <c>try</c> (never the handler's block alone).</summary>
        private static SyntaxNode? Outer(StatementSyntax statement) => statement.Parent switch
        {
            ElseClauseSyntax @else => @else.Parent,
            BlockSyntax { Parent: (CatchClauseSyntax or FinallyClauseSyntax) and { Parent: var @try } } => @try,
            var parent => parent,
        };

        /// <summary>A block that is a member's, accessor's, local function's or lambda's body: it stays, emptied at most.</summary>
        private static bool IsBody(StatementSyntax statement)
            => statement is BlockSyntax && statement.Parent is not (StatementSyntax or ElseClauseSyntax or SwitchSectionSyntax);

        /// <summary>
        /// A statement that only creates, configures, opens or closes hosting state, and calls no code of the input. Inside
        /// one (a retry loop around <c>host.Open()</c>, its <c>try</c>), a local it declares for the host's address, a line
        /// it writes to the console or trace about the host, and a pause before it tries again go with it.
        /// </summary>
        private bool IsHostingStatement(SyntaxNode statement, HashSet<ISymbol> hosting, bool nested = false)
        {
            if (nested && IsPartOfHosting(statement))
            {
                return true;
            }

            switch (statement)
            {
                case ExpressionStatementSyntax expression:
                    return expression.Expression switch
                    {
                        AssignmentExpressionSyntax assignment => IsRootedAt(assignment.Left, hosting) && IsHarmless(assignment.Left) && IsHarmless(assignment.Right),
                        InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } invocation => IsRootedAt(access.Expression, hosting) && IsHarmless(invocation),
                        ConditionalAccessExpressionSyntax conditional => IsRootedAt(conditional.Expression, hosting) && IsHarmless(conditional),
                        _ => false,
                    };
                case LocalDeclarationStatementSyntax local:
                    var model = _compilation.GetSemanticModel(local.SyntaxTree);
                    return local.Declaration.Variables.All(v => model.GetDeclaredSymbol(v, _cancellationToken) is { } symbol && hosting.Contains(symbol)
                                                                 && (v.Initializer is null || IsHarmless(v.Initializer.Value)));
                case IfStatementSyntax @if:
                    return Names(@if.Condition, hosting) && IsHarmless(@if.Condition) && IsHostingStatement(@if.Statement, hosting, nested: true)
                           && (@if.Else is null || IsHostingStatement(@if.Else.Statement, hosting, nested: true));
                case WhileStatementSyntax loop:
                    return Names(loop.Condition, hosting) && IsHarmless(loop.Condition) && IsHostingStatement(loop.Statement, hosting, nested: true);
                case TryStatementSyntax @try:
                    return Names(@try, hosting) && IsHostingStatement(@try.Block, hosting, nested: true)
                           && @try.Catches.All(c => (c.Filter is null || IsHarmless(c.Filter.FilterExpression)) && (c.Block.Statements.Count == 0 || IsHostingStatement(c.Block, hosting, nested: true)))
                           && (@try.Finally is null || IsHostingStatement(@try.Finally.Block, hosting, nested: true));
                case BlockSyntax block:
                    return block.Statements.Count > 0 && (nested || block.Statements.Any(s => Names(s, hosting)))
                           && block.Statements.All(s => IsHostingStatement(s, hosting, nested: true));
                default:
                    return false;
            }
        }

        /// <summary>
        /// What may go with the hosting statement around it without doing anything else: a local of its own (C# scopes
        /// it to the statement) set from framework calls, console or trace output, and <c>Thread.Sleep</c>.
        /// </summary>
        private bool IsPartOfHosting(SyntaxNode statement)
        {
            switch (statement)
            {
                case LocalDeclarationStatementSyntax local:
                    return local.Declaration.Variables.All(v => v.Initializer is null || IsHarmless(v.Initializer.Value));
                case ExpressionStatementSyntax { Expression: InvocationExpressionSyntax invocation }
                    when IsHarmless(invocation)
                         && _compilation.GetSemanticModel(invocation.SyntaxTree).GetSymbolInfo(invocation, _cancellationToken).Symbol is IMethodSymbol method:
                    return method.ContainingType.ToDisplayString() is "System.Console" or "System.Diagnostics.Debug" or "System.Diagnostics.Trace"
                           || (method.ContainingType.ToDisplayString() == "System.Threading.Thread" && method.Name == "Sleep");
                default:
                    return false;
            }
        }

        /// <summary>Whether an expression is hosting state or a member, element or call of it (<c>host.Description.Behaviors</c>, <c>this.host</c>).</summary>
        private bool IsRootedAt(ExpressionSyntax expression, HashSet<ISymbol> hosting)
        {
            for (var current = expression; ;)
            {
                switch (current)
                {
                    case ParenthesizedExpressionSyntax parenthesized:
                        current = parenthesized.Expression;
                        break;
                    case MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax or BaseExpressionSyntax } own:
                        return IsHosting(own.Name, hosting);
                    case MemberAccessExpressionSyntax access:
                        current = access.Expression;
                        break;
                    case ElementAccessExpressionSyntax element:
                        current = element.Expression;
                        break;
                    case InvocationExpressionSyntax invocation:
                        current = invocation.Expression;
                        break;
                    case IdentifierNameSyntax name:
                        return IsHosting(name, hosting);
                    default:
                        return false;
                }
            }
        }

        private bool Names(SyntaxNode node, HashSet<ISymbol> hosting)
            => node.DescendantNodesAndSelf().OfType<IdentifierNameSyntax>().Any(n => IsHosting(n, hosting));

        private bool IsHosting(SimpleNameSyntax name, HashSet<ISymbol> hosting)
            => _compilation.GetSemanticModel(name.SyntaxTree).GetSymbolInfo(name, _cancellationToken).Symbol?.OriginalDefinition is { } symbol && hosting.Contains(symbol);

        /// <summary>
        /// Whether leaving an expression out loses nothing but hosting: it assigns nothing, and every method or constructor
        /// it calls is the framework's or a service host's (the input's own code may do what the service needs).
        /// </summary>
        private bool IsHarmless(SyntaxNode expression)
        {
            var model = _compilation.GetSemanticModel(expression.SyntaxTree);
            foreach (var node in expression.DescendantNodesAndSelf())
            {
                switch (node)
                {
                    case AssignmentExpressionSyntax or AwaitExpressionSyntax:
                    case PrefixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.PreIncrementExpression or (int)SyntaxKind.PreDecrementExpression }:
                    case PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.PostIncrementExpression or (int)SyntaxKind.PostDecrementExpression }:
                        return false;
                    case InvocationExpressionSyntax { Expression: IdentifierNameSyntax { Identifier.ValueText: "nameof" } }:
                        break;
                    case InvocationExpressionSyntax or BaseObjectCreationExpressionSyntax:
                        if (model.GetSymbolInfo(node, _cancellationToken).Symbol is not IMethodSymbol method
                            || (IsOriginalSource(method.ContainingType) && !IsHostType(method.ContainingType, _hostBase!)))
                        {
                            return false;
                        }

                        break;
                }
            }

            return true;
        }
    }
}
