namespace System.ServiceModel;

/// <summary>
/// WCF's InstanceContextMode (System.ServiceModel.Primitives has it only internally), so <c>[ServiceBehavior]</c>
/// compiles unchanged. migrate-wcf reads it from the source when it generates the hosting, which applies it.
/// </summary>
public enum InstanceContextMode
{
    /// <summary>One instance per session (WCF's default).</summary>
    PerSession = 0,

    /// <summary>One instance per call.</summary>
    PerCall = 1,

    /// <summary>One instance for every call.</summary>
    Single = 2,
}
