using System.Net;
using System.Text.Json;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime.Tests.WebOperation;

namespace MigrateWcf.Runtime.Tests;

/// <summary>
/// <see cref="WcfWebOperationContext"/>, what the generated stand-in for WCF's WebOperationContext calls: an operation
/// sets the response status, its description and a header, and reads a request header, as WCF REST code does through
/// <c>WebOperationContext.Current</c>; a REST caller (plain HTTP/1.1 through JSON transcoding on loopback) and a gRPC caller
/// (on the Unix socket) each see what docs/webhttp.md says.
/// </summary>
public sealed class WebOperationContextTests : IAsyncLifetime
{
    private readonly TempDirectory _temp = new();
    private GrpcHost? _host;
    private HttpClient? _http;

    public async Task InitializeAsync()
    {
        _host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(_temp.Combine("svc.sock")), host =>
        {
            host.Services.AddWcfWebOperations();
            host.MapService<ShelfService>();
            host.Options.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0);
        });
        _http = new HttpClient { BaseAddress = new Uri($"http://{_host.HttpJsonEndpoint!.Host}:{_host.HttpJsonEndpoint.Port}/"), DefaultRequestVersion = HttpVersion.Version11 };
    }

    public async Task DisposeAsync()
    {
        _http?.Dispose();
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }

        _temp.Dispose();
    }

    [Theory]
    [InlineData(201)]
    [InlineData(202)]
    [InlineData(404)]
    [InlineData(422)]
    [InlineData(410)]
    [InlineData(503)]
    public async Task Http_caller_gets_the_status_the_operation_set_with_its_result_as_the_body(int status)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, $"respond/{status}?description=As%20set&header=h1");
        request.Headers.Add("X-Caller", "curl");

        using var response = await _http!.SendAsync(request);

        Assert.Equal(status, (int)response.StatusCode);
        Assert.Equal("As set", response.ReasonPhrase);
        Assert.Equal(["h1"], response.Headers.GetValues("X-Shelf"));
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal("kept", body.RootElement.GetProperty("name").GetString());
        Assert.Equal("curl", body.RootElement.GetProperty("caller").GetString());
        Assert.Equal("GET", body.RootElement.GetProperty("method").GetString());
    }

    [Theory]
    [InlineData("respond/204")]
    [InlineData("respond-empty/204")]
    [InlineData("respond/304")]
    public async Task Http_caller_gets_no_body_with_204_or_304(string path)
    {
        using var response = await _http!.GetAsync(path);

        Assert.Equal(int.Parse(path[(path.IndexOf('/') + 1)..]), (int)response.StatusCode);
        Assert.Equal("", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Http_caller_gets_200_when_no_status_was_set()
    {
        using var response = await _http!.GetAsync("respond/0");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.False(response.Headers.Contains("X-Shelf"));
    }

    [Fact]
    public async Task A_fault_thrown_after_setting_a_status_keeps_its_own_status()
    {
        using var response = await _http!.GetAsync($"respond/201?then_throw={(int)StatusCode.NotFound}");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Theory]
    [InlineData(404, StatusCode.NotFound)]
    [InlineData(401, StatusCode.Unauthenticated)]
    [InlineData(422, StatusCode.FailedPrecondition)]
    [InlineData(503, StatusCode.Unavailable)]
    [InlineData(502, StatusCode.Internal)]
    public async Task Grpc_caller_gets_an_error_status_as_the_grpc_status_transcoding_maps_to_it(int status, StatusCode expected)
    {
        using var channel = EndpointChannel.Create(_host!.Endpoint);
        var client = new Shelf.ShelfClient(channel);

        var described = await Assert.ThrowsAsync<RpcException>(() => client.RespondAsync(new RespondRequest { HttpStatus = status, Description = "As set" }).ResponseAsync);
        var plain = await Assert.ThrowsAsync<RpcException>(() => client.RespondEmptyAsync(new RespondRequest { HttpStatus = status }).ResponseAsync);

        Assert.Equal(expected, described.StatusCode);
        Assert.Equal("As set", described.Status.Detail);
        Assert.Equal(expected, plain.StatusCode);
        Assert.Equal(Microsoft.AspNetCore.WebUtilities.ReasonPhrases.GetReasonPhrase(status), plain.Status.Detail);
    }

    [Theory]
    [InlineData(201)]
    [InlineData(204)]
    [InlineData(302)]
    public async Task Grpc_caller_gets_the_result_for_a_status_below_400_and_the_headers_as_response_metadata(int status)
    {
        using var channel = EndpointChannel.Create(_host!.Endpoint);
        var client = new Shelf.ShelfClient(channel);

        using var call = client.RespondAsync(new RespondRequest { HttpStatus = status, Header = "h2" }, new Metadata { { "x-caller", "grpc" } });
        var result = await call.ResponseAsync;

        Assert.Equal("kept", result.Name);
        Assert.Equal("grpc", result.Caller);
        Assert.Equal("POST", result.Method);
        Assert.Equal("h2", (await call.ResponseHeadersAsync).GetValue("x-shelf"));
    }

    [Fact]
    public async Task Http_caller_gets_its_url_path_variables_and_query_as_WCFs_UriTemplateMatch()
    {
        var matched = JsonSerializer.Deserialize<JsonElement>(await _http!.GetStringAsync("shelves/42/match?description=top%20shelf&header=h1"));

        var origin = $"http://{_host!.HttpJsonEndpoint!.Host}:{_host.HttpJsonEndpoint.Port}";
        Assert.Equal($"{origin}/shelves/42/match?description=top%20shelf&header=h1", matched.GetProperty("requestUri").GetString());
        Assert.Equal($"{origin}/", matched.GetProperty("baseUri").GetString());
        Assert.Equal("http_status=42", matched.GetProperty("boundVariables").GetString());
        Assert.Equal("description=top shelf;header=h1", matched.GetProperty("queryParameters").GetString());
        Assert.Equal("shelves/42/match", matched.GetProperty("relativePathSegments").GetString());
    }

    [Fact]
    public async Task Grpc_caller_gets_the_grpc_path_on_the_host_as_the_request_uri_and_no_variables()
    {
        using var channel = EndpointChannel.Create(_host!.Endpoint);
        var client = new Shelf.ShelfClient(channel);

        var matched = await client.MatchAsync(new RespondRequest { HttpStatus = 42, Description = "top shelf" });

        Assert.Equal("http://localhost/runtime.tests.weboperation.Shelf/Match", matched.RequestUri);
        Assert.Equal("http://localhost/", matched.BaseUri);
        Assert.Equal("", matched.BoundVariables);
        Assert.Equal("", matched.QueryParameters);
        Assert.Equal("runtime.tests.weboperation.Shelf/Match", matched.RelativePathSegments);
    }

    [Fact]
    public void There_is_no_context_outside_a_call()
        => Assert.Null(WcfWebOperationContext.Current);

    /// <summary>Sets what the request asks through <see cref="WcfWebOperationContext.Current"/>, as a WCF REST operation would.</summary>
    private sealed class ShelfService : Shelf.ShelfBase
    {
        public override Task<Shelved> Respond(RespondRequest request, ServerCallContext context) => Task.FromResult(Apply(request));

        public override async Task<Empty> RespondEmpty(RespondRequest request, ServerCallContext context)
        {
            await Task.Yield(); // the context flows across awaits, as WCF's does
            Apply(request);
            return new Empty();
        }

        public override Task<Matched> Match(RespondRequest request, ServerCallContext context)
        {
            var web = WcfWebOperationContext.Current!;
            static string Pairs(System.Collections.Specialized.NameValueCollection values)
                => string.Join(";", values.AllKeys.Order(StringComparer.Ordinal).Select(k => $"{k}={values[k]}"));
            return Task.FromResult(new Matched
            {
                RequestUri = web.RequestUri.AbsoluteUri,
                BaseUri = web.BaseUri.AbsoluteUri,
                BoundVariables = Pairs(web.BoundVariables),
                QueryParameters = Pairs(web.QueryParameters),
                RelativePathSegments = string.Join("/", web.RelativePathSegments),
            });
        }

        private static Shelved Apply(RespondRequest request)
        {
            var web = WcfWebOperationContext.Current!;
            if (request.HttpStatus != 0)
            {
                web.StatusCode = (HttpStatusCode)request.HttpStatus;
            }

            if (request.Description.Length > 0)
            {
                web.StatusDescription = request.Description;
            }

            if (request.Header.Length > 0)
            {
                web.ResponseHeaders.Add("X-Shelf", request.Header);
            }

            if (request.ThenThrow != 0)
            {
                throw new RpcException(new Status((StatusCode)request.ThenThrow, "thrown"));
            }

            return new Shelved { Name = "kept", Caller = web.RequestHeaders["X-Caller"] ?? "", Method = web.Method };
        }
    }
}
