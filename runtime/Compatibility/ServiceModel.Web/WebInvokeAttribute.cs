namespace System.ServiceModel.Web;

/// <summary>
/// WCF's <c>[WebInvoke]</c>, so the legacy contract compiles unchanged; the generated google.api.http rule serves what it
/// says (docs/webhttp.md).
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class WebInvokeAttribute : Attribute
{
    /// <summary>The HTTP method (POST when not set).</summary>
    public string? Method { get; set; }

    /// <summary>The operation's path and query, with <c>{name}</c> for the parameters they carry.</summary>
    public string? UriTemplate { get; set; }

    /// <summary>The format of the request.</summary>
    public WebMessageFormat RequestFormat { get; set; }

    /// <summary>The format of the response.</summary>
    public WebMessageFormat ResponseFormat { get; set; }

    /// <summary>Whether the request and the response are wrapped.</summary>
    public WebMessageBodyStyle BodyStyle { get; set; }
}
