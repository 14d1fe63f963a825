using System.Data;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.Xml;
using System.Xml.Linq;

namespace Northwind.Legacy.Reports
{
    [DataContract]
    public class ReportEnvelope
    {
        [DataMember] public string Title { get; set; }
        [DataMember] public DataTable Rows { get; set; }
        [DataMember] public XmlElement Extension { get; set; }
    }

    // The ADO.NET-era contract many intranet services still expose.
    [ServiceContract]
    public interface ILegacyReports
    {
        [OperationContract]
        DataSet GetSalesByRegion(int year);

        [OperationContract]
        void ImportTable(DataTable table);

        [OperationContract]
        XmlElement GetRawMetadata(string reportId);

        [OperationContract]
        XElement GetLayout(string reportId);

        [OperationContract]
        ReportEnvelope GetEnvelope(string reportId);
    }
}
