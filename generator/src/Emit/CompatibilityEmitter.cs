using MigrateWcf.Generator.Mapping;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Writes, in the namespace of each implementation that uses OperationContext, a stand-in that C# binds before the one
/// imported by <c>using System.ServiceModel</c> (runtime/README.md, "OperationContext"): one line deriving from
/// MigrateWcf.Compatibility's <c>OperationContextStandIn</c>. Only a type of that namespace can stand in, so it is the one
/// compatibility type generated per project; the WCF types System.ServiceModel.Primitives lacks are MigrateWcf.Compatibility's.
/// </summary>
internal static class CompatibilityEmitter
{
    public static string OperationContext(string @namespace, CSharpPlan plan)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, $"the implementations in {@namespace} that use OperationContext");
        w.Open($"namespace {@namespace}");
        w.Summary("Stands in for WCF's OperationContext in this namespace (C# binds it before the one of `using System.ServiceModel`): the current call's session and callback channel, from the runtime's WcfOperationContext (MigrateWcf.Compatibility's OperationContextStandIn).");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal sealed class OperationContext : global::MigrateWcf.Compatibility.OperationContextStandIn<OperationContext>");
        w.Close();
        w.Close();
        return w.ToString();
    }
}
