using System.Net;
using System.Text;
using System.Text.Json;
using Grpc.Core;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime.Tests.Transcoding;

namespace MigrateWcf.Runtime.Tests;

/// <summary>
/// <see cref="GrpcHostOptions.HttpJson"/>: a real Kestrel host serving a service with google.api.http options on a Unix
/// socket (gRPC) and on a loopback TCP port (HTTP/1.1 + JSON through ASP.NET Core's gRPC JSON transcoding), called with a
/// plain HttpClient as a REST caller would.
/// </summary>
public sealed class JsonTranscodingTests
{
    private static Task<GrpcHost> StartCatalogAsync(GrpcEndpoint endpoint, Action<GrpcHostOptions> options) =>
        GrpcHost.StartAsync(endpoint, host =>
        {
            host.Services.AddSingleton<CatalogService>();
            host.MapService<CatalogService>();
            options(host.Options);
        });

    private static HttpClient HttpClientFor(GrpcEndpoint endpoint) =>
        new() { BaseAddress = new Uri($"http://{endpoint.Host}:{endpoint.Port}/"), DefaultRequestVersion = HttpVersion.Version11 };

    [Fact]
    public async Task Get_with_a_path_variable_answers_json_over_http11_on_loopback()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        Assert.NotNull(host.HttpJsonEndpoint);
        Assert.NotEqual(0, host.HttpJsonEndpoint!.Port);
        using var http = HttpClientFor(host.HttpJsonEndpoint);

        using var response = await http.GetAsync("items/a1");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(HttpVersion.Version11, response.Version);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal("a1", body.RootElement.GetProperty("id").GetString());
        Assert.Equal("Drill", body.RootElement.GetProperty("name").GetString());
        Assert.Equal(12, body.RootElement.GetProperty("stock").GetInt32());
    }

    [Fact]
    public async Task Get_binds_query_parameters_and_response_body_selects_the_list()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        using var response = await http.GetAsync("items?category=tools&max=1");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(JsonValueKind.Array, body.RootElement.ValueKind);
        Assert.Equal(["a1"], body.RootElement.EnumerateArray().Select(i => i.GetProperty("id").GetString()));
    }

    [Fact]
    public async Task Post_with_a_json_body_reaches_the_service_and_gRPC_still_answers_on_the_socket()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        using var response = await http.PostAsync("items", new StringContent("""{"id":"k9","name":"Kettle","category":"kitchen","stock":3}""", Encoding.UTF8, "application/json"));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal("k9", body.RootElement.GetProperty("id").GetString());
        Assert.Equal("kitchen", body.RootElement.GetProperty("category").GetString());

        // The item added over HTTP is there for a gRPC caller on the socket: one service behind both listeners.
        using var channel = EndpointChannel.Create(host.Endpoint);
        var item = await new Catalog.CatalogClient(channel).GetItemAsync(new GetItemRequest { Id = "k9" });
        Assert.Equal("Kettle", item.Name);
    }

    [Fact]
    public async Task A_gRPC_status_becomes_its_http_status_with_a_google_rpc_status_body()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        using var response = await http.GetAsync("items/none");

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        using var body = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal((int)StatusCode.NotFound, body.RootElement.GetProperty("code").GetInt32());
        Assert.Equal("no item 'none'", body.RootElement.GetProperty("message").GetString());
    }

    [Fact]
    public async Task Fields_with_default_values_are_written_by_default()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        using var body = JsonDocument.Parse(await http.GetStringAsync("items/z0"));

        // A migrated WCF caller expects every DataMember, zero included (WCF writes them all by default).
        Assert.Equal(0, body.RootElement.GetProperty("stock").GetInt32());
    }

    [Fact]
    public async Task JsonTranscoding_options_are_applied()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o =>
        {
            o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0);
            o.JsonTranscoding = transcoding => transcoding.JsonSettings.WriteIndented = true;
        });
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        string text = await http.GetStringAsync("items/a1");

        Assert.Contains('\n', text);
        Assert.Equal("a1", JsonDocument.Parse(text).RootElement.GetProperty("id").GetString());
    }

    [Fact]
    public async Task Without_HttpJson_no_tcp_port_is_opened_and_the_options_are_not_used()
    {
        using var temp = new TempDirectory();
        bool configured = false;
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.JsonTranscoding = _ => configured = true);

        var addresses = host.App.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses;
        Assert.Equal(["http://unix:" + temp.Combine("svc.sock")], addresses);
        Assert.Null(host.HttpJsonEndpoint);
        Assert.False(configured);
    }

    [Fact]
    public async Task HttpJson_on_a_socket_is_refused_with_one_line()
    {
        using var temp = new TempDirectory();
        var error = await Assert.ThrowsAsync<GrpcHostingException>(() =>
            StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.UnixSocket(temp.Combine("http.sock"))));
        Assert.Contains("needs a TCP endpoint", error.Message);
        Assert.DoesNotContain('\n', error.Message);
    }

    /// <summary>An in-memory catalog; one instance behind both listeners.</summary>
    private sealed class CatalogService : Catalog.CatalogBase
    {
        private readonly Dictionary<string, Item> _items = new()
        {
            ["a1"] = new Item { Id = "a1", Name = "Drill", Category = "tools", Stock = 12 },
            ["a2"] = new Item { Id = "a2", Name = "Hammer", Category = "tools", Stock = 40 },
            ["g1"] = new Item { Id = "g1", Name = "Rake", Category = "garden", Stock = 25 },
            ["z0"] = new Item { Id = "z0", Name = "Empty shelf", Category = "garden", Stock = 0 },
        };

        public override Task<Item> GetItem(GetItemRequest request, ServerCallContext context)
        {
            lock (_items)
            {
                return _items.TryGetValue(request.Id, out var item)
                    ? Task.FromResult(item)
                    : throw new RpcException(new Status(StatusCode.NotFound, $"no item '{request.Id}'"));
            }
        }

        public override Task<ItemList> FindItems(FindItemsRequest request, ServerCallContext context)
        {
            lock (_items)
            {
                var found = _items.Values.Where(i => request.Category.Length == 0 || i.Category == request.Category).OrderBy(i => i.Id, StringComparer.Ordinal);
                var list = new ItemList();
                list.Items.Add(request.Max > 0 ? found.Take(request.Max) : found);
                return Task.FromResult(list);
            }
        }

        public override Task<Item> AddItem(Item request, ServerCallContext context)
        {
            lock (_items)
            {
                _items[request.Id] = request;
                return Task.FromResult(request);
            }
        }
    }
}
