using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// MSMQ integration's MsmqMessage&lt;T&gt; parameter (docs/rules/WCFM1027.md): the request carries T as if the parameter
/// were T, never null; the adapter wraps it in MigrateWcf.Compatibility's MsmqMessage&lt;T&gt; and the client proxy sends
/// its Body. MigratedBuild.Tests' MsmqIntegrationMessage case builds and serves it.
/// </summary>
public class MsmqMessageParameterTests
{
    private const string Receiver = """
        using System;
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using System.ServiceModel.MsmqIntegration;
        namespace Payments
        {
            [DataContract] public class PaymentOrder { [DataMember] public string Reference { get; set; } [DataMember] public decimal Amount { get; set; } }
            [ServiceContract] [ServiceKnownType(typeof(PaymentOrder))]
            public interface IPaymentQueue
            {
                [OperationContract(IsOneWay = true, Action = "*")] void Submit(MsmqMessage<PaymentOrder> order);
                [OperationContract(IsOneWay = true, Action = "*")] void Note(MsmqMessage<string> text);
            }
            public class PaymentReceiver : IPaymentQueue
            {
                public void Submit(MsmqMessage<PaymentOrder> order) => Console.WriteLine(order.Body.Reference);
                public void Note(MsmqMessage<string> text) => Console.WriteLine(text.Body);
            }
        }
        """;

    private static EngineResult Run(string source) => MigrationEngine.Run(WcfTestCompilation.Create(source), new EngineOptions { CSharp = new CSharpOptions() });

    private static string File(EngineResult result, string name) => result.CSharpFiles.Single(f => f.RelativePath.EndsWith(name, StringComparison.Ordinal)).Content;

    [Fact]
    public void MsmqMessageParameter_TravelsAsItsBody_NeverNull_AndProtocAcceptsIt()
    {
        var result = Run(Receiver);

        var order = result.Field("SubmitRequest", "order");
        Assert.Equal(("PaymentOrder", ProtoLabel.None), (order.Type, order.Label));
        Assert.Equal((ConversionKind.Message, NullMapping.NotCarried), (order.Conversion!.Kind, order.Conversion.Null));
        // A string body is never null either: a plain string field, not optional.
        var text = result.Field("NoteRequest", "text");
        Assert.Equal(("string", ProtoLabel.None, NullMapping.NotCarried), (text.Type, text.Label, text.Conversion!.Null));
        Assert.Contains(result.Model.DataTypes, t => t.Key == "Payments.PaymentOrder");
        Assert.DoesNotContain(result.Findings, f => f.RuleId is RuleIds.UnmappedType or RuleIds.UntypedMessage);
        Assert.DoesNotContain("bytes", result.AllProto(), StringComparison.Ordinal);
        Assert.Empty(EngineBehaviourTests.RunProtoc(result));
    }

    [Fact]
    public void MsmqMessageParameter_IsReportedAtTheParameter_SayingWhatItBecame()
    {
        var result = Run(Receiver);

        var findings = result.FindingsOf(RuleIds.MsmqMessageParameter);
        Assert.Equal(2, findings.Count);
        var submit = findings.Single(f => f.Text().Contains("'order'", StringComparison.Ordinal));
        Assert.Equal(FindingSeverity.Info, RuleCatalog.Get(submit.RuleId).Severity);
        Assert.Equal(11, submit.Position!.Line);
        Assert.Contains("Parameter 'order' of operation 'IPaymentQueue.Submit' is MSMQ integration's MsmqMessage<PaymentOrder>: on the wire it is its body, PaymentOrder", submit.Text(), StringComparison.Ordinal);
    }

    [Fact]
    public void Adapter_WrapsTheBodyForTheImplementation_AndTheProxySendsTheBody()
    {
        var result = Run(Receiver);

        var adapter = File(result, "/PaymentQueueAdapter.g.cs");
        Assert.Contains("service.Submit(", adapter, StringComparison.Ordinal);
        Assert.Contains("new global::System.ServiceModel.MsmqIntegration.MsmqMessage<global::Payments.PaymentOrder>(order));", adapter, StringComparison.Ordinal);
        // The request is read as the body's type, refused (INVALID_ARGUMENT) when it is unset.
        Assert.Contains("global::Payments.PaymentOrder order = _invoker.ReadRequest(request,", adapter, StringComparison.Ordinal);
        Assert.Contains("request.Order ?? throw CommonTypeConversions.NotSet(", adapter, StringComparison.Ordinal);
        Assert.Contains("service.Note(new global::System.ServiceModel.MsmqIntegration.MsmqMessage<string>(text))", adapter, StringComparison.Ordinal);
        var proxy = File(result, "/PaymentQueueProxy.g.cs");
        Assert.Contains("global::System.ServiceModel.MsmqIntegration.MsmqMessage<global::Payments.PaymentOrder> order)", proxy, StringComparison.Ordinal);
        Assert.Contains("(order ?? throw CommonTypeConversions.NotCarried(\"parameter 'order' of IPaymentQueue.Submit\")).Body", proxy, StringComparison.Ordinal);
        Assert.Contains("request.Text = ((text ?? throw CommonTypeConversions.NotCarried(\"parameter 'text' of IPaymentQueue.Note\")).Body", proxy, StringComparison.Ordinal);
    }

    [Fact]
    public void MsmqMessageElsewhere_StaysAPlaceholder()
    {
        // Only an operation parameter is MSMQ integration's envelope; a result of that type has no proto form.
        var result = Run(Receiver.Replace("[OperationContract(IsOneWay = true, Action = \"*\")] void Note(MsmqMessage<string> text);", "[OperationContract] MsmqMessage<string> Peek();")
            .Replace("public void Note(MsmqMessage<string> text) => Console.WriteLine(text.Body);", "public MsmqMessage<string> Peek() => new MsmqMessage<string>(\"x\");"));

        Assert.Single(result.FindingsOf(RuleIds.UnmappedType));
        Assert.Single(result.FindingsOf(RuleIds.MsmqMessageParameter));
    }
}
