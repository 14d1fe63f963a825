using MigrateWcf.Compatibility;

namespace MigrateWcf.Runtime.Tests.Semantics.Legacy;

/// <summary>
/// As migrate-wcf emits it beside migrated implementations: a type named OperationContext in the implementation's own
/// namespace, which C# binds before the one imported by <c>using System.ServiceModel</c>, so
/// <c>OperationContext.Current.GetCallbackChannel&lt;T&gt;()</c> and <c>Channel.Closed</c> keep working unchanged; its
/// members are MigrateWcf.Compatibility's <see cref="OperationContextStandIn{TSelf}"/>, over the runtime's context.
/// </summary>
internal sealed class OperationContext : OperationContextStandIn<OperationContext>
{
}
