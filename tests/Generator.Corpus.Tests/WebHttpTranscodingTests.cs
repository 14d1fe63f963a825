using System.Net;
using System.Net.Http.Headers;
using System.Reflection;
using System.Runtime.Loader;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Grpc.JsonTranscoding;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// The WebHttpCatalog scenario migrated and served for real: protoc's and the engine's C# with the legacy
/// CatalogService compiled together, hosted by grpc-dotnet with AddJsonTranscoding and the generated
/// ConfigureJsonTranscoding on Kestrel (127.0.0.1, an ephemeral port, HTTP/1.1), and called with plain HTTP requests
/// as a WCF REST caller sends them. Each expected body is what WCF's webHttpBinding wrote for the contract's attributes
/// (docs/webhttp.md): bare values, WCF's member names, enums and 64-bit integers as numbers, wrapped bodies and results,
/// and the HTTP status an operation sets through WebOperationContext (for a REST caller, and for a gRPC caller on an HTTP/2
/// listener beside it).
/// </summary>
public sealed class WebHttpTranscodingTests : IAsyncLifetime
{
    private const string Scenario = "NetFramework/WebHttpCatalog";

    private WebApplication? _app;
    private HttpClient? _http;
    private Assembly? _assembly;
    private string? _grpcAddress;

    public async Task InitializeAsync()
    {
        var (generated, legacy) = GeneratedCSharpTests.Sources(Scenario);
        var (problems, image) = MigratedCompilation.Compile(generated, legacy, "WebHttpCatalogMigrated");
        Assert.True(image is not null, string.Join("\n", problems));
        var assembly = _assembly = new AssemblyLoadContext("webhttp-catalog", isCollectible: false).LoadFromStream(new MemoryStream(image!));
        var hosting = assembly.GetTypes().Single(t => t.Name == "MigratedServices");
        var configure = hosting.GetMethod("ConfigureJsonTranscoding")!.CreateDelegate<Action<GrpcJsonTranscodingOptions>>();

        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http1);
            kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = HttpProtocols.Http2);
        });
        builder.Services.AddGrpc().AddJsonTranscoding(configure);
        hosting.GetMethod("AddMigratedServices")!.Invoke(null, [builder.Services, null]);
        _app = builder.Build();
        hosting.GetMethod("MapMigratedServices")!.Invoke(null, [(IEndpointRouteBuilder)_app]);
        await _app.StartAsync();
        // Listeners are bound in order: the HTTP/1.1 one first.
        var addresses = _app.Services.GetRequiredService<Microsoft.AspNetCore.Hosting.Server.IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.ToList();
        Assert.Equal(2, addresses.Count);
        _http = new HttpClient { BaseAddress = new Uri(addresses[0]) };
        _grpcAddress = addresses[1];
    }

    public async Task DisposeAsync()
    {
        _http?.Dispose();
        if (_app is not null)
        {
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }

    private async Task<(HttpStatusCode Status, JsonNode? Body)> Send(HttpMethod method, string path, string? json = null)
    {
        using var request = new HttpRequestMessage(method, path);
        if (json is not null)
        {
            request.Content = new StringContent(json, Encoding.UTF8);
            request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        }

        using var response = await _http!.SendAsync(request);
        var text = await response.Content.ReadAsStringAsync();
        return (response.StatusCode, text.Length == 0 ? null : JsonNode.Parse(text));
    }

    private static void AssertJson(string expected, JsonNode? actual)
        => Assert.True(JsonNode.DeepEquals(JsonNode.Parse(expected), actual), $"expected {expected}, got {actual?.ToJsonString()}");

    [Fact]
    public async Task BarePost_ThenGetWithPathAndQuery_AnswerWhatWcfWrote()
    {
        // [WebInvoke(Method = "POST", UriTemplate = "products")] int AddProduct(Product): the body is the Product, with
        // its DataMember names; the answer is the bare int, with the 201 and Location of SetStatusAsCreated.
        using (var request = new HttpRequestMessage(HttpMethod.Post, "/products") { Content = new StringContent("""{"Id":7,"Name":"Lamp","Availability":2,"unit_price_cents":1999}""", Encoding.UTF8, "application/json") })
        using (var added = await _http!.SendAsync(request))
        {
            Assert.Equal(HttpStatusCode.Created, added.StatusCode);
            Assert.Equal(new Uri("http://catalog.contoso.com/products/7"), added.Headers.Location);
            AssertJson("7", JsonNode.Parse(await added.Content.ReadAsStringAsync()));
        }

        // [WebGet(UriTemplate = "products/{id}?currency={currency}")]: the bare Product, enum and long as numbers.
        var product = await Send(HttpMethod.Get, "/products/7?currency=EUR");
        Assert.Equal(HttpStatusCode.OK, product.Status);
        AssertJson("""{"Id":7,"Name":"Lamp","Availability":2,"unit_price_cents":1999}""", product.Body);
    }

    [Fact]
    public async Task WrappedBodyAndWrappedResult_UseTheParameterNamesAndOperationResult()
    {
        await Send(HttpMethod.Post, "/products", """{"Id":8,"Name":"Desk","Availability":1,"unit_price_cents":500}""");

        // BodyStyle = Wrapped: {"unitPriceCents":…,"reason":…} in, {"SetPriceResult":true} out.
        var set = await Send(HttpMethod.Put, "/products/8/price", """{"unitPriceCents":450,"reason":"sale"}""");
        Assert.Equal(HttpStatusCode.OK, set.Status);
        AssertJson("""{"SetPriceResult":true}""", set.Body);
        AssertJson("""{"Id":8,"Name":"Desk","Availability":1,"unit_price_cents":450}""", (await Send(HttpMethod.Get, "/products/8?currency=EUR")).Body);

        // BodyStyle = WrappedResponse on a POST without parameters: {"CountResult":n}.
        var count = await Send(HttpMethod.Post, "/count");
        Assert.Equal(HttpStatusCode.OK, count.Status);
        Assert.True(count.Body!["CountResult"]!.GetValue<int>() >= 1, count.Body.ToJsonString());
    }

    [Fact]
    public async Task AStatusSetThroughWebOperationContext_ReachesTheRestCaller_WithTheResultAsTheBody()
    {
        // SetPrice sets OutgoingResponse.StatusCode = NotFound and a StatusDescription, then returns false: WCF answered
        // 404 with that reason phrase and the wrapped result; so does the migrated service.
        using var request = new HttpRequestMessage(HttpMethod.Put, "/products/999/price") { Content = new StringContent("""{"unitPriceCents":1,"reason":"none"}""", Encoding.UTF8, "application/json") };
        using var response = await _http!.SendAsync(request);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
        Assert.Equal("No product 999", response.ReasonPhrase);
        AssertJson("""{"SetPriceResult":false}""", JsonNode.Parse(await response.Content.ReadAsStringAsync()));
    }

    [Fact]
    public async Task AStatusSetThroughWebOperationContext_ReachesAGrpcCaller_AsTheStatusTranscodingMapsToIt()
    {
        // Over gRPC there is no HTTP status to set: 404 becomes NOT_FOUND (the code JSON transcoding answers 404 for),
        // with the description as its message; the result is not sent. A success status (201) leaves the call OK.
        using var channel = global::Grpc.Net.Client.GrpcChannel.ForAddress(_grpcAddress!);
        var clientType = _assembly!.GetTypes().Single(t => t.Name == "CatalogClient");
        dynamic client = Activator.CreateInstance(clientType, channel)!;
        dynamic setPrice = Activator.CreateInstance(_assembly.GetTypes().Single(t => t.Name == "SetPriceRequest"))!;
        setPrice.Id = "999";
        setPrice.UnitPriceCents = 1L;
        dynamic product = Activator.CreateInstance(_assembly.GetTypes().Single(t => t.Name == "Product" && t.Namespace!.EndsWith(".Grpc", StringComparison.Ordinal)))!;
        product.Id = 12;
        product.Name = "Shelf";
        dynamic addProduct = Activator.CreateInstance(_assembly.GetTypes().Single(t => t.Name == "AddProductRequest"))!;
        addProduct.Product = product;

        var missing = await Assert.ThrowsAsync<global::Grpc.Core.RpcException>(async () => await (Task)client.SetPriceAsync(setPrice).ResponseAsync);
        dynamic added = await (dynamic)client.AddProductAsync(addProduct).ResponseAsync;

        Assert.Equal(global::Grpc.Core.StatusCode.NotFound, missing.StatusCode);
        Assert.Equal("No product 999", missing.Status.Detail);
        Assert.Equal(12, (int)added.Result);
    }

    [Fact]
    public async Task WildcardAndDefaultTemplate_BindTheirParameters()
    {
        // files/{*path}: the rest of the path, slashes included; the bare string result.
        var file = await Send(HttpMethod.Get, "/files/docs/2024/report.txt");
        Assert.Equal(HttpStatusCode.OK, file.Status);
        AssertJson("\"file docs/2024/report.txt\"", file.Body);

        // No UriTemplate on a WebGet: /Search?text=…&max=…, a bare list.
        await Send(HttpMethod.Post, "/products", """{"Id":9,"Name":"Lampshade","Availability":3,"unit_price_cents":900}""");
        var found = await Send(HttpMethod.Get, "/Search?text=Lampshade&max=5");
        Assert.Equal(HttpStatusCode.OK, found.Status);
        AssertJson("""[{"Id":9,"Name":"Lampshade","Availability":3,"unit_price_cents":900}]""", found.Body);
    }

    [Fact]
    public async Task AWebFault_KeepsItsHttpStatus_WithItsDetailInsideAGoogleRpcStatus()
    {
        // WCFM1022: WCF answered 404 with the CatalogFault {"Reason":…} itself. The generated WebFaultException<T> is an
        // IHttpStatusFault, so the runtime sends NOT_FOUND, which transcoding answers with 404 again; the body is
        // google.rpc.Status JSON whose details hold the fault's ErrorInfo and the CatalogFault (written as JSON through
        // the TypeRegistry ConfigureJsonTranscoding sets; without it transcoding fails the request with an empty 500). The
        // detail's members have proto3's JSON names ("reason"): json_name is set on the types REST operations carry, not on
        // fault details (docs/webhttp.md).
        var missing = await Send(HttpMethod.Get, "/products/404?currency=EUR");
        Assert.Equal(HttpStatusCode.NotFound, missing.Status);
        var status = Assert.IsType<JsonObject>(missing.Body);
        Assert.Equal(5, status["code"]!.GetValue<int>());
        Assert.False(status.ContainsKey("Reason"));
        var details = status["details"]!.AsArray();
        Assert.Contains(details, d => d!["@type"]!.GetValue<string>() == "type.googleapis.com/google.rpc.ErrorInfo" && d["domain"]!.GetValue<string>() == "migrate-wcf.fault");
        Assert.True(details.Any(d => d!["@type"]!.GetValue<string>() == "type.googleapis.com/contoso.catalog.CatalogFault" && d["reason"]?.GetValue<string>() == "no product 404"), status.ToJsonString());
    }
}
