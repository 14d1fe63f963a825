using System;
using System.ServiceModel;
using System.Xml.Serialization;

namespace Northwind.Trade.Customs
{
    // An ASMX-era schema kept byte-compatible by switching WCF to the XmlSerializer.
    [XmlRoot("Declaration", Namespace = "urn:wco:datamodel:customs:3")]
    public class CustomsDeclaration
    {
        [XmlAttribute("ref")] public string Reference { get; set; }
        [XmlElement("Exporter")] public string ExporterName { get; set; }
        [XmlElement("HSCode")] public string[] HarmonizedCodes { get; set; }
        [XmlElement(DataType = "date")] public DateTime DeclaredOn { get; set; }
        [XmlIgnore] public string InternalNotes { get; set; }
        public decimal CustomsValue { get; set; }
    }

    [ServiceContract(Namespace = "urn:northwind:customs")]
    [XmlSerializerFormat(Style = OperationFormatStyle.Document, Use = OperationFormatUse.Literal)]
    public interface ICustomsGateway
    {
        [OperationContract]
        string Submit(CustomsDeclaration declaration);

        [OperationContract]
        CustomsDeclaration Retrieve(string reference);
    }

    [ServiceContract]
    public interface ICustomsTariffs
    {
        [OperationContract]
        [XmlSerializerFormat]
        decimal DutyRate(string harmonizedCode, string originCountry);

        [OperationContract]
        string[] ListCountries();
    }
}
