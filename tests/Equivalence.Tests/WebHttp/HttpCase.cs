using System.Net;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json.Nodes;

namespace MigrateWcf.Equivalence.Tests.WebHttp;

/// <summary>One HTTP request as a REST caller sends it (curl-like: method, path with query, JSON body).</summary>
public sealed record HttpCase(HttpMethod Method, string PathAndQuery, string? JsonBody = null)
{
    public static HttpCase Get(string pathAndQuery) => new(HttpMethod.Get, pathAndQuery);

    public static HttpCase Post(string path, string json) => new(HttpMethod.Post, path, json);

    public static HttpCase Put(string path, string json) => new(HttpMethod.Put, path, json);

    public static HttpCase Delete(string path) => new(HttpMethod.Delete, path);

    /// <summary>Sends the request over HTTP/1.1 and reads the whole answer.</summary>
    public async Task<HttpAnswer> SendAsync(HttpClient http)
    {
        using var request = new HttpRequestMessage(Method, PathAndQuery) { Version = HttpVersion.Version11 };
        if (JsonBody is not null)
        {
            request.Content = new StringContent(JsonBody, Encoding.UTF8, "application/json");
        }

        using var response = await http.SendAsync(request);
        string text = await response.Content.ReadAsStringAsync();
        return HttpAnswer.From((int)response.StatusCode, response.Content.Headers.ContentType, text);
    }

    public override string ToString() => $"{Method} {PathAndQuery}" + (JsonBody is null ? string.Empty : " " + JsonBody);
}

/// <summary>
/// An answer, normalized for comparison: the status code, the media type without parameters (only when there is a
/// body: an empty answer's content type says nothing), and the body parsed as JSON (null when empty), compared
/// structurally: member order and number spelling (<c>89.90</c> and <c>89.9</c>) do not count.
/// </summary>
public sealed record HttpAnswer(int Status, string? MediaType, JsonNode? Body, string Text)
{
    public static HttpAnswer From(int status, MediaTypeHeaderValue? contentType, string text)
    {
        if (text.Length == 0)
        {
            return new HttpAnswer(status, null, null, text);
        }

        JsonNode? body;
        try
        {
            body = JsonNode.Parse(text);
        }
        catch (System.Text.Json.JsonException)
        {
            // Not JSON (e.g. an XML fault): kept as text, so the comparison fails showing it.
            body = JsonValue.Create(text);
        }

        return new HttpAnswer(status, contentType?.MediaType, body, text);
    }

    /// <summary>What the contract promises: a status, and a JSON body or none.</summary>
    public static HttpAnswer Json(int status, string json) => new(status, "application/json", JsonNode.Parse(json), json);

    public static HttpAnswer Empty(int status) => new(status, null, null, string.Empty);

    public bool SameAs(HttpAnswer other) =>
        Status == other.Status && MediaType == other.MediaType && JsonNode.DeepEquals(Body, other.Body);

    public override string ToString() => $"{Status} {MediaType ?? "(no body)"} {Text}";
}
