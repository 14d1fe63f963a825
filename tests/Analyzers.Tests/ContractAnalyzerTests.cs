using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.Analyzers.Tests.Infrastructure.AnalyzerVerifier<MigrateWcf.Analyzers.Contracts.ContractAnalyzer>;

namespace MigrateWcf.Analyzers.Tests;

/// <summary>
/// WCFM1xxx as the IDE and the build see them, one "reports" and one "does not report" per rule. WCFM1090 reports a
/// failure of the engine itself, which no source triggers on purpose.
/// </summary>
public class ContractAnalyzerTests
{
    private const string Usings = """
        using System;
        using System.IO;
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using System.ServiceModel.Channels;
        using System.Threading.Tasks;

        """;

    private static Task Reports(string ruleId, string source, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected)
        => Verify.VerifyOnlyAsync([ruleId], Usings + source, expected);

    [Fact]
    public Task OneWayOperation_Reports()
        => Reports(RuleIds.OneWayOperation, """
            [ServiceContract]
            public interface IAudit
            {
                [OperationContract(IsOneWay = true)]
                void {|#0:Log|}(string line);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.OneWayOperation).WithLocation(0).WithArguments("IAudit.Log"));

    [Fact]
    public Task OneWayOperationWithAResult_ReportsThatTheResultIsNeverReturned()
        => Reports(RuleIds.OneWayOperation, """
            [ServiceContract]
            public interface IAudit
            {
                [OperationContract(IsOneWay = true)]
                int {|#0:Log|}(string line);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.OneWayOperation).WithLocation(0).WithArguments("IAudit.Log"),
            Verify.Diagnostic(WcfDiagnostics.OneWayResultIgnored).WithLocation(0).WithArguments("IAudit.Log"));

    [Fact]
    public Task RequestReplyOperation_DoesNotReportOneWay()
        => Reports(RuleIds.OneWayOperation, """
            [ServiceContract]
            public interface IAudit
            {
                [OperationContract]
                void Log(string line);
            }
            """);

    [Fact]
    public Task CallbackContract_ReportsDuplex()
        => Reports(RuleIds.DuplexCallback, """
            public interface IChatCallback
            {
                [OperationContract(IsOneWay = true)]
                void Said(string text);
            }

            [ServiceContract(CallbackContract = typeof(IChatCallback))]
            public interface {|#0:IChat|}
            {
                [OperationContract(IsOneWay = true)]
                void Say(string text);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.DuplexCallback).WithLocation(0).WithArguments("IChat", "IChatCallback"));

    [Fact]
    public Task ContractWithoutCallback_DoesNotReportDuplex()
        => Reports(RuleIds.DuplexCallback, """
            [ServiceContract]
            public interface IChat
            {
                [OperationContract(IsOneWay = true)]
                void Say(string text);
            }
            """);

    [Fact]
    public Task TypedFault_Reports()
        => Reports(RuleIds.FaultContract, """
            [DataContract]
            public class OrderFault
            {
                [DataMember(Order = 1)] public string Code { get; set; }
            }

            [ServiceContract]
            public interface IOrders
            {
                [OperationContract]
                [FaultContract(typeof(OrderFault))]
                Task {|#0:CancelAsync|}(int id);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.FaultContract).WithLocation(0).WithArguments("IOrders.CancelAsync", "OrderFault"));

    [Fact]
    public Task OperationWithoutFaults_DoesNotReportFaults()
        => Reports(RuleIds.FaultContract, """
            [ServiceContract]
            public interface IOrders
            {
                [OperationContract]
                Task CancelAsync(int id);
            }
            """);

    [Fact]
    public Task OverloadsWithDistinctNames_ReportEachRpcName()
        => Reports(RuleIds.OverloadedOperation, """
            [ServiceContract]
            public interface IStock
            {
                [OperationContract(Name = "GetBySku")]
                int {|#0:Get|}(string sku);

                [OperationContract(Name = "GetById")]
                int {|#1:Get|}(int id);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.OverloadedOperation).WithLocation(0).WithLocation(1).WithArguments("IStock.Get", "GetBySku"),
            Verify.Diagnostic(WcfDiagnostics.OverloadedOperation).WithLocation(1).WithLocation(0).WithArguments("IStock.Get", "GetById"));

    [Fact]
    public Task MethodsWithDistinctNames_DoNotReportOverloads()
        => Reports(RuleIds.OverloadedOperation, """
            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                int GetBySku(string sku);

                [OperationContract]
                int GetById(int id);
            }
            """);

    [Fact]
    public Task OverloadsSharingAnOperationName_ReportTheNumberedRpc()
        => Reports(RuleIds.DuplicateOperationName, """
            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                void {|#1:Release|}(string sku);

                [OperationContract]
                void {|#0:Release|}(string sku, int quantity);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.DuplicateOperationName).WithLocation(0).WithLocation(1).WithArguments("IStock.Release", "Release", "Release2"));

    [Fact]
    public Task OverloadsWithNames_DoNotReportDuplicateNames()
        => Reports(RuleIds.DuplicateOperationName, """
            [ServiceContract]
            public interface IStock
            {
                [OperationContract]
                void Release(string sku);

                [OperationContract(Name = "ReleaseQuantity")]
                void Release(string sku, int quantity);
            }
            """);

    [Fact]
    public Task OutParameter_Reports()
        => Reports(RuleIds.RefOutParameter, """
            [ServiceContract]
            public interface IPrices
            {
                [OperationContract]
                bool {|#0:TryGetPrice|}(string sku, out decimal price);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.RefOutParameter).WithLocation(0).WithArguments("IPrices.TryGetPrice", "price"));

    [Fact]
    public Task ValueParameters_DoNotReportRefOut()
        => Reports(RuleIds.RefOutParameter, """
            [ServiceContract]
            public interface IPrices
            {
                [OperationContract]
                decimal GetPrice(string sku);
            }
            """);

    [Fact]
    public Task StreamWithAnotherParameter_Reports()
        => Reports(RuleIds.StreamWithOtherParameters, """
            [ServiceContract]
            public interface IFiles
            {
                [OperationContract]
                void {|#0:Upload|}(string name, Stream content);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.StreamWithOtherParameters).WithLocation(0).WithArguments("IFiles.Upload", "name"));

    [Fact]
    public Task StreamAlone_DoesNotReportOtherParameters()
        => Reports(RuleIds.StreamWithOtherParameters, """
            [ServiceContract]
            public interface IFiles
            {
                [OperationContract]
                void Upload(Stream content);
            }
            """);

    [Fact]
    public Task StreamParameterAndResult_Report()
        => Reports(RuleIds.StreamOperation, """
            [ServiceContract]
            public interface IFiles
            {
                [OperationContract]
                void {|#0:Upload|}(Stream content);

                [OperationContract]
                Stream {|#1:Download|}(string name);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.StreamParameter).WithLocation(0).WithArguments("IFiles.Upload"),
            Verify.Diagnostic(WcfDiagnostics.StreamResult).WithLocation(1).WithArguments("IFiles.Download"));

    [Fact]
    public Task BytesInsteadOfStream_DoNotReportStreaming()
        => Reports(RuleIds.StreamOperation, """
            [ServiceContract]
            public interface IFiles
            {
                [OperationContract]
                byte[] Download(string name);
            }
            """);

    [Fact]
    public Task ContractOnAClass_Reports()
        => Reports(RuleIds.ServiceContractOnClass, """
            [ServiceContract]
            public class {|#0:Calculator|}
            {
                [OperationContract]
                public int Add(int a, int b) => a + b;
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.ServiceContractOnClass).WithLocation(0).WithArguments("Calculator"));

    [Fact]
    public Task ContractOnAnInterface_DoesNotReportClass()
        => Reports(RuleIds.ServiceContractOnClass, """
            [ServiceContract]
            public interface ICalculator
            {
                [OperationContract]
                int Add(int a, int b);
            }
            """);

    [Fact]
    public Task BeginWithoutEnd_Reports()
        => Reports(RuleIds.IncompleteAsyncPattern, """
            [ServiceContract]
            public interface IReports
            {
                [OperationContract(AsyncPattern = true)]
                IAsyncResult {|#0:BeginRender|}(string name, AsyncCallback callback, object state);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.IncompleteAsyncPattern).WithLocation(0).WithArguments("BeginRender", "Render"));

    [Fact]
    public Task BeginWithEnd_DoesNotReport()
        => Reports(RuleIds.IncompleteAsyncPattern, """
            [ServiceContract]
            public interface IReports
            {
                [OperationContract(AsyncPattern = true)]
                IAsyncResult BeginRender(string name, AsyncCallback callback, object state);

                byte[] EndRender(IAsyncResult result);
            }
            """);

    [Fact]
    public Task UntypedMessageForAnyAction_Reports()
        => Reports(RuleIds.UntypedMessage, """
            [ServiceContract]
            public interface IRouter
            {
                [OperationContract(Action = "*")]
                void {|#0:Route|}(Message message);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.UntypedMessage).WithLocation(0).WithArguments("IRouter.Route"));

    [Fact]
    public Task TypedOperation_DoesNotReportUntypedMessage()
        => Reports(RuleIds.UntypedMessage, """
            [ServiceContract]
            public interface IRouter
            {
                [OperationContract]
                void Route(string body);
            }
            """);

    [Fact]
    public Task XmlSerializerFormat_Reports()
        => Reports(RuleIds.XmlSerializerFormat, """
            [ServiceContract, XmlSerializerFormat]
            public interface {|#0:ILegacy|}
            {
                [OperationContract]
                string Echo(string text);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.XmlSerializerFormat).WithLocation(0).WithArguments("ILegacy"));

    [Fact]
    public Task DataContractFormat_DoesNotReportXmlSerializer()
        => Reports(RuleIds.XmlSerializerFormat, """
            [ServiceContract]
            public interface ILegacy
            {
                [OperationContract]
                string Echo(string text);
            }
            """);

    [Fact]
    public Task ContractWithoutOperations_Reports()
        => Reports(RuleIds.ContractWithoutOperations, """
            [ServiceContract]
            public interface {|#0:IMarker|}
            {
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.ContractWithoutOperations).WithLocation(0).WithArguments("IMarker"));

    [Fact]
    public Task ContractWithAnOperation_DoesNotReportEmpty()
        => Reports(RuleIds.ContractWithoutOperations, """
            [ServiceContract]
            public interface IMarker
            {
                [OperationContract]
                void Ping();
            }
            """);

    [Fact]
    public Task ServiceContract_ReportsTheServiceItBecomes()
        => Reports(RuleIds.ServiceContractMapped, """
            [ServiceContract(Namespace = "http://contoso.com/orders")]
            public interface {|#0:IOrderService|}
            {
                [OperationContract]
                Task<string> GetStatusAsync(int orderId);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.ServiceContractMapped).WithLocation(0).WithArguments("IOrderService", "contoso.orders.OrderService", "1"));

    [Fact]
    public Task InterfaceWithoutServiceContract_DoesNotReportAService()
        => Reports(RuleIds.ServiceContractMapped, """
            public interface IOrderService
            {
                Task<string> GetStatusAsync(int orderId);
            }
            """);

    [Fact]
    public Task MessageContractParameterAndResult_Report()
        => Reports(RuleIds.MessageContractOperation, """
            [MessageContract]
            public class UploadRequest
            {
                [MessageBodyMember(Order = 1)] public string Name { get; set; }
            }

            [MessageContract]
            public class UploadReply
            {
                [MessageBodyMember(Order = 1)] public int Size { get; set; }
            }

            [ServiceContract]
            public interface IUploads
            {
                [OperationContract]
                UploadReply {|#0:Upload|}(UploadRequest request);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.MessageContractRequest).WithLocation(0).WithArguments("IUploads.Upload", "UploadRequest"),
            Verify.Diagnostic(WcfDiagnostics.MessageContractResponse).WithLocation(0).WithArguments("IUploads.Upload", "UploadReply"));

    [Fact]
    public Task ParametersAndResult_DoNotReportMessageContracts()
        => Reports(RuleIds.MessageContractOperation, """
            [ServiceContract]
            public interface IUploads
            {
                [OperationContract]
                int Upload(string name);
            }
            """);

    [Fact]
    public Task SynchronousOperation_Reports()
        => Reports(RuleIds.SynchronousOperation, """
            [ServiceContract]
            public interface IQuotes
            {
                [OperationContract]
                decimal {|#0:GetPrice|}(string sku);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.SynchronousOperation).WithLocation(0).WithArguments("IQuotes.GetPrice"));

    [Fact]
    public Task TaskBasedOperation_DoesNotReportSynchronous()
        => Reports(RuleIds.SynchronousOperation, """
            [ServiceContract]
            public interface IQuotes
            {
                [OperationContract]
                Task<decimal> GetPriceAsync(string sku);
            }
            """);

    [Fact]
    public Task InheritedOperation_IsReportedOnTheBaseContractForEachService()
        => Reports(RuleIds.OneWayOperation, """
            [ServiceContract]
            public interface IHealth
            {
                [OperationContract(IsOneWay = true)]
                void {|#0:Ping|}();
            }

            [ServiceContract]
            public interface IOrders : IHealth
            {
                [OperationContract]
                Task<int> CountAsync();
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.OneWayOperation).WithLocation(0).WithArguments("IHealth.Ping"),
            Verify.Diagnostic(WcfDiagnostics.OneWayOperation).WithLocation(0).WithArguments("IOrders.Ping"));

    private const string WebUsing = "using System.ServiceModel.Web;\n";

    [Fact]
    public Task RestOperation_ReportsThatItKeepsItsHttpShape_AtTheAttribute()
        => Reports(RuleIds.RestOperation, WebUsing + """
            [ServiceContract]
            public interface ICatalog
            {
                [OperationContract]
                [{|#0:WebGet(UriTemplate = "count/{category}", ResponseFormat = WebMessageFormat.Json)|}]
                int Count(string category);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.RestOperationKept).WithLocation(0).WithArguments("ICatalog.Count", "GET", "/count/{category} (response_body: result)"));

    [Fact]
    public Task OperationWithoutWebAttributes_DoesNotReportRest()
        => Reports(RuleIds.RestOperation, """
            [ServiceContract]
            public interface ICatalog
            {
                [OperationContract]
                int Count(string category);
            }
            """);

    [Fact]
    public Task RestOperationWithWcfsDefaultXmlFormat_ReportsXml()
        => Reports(RuleIds.RestXmlFormat, WebUsing + """
            [ServiceContract]
            public interface ICatalog
            {
                [OperationContract]
                [{|#0:WebGet(UriTemplate = "count/{category}")|}]
                int Count(string category);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.RestXmlFormat).WithLocation(0).WithArguments("ICatalog.Count", "response"));

    [Fact]
    public Task RestOperationWithJsonFormats_DoesNotReportXml()
        => Reports(RuleIds.RestXmlFormat, WebUsing + """
            [ServiceContract]
            public interface ICatalog
            {
                [OperationContract]
                [WebInvoke(UriTemplate = "count", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
                int Count(string category);
            }
            """);

    [Fact]
    public Task CompoundUriTemplateSegment_ReportsThatTheOperationIsNotServedOverHttp()
        => Reports(RuleIds.RestUriTemplate, WebUsing + """
            [ServiceContract]
            public interface IImages
            {
                [OperationContract]
                [{|#0:WebGet(UriTemplate = "img/{name}.{ext}", ResponseFormat = WebMessageFormat.Json)|}]
                string Get(string name, string ext);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.RestNotServed).WithLocation(0).WithArguments("IImages.Get", "the compound path segment '{name}.{ext}' (an HttpRule variable is a whole segment)"));

    [Fact]
    public Task WholeSegmentVariables_DoNotReportUriTemplates()
        => Reports(RuleIds.RestUriTemplate, WebUsing + """
            [ServiceContract]
            public interface IImages
            {
                [OperationContract]
                [WebGet(UriTemplate = "img/{name}/{ext}?size={size}", ResponseFormat = WebMessageFormat.Json)]
                string Get(string name, string ext, int size);
            }
            """);

    [Fact]
    public Task RestDateTimeMember_ReportsTheJsonDifference()
        => Reports(RuleIds.RestJsonDiffers, WebUsing + """
            [DataContract]
            public class Stamp
            {
                [DataMember(Order = 1)] public DateTime At { get; set; }
            }

            [ServiceContract]
            public interface IClock
            {
                [OperationContract]
                [{|#0:WebGet(UriTemplate = "now", ResponseFormat = WebMessageFormat.Json)|}]
                Stamp Now();
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.RestJsonDiffers).WithLocation(0).WithArguments("IClock.Now", "DateTime or DateTimeOffset values", "Stamp.At", "WCF writes \"\\/Date(ms+offset)\\/\", transcoding writes the migrate_wcf message as a JSON object"),
            Verify.Diagnostic(WcfDiagnostics.RestJsonDiffers).WithLocation(0).WithArguments("IClock.Now", "members that may be null", "the result", "WCF writes \"member\":null, transcoding leaves an unset member out"));

    [Fact]
    public Task RestScalars_DoNotReportJsonDifferences()
        => Reports(RuleIds.RestJsonDiffers, WebUsing + """
            [ServiceContract]
            public interface IClock
            {
                [OperationContract]
                [WebGet(UriTemplate = "ticks/{zone}", ResponseFormat = WebMessageFormat.Json)]
                long Ticks(string zone);
            }
            """);

    [Fact]
    public Task RestFaultContract_ReportsTheFault()
        => Reports(RuleIds.RestFault, WebUsing + """
            [DataContract]
            public class Missing { [DataMember(Order = 1)] public int Id { get; set; } }

            [ServiceContract]
            public interface ICatalog
            {
                [OperationContract]
                [FaultContract(typeof(Missing))]
                [{|#0:WebInvoke(Method = "DELETE", UriTemplate = "items/{id}")|}]
                void Delete(string id);
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.RestFault).WithLocation(0).WithArguments("ICatalog.Delete", "Missing"));

    [Fact]
    public Task FaultContractOfANonRestOperation_DoesNotReportRestFaults()
        => Reports(RuleIds.RestFault, """
            [DataContract]
            public class Missing { [DataMember(Order = 1)] public int Id { get; set; } }

            [ServiceContract]
            public interface ICatalog
            {
                [OperationContract]
                [FaultContract(typeof(Missing))]
                void Delete(string id);
            }
            """);
}
