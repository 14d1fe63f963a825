using System.Net.Sockets;
using Grpc.Core;

namespace MigrateWcf.Runtime.Tests;

[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public class ChannelTests
{
    [Fact]
    public async Task Disposing_the_channel_disposes_its_handler_and_so_closes_the_connection()
    {
        using var temp = new TempDirectory();
        var endpoint = GrpcEndpoint.UnixSocket(temp.Combine("raw.sock"));
        // A plain listener, so the test sees the connection itself: it never answers, the call stays open.
        using var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        listener.Bind(new System.Net.Sockets.UnixDomainSocketEndPoint(endpoint.Path!));
        listener.Listen();

        var channel = EndpointChannel.Create(endpoint);
        var call = EchoService.SayAsync(channel, "never answered");
        using var connection = await Eventually.Within(listener.AcceptAsync());
        var buffer = new byte[64 * 1024];
        var received = await connection.ReceiveAsync(buffer);
        Assert.StartsWith("PRI * HTTP/2.0", System.Text.Encoding.ASCII.GetString(buffer, 0, received));

        channel.Dispose();

        // Once the handler is disposed its connection closes: the server reads to the end of the stream.
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(1));
        while (await connection.ReceiveAsync(buffer, SocketFlags.None, timeout.Token) > 0)
        {
        }

        var error = await Assert.ThrowsAsync<RpcException>(() => call);
        Assert.Equal(StatusCode.Cancelled, error.StatusCode);
    }

    [Fact]
    public void The_transport_is_the_factorys_own()
    {
        var endpoint = GrpcEndpoint.Parse("unix:/tmp/unused.sock");
        Assert.Throws<ArgumentException>(() => EndpointChannel.Create(endpoint, o => o.HttpHandler = new SocketsHttpHandler()));
        Assert.Throws<ArgumentException>(() => EndpointChannel.Create(endpoint, o => o.HttpClient = new HttpClient()));
    }

    [Fact]
    public async Task Channel_options_reach_grpc_dotnet()
    {
        using var temp = new TempDirectory();
        await using var host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), h => h.MapService<EchoService>());
        using var channel = EndpointChannel.Create(host.Endpoint, o => o.MaxReceiveMessageSize = 8);
        var error = await Assert.ThrowsAsync<RpcException>(() => EchoService.SayAsync(channel, "longer than eight bytes"));
        Assert.Equal(StatusCode.ResourceExhausted, error.StatusCode);
    }
}
