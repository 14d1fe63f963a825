using System.Net;
using System.Text;
using System.Text.Json;
using Google.Protobuf.WellKnownTypes;
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

    [Fact]
    public async Task An_empty_result_is_written_as_an_empty_object()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        using var response = await http.DeleteAsync("items/g1");

        // WCF answers a void WebInvoke with an empty body; transcoding writes google.protobuf.Empty as {}.
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("{}", await response.Content.ReadAsStringAsync());
    }

    [Fact]
    public async Task Enums_are_names_by_default_and_numbers_with_WriteEnumsAsIntegers()
    {
        using var temp = new TempDirectory();
        await using var byName = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("a.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        await using var byNumber = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("b.sock")), o =>
        {
            o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0);
            o.JsonTranscoding = transcoding => transcoding.JsonSettings.WriteEnumsAsIntegers = true;
        });
        using var httpByName = HttpClientFor(byName.HttpJsonEndpoint!);
        using var httpByNumber = HttpClientFor(byNumber.HttpJsonEndpoint!);

        using var named = JsonDocument.Parse(await httpByName.GetStringAsync("items/old"));
        using var numbered = JsonDocument.Parse(await httpByNumber.GetStringAsync("items/old"));

        Assert.Equal("ITEM_STATUS_DISCONTINUED", named.RootElement.GetProperty("status").GetString());
        Assert.Equal(1, numbered.RootElement.GetProperty("status").GetInt32());
    }

    [Fact]
    public async Task A_json_name_is_written_and_read_and_the_field_name_is_read_too()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        using var byJsonName = JsonDocument.Parse(await (await http.PostAsync("items", Json("""{"id":"s1","SupplierName":"Acme"}"""))).Content.ReadAsStringAsync());
        using var byFieldName = JsonDocument.Parse(await (await http.PostAsync("items", Json("""{"id":"s2","supplier_name":"Bolt"}"""))).Content.ReadAsStringAsync());

        Assert.Equal("Acme", byJsonName.RootElement.GetProperty("SupplierName").GetString());
        Assert.Equal("Bolt", byFieldName.RootElement.GetProperty("SupplierName").GetString());
        Assert.False(byJsonName.RootElement.TryGetProperty("supplierName", out _));
    }

    [Fact]
    public async Task A_status_detail_is_in_the_error_body_when_its_type_is_registered_and_ErrorInfo_is_by_default()
    {
        using var temp = new TempDirectory();
        await using var byDefault = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("a.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        await using var registered = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("b.sock")), o =>
        {
            o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0);
            o.JsonTranscoding = transcoding => transcoding.TypeRegistry =
                Google.Protobuf.Reflection.TypeRegistry.FromMessages(Google.Rpc.ErrorInfo.Descriptor, Item.Descriptor);
        });
        using var httpByDefault = HttpClientFor(byDefault.HttpJsonEndpoint!);
        using var httpRegistered = HttpClientFor(registered.HttpJsonEndpoint!);

        // ErrorInfo alone (what every migrated fault carries) is registered by the runtime.
        using var errorInfoOnly = await httpByDefault.DeleteAsync("items/locked");
        Assert.Equal(HttpStatusCode.BadRequest, errorInfoOnly.StatusCode); // FAILED_PRECONDITION
        using (var body = JsonDocument.Parse(await errorInfoOnly.Content.ReadAsStringAsync()))
        {
            var info = Assert.Single(body.RootElement.GetProperty("details").EnumerateArray());
            Assert.Equal("type.googleapis.com/google.rpc.ErrorInfo", info.GetProperty("@type").GetString());
        }

        // A detail type the transcoding does not know (here Item, standing for a contract's fault detail message): the status
        // cannot be written, 500 with no body. So the generated ConfigureJsonTranscoding must register the fault details.
        using var unknownDetail = await httpByDefault.DeleteAsync("items/none");
        Assert.Equal(HttpStatusCode.InternalServerError, unknownDetail.StatusCode);
        Assert.Equal("", await unknownDetail.Content.ReadAsStringAsync());

        // Registered: the status from the gRPC code, the detail inside google.rpc.Status's details as an Any with its
        // type URL (not the detail alone, as WCF wrote a WebFaultException<T>'s).
        using var response = await httpRegistered.DeleteAsync("items/none");
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        using var error = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(5, error.RootElement.GetProperty("code").GetInt32());
        Assert.Equal("no item 'none'", error.RootElement.GetProperty("message").GetString());
        var details = error.RootElement.GetProperty("details").EnumerateArray().ToList();
        Assert.Equal(["type.googleapis.com/google.rpc.ErrorInfo", "type.googleapis.com/runtime.tests.transcoding.Item"], details.Select(d => d.GetProperty("@type").GetString()));
        Assert.Equal("none", details[1].GetProperty("id").GetString());
    }

    [Fact]
    public async Task WcfJsonTranscoding_writes_enums_as_numbers_and_registers_ErrorInfo_and_the_detail_files()
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o =>
        {
            o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0);
            // The file twice: a set's fault details often share one; the registry takes each once.
            o.JsonTranscoding = transcoding => WcfJsonTranscoding.Configure(transcoding, Item.Descriptor.File, Item.Descriptor.File);
        });
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        using var item = JsonDocument.Parse(await http.GetStringAsync("items/old"));
        Assert.Equal(1, item.RootElement.GetProperty("status").GetInt32());
        using var zero = JsonDocument.Parse(await http.GetStringAsync("items/z0"));
        Assert.Equal(0, zero.RootElement.GetProperty("stock").GetInt32());

        using var response = await http.DeleteAsync("items/none");
        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        using var error = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
        Assert.Equal(
            ["type.googleapis.com/google.rpc.ErrorInfo", "type.googleapis.com/runtime.tests.transcoding.Item"],
            error.RootElement.GetProperty("details").EnumerateArray().Select(d => d.GetProperty("@type").GetString()));
    }

    [Fact]
    public void WcfJsonTranscoding_refuses_null_options()
        => Assert.Throws<ArgumentNullException>(() => WcfJsonTranscoding.Configure(null!));

    [Theory]
    [InlineData(400)]
    [InlineData(401)]
    [InlineData(403)]
    [InlineData(404)]
    [InlineData(409)]
    [InlineData(429)]
    [InlineData(408)]
    [InlineData(500)]
    [InlineData(501)]
    [InlineData(503)]
    [InlineData(504)]
    [InlineData(410, 400)]
    [InlineData(422, 400)]
    [InlineData(402, 400)]
    [InlineData(502, 500)]
    [InlineData(499, 400)]
    public async Task A_WebFault_http_status_survives_transcoding_when_it_round_trips(int thrown, int? answered = null)
    {
        using var temp = new TempDirectory();
        await using var host = await StartCatalogAsync(GrpcEndpoint.UnixSocket(temp.Combine("svc.sock")), o => o.HttpJson = GrpcEndpoint.Tcp("127.0.0.1", 0));
        using var http = HttpClientFor(host.HttpJsonEndpoint!);

        using var response = await http.GetAsync($"fail/{thrown}");

        Assert.Equal(answered ?? thrown, (int)response.StatusCode);
        Assert.Equal(answered is null, WebFaultStatus.RoundTrips((HttpStatusCode)thrown));
    }

    private static StringContent Json(string json) => new(json, Encoding.UTF8, "application/json");

    /// <summary>An in-memory catalog; one instance behind both listeners.</summary>
    private sealed class CatalogService : Catalog.CatalogBase
    {
        private readonly Dictionary<string, Item> _items = new()
        {
            ["a1"] = new Item { Id = "a1", Name = "Drill", Category = "tools", Stock = 12 },
            ["a2"] = new Item { Id = "a2", Name = "Hammer", Category = "tools", Stock = 40 },
            ["g1"] = new Item { Id = "g1", Name = "Rake", Category = "garden", Stock = 25 },
            ["z0"] = new Item { Id = "z0", Name = "Empty shelf", Category = "garden", Stock = 0 },
            ["old"] = new Item { Id = "old", Name = "Lamp", Category = "clearance", Stock = 1, Status = ItemStatus.Discontinued },
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

        public override Task<Empty> Fail(FailRequest request, ServerCallContext context) =>
            throw new RpcException(new Status(WebFaultStatus.ToStatusCode((HttpStatusCode)request.HttpStatus), $"HTTP {request.HttpStatus}"));

        public override Task<Empty> RemoveItem(GetItemRequest request, ServerCallContext context)
        {
            lock (_items)
            {
                if (request.Id == "locked")
                {
                    var locked = new Google.Rpc.Status
                    {
                        Code = (int)StatusCode.FailedPrecondition,
                        Message = "item 'locked' cannot be removed",
                        Details = { Any.Pack(new Google.Rpc.ErrorInfo { Reason = "Locked", Domain = "catalog" }) },
                    };
                    throw locked.ToRpcException();
                }

                if (!_items.Remove(request.Id))
                {
                    var status = new Google.Rpc.Status
                    {
                        Code = (int)StatusCode.NotFound,
                        Message = $"no item '{request.Id}'",
                        Details =
                        {
                            Any.Pack(new Google.Rpc.ErrorInfo { Reason = "ProductNotFound", Domain = "catalog" }),
                            Any.Pack(new Item { Id = request.Id, Name = "(missing)" }),
                        },
                    };
                    throw status.ToRpcException();
                }

                return Task.FromResult(new Empty());
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
