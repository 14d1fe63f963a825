using System;
using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace AdventureWorks.Warehouse.Planning
{
    public enum Region
    {
        North,
        South,
        East,
        West,
    }

    [DataContract]
    public class BinLocation
    {
        [DataMember] public string Aisle { get; set; }
        [DataMember] public int Shelf { get; set; }
    }

    [DataContract]
    public class GridCell
    {
        [DataMember] public int Row { get; set; }
        [DataMember] public int Column { get; set; }
    }

    [DataContract]
    public class CapacityPlan
    {
        [DataMember] public Dictionary<string, int> StockBySku { get; set; }
        [DataMember] public Dictionary<int, string> SkuByBinNumber { get; set; }
        [DataMember] public Dictionary<long, BinLocation> LocationsByPallet { get; set; }
        [DataMember] public Dictionary<Guid, decimal> ValueByShipment { get; set; }
        [DataMember] public Dictionary<Region, double> UtilizationByRegion { get; set; }
        [DataMember] public Dictionary<bool, int> CountByHazardFlag { get; set; }
        [DataMember] public Dictionary<GridCell, string> LabelsByCell { get; set; }
        [DataMember] public Dictionary<DateTime, int> InboundByDay { get; set; }
        [DataMember] public Dictionary<string, List<string>> AliasesBySku { get; set; }
        [DataMember] public Dictionary<string, Dictionary<string, int>> StockByWarehouseAndSku { get; set; }
        [DataMember] public IDictionary<string, BinLocation> Overflow { get; set; }
        [DataMember] public SortedDictionary<string, int> SortedStock { get; set; }
    }

    [ServiceContract]
    public interface ICapacityPlanner
    {
        [OperationContract]
        CapacityPlan GetPlan(string warehouseCode);

        [OperationContract]
        Dictionary<string, int> GetReorderPoints(Dictionary<int, string> binsToCheck);
    }
}
