using System.ServiceModel;

namespace MigrateWcf.Runtime;

/// <summary>
/// Base of a generated callback proxy (which implements the contract's callback interface over <see cref="Channel"/>).
/// A WCF callback proxy is also an <see cref="ICommunicationObject"/> whose State and events are its session's.
/// </summary>
public abstract class CallbackProxy<TCallback, TReply>(CallbackChannel<TCallback, TReply> channel) : ICommunicationObject
    where TCallback : class
    where TReply : class
{
    protected CallbackChannel<TCallback, TReply> Channel { get; } = channel;

    private ServiceSession Session => Channel.Session;

    public CommunicationState State => Session.State;
    public event EventHandler Closed { add => Session.Closed += value; remove => Session.Closed -= value; }
    public event EventHandler Closing { add => Session.Closing += value; remove => Session.Closing -= value; }
    public event EventHandler Faulted { add => Session.Faulted += value; remove => Session.Faulted -= value; }
    public event EventHandler Opened { add { } remove { } }
    public event EventHandler Opening { add { } remove { } }
    public void Abort() => Session.Abort();
    public void Close() => Session.Close();
    public void Close(TimeSpan timeout) => Session.Close(timeout);
    public void Open() => Session.Open();
    public void Open(TimeSpan timeout) => Session.Open(timeout);
    public IAsyncResult BeginClose(AsyncCallback? callback, object? state) => Session.BeginClose(callback, state);
    public IAsyncResult BeginClose(TimeSpan timeout, AsyncCallback? callback, object? state) => Session.BeginClose(timeout, callback, state);
    public void EndClose(IAsyncResult result) => Session.EndClose(result);
    public IAsyncResult BeginOpen(AsyncCallback? callback, object? state) => Session.BeginOpen(callback, state);
    public IAsyncResult BeginOpen(TimeSpan timeout, AsyncCallback? callback, object? state) => Session.BeginOpen(timeout, callback, state);
    public void EndOpen(IAsyncResult result) => Session.EndOpen(result);
}
