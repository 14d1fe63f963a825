using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Contoso.People.OrgChart
{
    [DataContract(IsReference = true)]
    public class OrgUnit
    {
        [DataMember] public string Code { get; set; }
        [DataMember] public string Name { get; set; }
        [DataMember] public OrgUnit Parent { get; set; }
        [DataMember] public List<OrgUnit> Children { get; set; }
    }

    [DataContract]
    public class MenuItem
    {
        [DataMember] public string Caption { get; set; }
        [DataMember] public MenuItem[] SubItems { get; set; }
    }

    [DataContract]
    public class ApprovalStep
    {
        [DataMember] public string Approver { get; set; }
        [DataMember] public ApprovalStep Next { get; set; }
    }

    [ServiceContract]
    public interface IOrgChartService
    {
        [OperationContract]
        OrgUnit GetTree(string rootCode);

        [OperationContract]
        MenuItem[] GetMenu(string role);

        [OperationContract]
        ApprovalStep GetApprovalChain(string documentType);
    }
}
