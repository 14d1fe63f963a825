using System.ServiceModel;
using System.Transactions;

namespace Woodgrove.Banking.Transfers
{
    [ServiceContract(SessionMode = SessionMode.Required)]
    public interface IFundsTransfer
    {
        [OperationContract]
        [TransactionFlow(TransactionFlowOption.Mandatory)]
        void Debit(string account, decimal amount);

        [OperationContract]
        [TransactionFlow(TransactionFlowOption.Allowed)]
        void Credit(string account, decimal amount);

        [OperationContract]
        [TransactionFlow(TransactionFlowOption.NotAllowed)]
        decimal GetBalance(string account);
    }

    [ServiceBehavior(
        InstanceContextMode = InstanceContextMode.PerSession,
        TransactionIsolationLevel = IsolationLevel.Serializable,
        TransactionTimeout = "00:00:30",
        ReleaseServiceInstanceOnTransactionComplete = false)]
    public class FundsTransferService : IFundsTransfer
    {
        [OperationBehavior(TransactionScopeRequired = true, TransactionAutoComplete = true)]
        public void Debit(string account, decimal amount)
        {
        }

        [OperationBehavior(TransactionScopeRequired = true, TransactionAutoComplete = false)]
        public void Credit(string account, decimal amount)
        {
            OperationContext.Current.SetTransactionComplete();
        }

        public decimal GetBalance(string account) => 0m;
    }
}
