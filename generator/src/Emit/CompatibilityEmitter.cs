using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Writes what the legacy implementation classes need to compile unchanged on .NET against
/// System.ServiceModel.Primitives: the WCF types it lacks ([ServiceBehavior], [OperationBehavior], InstanceContextMode,
/// System.ServiceModel.Web's REST types and WebOperationContext) as internal types, and, in the namespace of each implementation that uses OperationContext, a stand-in that C# binds
/// before the one imported by <c>using System.ServiceModel</c> (runtime/README.md, "OperationContext").
/// </summary>
internal static class CompatibilityEmitter
{
    public static string ServiceModel(CSharpPlan plan)
    {
        var types = plan.CompatibilityTypes;
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, "the WCF types the legacy sources use and System.ServiceModel.Primitives lacks");
        w.Open("namespace System.ServiceModel");
        var first = true;
        if ((types & ServiceModelTypes.InstanceContextMode) != 0)
        {
            first = false;
            w.Summary("WCF's InstanceContextMode (Primitives has it only internally). The migrated service reads it from the contract model at generation time; this type only lets the legacy attributes compile.");
            CSharpEmitter.GeneratedCode(w, plan);
            w.Open("internal enum InstanceContextMode");
            w.Line("PerSession = 0,");
            w.Line("PerCall = 1,");
            w.Line("Single = 2,");
            w.Close();
        }

        if ((types & ServiceModelTypes.ServiceBehaviorAttribute) != 0)
        {
            if (!first)
            {
                w.Line();
            }

            first = false;
            w.Summary("WCF's [ServiceBehavior], so the legacy implementation classes compile unchanged. The generated hosting applies its InstanceContextMode and ConcurrencyMode; its other settings have no effect over gRPC.");
            CSharpEmitter.GeneratedCode(w, plan);
            w.Line("[global::System.AttributeUsage(global::System.AttributeTargets.Class, Inherited = false)]");
            w.Open("internal sealed class ServiceBehaviorAttribute : global::System.Attribute");
            Property(w, "InstanceContextMode", "InstanceContextMode", "InstanceContextMode.PerSession");
            Property(w, "global::System.ServiceModel.ConcurrencyMode", "ConcurrencyMode", "global::System.ServiceModel.ConcurrencyMode.Single");
            Property(w, "bool", "IncludeExceptionDetailInFaults", null);
            Property(w, "string?", "Name", null);
            Property(w, "string?", "Namespace", null);
            Property(w, "string?", "ConfigurationName", null);
            Property(w, "bool", "UseSynchronizationContext", "true");
            Property(w, "bool", "AutomaticSessionShutdown", "true");
            Property(w, "int", "MaxItemsInObjectGraph", "65536");
            Property(w, "bool", "IgnoreExtensionDataObject", null);
            Property(w, "bool", "ValidateMustUnderstand", "true");
            Property(w, "bool", "EnsureOrderedDispatch", null);
            Property(w, "bool", "ReleaseServiceInstanceOnTransactionComplete", "true");
            Property(w, "bool", "TransactionAutoCompleteOnSessionClose", null);
            Property(w, "global::System.Transactions.IsolationLevel", "TransactionIsolationLevel", "global::System.Transactions.IsolationLevel.Unspecified");
            Property(w, "string?", "TransactionTimeout", null, last: true);
            w.Close();
        }

        if ((types & ServiceModelTypes.OperationBehaviorAttribute) != 0)
        {
            if (!first)
            {
                w.Line();
            }

            w.Summary("WCF's [OperationBehavior], so the legacy implementation classes compile unchanged; it has no effect over gRPC (WCFM3006 for transactions).");
            CSharpEmitter.GeneratedCode(w, plan);
            w.Line("[global::System.AttributeUsage(global::System.AttributeTargets.Method)]");
            w.Open("internal sealed class OperationBehaviorAttribute : global::System.Attribute");
            Property(w, "bool", "TransactionScopeRequired", null);
            Property(w, "bool", "TransactionAutoComplete", "true");
            Property(w, "bool", "AutoDisposeParameters", "true", last: true);
            w.Close();
        }

        w.Close();
        return w.ToString();
    }

    /// <summary>
    /// System.ServiceModel.Web's REST attributes, their enums and WebFaultException, so contracts and implementations
    /// written for WCF's REST model compile unchanged (the generated .proto already carries what they said:
    /// google.api.http); and WebOperationContext over the runtime's WcfWebOperationContext. Each only when needed.
    /// </summary>
    public static string ServiceModelWeb(CSharpPlan plan)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, "the WCF REST types the legacy sources use and System.ServiceModel.Primitives lacks");
        w.Open("namespace System.ServiceModel.Web");
        if ((plan.CompatibilityTypes & ServiceModelTypes.WebHttp) != 0)
        {
            RestAttributes(w, plan);
        }

        if ((plan.CompatibilityTypes & ServiceModelTypes.WebOperationContext) != 0)
        {
            if ((plan.CompatibilityTypes & ServiceModelTypes.WebHttp) != 0)
            {
                w.Line();
            }

            WebOperationContext(w, plan);
        }

        w.Close();
        if ((plan.CompatibilityTypes & (ServiceModelTypes.WebOperationContext | ServiceModelTypes.UriTemplateMatch)) == (ServiceModelTypes.WebOperationContext | ServiceModelTypes.UriTemplateMatch))
        {
            w.Line();
            UriTemplateMatch(w, plan);
        }

        return w.ToString();
    }

    /// <summary>
    /// System.UriTemplateMatch, what IncomingWebRequestContext.UriTemplateMatch gives: the members REST operations read,
    /// from the runtime's WcfWebOperationContext (docs/webhttp.md says what each holds over transcoding and gRPC). Not
    /// supplied: Template, Data, WildcardPathSegments (code using them does not compile, WCFM4007).
    /// </summary>
    private static void UriTemplateMatch(CSharpWriter w, CSharpPlan plan)
    {
        w.Open("namespace System");
        w.Summary("WCF's UriTemplateMatch: the request's URI and the values its UriTemplate bound (docs/webhttp.md).");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal sealed class UriTemplateMatch");
        w.Line("public global::System.Uri? BaseUri { get; set; }");
        w.Line();
        w.Line("public global::System.Uri? RequestUri { get; set; }");
        w.Line();
        w.Line("public global::System.Collections.Specialized.NameValueCollection BoundVariables { get; } = new global::System.Collections.Specialized.NameValueCollection();");
        w.Line();
        w.Line("public global::System.Collections.Specialized.NameValueCollection QueryParameters { get; } = new global::System.Collections.Specialized.NameValueCollection();");
        w.Line();
        w.Line("public global::System.Collections.ObjectModel.Collection<string> RelativePathSegments { get; } = new global::System.Collections.ObjectModel.Collection<string>();");
        w.Close();
        w.Close();
    }

    private static void RestAttributes(CSharpWriter w, CSharpPlan plan)
    {
        w.Summary("WCF's WebMessageFormat; the migrated service speaks JSON over HTTP (docs/webhttp.md).");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal enum WebMessageFormat");
        w.Line("Xml = 0,");
        w.Line("Json = 1,");
        w.Close();
        w.Line();
        w.Summary("WCF's WebMessageBodyStyle; the google.api.http rule's body and response body follow it.");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal enum WebMessageBodyStyle");
        w.Line("Bare = 0,");
        w.Line("Wrapped = 1,");
        w.Line("WrappedRequest = 2,");
        w.Line("WrappedResponse = 3,");
        w.Close();
        foreach (var (name, isGet) in new[] { ("WebGetAttribute", true), ("WebInvokeAttribute", false) })
        {
            w.Line();
            w.Summary($"WCF's [{name.Substring(0, name.Length - "Attribute".Length)}], so the legacy contract compiles unchanged; the generated google.api.http rule serves what it says.");
            CSharpEmitter.GeneratedCode(w, plan);
            w.Line("[global::System.AttributeUsage(global::System.AttributeTargets.Method)]");
            w.Open($"internal sealed class {name} : global::System.Attribute");
            if (!isGet)
            {
                Property(w, "string?", "Method", null);
            }

            Property(w, "string?", "UriTemplate", null);
            Property(w, "WebMessageFormat", "RequestFormat", null);
            Property(w, "WebMessageFormat", "ResponseFormat", null);
            Property(w, "WebMessageBodyStyle", "BodyStyle", null, last: true);
            w.Close();
        }

        w.Line();
        w.Summary("WCF's WebFaultException: a fault with an HTTP status code. Over gRPC it is a FaultException (WCFM1022).");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal class WebFaultException : global::System.ServiceModel.FaultException, global::MigrateWcf.Runtime.IHttpStatusFault");
        w.Line("public WebFaultException(global::System.Net.HttpStatusCode statusCode)");
        w.Line("    : base(statusCode.ToString())");
        w.Line("{");
        w.Line("    StatusCode = statusCode;");
        w.Line("}");
        w.Line();
        w.Line("public global::System.Net.HttpStatusCode StatusCode { get; }");
        w.Close();
        w.Line();
        w.Summary("WCF's WebFaultException<T>: a typed fault with an HTTP status code. Over gRPC it is the FaultException<T> of its detail (WCFM1022).");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal class WebFaultException<T> : global::System.ServiceModel.FaultException<T>, global::MigrateWcf.Runtime.IHttpStatusFault");
        w.Line("public WebFaultException(T detail, global::System.Net.HttpStatusCode statusCode)");
        w.Line("    : base(detail)");
        w.Line("{");
        w.Line("    StatusCode = statusCode;");
        w.Line("}");
        w.Line();
        w.Line("public global::System.Net.HttpStatusCode StatusCode { get; }");
        w.Close();
    }

    /// <summary>
    /// WCF's WebOperationContext, OutgoingWebResponseContext and IncomingWebRequestContext: the members REST services use
    /// most, over the runtime's WcfWebOperationContext (docs/webhttp.md says what each does over transcoding and gRPC).
    /// Code using a member left out does not compile, and generate reports it (WCFM4007).
    /// </summary>
    private static void WebOperationContext(CSharpWriter w, CSharpPlan plan)
    {
        const string Context = "global::MigrateWcf.Runtime.WcfWebOperationContext";
        const string Headers = "global::System.Net.WebHeaderCollection";
        w.Summary("WCF's WebOperationContext: the current REST call's HTTP request and response (docs/webhttp.md); null outside an operation, as WCF's.");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal sealed class WebOperationContext");
        w.Open($"private WebOperationContext({Context} context)");
        w.Line("IncomingRequest = new IncomingWebRequestContext(context);");
        w.Line("OutgoingResponse = new OutgoingWebResponseContext(context);");
        w.Close();
        w.Line();
        w.Line($"public static WebOperationContext Current => {Context}.Current is {{ }} context ? new WebOperationContext(context) : null!;");
        w.Line();
        w.Line("public IncomingWebRequestContext IncomingRequest { get; }");
        w.Line();
        w.Line("public OutgoingWebResponseContext OutgoingResponse { get; }");
        w.Close();
        w.Line();
        w.Summary("WCF's OutgoingWebResponseContext: through JSON transcoding the REST caller gets the status, description and headers set; over gRPC a status of 400 or more ends the call with the gRPC status transcoding maps to it.");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal sealed class OutgoingWebResponseContext");
        w.Line($"private readonly {Context} _context;");
        w.Line();
        w.Line($"internal OutgoingWebResponseContext({Context} context) => _context = context;");
        w.Line();
        w.Line("public global::System.Net.HttpStatusCode StatusCode { get => _context.StatusCode; set => _context.StatusCode = value; }");
        w.Line();
        w.Line("public string? StatusDescription { get => _context.StatusDescription; set => _context.StatusDescription = value; }");
        w.Line();
        w.Line($"public {Headers} Headers => _context.ResponseHeaders;");
        w.Line();
        w.Line("public string? Location { get => Headers[global::System.Net.HttpResponseHeader.Location]; set => Headers[global::System.Net.HttpResponseHeader.Location] = value; }");
        w.Line();
        w.Open("public void SetStatusAsCreated(global::System.Uri locationUri)");
        w.Line("StatusCode = global::System.Net.HttpStatusCode.Created;");
        w.Line("Location = locationUri.ToString();");
        w.Close();
        w.Line();
        w.Line("public void SetStatusAsNotFound() => StatusCode = global::System.Net.HttpStatusCode.NotFound;");
        w.Line();
        w.Open("public void SetStatusAsNotFound(string description)");
        w.Line("StatusCode = global::System.Net.HttpStatusCode.NotFound;");
        w.Line("StatusDescription = description;");
        w.Close();
        w.Close();
        w.Line();
        w.Summary("WCF's IncomingWebRequestContext: the call's HTTP request (a gRPC call is a POST whose headers are its metadata).");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal sealed class IncomingWebRequestContext");
        w.Line($"private readonly {Context} _context;");
        w.Line();
        w.Line($"internal IncomingWebRequestContext({Context} context) => _context = context;");
        w.Line();
        w.Line($"public {Headers} Headers => _context.RequestHeaders;");
        w.Line();
        w.Line("public string Method => _context.Method;");
        w.Line();
        w.Line("public string? UserAgent => Headers[global::System.Net.HttpRequestHeader.UserAgent];");
        w.Line();
        w.Line("public string? ContentType => Headers[global::System.Net.HttpRequestHeader.ContentType];");
        w.Line();
        w.Line("public string? Accept => Headers[global::System.Net.HttpRequestHeader.Accept];");
        if ((plan.CompatibilityTypes & ServiceModelTypes.UriTemplateMatch) != 0)
        {
            w.Line();
            w.Line("private global::System.UriTemplateMatch? _uriTemplateMatch;");
            w.Line();
            w.Summary("The request's URI and the values its UriTemplate bound; over gRPC the URI is the call's path on the host and nothing is bound (docs/webhttp.md).");
            w.Open("public global::System.UriTemplateMatch UriTemplateMatch");
            w.Line("get => _uriTemplateMatch ??= CreateUriTemplateMatch();");
            w.Line("set => _uriTemplateMatch = value;");
            w.Close();
            w.Line();
            w.Open("private global::System.UriTemplateMatch CreateUriTemplateMatch()");
            w.Line("var match = new global::System.UriTemplateMatch { BaseUri = _context.BaseUri, RequestUri = _context.RequestUri };");
            w.Line("match.BoundVariables.Add(_context.BoundVariables);");
            w.Line("match.QueryParameters.Add(_context.QueryParameters);");
            w.Open("foreach (var segment in _context.RelativePathSegments)");
            w.Line("match.RelativePathSegments.Add(segment);");
            w.Close();
            w.Line();
            w.Line("return match;");
            w.Close();
        }

        w.Close();
    }

    public static string OperationContext(string @namespace, CSharpPlan plan)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, $"the implementations in {@namespace} that use OperationContext");
        w.Open($"namespace {@namespace}");
        w.Summary("Stands in for WCF's OperationContext in this namespace (C# binds it before the one of `using System.ServiceModel`): the current call's session and callback channel, from the runtime's WcfOperationContext.");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open("internal sealed class OperationContext");
        w.Line("private readonly global::MigrateWcf.Runtime.WcfOperationContext _context;");
        w.Line();
        w.Open("private OperationContext(global::MigrateWcf.Runtime.WcfOperationContext context)");
        w.Line("_context = context;");
        w.Close();
        w.Line();
        w.Summary("The current operation's context; null outside an operation, as WCF's.");
        w.Line("public static OperationContext Current => global::MigrateWcf.Runtime.WcfOperationContext.Current is { } context ? new OperationContext(context) : null!;");
        w.Line();
        w.Summary("The session: Closed (and Faulted first, when the client went away) are raised when it ends.");
        w.Line("public global::System.ServiceModel.ICommunicationObject Channel => _context.Channel;");
        w.Line();
        w.Summary("The session's id (the migrate-wcf-session header).");
        w.Line("public string SessionId => _context.SessionId;");
        w.Line();
        w.Summary("The session's callback proxy (a duplex contract whose client opened its callback stream).");
        w.Line("public T GetCallbackChannel<T>() => _context.GetCallbackChannel<T>();");
        w.Line();
        w.Summary("The call's incoming message properties as WCF's HTTP transport gave them: [\"httpRequest\"] is an HttpRequestMessageProperty with the request's headers (a gRPC caller's metadata), method and query string; Via is the request's address.");
        w.Line("public global::System.ServiceModel.Channels.MessageProperties IncomingMessageProperties => _context.IncomingMessageProperties;");
        w.Close();
        w.Close();
        return w.ToString();
    }

    private static void Property(CSharpWriter w, string type, string name, string? initial, bool last = false)
    {
        w.Line($"public {type} {name} {{ get; set; }}{(initial is null ? string.Empty : " = " + initial + ";")}");
        if (!last)
        {
            w.Line();
        }
    }
}
