using System.Collections.ObjectModel;
using System.Collections.Specialized;

namespace System;

/// <summary>
/// WCF's UriTemplateMatch (in neither System.ServiceModel.Primitives nor .NET 10), what
/// <c>IncomingWebRequestContext.UriTemplateMatch</c> gives: the request's URI and the values its UriTemplate bound
/// (docs/webhttp.md). Not supplied: Template, Data, WildcardPathSegments (code using them does not compile, WCFM4007).
/// </summary>
public sealed class UriTemplateMatch
{
    /// <summary>The service's base address.</summary>
    public Uri? BaseUri { get; set; }

    /// <summary>The request's address.</summary>
    public Uri? RequestUri { get; set; }

    /// <summary>The values of the template's variables, by name.</summary>
    public NameValueCollection BoundVariables { get; } = new();

    /// <summary>The request's query parameters.</summary>
    public NameValueCollection QueryParameters { get; } = new();

    /// <summary>The request's path segments after the base address.</summary>
    public Collection<string> RelativePathSegments { get; } = new();
}
