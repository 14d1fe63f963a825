using System.Runtime.CompilerServices;

namespace MigrateWcf.Equivalence.Tests;

/// <summary>The suite's mark on a test of a behaviour some side may not reproduce (tests/Equivalence.Tests has the xunit 2
/// discoverer that skips it there). The named pipe side declares no divergence, so here it is a plain fact.</summary>
[AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
public sealed class DivergentFactAttribute(
    Divergence behaviour, [CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
    : FactAttribute(sourceFilePath, sourceLineNumber)
{
    public Divergence Behaviour { get; } = behaviour;
}
