using System.ServiceModel;

namespace LegacyWcf.Contracts
{
    /// <summary>The benchmark contract of the classic PerCall measurement: one empty call.</summary>
    [ServiceContract(Namespace = Namespaces.Services)]
    public interface ISimple
    {
        /// <summary>Does nothing; measures the cost of a call.</summary>
        [OperationContract]
        void Put();
    }
}
