using System.ServiceModel;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>A call without the session header is its own session; the runtime makes that session only when the
/// operation asks for it (a call that never does costs no session), with the same life either way.</summary>
public sealed class SessionlessCallTests
{
    [Fact]
    public async Task EachSessionlessCall_HasItsOwnSession_WhenTheOperationAsksForIt()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var raw = new Counter.CounterClient(host.NewChannel());

        foreach (var probe in new[] { "x", "y" })
        {
            var hold = raw.HoldAsync(new HoldRequest { Probe = probe });
            await Eventually.Within(host.Log.Entered(probe).Task);
            host.Log.Release(probe).SetResult();
            await Eventually.Within(hold.ResponseAsync);
        }

        Assert.Matches("^[0-9a-f]{32}$", host.Log.SessionIds["x"]);
        Assert.Matches("^[0-9a-f]{32}$", host.Log.SessionIds["y"]);
        Assert.NotEqual(host.Log.SessionIds["x"], host.Log.SessionIds["y"]);
    }

    [Fact]
    public void TheSessionOfASessionlessCall_EndsWithTheCall_AndRaisesClosed()
    {
        using var runtime = NewRuntime();
        var context = new WcfOperationContext(runtime, call: null);
        var session = context.Session;
        var closed = 0;
        session.Closed += (_, _) => closed++;

        Assert.Same(session, context.Session);
        Assert.Equal(CommunicationState.Opened, session.State);
        context.EndCall();
        Assert.Equal(CommunicationState.Closed, session.State);
        Assert.Equal(1, closed);
    }

    [Fact]
    public void TheSessionOfASessionlessCall_AskedForAfterTheCall_HasEnded()
    {
        using var runtime = NewRuntime();
        var context = new WcfOperationContext(runtime, call: null);
        context.EndCall();

        Assert.Equal(CommunicationState.Closed, context.Session.State);
        Assert.Same(context.Session, context.Session);
    }

    private static WcfServiceRuntime NewRuntime() => new(Options.Create(new WcfServiceOptions()), NullLogger<WcfServiceRuntime>.Instance);
}
