using System.ServiceModel;

namespace Fabrikam.HumanResources
{
    [ServiceContract]
    public interface IPersonnelService
    {
        [OperationContract]
        Employee GetEmployee(int employeeNumber);

        [OperationContract]
        Department GetDepartment(string code);
    }
}
