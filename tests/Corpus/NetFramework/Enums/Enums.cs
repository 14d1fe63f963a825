using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Northwind.Fulfilment
{
    // Has a zero value, but not first in source.
    public enum OrderState
    {
        Shipped = 2,
        Pending = 0,
        Packed = 1,
        Cancelled = 9,
    }

    // No zero value: proto3 needs one.
    public enum Priority
    {
        Low = 1,
        Normal = 2,
        High = 3,
        Critical = 4,
    }

    [DataContract(Name = "Carrier")]
    public enum ShippingCarrier
    {
        [EnumMember(Value = "UPS")] Ups,
        [EnumMember(Value = "FEDEX")] FedEx,
        [EnumMember(Value = "dhl-express")] DhlExpress,
        [EnumMember] PostNord,
        // Not an EnumMember: DataContractSerializer will not send it.
        InternalCourier,
    }

    [Flags]
    public enum HandlingFlags
    {
        None = 0,
        Fragile = 1,
        Refrigerated = 2,
        Hazardous = 4,
        SignatureRequired = 8,
        All = Fragile | Refrigerated | Hazardous | SignatureRequired,
    }

    public enum TemperatureZone : sbyte
    {
        Frozen = -18,
        Chilled = 4,
        Ambient = 20,
    }

    public enum LegacyCode : long
    {
        Unknown = 0,
        Migrated = 5000000000,
    }

    // Aliases: two names, one value.
    public enum ReturnReason
    {
        None = 0,
        Damaged = 1,
        Broken = 1,
        WrongItem = 2,
    }

    [DataContract]
    public class FulfilmentTask
    {
        [DataMember] public OrderState State { get; set; }
        [DataMember] public Priority Priority { get; set; }
        [DataMember] public ShippingCarrier Carrier { get; set; }
        [DataMember] public HandlingFlags Handling { get; set; }
        [DataMember] public TemperatureZone Zone { get; set; }
        [DataMember] public LegacyCode Legacy { get; set; }
        [DataMember] public ReturnReason[] Returns { get; set; }
    }

    [ServiceContract]
    public interface IFulfilment
    {
        [OperationContract]
        FulfilmentTask Next(Priority atLeast);

        [OperationContract]
        OrderState Advance(string orderNumber, OrderState expected);
    }
}
