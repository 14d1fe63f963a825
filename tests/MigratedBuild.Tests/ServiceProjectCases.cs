using System.Collections.Immutable;
using Grpc.Core;

namespace MigrateWcf.MigratedBuild.Tests;

/// <summary>
/// Every folder of tests/ServiceProjects with what migrate-wcf must do with it (tests/ServiceProjects/README.md says what
/// each one is and proves).
/// </summary>
public static class ServiceProjectCases
{
    public static readonly ImmutableArray<ServiceProjectCase> All =
    [
        new("RestWithoutOperationContract")
        {
            Services = ["Values"],
        },
        new("ServiceWithCommonLibrary")
        {
            Services = ["OrderService"],
        },
        new("InternalContract")
        {
            Services = ["Inventory"],
            Findings =
            [
                // Its implementation, PingService, goes with it: it implements nothing else.
                new("WCFM1026", "warning", "Inventory.Service/InventorySelfTest.cs") { Line = 10, MessageContains = "'Inventory.Service.InventorySelfTest.IPing' is private" },
            ],
        },
        new("ClientsBesideServices")
        {
            Services = ["Chat", "Echo"],
            Findings =
            [
                new("WCFM1023", "info", "Echo.Service/EchoClient.cs") { Line = 7, MessageContains = "'Echo.Service.EchoClient' implements 'Echo.Service.IEcho' but is WCF client code" },
                new("WCFM1023", "info", "Echo.Service/ChatClient.cs") { Line = 6, MessageContains = "'Echo.Service.ChatClient' implements 'Echo.Service.IChat' but is WCF client code" },
                new("WCFM1024", "info", "Echo.ConsoleClient/Service References/EchoReference/Reference.cs") { Line = 16, MessageContains = "Service contract 'Echo.ConsoleClient.EchoReference.IEcho'" },
                new("WCFM1023", "info", "Echo.ConsoleClient/Service References/EchoReference/Reference.cs") { Line = 37, MessageContains = "'Echo.ConsoleClient.EchoReference.EchoClient' implements" },
            ],
            Calls =
            [
                // A plain gRPC caller is in no session: what GetCallbackChannel does then is the runtime's business.
                new("Chat", "Join", null),
            ],
        },
        new("SharedServiceBase")
        {
            Services = ["Customers", "Invoices"],
        },
        new("PackagesConfigNewtonsoft")
        {
            Restore = true,
            Services = ["ReportService"],
            Calls =
            [
                // Newtonsoft.Json at work in the migrated service, with the implementation's settings.
                new("ReportService", "ExportReportJson", StatusCode.OK) { ResultContains = "\"region\": \"all\"" },
            ],
        },
        new("HostAndBehaviorsBeside")
        {
            Services = ["Calculator"],
            Findings =
            [
                new("WCFM4008", "info", "Calculator.Host/ICalculator.cs") { Line = 25, MessageContains = "'Program' is left out of the migrated project" },
            ],
            Calls =
            [
                // 0 / 0: the declared CalculationFault.
                new("Calculator", "Divide", StatusCode.FailedPrecondition),
            ],
        },
        new("BehaviorOnService")
        {
            ExitCode = 7,
            Services = ["Calculator"],
            Findings =
            [
                new("WCFM4008", "info", "Calculator.Host/ICalculator.cs") { Line = 16, MessageContains = "'Program' is left out of the migrated project" },
            ],
            Errors =
            [
                NeedsEdit(13, 60, "System.ServiceModel.Description.IServiceBehavior"),
                NeedsEdit(15, 42, "System.ServiceModel.Description.ServiceDescription"),
                NeedsEdit(15, 81, "System.ServiceModel.ServiceHostBase"),
                NeedsEdit(19, 43, "System.ServiceModel.Description.ServiceDescription"),
                NeedsEdit(19, 82, "System.ServiceModel.ServiceHostBase"),
                NeedsEdit(21, 22, "System.ServiceModel.Dispatcher.ChannelDispatcherBase"),
                NeedsEdit(31, 30, "System.ServiceModel.Description.ServiceDescription"),
                NeedsEdit(31, 69, "System.ServiceModel.ServiceHostBase"),
                NeedsEdit(49, 52, "System.ServiceModel.FaultException.CreateMessageFault"),
            ],
        },
        new("WithMSTestProject")
        {
            Services = ["Catalog"],
            Findings =
            [
                new("WCFM4020", "info", "Library.Service.Tests/Library.Service.Tests.csproj") { MessageContains = "Project 'Library.Service.Tests' is a test project" },
            ],
            Calls =
            [
                new("Catalog", "Count", StatusCode.OK) { Result = 3 },
            ],
        },
        new("WebStatusCode")
        {
            Services = ["Products"],
            Calls =
            [
                // The implementation sets 404 for an unknown id: over gRPC, NOT_FOUND (through transcoding, HTTP 404).
                new("Products", "GetProduct", StatusCode.NotFound),
                // 201 Created is a success: OK over gRPC.
                new("Products", "CreateProduct", StatusCode.OK),
            ],
        },
        new("AppSettingsValue")
        {
            Services = ["Greeter"],
            Calls =
            [
                // The values of App.config's <appSettings>.
                new("Greeter", "GetGreeting", StatusCode.OK) { Result = "Welcome to Contoso" },
                new("Greeter", "Greet", StatusCode.OK) { Result = "Welcome to Contoso, stranger!" },
                new("Greeter", "GetMaxNameLength", StatusCode.OK) { Result = 12 },
            ],
        },
        new("IisHostedWebConfig")
        {
            Services = ["StockService"],
            Calls =
            [
                // The values of Web.config's <appSettings>, read through WebConfigurationManager.
                new("StockService", "GetWarehouse", StatusCode.OK) { Result = "Rotterdam" },
                new("StockService", "GetStockLevel", StatusCode.OK) { ResultContains = "Rotterdam" },
            ],
        },
        new("HttpHeaderToken")
        {
            Services = ["TokenService"],
            Calls =
            [
                // Read through IncomingMessageProperties["httpRequest"] in a helper class of another namespace: the gRPC request's
                // method and content type.
                new("TokenService", "DescribeCaller", StatusCode.OK) { Result = "POST application/grpc" },
                new("TokenService", "IsSignedIn", StatusCode.OK),
            ],
        },
        new("LetterCaseCompileItems")
        {
            Services = ["Products"],
            Calls =
            [
                new("Products", "GetProduct", StatusCode.NotFound),
            ],
        },
        new("RestUriAndCacheProfile")
        {
            Services = ["Values"],
            Findings =
            [
                new("WCFM4010", "warning", "Values.Rest/IValues.cs") { Line = 13, MessageContains = "'IValues.GetValues' asks for the ASP.NET output cache profile 'CacheFor10Seconds'" },
                new("WCFM1020", "warning", "Values.Rest/IValues.cs") { Line = 21, MessageContains = "the bare body parameter 'value' (string)" },
            ],
            Calls =
            [
                // Over gRPC, UriTemplateMatch.RequestUri is the call's path on the host.
                new("Values", "AddValue", StatusCode.OK) { ResultContains = "http://localhost/values.rest.Values/AddValue/" },
            ],
            HttpCalls =
            [
                // Through transcoding, the URL the REST caller posted to, as WCF gave it.
                new("POST", "values", "{\"Text\":\"second\"}", 201) { ResponseContains = "{origin}/values/" },
                // A bare string body: transcoding reads it as a member of a JSON object (WCFM1020 says so).
                new("PUT", "values/0", "{\"value\":\"zero\"}", 200),
                // A bare list body: the generated wrapper that keeps null apart from empty (WCFM1021 says so).
                new("POST", "values/batch", "{\"items\":[\"third\",\"fourth\"]}", 200) { ResponseContains = "5" },
                // The empty value is the gRPC call's above (an empty request).
                new("GET", "values", null, 200) { ResponseContains = "[\"zero\",\"\",\"second\",\"third\",\"fourth\"]" },
            ],
        },
        new("NonSerializableMember")
        {
            Services = ["CustomerService"],
            Findings =
            [
                new("WCFM2021", "warning", "Crm.Service/CustomerRecord.cs") { MessageContains = "CustomerRepository', which has no [DataContract], is not [Serializable]" },
            ],
        },
        new("NonPublicConstructor")
        {
            Services = ["EchoService", "StatusService"],
            Calls =
            [
                // Created through their private and internal parameterless constructors, as WCF's dispatcher creates them.
                new("EchoService", "Echo", StatusCode.OK) { Result = "echo: " },
                new("StatusService", "GetStatus", StatusCode.OK) { ResultContains = "running since " },
            ],
        },
        new("CallbackWithServiceContract")
        {
            Services = ["Ticker"],
            Findings =
            [
                new("WCFM1002", "warning", "StockTicker.Service/ITickerCallback.cs") { Line = 7, MessageContains = "'StockTicker.Service.ITickerCallback' carries [ServiceContract] and is the callback contract of 'StockTicker.Service.ITicker'" },
            ],
            Calls =
            [
                // A plain gRPC caller is in no session: what GetCallbackChannel does then is the runtime's business.
                new("Ticker", "Subscribe", null),
                new("Ticker", "LastPrice", StatusCode.OK),
            ],
        },
        new("HostingHelperInService")
        {
            Services = ["GreetingService"],
            Findings =
            [
                new("WCFM4008", "info", "Greeting.SelfHost/GreetingService.cs") { Line = 19, MessageContains = "'GreetingService.CreateHost' is left out of the migrated project: only hosting code (Main) calls it" },
                new("WCFM4008", "info", "Greeting.SelfHost/GreetingService.cs") { Line = 28, MessageContains = "'GreetingService.Main' is left out of the migrated project" },
            ],
            Calls =
            [
                new("GreetingService", "Greet", StatusCode.OK) { Result = "Hello, world!" },
            ],
        },
        new("BehaviorFromLibrary")
        {
            Services = ["InventoryService"],
            Findings =
            [
                new("WCFM4013", "warning", "Inventory.Service/InventoryService.cs")
                {
                    Line = 9,
                    MessageContains = "[LogBehavior] on 'InventoryService' is left out of the migrated project: 'Inventory.Contracts.Behaviors.LogBehaviorAttribute' (project Inventory.Contracts) is a WCF behavior (IServiceBehavior), which WCF applied when the service host opened and the migrated service never applies; it installs MessageLogInspector (IDispatchMessageInspector)",
                },
            ],
            Calls =
            [
                new("InventoryService", "Reserve", StatusCode.OK),
            ],
        },
        new("SyndicationFeed")
        {
            Services = ["BlogFeeds"],
            Findings =
            [
                new("WCFM4009", "info", "Blog.Feeds/BlogFeeds.cs") { Line = 9, MessageContains = "is in the package System.ServiceModel.Syndication" },
                new("WCFM2002", "warning", "Blog.Feeds/IBlogFeeds.cs") { Line = 15, MessageContains = "'SyndicationFeedFormatter', a syndication feed or formatter" },
                new("WCFM2002", "warning", "Blog.Feeds/IBlogFeeds.cs") { Line = 19, MessageContains = "'Atom10FeedFormatter', a syndication feed or formatter" },
                new("WCFM2002", "warning", "Blog.Feeds/IBlogFeeds.cs") { Line = 23, MessageContains = "'Atom10ItemFormatter', a syndication feed or formatter" },
            ],
            Calls =
            [
                // The implementation runs on .NET 10 against the carried package: its feed has two posts.
                new("BlogFeeds", "PostCount", StatusCode.OK) { Result = 2 },
                // Refused (WCFM2002): a formatter's Atom or RSS XML does not travel, so a call returning one fails.
                new("BlogFeeds", "CreateFeed", StatusCode.Unknown),
                new("BlogFeeds", "GetAtomFeed", StatusCode.Unknown),
                new("BlogFeeds", "GetPost", StatusCode.Unknown),
            ],
        },
        new("CopyWithFrameworkApi")
        {
            // The sources lie one folder deeper (src/) than the migrated project: a copy's #line still names them.
            ExitCode = 7,
            Services = ["DocumentService"],
            Findings =
            [
                new("WCFM4008", "info", "src/Documents.Service/DocumentService.cs") { Line = 24, MessageContains = "'Program' is left out of the migrated project" },
            ],
            Errors =
            [
                new("WCFM4007", "error", "src/Documents.Service/DocumentService.cs") { Line = 19, Column = 24, MessageContains = "'System.Web.Hosting.HostingEnvironment' does not exist on .NET 10" },
                new("WCFM4007", "error", "src/Documents.Service/DocumentService.cs") { Line = 19, Column = 54, MessageContains = "'System.Web.Hosting.HostingEnvironment' does not exist on .NET 10" },
            ],
        },
        new("ChannelFactoryByName")
        {
            ExitCode = 7,
            Services = ["PriceService", "PriceSource"],
            Errors =
            [
                new("WCFM4007", "error", "Pricing.Relay/Relay.cs")
                {
                    Line = 12,
                    Column = 60,
                    MessageContains = "'System.ServiceModel.ChannelFactory<TChannel>(string)' does not exist on .NET 10 (CS1503): System.ServiceModel.Primitives has no client endpoint configuration: the generated MigratedClientFactory.FromConfiguration(configuration, name)",
                },
            ],
        },
        new("UnrestoredPackages")
        {
            // packages.config lists Newtonsoft.Json; its packages/ folder was never restored, and generate runs without --restore.
            Services = ["ShippingService"],
            Findings =
            [
                new("WCFM2003", "warning", "Shipping.Service/Shipping.Service.csproj")
                {
                    Line = 34,
                    MessageContains = @"names types that do not resolve here: the project's references could not all be loaded: Newtonsoft.Json (HintPath ..\packages\Newtonsoft.Json.12.0.3\lib\net45\Newtonsoft.Json.dll not found). The migrated project references their packages, which its build restores; generate could not tell what of this code compiles on .NET 10: restore them (nuget restore, or run again with --restore)",
                },
            ],
            Calls =
            [
                // The carried package, restored by the migrated project's build, at work.
                new("ShippingService", "TrackParcel", StatusCode.OK) { ResultContains = "\"status\":\"in transit\"" },
            ],
        },
        new("SolutionPackageVersions")
        {
            // Two packages.config ask Newtonsoft.Json 10.0.3 (not on the feed: 11.0.1) and 9.0.1; one asks
            // Microsoft.Extensions.Logging.Abstractions 5.0.0 and a script package no feed has.
            Restore = true,
            Services = ["BookCatalog"],
            Findings =
            [
                new("WCFM4022", "warning", "Library.Contracts/packages.config") { Line = 3, MessageContains = "Package 'Newtonsoft.Json' is referenced at 11.0.1: the projects use 9.0.1, 11.0.1; the highest" },
                new("WCFM4021", "info", "Library.Service/packages.config") { Line = 3, MessageContains = "'Microsoft.ApplicationInsights.JavaScript' 2.0.0 is not referenced by the migrated project: no <Reference> of the original projects names an assembly of it" },
                new("WCFM4021", "info", "Library.Service/packages.config") { Line = 4, MessageContains = "'Microsoft.Extensions.Logging.Abstractions' 5.0.0 is not referenced by the migrated project: part of ASP.NET Core 10" },
            ],
            Calls =
            [
                // Newtonsoft.Json's attributes (from the contracts project) and the logger (ASP.NET Core's assembly) at work.
                new("BookCatalog", "ExportCatalogJson", StatusCode.OK) { ResultContains = "\"isbn\":\"978-0132350884\"" },
            ],
        },
        new("UsingOnlyPackage")
        {
            // Autofac is used by Global.asax.cs (left out: System.Web) and named by a using in the service's file.
            Restore = true,
            Services = ["ShapeService"],
        },
        new("MefComposedService")
        {
            Services = ["ConfigurationService"],
            Findings =
            [
                new("WCFM4009", "info", "ConfigService/ConfigurationService.cs") { Line = 9, MessageContains = "in the package System.ComponentModel.Composition 10.0.14 on .NET 10" },
            ],
            Calls =
            [
                // Both feeders composed by MEF on .NET 10.
                new("ConfigurationService", "CountFeeders", StatusCode.OK) { Result = 2 },
            ],
        },
        new("FrameworkAssemblyOutsideSet")
        {
            // System.Device (GeoCoordinate) is a .NET Framework assembly .NET 10 has no counterpart of.
            ExitCode = 7,
            Services = ["TelemetryService"],
            Findings =
            [
                new("WCFM2002", "warning", "Telemetry.Service/TelemetryReading.cs") { Line = 17, MessageContains = "a type of System.Device, which .NET 10 does not have" },
            ],
            Errors =
            [
                new("WCFM4007", "error", "Telemetry.Service/TelemetryReading.cs") { Line = 17, Column = 16, MessageContains = "'System.Device.Location.GeoCoordinate' does not exist on .NET 10" },
                new("WCFM4007", "error", "Telemetry.Service/TelemetryService.cs") { Line = 22, Column = 105, MessageContains = "'System.Device.Location.GeoCoordinate' does not exist on .NET 10" },
            ],
        },
        new("HostingFactoryInService")
        {
            Services = ["FileRepository"],
            Findings =
            [
                // Public, in the service class, called only by Main in another class: hosting code, gone with Main.
                new("WCFM4008", "info", "Repository/Repository.cs") { Line = 17, MessageContains = "'RepositoryTransfer.CreateServiceChannel' is left out of the migrated project: only hosting code (Main) calls it" },
                new("WCFM4008", "info", "Repository/Repository.cs") { Line = 30, MessageContains = "'Repository' is left out of the migrated project" },
            ],
            Calls =
            [
                new("FileRepository", "CountFiles", StatusCode.OK) { Result = 3 },
            ],
        },
        new("ServiceHostInBaseClass")
        {
            Services = ["JobQueue", "ReportArchive"],
            Findings =
            [
                // The base class's own ServiceHost and the statements that only create, open or close it go with the hosting.
                new("WCFM4008", "info", "Scheduling.Services/Hosting/HostedServiceBase.cs") { Line = 12, MessageContains = "'HostedServiceBase._host' is left out of the migrated project: a service host the class keeps" },
                new("WCFM4008", "info", "Scheduling.Services/Hosting/HostedServiceBase.cs") { Line = 18, MessageContains = "'HostedServiceBase.HostedServiceBase(Type, string): _host = new ServiceHost(serviceType)' is left out" },
                new("WCFM4008", "info", "Scheduling.Services/Hosting/HostedServiceBase.cs") { Line = 19, MessageContains = "_host.Faulted += (sender, args) => _host.Abort()' is left out" },
                new("WCFM4008", "info", "Scheduling.Services/Hosting/HostedServiceBase.cs") { Line = 29, MessageContains = "'HostedServiceBase.Start(): _host.Open()' is left out" },
                new("WCFM4008", "info", "Scheduling.Services/Hosting/HostedServiceBase.cs") { Line = 35, MessageContains = "'HostedServiceBase.Stop(): if (_host.State == CommunicationState.Opened)" },
            ],
            Calls =
            [
                // The rest of the base class is kept: the name its constructor stores answers.
                new("JobQueue", "Describe", StatusCode.OK) { ResultContains = "Job queue: no job" },
                new("ReportArchive", "CountReports", StatusCode.OK) { Result = 3 },
            ],
        },
        new("ReferencedLibraryContracts")
        {
            // The service and its contracts, as a user names them: the helper library is only referenced.
            Inputs = ["Shipping.Contracts/Shipping.Contracts.csproj", "Shipping.Service/Shipping.Service.csproj"],
            // The library contract the service implements is served with the service's own.
            Services = ["Heartbeat", "ShipmentTracker"],
            Findings =
            [
                new("WCFM1028", "info", "ServiceModelToolkit/Discovery/IDiscovery.cs")
                {
                    Line = 7,
                    MessageContains = "3 service contract(s) of projects the input references but does not name as inputs are not migrated, since no code of the input implements, extends or names them: 'ServiceModelToolkit.Discovery.IDiscovery', 'ServiceModelToolkit.Discovery.IDiscoveryCallback', 'ServiceModelToolkit.Logbook.ILogbookManager' (project 'ServiceModelToolkit')",
                },
            ],
            Calls =
            [
                new("Heartbeat", "Beat", StatusCode.OK) { Result = "ShipmentTracker alive" },
                new("ShipmentTracker", "CountInTransit", StatusCode.OK) { Result = 1 },
            ],
        },
        new("DebugSymbolsPerProject")
        {
            Services = ["Inbox"],
            Findings =
            [
                // Under the Inbox project's Debug-only TEST_INBOX, as its Debug build compiles it.
                new("WCFM4008", "info", "Inbox/InboxService.cs") { Line = 40, MessageContains = "'TestStub' is left out of the migrated project" },
            ],
            Calls =
            [
                // The migrated build compiles the service under its project's Debug symbols too.
                new("Inbox", "Mode", StatusCode.OK) { Result = "test" },
            ],
        },
        new("ReceiverOpeningItsOwnHost")
        {
            Services = ["CommService"],
            Findings =
            [
                // The ServiceHost kept in Receiver<T>'s instance state, its retry loop and its Close go with the hosting.
                new("WCFM4008", "info", "Communication/CommService.cs") { Line = 25, MessageContains = "'Receiver.servicehost' is left out of the migrated project: a service host the class keeps" },
                new("WCFM4008", "info", "Communication/CommService.cs") { Line = 30, MessageContains = "'Receiver.CreateRecvChannel(string): while (servicehost == null) { try {" },
                new("WCFM4008", "info", "Communication/CommService.cs") { Line = 51, MessageContains = "'Receiver.CloseRecvChannel(): servicehost.Close()' is left out" },
            ],
            Calls =
            [
                // Served as the closing the Debug-only test stub makes, Receiver<Cat>, through CommService<Cat>.
                new("CommService", "ReceiverName", StatusCode.OK) { Result = "Cat" },
            ],
        },
        new("GenericSelfHostingReceiver")
        {
            Services = ["CommService"],
            Findings =
            [
                new("WCFM4008", "info", "Communication/Receiver.cs") { Line = 28, MessageContains = "'Receiver.CreateRecvChannel' is left out of the migrated project: only hosting code (Main) calls it" },
            ],
            Calls =
            [
                // Served as the closed type the input makes of it, Receiver<Peer> (through Comm<Peer>), as WCF hosted it.
                new("CommService", "GetName", StatusCode.OK) { Result = "Peer" },
            ],
        },
        new("InputProjectClosesReceiver")
        {
            // The service project, as a user names it: the projects it references come along, and close Receiver<T> their own way.
            Inputs = ["Repository/Repository.csproj"],
            Services = ["Communicator", "StreamService"],
            Findings =
            [
                new("WCFM1024", "info", "IStreamService.cs") { Line = 10, MessageContains = "'Repository.IStreamService' is implemented nowhere in the input and no client code calls it, while the input implements 'RemoteTestHarness.IStreamService' of a project it references" },
                new("WCFM1023", "info", "../Client/Client.cs") { Line = 9, MessageContains = "'RemoteTestHarness.ClientTransfer' implements 'RemoteTestHarness.IStreamService' but is WCF client code" },
                // Receiver<Repository> needs Repository by name only; its members reach Sender's ChannelFactory<T>(Binding, string), which .NET 10 lacks.
                new("WCFM4008", "info", "Repository.cs") { Line = 45, MessageContains = "'Repository.comm' is left out of the migrated project: Repository is needed by name only, as a type argument of the served 'RemoteTestHarness.Receiver<RemoteTestHarness.Repository>' (a type parameter with no constraint), and its members reach 'Sender', which .NET 10 cannot compile" },
            ],
            Calls =
            [
                // Receiver<Repository>, as the Repository's own code hosted it; Comm<Client> and Comm<Cat> are the other projects' programs.
                new("Communicator", "GetName", StatusCode.OK) { Result = "Repository" },
                // RepositoryTransfer implements the Client project's IStreamService, which name lookup in namespace RemoteTestHarness finds first.
                new("StreamService", "BlockSize", StatusCode.OK) { Result = 1024 },
            ],
        },
        new("MsmqIntegrationMessage")
        {
            Services = ["OrderInbox"],
            Findings =
            [
                new("WCFM1027", "info", "OrderIntake/IOrderInbox.cs") { Line = 18, MessageContains = "Parameter 'ticketMessage' of operation 'IOrderInbox.ReceiveTicket' is MSMQ integration's MsmqMessage<OrderTicket>: on the wire it is its body, OrderTicket" },
            ],
            Calls =
            [
                // The request is the body, an OrderTicket { reference = 1, quantity = 2 } in field 1; the implementation,
                // handed new MsmqMessage<OrderTicket>(body), prints what it read of Body.
                new("OrderInbox", "ReceiveTicket", StatusCode.OK) { Request = Protobuf.Message(1, Protobuf.Concat(Protobuf.String(1, "T-4711"), Protobuf.Int32(2, 3))) },
            ],
            HostOutputContains = "Inbox: order T-4711 for 3 item(s) taken (1 so far)",
        },
        new("PrivateNestedContractsOnly")
        {
            ExitCode = 3,
            ErrorContains = "no WCF service contract in '{case}' can be migrated: 3 [ServiceContract] interface(s) were found, and 3 are nested private or protected in a class, which generated code cannot name (WCFM1026: make such a contract internal or public)",
        },
    ];

    /// <summary>Every case, or only those <c>MIGRATE_WCF_SERVICE_PROJECTS</c> names (comma-separated), to work on a few.</summary>
    public static IEnumerable<string> Names
        => Environment.GetEnvironmentVariable("MIGRATE_WCF_SERVICE_PROJECTS") is { Length: > 0 } only
            ? All.Select(c => c.Name).Where(only.Split(',', StringSplitOptions.TrimEntries).Contains)
            : All.Select(c => c.Name);

    public static TheoryData<string> Running => new(Names);

    public static ServiceProjectCase Get(string name) => All.Single(c => c.Name == name);

    private static ExpectedFinding NeedsEdit(int line, int column, string api)
        => new("WCFM4007", "error", "Calculator.Host/ErrorLoggingAttribute.cs") { Line = line, Column = column, MessageContains = $"'{api}' does not exist on .NET 10" };
}

/// <summary>Protobuf wire bytes written by hand, for a request a case sends in place of an empty one.</summary>
internal static class Protobuf
{
    public static byte[] String(int field, string value) => Message(field, System.Text.Encoding.UTF8.GetBytes(value));

    public static byte[] Message(int field, byte[] content) => [.. Varint((ulong)(field << 3 | 2)), .. Varint((ulong)content.Length), .. content];

    public static byte[] Int32(int field, int value) => [.. Varint((ulong)(field << 3)), .. Varint((ulong)(long)value)];

    public static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

    private static byte[] Varint(ulong value)
    {
        var bytes = new List<byte>();
        do
        {
            var next = (byte)(value & 0x7F);
            value >>= 7;
            bytes.Add(value == 0 ? next : (byte)(next | 0x80));
        }
        while (value != 0);
        return bytes.ToArray();
    }
}
