using System.Globalization;
using System.Text.Json.Nodes;

namespace MigrateWcf.Equivalence.Tests.WebHttp;

/// <summary>
/// The migrated side: samples/Migrated/Host as a real process on a Unix socket with <c>--http-port N</c>, serving the
/// migrated <c>IProductCatalog</c> through ASP.NET Core's gRPC JSON transcoding (the runtime's
/// <c>GrpcHostOptions.HttpJson</c>, the generated <c>MigratedServices.ConfigureJsonTranscoding</c>), called with the same
/// requests as the legacy side. Decimals, dates, list results and void results have another JSON form through
/// transcoding (the engine reports them: WCFM1021); <see cref="TranscodedJson"/> writes the requests and the promised
/// answers in that form, so every other part of each answer is compared exactly. Errors keep their HTTP status but
/// their body is a google.rpc.Status: declared below, and asserted by the tests of this class.
/// </summary>
[KnownDivergence(Divergence.WebFaultSetsStatusAndBody,
    "through transcoding a WebFaultException keeps its HTTP status (400, 401, 403, 404, 408, 409, 429, 500, 501, 503 and "
    + "504 exactly; other 4xx as 400, 5xx as 500) but its body is a google.rpc.Status JSON; a WebFaultException<T>'s "
    + "detail is inside its details only when an operation's [FaultContract] declares T (asserted by this class's own tests)")]
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class MigratedWebHttpTests(MigratedWebHttpService migrated) : WebHttpSuite, IClassFixture<MigratedWebHttpService>
{
    protected override HttpClient Http => migrated.Http;

    protected override HttpCase AsSent(HttpCase wcfRequest) => TranscodedJson.Request(wcfRequest);

    protected override HttpAnswer AsAnswered(HttpAnswer wcfAnswer) => TranscodedJson.Answer(wcfAnswer);

    [Fact]
    public Task AWebFaultOfT_KeepsItsStatus_InAGoogleRpcStatus_WithoutItsUndeclaredDetail() =>
        AssertStatus(HttpCase.Get("products/NOPE"), httpStatus: 404, grpcCode: 5);

    [Fact]
    public Task AConflict_Is409_AlreadyExists() =>
        AssertStatus(
            TranscodedJson.Request(HttpCase.Post("products", """{"Id":"P-1002","Name":"Hammer","Category":"tools","Price":1,"Stock":1,"Status":0,"ListedOn":"\/Date(1717200000000)\/"}""")),
            httpStatus: 409,
            grpcCode: 6);

    [Fact]
    public Task APlainWebFault_KeepsItsStatus() =>
        AssertStatus(HttpCase.Get("products?max=-1"), httpStatus: 400, grpcCode: 3);

    [Fact]
    public Task AFaultOnDelete_KeepsItsStatus() =>
        AssertStatus(HttpCase.Delete("products/NOPE"), httpStatus: 404, grpcCode: 5);

    // The HTTP status WCF answered, and a google.rpc.Status body with the code transcoding maps back to it and the
    // runtime's ErrorInfo; CatalogFault is thrown in WebFaultException<CatalogFault> without a [FaultContract], so, as
    // for any undeclared detail, it does not travel (docs/webhttp-sample.md).
    private async Task AssertStatus(HttpCase request, int httpStatus, int grpcCode)
    {
        HttpAnswer answer = await request.SendAsync(Http);
        Assert.Equal(httpStatus, answer.Status);
        Assert.Equal("application/json", answer.MediaType);
        var status = Assert.IsType<JsonObject>(answer.Body);
        Assert.Equal(grpcCode, status["code"]!.GetValue<int>());
        var details = status["details"]!.AsArray();
        var info = Assert.Single(details);
        Assert.Equal("type.googleapis.com/google.rpc.ErrorInfo", info!["@type"]!.GetValue<string>());
        Assert.Equal("migrate-wcf.fault", info["domain"]!.GetValue<string>());
        Assert.False(status.ContainsKey("Code"));
    }
}

/// <summary>samples/Migrated/Host with <c>--http-port</c> on a free loopback port; one per test class. Disposing stops
/// it with SIGTERM and fails the class when it does not exit 0 or leaves its socket.</summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class MigratedWebHttpService : IAsyncLifetime
{
    private readonly SocketFolder _folder = new();
    private MigratedHostProcess? _host;

    public HttpClient Http { get; private set; } = null!;

    private string Socket => _folder.Combine("migrated.sock");

    public async Task InitializeAsync()
    {
        int port = LegacyHost.FreePortBlock(1);
        _host = await MigratedHostProcess.StartReadyAsync("--socket", Socket, "--http-port", port.ToString(CultureInfo.InvariantCulture));
        Http = new HttpClient { BaseAddress = new Uri($"http://127.0.0.1:{port}/"), Timeout = TimeSpan.FromMinutes(1) };
    }

    public async Task DisposeAsync()
    {
        Http?.Dispose();
        try
        {
            if (_host is not null)
            {
                using (_host)
                {
                    if (!await _host.StopAsync() || _host.ExitCode != 0 || File.Exists(Socket))
                    {
                        throw new InvalidOperationException($"the migrated host did not stop cleanly (socket {(File.Exists(Socket) ? "still there" : "removed")}):\n{_host.Output}");
                    }
                }
            }
        }
        finally
        {
            _folder.Dispose();
        }
    }
}
