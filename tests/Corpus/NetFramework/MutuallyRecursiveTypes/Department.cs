using System.Collections.Generic;
using System.Runtime.Serialization;

namespace Fabrikam.HumanResources
{
    [DataContract]
    public class Department
    {
        [DataMember] public string Code { get; set; }
        [DataMember] public Employee Head { get; set; }
        [DataMember] public List<Employee> Members { get; set; }
        [DataMember] public CostCenter CostCenter { get; set; }
    }

    [DataContract]
    public class CostCenter
    {
        [DataMember] public string Number { get; set; }
        [DataMember] public Department Owner { get; set; }
    }
}
