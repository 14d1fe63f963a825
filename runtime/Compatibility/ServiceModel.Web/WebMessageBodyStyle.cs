namespace System.ServiceModel.Web;

/// <summary>WCF's WebMessageBodyStyle; the generated google.api.http rule's body and response body follow it.</summary>
public enum WebMessageBodyStyle
{
    /// <summary>Neither the request nor the response is wrapped.</summary>
    Bare = 0,

    /// <summary>Both are wrapped.</summary>
    Wrapped = 1,

    /// <summary>Only the request is wrapped.</summary>
    WrappedRequest = 2,

    /// <summary>Only the response is wrapped.</summary>
    WrappedResponse = 3,
}
