using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Litware.Fleet
{
    [DataContract]
    public class Vehicle
    {
        [DataMember] public string Vin { get; set; }
        [DataMember] public string Plate { get; set; }
        [DataMember] public int OdometerKm { get; set; }
    }

    [ServiceContract]
    public interface IHealthCheck
    {
        [OperationContract]
        bool Ping();

        [OperationContract]
        string GetVersion();
    }

    [ServiceContract]
    public interface IVehicleQueries : IHealthCheck
    {
        [OperationContract]
        Vehicle GetVehicle(string vin);
    }

    [ServiceContract]
    public interface IFleetManagement : IVehicleQueries
    {
        [OperationContract]
        void Register(Vehicle vehicle);

        [OperationContract]
        void Retire(string vin, DateTime retiredOn);
    }

    // A second contract that reuses the same base; both services have Ping.
    [ServiceContract]
    public interface IMaintenanceScheduler : IHealthCheck
    {
        [OperationContract]
        DateTime NextService(string vin);
    }

    public class FleetService : IFleetManagement, IMaintenanceScheduler
    {
        public bool Ping() => true;
        public string GetVersion() => "3.1";
        public Vehicle GetVehicle(string vin) => new Vehicle { Vin = vin };
        public void Register(Vehicle vehicle) { }
        public void Retire(string vin, DateTime retiredOn) { }
        public DateTime NextService(string vin) => DateTime.Today.AddDays(30);
    }
}
