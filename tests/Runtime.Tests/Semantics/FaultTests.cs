using System.ServiceModel;
using Google.Protobuf.WellKnownTypes;
using Google.Rpc;
using Grpc.Core;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;

namespace MigrateWcf.Runtime.Tests.Semantics;

public sealed class FaultTests
{
    [Fact]
    public async Task TypedFault_ArrivesAsFaultExceptionOfItsDetail_WithReasonCodeAndAction()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        await using var client = await host.NewCounterClientAsync();

        var fault = Assert.Throws<FaultException<Legacy.DivisionFault>>(() => client.Divide(7, 0));
        Assert.Equal(7, fault.Detail.Dividend);
        Assert.Equal("use a divisor other than 0", fault.Detail.Hint);
        Assert.Equal("Division by zero", fault.Reason.ToString());
        Assert.True(fault.Code.IsSenderFault);
        Assert.Equal("DivideByZero", fault.Code.SubCode.Name);
        Assert.Equal("urn:counter", fault.Code.SubCode.Namespace);
        Assert.Equal("urn:counter/divide", fault.Action);
        Assert.Equal(3, client.Divide(7, 2));
    }

    [Fact]
    public async Task TypedFault_OnTheWire_IsItsStatusCodeWithThePackedDetailInGrpcStatusDetailsBin()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var raw = new Counter.CounterClient(host.NewChannel());

        var error = Assert.Throws<RpcException>(() => raw.Divide(new DivideRequest { Dividend = 7, Divisor = 0 }));
        Assert.Equal(StatusCode.InvalidArgument, error.StatusCode);
        Assert.Equal("Division by zero", error.Status.Detail);
        Assert.NotNull(error.Trailers.GetValueBytes("grpc-status-details-bin"));
        var status = error.GetRpcStatus()!;
        Assert.Equal((int)Code.InvalidArgument, status.Code);
        var info = status.GetDetail<ErrorInfo>()!;
        Assert.Equal((FaultDetailRegistry.FaultDomain, "Sender", "DivideByZero"), (info.Domain, info.Reason, info.Metadata["subcode"]));
        var detail = status.Details.Single(any => any.Is(DivisionFault.Descriptor)).Unpack<DivisionFault>();
        Assert.Equal(new DivisionFault { Dividend = 7, Hint = "use a divisor other than 0" }, detail);
    }

    [Fact]
    public async Task PlainFault_ArrivesAsFaultException_AndIsFailedPreconditionOnTheWire()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        await using var client = await host.NewCounterClientAsync();
        var raw = new Counter.CounterClient(host.NewChannel());

        var fault = Assert.Throws<FaultException>(() => client.Fail("no quota", asFault: true));
        Assert.Equal(typeof(FaultException), fault.GetType());
        Assert.Equal("Refused: no quota", fault.Message);
        Assert.True(fault.Code.IsSenderFault);
        var error = Assert.Throws<RpcException>(() => raw.Fail(new FailRequest { Secret = "no quota", AsFault = true }));
        Assert.Equal(StatusCode.FailedPrecondition, error.StatusCode);
    }

    [Fact]
    public async Task UnexpectedException_LeaksNoMessageTypeOrStack_AndIsLoggedOnTheServer()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        await using var client = await host.NewCounterClientAsync();
        var raw = new Counter.CounterClient(host.NewChannel());

        var fault = Assert.Throws<FaultException>(() => client.Fail("s3cr3t", asFault: false));
        Assert.Equal(typeof(FaultException), fault.GetType());
        Assert.True(fault.Code.IsReceiverFault);
        Assert.DoesNotContain("s3cr3t", fault.ToString());

        var error = Assert.Throws<RpcException>(() => raw.Fail(new FailRequest { Secret = "s3cr3t", AsFault = false }));
        Assert.Equal(StatusCode.Unknown, error.StatusCode);
        Assert.DoesNotContain("s3cr3t", error.Status.Detail);
        Assert.DoesNotContain(nameof(InvalidOperationException), error.Status.Detail);
        Assert.Null(error.Trailers.GetValueBytes("grpc-status-details-bin"));
        Assert.Contains(host.Logs.Errors, entry => entry.Exception?.Message == "Internal detail s3cr3t");
    }

    [Fact]
    public async Task StatusWithoutAFault_BecomesTheCommunicationExceptionAWcfCallerExpects()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var session = new ClientSession(host.NewChannel().CreateCallInvoker(), SemanticsHost.Faults, SemanticsHost.ClientOptions());
        var missing = new Method<Empty, Empty>(MethodType.Unary, "semantics_test.Missing", "Call", Marshal<Empty>(), Marshal<Empty>());
        await Assert.ThrowsAsync<ActionNotSupportedException>(() => session.CallInvoker.AsyncUnaryCall(missing, null, default, new Empty()).ResponseAsync);

        var nowhere = new ClientSession(host.NewChannel(GrpcEndpoint.UnixSocket(Path.Combine(Path.GetDirectoryName(host.Endpoint.Path)!, "absent.sock"))).CreateCallInvoker());
        Assert.Throws<EndpointNotFoundException>(() => nowhere.CallInvoker.BlockingUnaryCall(missing, null, default, new Empty()));
    }

    private static Marshaller<T> Marshal<T>()
        where T : Google.Protobuf.IMessage<T>, new()
        => Marshallers.Create(message => Google.Protobuf.MessageExtensions.ToByteArray(message), bytes => new Google.Protobuf.MessageParser<T>(() => new T()).ParseFrom(bytes));
}
