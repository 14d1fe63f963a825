using System.ServiceModel.MsmqIntegration;

namespace MigrateWcf.Runtime.Tests.Compatibility;

/// <summary>MigrateWcf.Compatibility's MsmqMessage&lt;T&gt;: the body the adapter wraps, refusing null as WCF's does.</summary>
public sealed class MsmqMessageStandInTests
{
    [Fact]
    public void Body_IsTheOneGiven_AndCanBeReplaced()
    {
        var message = new MsmqMessage<string>("T-4711");
        Assert.Equal("T-4711", message.Body);

        message.Body = "T-4712";

        Assert.Equal("T-4712", message.Body);
    }

    [Fact]
    public void NullBody_IsRefused_AsWcfRefusesIt()
    {
        Assert.Equal("body", Assert.Throws<ArgumentNullException>(() => new MsmqMessage<string>(null!)).ParamName);
        var message = new MsmqMessage<string>("T-4711");
        Assert.Throws<ArgumentNullException>(() => message.Body = null!);
        Assert.Equal("T-4711", message.Body);
    }
}
