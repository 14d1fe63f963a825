using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using MigrateWcf.Generator;
using MigrateWcf.Generator.References;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>A compilation of the input and the syntax errors found while parsing it (as findings).</summary>
internal sealed record InputCompilation(CSharpCompilation Compilation, ImmutableArray<ReportedFinding> SyntaxErrors, bool AddedCoreWcfDeclarations);

/// <summary>Reads and parses the input's files and compiles them against the built-in reference set.</summary>
internal static class SourceCompiler
{
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    public static InputCompilation Compile(SourceSet sources, Progress progress, CancellationToken cancellationToken)
    {
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        var trees = new SyntaxTree[sources.Files.Length];
        var parsed = 0;
        var failures = new ConcurrentQueue<CommandLineException>();
        Parallel.For(0, sources.Files.Length, new ParallelOptions { CancellationToken = cancellationToken }, (i, state) =>
        {
            var path = sources.Files[i];
            try
            {
                var text = SourceText.From(ReadText(path), Encoding.UTF8);
                trees[i] = CSharpSyntaxTree.ParseText(text, parseOptions, path, cancellationToken);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                failures.Enqueue(CommandLineException.Input($"cannot read '{sources.Relative(path)}': {e.Message}", e));
                state.Stop();
                return;
            }

            progress.Step("parsed", Interlocked.Increment(ref parsed), sources.Files.Length);
        });
        if (failures.TryDequeue(out var failure))
        {
            throw failure;
        }

        cancellationToken.ThrowIfCancellationRequested();
        var syntaxErrors = trees
            .SelectMany(t => t.GetDiagnostics(cancellationToken))
            .Where(d => d.Severity == DiagnosticSeverity.Error)
            .Select(ReportedFinding.FromSyntaxError)
            .ToImmutableArray();

        var allTrees = trees.ToList();
        var addCoreWcf = trees.Any(UsesCoreWcf);
        if (addCoreWcf)
        {
            allTrees.Add(CSharpSyntaxTree.ParseText(CoreWcfDeclarations.Source, parseOptions, CoreWcfDeclarations.FileName, cancellationToken: cancellationToken));
        }

        var options = new CSharpCompilationOptions(
            OutputKind.DynamicallyLinkedLibrary,
            nullableContextOptions: sources.NullableEnabled ? NullableContextOptions.Enable : NullableContextOptions.Disable,
            concurrentBuild: true);
        var compilation = CSharpCompilation.Create("MigrateWcfInput", allTrees, ReferenceSet.Net472References, options);
        return new InputCompilation(compilation, syntaxErrors, addCoreWcf);
    }

    /// <summary>UTF-8 (with or without BOM, or UTF-16 by BOM); files that are not valid UTF-8 are read as Latin-1, as old Windows sources often are.</summary>
    private static string ReadText(string path)
    {
        var bytes = File.ReadAllBytes(path);
        try
        {
            using var reader = new StreamReader(new MemoryStream(bytes), StrictUtf8, detectEncodingFromByteOrderMarks: true);
            return reader.ReadToEnd();
        }
        catch (DecoderFallbackException)
        {
            return Encoding.Latin1.GetString(bytes);
        }
    }

    /// <summary>True when a file names the CoreWCF namespace in a using directive or a qualified name.</summary>
    private static bool UsesCoreWcf(SyntaxTree tree)
    {
        if (!tree.GetText().ToString().Contains("CoreWCF", StringComparison.Ordinal))
        {
            return false;
        }

        return tree.GetRoot().DescendantNodes().Any(n => n switch
        {
            UsingDirectiveSyntax u => u.NamespaceOrType.ToString().StartsWith("CoreWCF", StringComparison.Ordinal),
            QualifiedNameSyntax q => q.ToString().StartsWith("CoreWCF.", StringComparison.Ordinal),
            _ => false,
        });
    }
}
