namespace System.ServiceModel.MsmqIntegration;

/// <summary>
/// MSMQ integration's MsmqMessage&lt;T&gt;, the parameter of an operation served on msmqIntegrationBinding: here only
/// its body, which the migrated rpc's request carries as a T parameter would (WCFM1027). The MSMQ message properties
/// (Label, the queues, the times, CorrelationId...) are left out rather than given values no gRPC call has: code
/// reading one does not compile, and generate reports it at its line (WCFM4007).
/// </summary>
/// <typeparam name="T">The body's type.</typeparam>
public sealed class MsmqMessage<T>
{
    private T _body;

    /// <summary>A message with <paramref name="body"/>, which must not be null (as in WCF).</summary>
    /// <exception cref="ArgumentNullException"><paramref name="body"/> is null.</exception>
    public MsmqMessage(T body)
    {
        ArgumentNullException.ThrowIfNull(body);
        _body = body;
    }

    /// <summary>The message's body; never null (as in WCF, setting null throws).</summary>
    /// <exception cref="ArgumentNullException">The value set is null.</exception>
    public T Body
    {
        get => _body;
        set
        {
            ArgumentNullException.ThrowIfNull(value);
            _body = value;
        }
    }
}
