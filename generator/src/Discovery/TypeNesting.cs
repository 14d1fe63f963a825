using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Finds types nested deeper than the compiler can bind: Roslyn binds a type argument, a qualified name's left part
/// and an enclosing type declaration recursively, so a member of type <c>List&lt;List&lt;…&gt;&gt;</c> 5,000 deep ends the
/// process with a stack overflow, which no guard catches. Counted on the syntax, without recursion, before any symbol
/// is asked for; real code stays far below <see cref="Limit"/> (and binding a few hundred levels already takes seconds).
/// </summary>
internal static class TypeNesting
{
    /// <summary>The most type syntax nodes and type declarations one path of a syntax tree may nest.</summary>
    public const int Limit = 200;

    /// <summary>The first node of each tree that nests more than <see cref="Limit"/> levels deep, with that depth.</summary>
    public static List<(SyntaxNode Node, int Depth)> TooDeep(IEnumerable<SyntaxTree> trees, CancellationToken cancellationToken)
    {
        var found = new List<(SyntaxNode, int)>();
        var pending = new Stack<(SyntaxNode Node, int Depth)>();
        foreach (var tree in trees)
        {
            pending.Clear();
            pending.Push((tree.GetRoot(cancellationToken), 0));
            while (pending.Count > 0)
            {
                cancellationToken.ThrowIfCancellationRequested();
                var (node, depth) = pending.Pop();
                if (node is TypeSyntax or BaseTypeDeclarationSyntax)
                {
                    depth++;
                    if (depth > Limit)
                    {
                        found.Add((node, depth));
                        break;
                    }
                }

                foreach (var child in node.ChildNodes())
                {
                    pending.Push((child, depth));
                }
            }
        }

        return found;
    }
}
