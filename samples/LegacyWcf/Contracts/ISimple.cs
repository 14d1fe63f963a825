using System.ServiceModel;

namespace LegacyWcf.Contracts
{
    /// <summary>The benchmark contract of the classic PerCall measurement: one empty call.</summary>
    [ServiceContract(Namespace = "http://migrate-wcf.samples/legacy")]
    public interface ISimple
    {
        [OperationContract]
        void Put();
    }
}
