using MigrateWcf.Runtime;

namespace System.ServiceModel.Web;

/// <summary>
/// WCF's WebOperationContext: the current REST call's HTTP request and response, over the runtime's
/// <see cref="WcfWebOperationContext"/> (docs/webhttp.md says what each member does over JSON transcoding and gRPC).
/// Code using a member left out does not compile, and generate reports it (WCFM4007).
/// </summary>
public sealed class WebOperationContext
{
    private WebOperationContext(WcfWebOperationContext context)
    {
        IncomingRequest = new IncomingWebRequestContext(context);
        OutgoingResponse = new OutgoingWebResponseContext(context);
    }

    /// <summary>The context of the call running on this async flow; null outside an operation, as WCF's.</summary>
    /// <remarks>Needs the runtime's <c>AddWcfWebOperations</c>, which the generated hosting calls when the code uses this type.</remarks>
    public static WebOperationContext Current => WcfWebOperationContext.Current is { } context ? new WebOperationContext(context) : null!;

    /// <summary>The call's HTTP request.</summary>
    public IncomingWebRequestContext IncomingRequest { get; }

    /// <summary>The call's HTTP response.</summary>
    public OutgoingWebResponseContext OutgoingResponse { get; }
}
