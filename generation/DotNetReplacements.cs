using System;
using System.Collections.Generic;
using System.Linq;

namespace MigrateWcf.Generation;

/// <summary>
/// What takes the place, in a migrated service on .NET 10, of a .NET Framework API the original code uses and .NET 10
/// lacks: one sentence per API family, found by the API's full name (a type, a member of a type, or a namespace). The
/// advice of WCFM4007; docs/rules/WCFM4007.md lists the same families.
/// </summary>
public static class DotNetReplacements
{
    private const string Interceptor = "a gRPC interceptor (a Grpc.Core.Interceptors.Interceptor registered with AddGrpc(o => o.Interceptors.Add<T>())) runs around every call";

    // Longest prefix wins: a member before its type, a type before its namespace. A prefix ending in '.' is a namespace.
    private static readonly (string Prefix, string Advice)[] Entries =
    [
        ("System.ServiceModel.ServiceHost", "the generated hosting replaces it: builder.Services.AddMigratedServices() and app.MapMigratedServices() on Kestrel (MigrateWcf.Runtime's AddGrpcEndpoint listens on a named pipe or a Unix socket)"),
        ("System.ServiceModel.ServiceHostBase", "the generated hosting replaces it: builder.Services.AddMigratedServices() and app.MapMigratedServices() on Kestrel"),
        ("System.ServiceModel.Activation.", "the generated hosting replaces WCF activation: builder.Services.AddMigratedServices() and app.MapMigratedServices() on Kestrel"),
        ("System.ServiceModel.Web.WebServiceHost", "the generated hosting replaces it, with JSON transcoding for the REST operations (AddMigratedServices, MapMigratedServices)"),
        ("System.ServiceModel.Web.WebOperationContext", "the generated WebOperationContext offers Current, IncomingRequest and OutgoingResponse (docs/webhttp.md); for the rest, the call's HTTP request and response are ASP.NET Core's HttpContext (IHttpContextAccessor)"),
        ("System.ServiceModel.Web.OutgoingWebResponseContext", "the generated OutgoingWebResponseContext offers StatusCode, StatusDescription, Headers, Location, SetStatusAsCreated and SetStatusAsNotFound (docs/webhttp.md); for the rest, the response is ASP.NET Core's HttpContext.Response (IHttpContextAccessor)"),
        ("System.ServiceModel.Web.IncomingWebRequestContext", "the generated IncomingWebRequestContext offers Headers, Method, UserAgent, ContentType, Accept and UriTemplateMatch; for the rest, the request is ASP.NET Core's HttpContext.Request (IHttpContextAccessor)"),
        ("System.UriTemplateMatch", "the generated UriTemplateMatch offers RequestUri, BaseUri, BoundVariables, QueryParameters and RelativePathSegments (docs/webhttp.md); for the rest, the route is ASP.NET Core's HttpContext.Request.RouteValues (IHttpContextAccessor)"),
        ("System.ServiceModel.Dispatcher.IErrorHandler", Interceptor + "; catch the exception there and throw an RpcException (faults already travel as rich gRPC statuses)"),
        ("System.ServiceModel.Dispatcher.IParameterInspector", Interceptor),
        ("System.ServiceModel.Dispatcher.IDispatchMessageInspector", Interceptor + "; headers are the call's metadata (ServerCallContext.RequestHeaders)"),
        ("System.ServiceModel.Dispatcher.IInstanceProvider", "dependency injection creates service instances: register the implementation (or a factory) in the service collection before AddMigratedServices"),
        ("System.ServiceModel.Dispatcher.IInstanceContextProvider", "the generated adapters keep WCF's instancing (PerCall, PerSession, Single); services come from dependency injection"),
        ("System.ServiceModel.Dispatcher.IInstanceContextInitializer", "dependency injection creates service instances: register a factory in the service collection"),
        ("System.ServiceModel.Dispatcher.IDispatchMessageFormatter", "the generated mappers convert between messages and the data contracts"),
        ("System.ServiceModel.Dispatcher.IOperationInvoker", "the generated adapters invoke the implementation; " + Interceptor),
        ("System.ServiceModel.Dispatcher.", "Kestrel and grpc-dotnet's call pipeline replace WCF's dispatcher: ASP.NET Core middleware for the connection, " + Interceptor),
        ("System.ServiceModel.Description.ServiceThrottlingBehavior", "Kestrel's limits (KestrelServerOptions.Limits: MaxConcurrentConnections, Http2.MaxStreamsPerConnection)"),
        ("System.ServiceModel.Description.ServiceMetadataBehavior", "gRPC server reflection (MapGrpcHostServices with reflection on) and the emitted .proto files describe the service"),
        ("System.ServiceModel.Description.ServiceDebugBehavior", "exception details never reach callers over gRPC (EnableDetailedErrors is off); the server's log has them"),
        ("System.ServiceModel.Description.IServiceBehavior", "configure the gRPC service in code: " + Interceptor + "; hosting settings go on Kestrel"),
        ("System.ServiceModel.Description.IContractBehavior", "configure the gRPC service in code: " + Interceptor),
        ("System.ServiceModel.Description.IOperationBehavior", "configure the gRPC service in code: " + Interceptor),
        ("System.ServiceModel.Description.IEndpointBehavior", "configure the gRPC endpoint in code: " + Interceptor + "; on the client, a client interceptor"),
        ("System.ServiceModel.Description.", "the generated hosting describes the service (the .proto files, gRPC reflection); behaviors become interceptors registered with AddGrpc"),
        ("System.ServiceModel.Configuration.", "settings live in code or appsettings.json (ASP.NET Core configuration), not in a <system.serviceModel> section"),
        ("System.ServiceModel.Channels.ChannelListenerBase", "Kestrel listens (the generated hosting); ASP.NET Core middleware sees each connection"),
        ("System.ServiceModel.Channels.", "Kestrel's HTTP/2 transport carries the calls; ASP.NET Core middleware or " + Interceptor),
        ("System.ServiceModel.ChannelFactory<TChannel>(string)", "System.ServiceModel.Primitives has no client endpoint configuration: the generated MigratedClientFactory.FromConfiguration(configuration, name) makes the client of the endpoint of that name (generate wrote it into the host's appsettings.json from <system.serviceModel><client>, docs/hosting.md)"),
        ("System.ServiceModel.ChannelFactory<TChannel>(string, EndpointAddress)", "System.ServiceModel.Primitives has no client endpoint configuration: the generated MigratedClientFactory.FromConfiguration(configuration, name) makes the client of the endpoint of that name (generate wrote it into the host's appsettings.json from <system.serviceModel><client>, docs/hosting.md)"),
        ("System.ServiceModel.ChannelFactory<TChannel>(Binding, string)", "System.ServiceModel.Primitives takes the address as an EndpointAddress: new ChannelFactory<TChannel>(binding, new EndpointAddress(address)) is what this constructor did; or the generated MigratedClientFactory makes a gRPC client of the migrated service (docs/hosting.md)"),
        ("System.ServiceModel.DuplexChannelFactory<TChannel>(object, Binding, string)", "System.ServiceModel.Primitives takes the address as an EndpointAddress: new DuplexChannelFactory<TChannel>(callback, binding, new EndpointAddress(address)) is what this constructor did; or the generated MigratedClientFactory makes a duplex gRPC client of the migrated service (docs/hosting.md)"),
        ("System.ServiceModel.DuplexChannelFactory<TChannel>(object, string)", "System.ServiceModel.Primitives has no client endpoint configuration: the generated MigratedClientFactory.FromConfiguration(configuration, name) makes the duplex client of the endpoint of that name (docs/hosting.md)"),
        ("System.ServiceModel.ClientBase<TChannel>(string)", "System.ServiceModel.Primitives has no client endpoint configuration: the generated MigratedClientFactory.FromConfiguration(configuration, name) makes the client of the endpoint of that name (docs/hosting.md)"),
        ("System.ServiceModel.NetNamedPipeBinding", "the runtime's endpoint: GrpcEndpoint.NamedPipe on Windows, a Unix socket elsewhere (AddGrpcEndpoint)"),
        ("System.ServiceModel.NetMsmqBinding", "no gRPC counterpart: a message broker's client library replaces MSMQ"),
        ("System.ServiceModel.ServiceSecurityContext", "the caller's identity is ServerCallContext.GetHttpContext().User (ASP.NET Core authentication) or ServerCallContext.AuthContext"),
        ("System.ServiceModel.OperationContext", "the call's ServerCallContext (request headers, peer, deadline, cancellation) replaces it; the generated OperationContext stand-in offers SessionId and the callback channel"),
        ("System.ServiceModel.InstanceContext", "the generated adapters keep WCF's instancing; state lives in the implementation or in a service from dependency injection"),
        ("System.ServiceModel.", "the migrated service runs on grpc-dotnet; System.ServiceModel.Primitives (client side) is what .NET 10 has of WCF"),
        ("System.Web.HttpContext", "ASP.NET Core's HttpContext, through IHttpContextAccessor (Microsoft.AspNetCore.Http) or ServerCallContext.GetHttpContext()"),
        ("System.Web.Hosting.HostingEnvironment", "IWebHostEnvironment (content root, environment name) and IHostApplicationLifetime"),
        ("System.Web.Services.", "ASMX web services have no .NET 10 counterpart: the gRPC service (with JSON transcoding for HTTP callers) replaces them"),
        ("System.Web.", "ASP.NET (System.Web) has no .NET 10 counterpart: ASP.NET Core's HttpContext through IHttpContextAccessor, its configuration and middleware replace it"),
        ("System.Configuration.ConfigurationManager", "the migrated project references the System.Configuration.ConfigurationManager package when its code uses it, and carries the original appSettings and connectionStrings in its App.config; other sections: ASP.NET Core configuration (IConfiguration, options classes)"),
        ("System.Configuration.", "ASP.NET Core configuration (IConfiguration, options classes bound from appsettings.json)"),
        ("System.Windows.Forms.", "user interface code has no place in a service: keep it in the client or host application"),
        ("System.Windows.", "user interface code has no place in a service: keep it in the client or host application"),
        ("Microsoft.VisualStudio.TestTools.", "test code belongs in a test project that references the migrated project"),
        ("System.ServiceProcess.", "a Windows service host becomes a .NET worker (Microsoft.Extensions.Hosting, UseWindowsService or UseSystemd) around the generated hosting"),
        ("System.Runtime.Remoting.", ".NET Remoting has no .NET 10 counterpart: gRPC calls replace it"),
        ("System.EnterpriseServices.", "COM+ services have no .NET 10 counterpart: use System.Transactions and dependency injection"),
        ("System.Messaging.", "MSMQ has no .NET 10 counterpart: a message broker's client library replaces it"),
        ("System.Data.OracleClient.", "System.Data.OracleClient has no .NET 10 counterpart: Oracle's Oracle.ManagedDataAccess.Core package (namespace Oracle.ManagedDataAccess.Client) replaces it"),
        ("System.Data.Entity.", "Entity Framework 6 for .NET Framework: reference the EntityFramework 6.4+ package (it runs on .NET 10) or move to EF Core"),
        ("System.AppDomain", "AppDomains other than the current one do not exist on .NET 10: AssemblyLoadContext isolates loaded code"),
    ];

    /// <summary>
    /// The advice for an API named by its full name (<c>System.ServiceModel.ServiceHost</c>, or a member such as
    /// <c>System.ServiceModel.OperationContext.Host</c>), or a general sentence when no family knows it.
    /// </summary>
    public static string For(string apiFullName)
    {
        var best = Entries
            .Where(e => apiFullName.StartsWith(e.Prefix, StringComparison.Ordinal)
                        && (e.Prefix.EndsWith(".", StringComparison.Ordinal) || apiFullName.Length == e.Prefix.Length || apiFullName[e.Prefix.Length] is '.' or '<' or '`' or '('))
            .OrderByDescending(e => e.Prefix.Length)
            .Select(e => e.Advice)
            .FirstOrDefault();
        return best ?? "nothing among the migrated project's references (.NET 10, System.ServiceModel.Primitives, grpc-dotnet, the packages carried from the original projects) provides it";
    }

    /// <summary>Every family's prefix, for the documentation test.</summary>
    public static IReadOnlyList<string> Prefixes => Entries.Select(e => e.Prefix).ToList();
}
