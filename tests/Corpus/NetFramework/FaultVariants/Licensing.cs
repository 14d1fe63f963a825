using System;
using System.ServiceModel;

namespace Contoso.Licensing
{
    // Fault details that are not data contracts: a plain string, an exception type, a [Serializable] class.
    [Serializable]
    public class LicenseExpiredDetail
    {
        public string ProductCode;
        public DateTime ExpiredOn;
    }

    [ServiceContract]
    public interface ILicenseServer
    {
        [OperationContract]
        [FaultContract(typeof(string))]
        string Activate(string productKey, string machineId);

        [OperationContract]
        [FaultContract(typeof(LicenseExpiredDetail))]
        [FaultContract(typeof(ExceptionDetail))]
        int GetSeatsRemaining(string productCode);

        [OperationContract(IsOneWay = true)]
        void Deactivate(string machineId);
    }

    [ServiceBehavior(IncludeExceptionDetailInFaults = true)]
    public class LicenseServer : ILicenseServer
    {
        public string Activate(string productKey, string machineId)
        {
            if (string.IsNullOrEmpty(productKey))
            {
                throw new FaultException<string>("Missing product key", new FaultReason("Invalid key"));
            }

            if (productKey.Length < 10)
            {
                throw new FaultException("Product key too short");
            }

            return Guid.NewGuid().ToString("N");
        }

        public int GetSeatsRemaining(string productCode)
            => throw new FaultException<LicenseExpiredDetail>(new LicenseExpiredDetail { ProductCode = productCode, ExpiredOn = DateTime.UtcNow });

        public void Deactivate(string machineId)
        {
        }
    }
}
