using System.ServiceModel;

namespace Litware.Platform.Plumbing
{
    // Marker contracts from a plug-in framework: endpoints are added for them, operations come from derived contracts.
    [ServiceContract]
    public interface IPluginEndpoint
    {
    }

    [ServiceContract]
    public interface IDiagnosticsEndpoint
    {
        // Not an operation: no [OperationContract].
        string Describe();
    }

    [ServiceContract]
    public interface IPluginCatalog : IPluginEndpoint
    {
        [OperationContract]
        string[] ListPlugins();
    }
}
