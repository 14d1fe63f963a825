namespace MigrateWcf.Equivalence.Tests.WebHttp;

/// <summary>
/// The REST product catalog (<c>IProductCatalog</c>, samples/LegacyWcf) as its HTTP callers see it: one test per request,
/// each sent with a plain <see cref="HttpClient"/> and its normalized answer (<see cref="HttpAnswer"/>) compared with what
/// the contract promises, WCF's JSON shapes included (<c>"\/Date(ms)\/"</c> dates, enums as numbers, PascalCase members,
/// a Wrapped answer inside <c>{"ChangePriceResult": …}</c>, a <c>WebFaultException&lt;CatalogFault&gt;</c>'s detail as
/// the body). A side (the legacy host on Mono; the migrated host through gRPC JSON transcoding) derives from it and gives
/// the client (and, where its JSON differs in a documented way, how requests and answers are written:
/// <see cref="AsSent"/>, <see cref="AsAnswered"/>); a behaviour it does not reproduce is declared on its class with
/// <see cref="KnownDivergenceAttribute"/> and the reason, and the tests marked with that behaviour are skipped there. Every test touches its own products, so the
/// order the tests run in does not matter; a side's host serves one test class.
/// </summary>
public abstract class WebHttpSuite
{
    private const string P1001 = """{"Id":"P-1001","Name":"Cordless drill","Category":"tools","Price":89.90,"Stock":12,"Status":0,"ListedOn":"\/Date(1709251200000)\/"}""";
    private const string P1002 = """{"Id":"P-1002","Name":"Hammer","Category":"tools","Price":14.50,"Stock":40,"Status":0,"ListedOn":"\/Date(1709251200000)\/"}""";
    private const string P2001 = """{"Id":"P-2001","Name":"Garden hose","Category":"garden","Price":23.75,"Stock":8,"Status":0,"ListedOn":"\/Date(1709251200000)\/"}""";
    private const string P2002 = """{"Id":"P-2002","Name":"Rake","Category":"garden","Price":9.99,"Stock":25,"Status":0,"ListedOn":"\/Date(1709251200000)\/"}""";

    /// <summary>A client whose base address is the catalog's root (<c>http://127.0.0.1:port/</c>).</summary>
    protected abstract HttpClient Http { get; }

    [WebHttpFact]
    public Task GetProduct_PathVariable_AnswersTheProduct() =>
        AssertAnswer(HttpCase.Get("products/P-1001"), HttpAnswer.Json(200, P1001));

    [WebHttpFact]
    public Task FindProducts_QueryVariables_FilterAndLimit() =>
        AssertAnswer(HttpCase.Get("products?category=tools&max=2"), HttpAnswer.Json(200, $"[{P1001},{P1002}]"));

    [WebHttpFact]
    public Task FindProducts_AbsentQueryVariable_IsItsDefault() =>
        AssertAnswer(HttpCase.Get("products?category=garden"), HttpAnswer.Json(200, $"[{P2001},{P2002}]"));

    [WebHttpFact]
    public Task FindProducts_NoMatch_IsAnEmptyArray() =>
        AssertAnswer(HttpCase.Get("products?category=none&max=5"), HttpAnswer.Json(200, "[]"));

    [WebHttpFact]
    public Task AddProduct_BareJsonBody_AnswersTheStoredProduct() =>
        AssertAnswer(
            HttpCase.Post("products", """{"Id":"P-3001","Name":"Kettle","Category":"kitchen","Price":31.50,"Stock":3,"Status":1,"ListedOn":"\/Date(1717200000000)\/"}"""),
            HttpAnswer.Json(200, """{"Id":"P-3001","Name":"Kettle","Category":"kitchen","Price":31.50,"Stock":3,"Status":0,"ListedOn":"\/Date(1717200000000)\/"}"""));

    [WebHttpFact]
    public async Task DiscontinueProduct_Delete_AnswersNoBody_AndTheProductIsDiscontinued()
    {
        await AssertAnswer(HttpCase.Delete("products/P-9001"), HttpAnswer.Empty(200));
        await AssertAnswer(
            HttpCase.Get("products/P-9001"),
            HttpAnswer.Json(200, """{"Id":"P-9001","Name":"Paraffin lamp","Category":"clearance","Price":5.00,"Stock":1,"Status":1,"ListedOn":"\/Date(1393632000000)\/"}"""));
    }

    [WebHttpFact(Divergence.WrappedJsonRequestIsRead)]
    public Task ChangePrice_WrappedBody_AnswersTheWrappedResult() =>
        AssertAnswer(
            HttpCase.Put("products/P-1003/price", """{"newPrice":44.25,"reason":"supplier increase"}"""),
            HttpAnswer.Json(200, """{"ChangePriceResult":{"ProductId":"P-1003","OldPrice":42.00,"NewPrice":44.25,"Reason":"supplier increase"}}"""));

    [WebHttpFact(Divergence.WebFaultSetsStatusAndBody)]
    public Task GetProduct_UnknownId_Is404WithTheFaultDetail() =>
        AssertAnswer(HttpCase.Get("products/NOPE"), HttpAnswer.Json(404, """{"Code":"ProductNotFound","Message":"No product with id 'NOPE'."}"""));

    [WebHttpFact(Divergence.WebFaultSetsStatusAndBody)]
    public Task AddProduct_ExistingId_Is409WithTheFaultDetail() =>
        AssertAnswer(
            HttpCase.Post("products", """{"Id":"P-1002","Name":"Hammer","Category":"tools","Price":1,"Stock":1,"Status":0,"ListedOn":"\/Date(1717200000000)\/"}"""),
            HttpAnswer.Json(409, """{"Code":"DuplicateId","Message":"A product with id 'P-1002' already exists."}"""));

    [WebHttpFact(Divergence.WebFaultSetsStatusAndBody)]
    public async Task FindProducts_NegativeMax_Is400()
    {
        // A plain WebFaultException: the status is the promise; its body is not part of the contract.
        HttpAnswer answer = await HttpCase.Get("products?max=-1").SendAsync(Http);
        Assert.Equal(400, answer.Status);
    }

    [WebHttpFact(Divergence.WebFaultSetsStatusAndBody)]
    public Task DiscontinueProduct_UnknownId_Is404WithTheFaultDetail() =>
        AssertAnswer(HttpCase.Delete("products/NOPE"), HttpAnswer.Json(404, """{"Code":"ProductNotFound","Message":"No product with id 'NOPE'."}"""));

    /// <summary>The request as this side's callers write it; WCF's request itself unless the side's JSON differs.</summary>
    protected virtual HttpCase AsSent(HttpCase wcfRequest) => wcfRequest;

    /// <summary>The answer this side gives where WCF gives <paramref name="wcfAnswer"/>; the same unless the side's JSON differs.</summary>
    protected virtual HttpAnswer AsAnswered(HttpAnswer wcfAnswer) => wcfAnswer;

    /// <summary>Sends the request (as this side's callers write it) and compares the normalized answer with the one
    /// the contract promises (as this side writes it).</summary>
    protected async Task AssertAnswer(HttpCase request, HttpAnswer expected)
    {
        request = AsSent(request);
        expected = AsAnswered(expected);
        HttpAnswer actual = await request.SendAsync(Http);
        Assert.True(expected.SameAs(actual), $"{request}\n  expected: {expected}\n  actual:   {actual}");
    }
}
