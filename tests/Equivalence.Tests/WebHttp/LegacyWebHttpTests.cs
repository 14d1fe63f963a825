namespace MigrateWcf.Equivalence.Tests.WebHttp;

/// <summary>
/// The legacy side: the real net472 sample host under Mono serving <c>IProductCatalog</c> with WebServiceHost /
/// WebHttpBinding on a loopback port (<c>LegacyWcf.Host.exe --http-port N</c>). Mono 6.8's divergences from .NET
/// Framework's WebHttp are declared here, with the reason (measured with curl; samples/LegacyWcf/README.md).
/// </summary>
[KnownDivergence(Divergence.WebFaultSetsStatusAndBody,
    "Mono 6.8's System.ServiceModel.Web has no WebFaultException or WebFaultException<T>: throwing one fails with a "
    + "TypeLoadException and the caller gets 500 with an XML InternalServiceFault instead of the status code and the detail.")]
[KnownDivergence(Divergence.WrappedJsonRequestIsRead,
    "Mono 6.8's WebHttp formatter cannot read a Wrapped JSON request: it answers 200 OK with an empty body without calling "
    + "the operation, and a later such request kills the host (an unhandled ArgumentException on a thread-pool thread).")]
public sealed class LegacyWebHttpTests(LegacyWebHttpService legacy) : WebHttpSuite, IClassFixture<LegacyWebHttpService>
{
    protected override HttpClient Http => legacy.Http;

    /// <summary>
    /// Legacy only: the WebFaultSetsStatusAndBody divergence is still there. A WebFaultException&lt;CatalogFault&gt; on
    /// Mono 6.8 answers 500 with its generic XML InternalServiceFault (the TypeLoadException is not shown to the
    /// caller). When a Mono update makes this fail, the divergence can go.
    /// </summary>
    [Fact]
    public async Task OnMono_AWebFault_IsA500XmlFault()
    {
        HttpAnswer answer = await HttpCase.Get("products/NOPE").SendAsync(Http);

        Assert.Equal(500, answer.Status);
        Assert.Equal("application/xml", answer.MediaType);
        Assert.Contains("InternalServiceFault", answer.Text);
    }
}

/// <summary>The legacy host with only its REST catalog, on a free loopback port; one per test class.</summary>
public sealed class LegacyWebHttpService : IAsyncLifetime
{
    private LegacyHost? _host;

    public HttpClient Http { get; private set; } = null!;

    public async Task InitializeAsync()
    {
        _host = await LegacyHost.StartWebHttpAsync();
        Http = new HttpClient { BaseAddress = new Uri(_host.BaseAddress), Timeout = TimeSpan.FromMinutes(1) };
    }

    public async Task DisposeAsync()
    {
        Http?.Dispose();
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }
    }
}
