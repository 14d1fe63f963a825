using System.Runtime.Serialization;
using System.ServiceModel;

namespace MigrateWcf.Runtime.Tests.Semantics.Legacy;

// WCF-style contracts, compiled against System.ServiceModel.Primitives like a migrated legacy project.

[DataContract]
public sealed class DivisionFault
{
    [DataMember]
    public int Dividend { get; set; }

    [DataMember]
    public string? Hint { get; set; }
}

public interface ICounterCallback
{
    [OperationContract(IsOneWay = true)]
    void Progress(int value);

    [OperationContract]
    string Confirm(string question);
}

[ServiceContract(CallbackContract = typeof(ICounterCallback))]
public interface ICounter
{
    /// <summary>Adds to the instance's total and returns it (instancing is visible in the totals).</summary>
    [OperationContract]
    int Increment(int by);

    /// <summary>Enters, then waits until the test releases the probe (concurrency is visible in the overlap).</summary>
    [OperationContract]
    Task HoldAsync(string probe);

    [OperationContract]
    [FaultContract(typeof(DivisionFault))]
    int Divide(int dividend, int divisor);

    /// <summary>Throws a plain FaultException, or an unexpected exception carrying the secret.</summary>
    [OperationContract]
    void Fail(string secret, bool asFault);

    /// <summary>Waits until cancelled (the implementation has an overload taking a CancellationToken).</summary>
    [OperationContract]
    Task WaitAsync();

    [OperationContract(IsOneWay = true)]
    void Record(string entry);

    /// <summary>Keeps this session's callback channel and sends <paramref name="count"/> progress callbacks.</summary>
    [OperationContract]
    int Subscribe(int count);

    /// <summary>Sends a progress callback and a confirmation question to every subscribed session; returns the answers.</summary>
    [OperationContract]
    string Publish(int value);
}

public interface ITickerCallback
{
    [OperationContract(IsOneWay = true)]
    void Tick(int n);
}

[ServiceContract(CallbackContract = typeof(ITickerCallback))]
public interface ITicker
{
    /// <summary>Returns at once; ticks 1..count are sent later, from another thread.</summary>
    [OperationContract]
    void Start(int count);
}
