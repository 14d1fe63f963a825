using System.Reflection;
using System.ServiceModel;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>
/// Why the runtime has its own operation context: what System.ServiceModel.Primitives 10.1.0 does with a context that
/// is not created by WCF's own dispatcher (recorded in runtime/README.md, "OperationContext").
/// </summary>
public sealed class OperationContextFindingsTests
{
    [Fact]
    public void WcfOperationContext_RejectsAnyChannelButWcfsOwn()
    {
        var ownChannel = DispatchProxy.Create<IContextChannel, OwnChannel>();

        var error = Assert.Throws<InvalidOperationException>(() => new System.ServiceModel.OperationContext(ownChannel));
        Assert.Contains("Invalid IContextChannel", error.Message);
    }

    [Fact]
    public async Task WcfOperationContext_OverARealClientProxy_HasNoCallbackChannelAndNoChannel_ButFlowsAcrossAwaits()
    {
        // A duplex proxy (never opened: nothing listens on the address, and nothing needs to).
        using var factory = new DuplexChannelFactory<ICounter>(new InstanceContext(new NoCallbacks()), new NetTcpBinding(SecurityMode.None),
            new EndpointAddress("net.tcp://127.0.0.1:9/counter"));
        var proxy = factory.CreateChannel();
        var context = new System.ServiceModel.OperationContext((IContextChannel)proxy);

        Assert.True(context.IsUserContext);
        Assert.Null(context.GetCallbackChannel<ICounterCallback>());
        Assert.Null(context.Channel);

        System.ServiceModel.OperationContext.Current = context;
        await Task.Yield();
        Assert.Same(context, System.ServiceModel.OperationContext.Current);
        Assert.Same(context, await Task.Run(() => System.ServiceModel.OperationContext.Current));
        ((IClientChannel)proxy).Abort();
    }

    /// <summary>An IContextChannel of our own (every member answers default).</summary>
    public class OwnChannel : DispatchProxy
    {
        protected override object? Invoke(MethodInfo? targetMethod, object?[]? args) => null;
    }

    private sealed class NoCallbacks : ICounterCallback
    {
        public void Progress(int value)
        {
        }

        public string Confirm(string question) => "";
    }
}
