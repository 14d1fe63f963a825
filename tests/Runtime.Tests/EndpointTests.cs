namespace MigrateWcf.Runtime.Tests;

public class EndpointTests
{
    [Theory]
    [InlineData("unix:/run/app/orders.sock", GrpcEndpointKind.UnixSocket, "unix:/run/app/orders.sock")]
    [InlineData("unix:///run/app/orders.sock", GrpcEndpointKind.UnixSocket, "unix:/run/app/orders.sock")]
    [InlineData("  unix:/run/app/../app/orders.sock ", GrpcEndpointKind.UnixSocket, "unix:/run/app/orders.sock")]
    [InlineData("pipe:Contoso.Orders", GrpcEndpointKind.NamedPipe, "pipe:Contoso.Orders")]
    [InlineData("orders-v2_test", GrpcEndpointKind.NamedPipe, "pipe:orders-v2_test")]
    [InlineData("http://127.0.0.1:5000", GrpcEndpointKind.Tcp, "http://127.0.0.1:5000")]
    [InlineData("http://localhost:0/", GrpcEndpointKind.Tcp, "http://localhost:0")]
    [InlineData("http://[::1]:65535", GrpcEndpointKind.Tcp, "http://[::1]:65535")]
    [InlineData("https://localhost:5001", GrpcEndpointKind.Tcp, "https://localhost:5001")]
    [InlineData("HTTPS://orders.example.com:443/", GrpcEndpointKind.Tcp, "https://orders.example.com:443")]
    public void Each_form_parses_and_prints_back(string text, GrpcEndpointKind kind, string printed)
    {
        var endpoint = GrpcEndpoint.Parse(text);
        Assert.Equal(kind, endpoint.Kind);
        Assert.Equal(printed, endpoint.ToString());
        Assert.Equal(endpoint, GrpcEndpoint.Parse(endpoint.ToString()));
    }

    [Fact]
    public void The_parts_of_each_form_are_exposed()
    {
        Assert.Equal("/run/app/orders.sock", GrpcEndpoint.Parse("unix:/run/app/orders.sock").Path);
        Assert.Equal("orders", GrpcEndpoint.Parse("pipe:orders").PipeName);
        var tcp = GrpcEndpoint.Parse("http://[::1]:5000");
        Assert.Equal(("::1", 5000), (tcp.Host, tcp.Port));
        Assert.Equal(GrpcEndpoint.Parse("http://127.0.0.1:7"), GrpcEndpoint.Tcp("127.0.0.1", 7));
        Assert.Equal(GrpcEndpoint.Parse("pipe:x"), GrpcEndpoint.NamedPipe("x"));
        Assert.Equal(GrpcEndpoint.Parse("https://127.0.0.1:7"), GrpcEndpoint.Https("127.0.0.1", 7));
        Assert.True(GrpcEndpoint.Https("localhost", 443).IsTls);
        Assert.False(GrpcEndpoint.Tcp("localhost", 80).IsTls);
        Assert.NotEqual(GrpcEndpoint.Https("localhost", 443), GrpcEndpoint.Parse("http://localhost:443"));
    }

    [Theory]
    [InlineData(null, "empty")]
    [InlineData("   ", "empty")]
    [InlineData("unix:", "absolute socket path")]
    [InlineData("unix:relative/app.sock", "absolute socket path")]
    [InlineData("pipe:", "not an endpoint")]
    [InlineData("pipe:a/b", "not an endpoint")]
    [InlineData("two words", "not an endpoint")]
    [InlineData("/tmp/app.sock", "not an endpoint")]
    [InlineData("ftp://host:21", "not an endpoint")]
    [InlineData("https://localhost", "not https://host:port")]
    [InlineData("http://localhost", "host and a port")]
    [InlineData("http://localhost:99999", "host and a port")]
    [InlineData("http://:5000", "host and a port")]
    [InlineData("http://localhost:5000/path", "host and a port")]
    public void Bad_input_is_refused_with_the_reason(string? text, string reason)
    {
        var error = Assert.Throws<FormatException>(() => GrpcEndpoint.Parse(text));
        Assert.Contains(reason, error.Message);
        Assert.False(GrpcEndpoint.TryParse(text, out _));
    }

    [Fact]
    public void A_socket_path_longer_than_a_unix_socket_address_holds_is_refused()
    {
        var error = Assert.Throws<FormatException>(() => GrpcEndpoint.Parse("unix:/tmp/" + new string('a', 110)));
        Assert.Contains("longer than 107 bytes", error.Message);
        Assert.Contains("too long", Assert.Throws<FormatException>(() => GrpcEndpoint.Parse("pipe:" + new string('p', 100))).Message);
    }

    [Fact]
    public void A_pipe_name_maps_to_the_socket_path_dotnet_named_pipes_use()
    {
        Assert.Equal(Path.Combine(Path.GetTempPath(), "CoreFxPipe_my.pipe"), GrpcEndpoint.GetPipeSocketPath("my.pipe"));
        Assert.Equal(Path.Combine(Path.GetTempPath(), "CoreFxPipe_abc"), GrpcEndpoint.Parse("abc").UnixSocketPath);
        Assert.Equal("/run/a.sock", GrpcEndpoint.Parse("unix:/run/a.sock").UnixSocketPath);
        Assert.Null(GrpcEndpoint.Parse("http://127.0.0.1:1").UnixSocketPath);
    }
}
