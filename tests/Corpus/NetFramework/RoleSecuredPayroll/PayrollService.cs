using System;
using System.IdentityModel.Claims;
using System.Runtime.Serialization;
using System.Security.Permissions;
using System.ServiceModel;

namespace Contoso.Payroll
{
    // A payroll service as intranet teams wrote them: Windows groups checked with PrincipalPermission on each operation,
    // and a ServiceAuthorizationManager that lets only callers from the payroll network reach the service at all.
    [ServiceContract(Namespace = "http://contoso.com/payroll/2014")]
    public interface IPayrollService
    {
        [OperationContract]
        Payslip GetPayslip(int employeeId, int year, int month);

        [OperationContract]
        void ApproveRun(Guid runId);

        [OperationContract]
        string WhoAmI();
    }

    [DataContract(Namespace = "http://contoso.com/payroll/2014")]
    public class Payslip
    {
        [DataMember(Order = 1)]
        public int EmployeeId { get; set; }

        [DataMember(Order = 2)]
        public decimal Gross { get; set; }

        [DataMember(Order = 3)]
        public decimal Net { get; set; }
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    [PrincipalPermission(SecurityAction.Demand, Authenticated = true)]
    public class PayrollService : IPayrollService
    {
        [PrincipalPermission(SecurityAction.Demand, Role = @"CONTOSO\Payroll Clerks")]
        [PrincipalPermission(SecurityAction.Demand, Role = @"CONTOSO\Payroll Managers")]
        public Payslip GetPayslip(int employeeId, int year, int month)
            => new Payslip { EmployeeId = employeeId, Gross = 5000m, Net = 3650.25m };

        [PrincipalPermission(SecurityAction.Demand, Role = @"CONTOSO\Payroll Managers")]
        public void ApproveRun(Guid runId)
        {
        }

        public string WhoAmI() => ServiceSecurityContext.Current?.PrimaryIdentity?.Name ?? "anonymous";
    }

    public class PayrollNetworkAuthorization : ServiceAuthorizationManager
    {
        protected override bool CheckAccessCore(OperationContext operationContext)
        {
            foreach (var set in operationContext.ServiceSecurityContext.AuthorizationContext.ClaimSets)
            {
                foreach (var claim in set.FindClaims(ClaimTypes.Dns, Rights.PossessProperty))
                {
                    if (claim.Resource is string host && host.EndsWith(".payroll.contoso.com", StringComparison.OrdinalIgnoreCase))
                    {
                        return true;
                    }
                }
            }

            return false;
        }
    }
}
