using System.Collections.Generic;
using System.Runtime.Serialization;

namespace Fabrikam.HumanResources
{
    [DataContract]
    public class Employee
    {
        [DataMember] public int EmployeeNumber { get; set; }
        [DataMember] public string Name { get; set; }
        [DataMember] public Department Department { get; set; }
        [DataMember] public Employee Manager { get; set; }
    }
}
