namespace MigrateWcf.Runtime;

/// <summary>WCF's InstanceContextMode (System.ServiceModel.Primitives does not make its own public).</summary>
public enum InstanceMode
{
    PerSession,
    PerCall,
    Single,
}
