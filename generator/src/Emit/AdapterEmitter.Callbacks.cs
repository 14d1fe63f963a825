using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Discovery;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>A duplex contract's side of the adapter: the Callbacks rpc and the server's callback proxy.</summary>
internal static partial class AdapterEmitter
{
    private static void Callbacks(CSharpWriter w, ProtoRpc rpc, ProtoFile file, CSharpServicePlan plan, ProtoIndex index)
    {
        var envelope = index.Class(rpc.ResponseFullName);
        w.Summary("The session's callback stream: binds the callback proxy that OperationContext.Current.GetCallbackChannel returns.");
        if (rpc.ClientStreaming)
        {
            var replyName = rpc.RequestFullName;
            var (_, reply) = index.Message(replyName);
            var callId = ProtocNames.Property(reply.Fields.Single(f => f.Origin?.Kind == FieldOriginKind.Generated), reply);
            w.Line($"public override global::System.Threading.Tasks.Task {rpc.Name}(global::Grpc.Core.IAsyncStreamReader<{index.Class(replyName)}> requestStream, global::Grpc.Core.IServerStreamWriter<{envelope}> responseStream, global::Grpc.Core.ServerCallContext context)");
            w.Line($"    => _invoker.ServeCallbacksAsync(context, requestStream, responseStream, static reply => reply.{callId}, static channel => new {plan.CallbackProxy}(channel));");
        }
        else
        {
            w.Line($"public override global::System.Threading.Tasks.Task {rpc.Name}(global::Google.Protobuf.WellKnownTypes.Empty request, global::Grpc.Core.IServerStreamWriter<{envelope}> responseStream, global::Grpc.Core.ServerCallContext context)");
            w.Line($"    => _invoker.ServeCallbacksAsync(context, responseStream, static channel => new {plan.CallbackProxy}(channel));");
        }
    }

    /// <summary>
    /// The server's implementation of the callback contract: each callback method becomes its case of the envelope on
    /// the session's stream; a one-way callback returns once written, a two-way one awaits the client's reply (same
    /// call id) and maps its result. State and events are the session's (CallbackProxy).
    /// </summary>
    private static void CallbackProxy(CSharpWriter w, ProtoFile file, ProtoService service, ServiceContractModel contract, CSharpServicePlan plan, ProtoIndex index, CSharpPlan csharp)
    {
        var rpc = service.Rpcs.Single(r => r.Origin!.OperationIndex < 0);
        var envelopeName = rpc.ResponseFullName;
        var envelope = index.Class(envelopeName);
        var (_, envelopeMessage) = index.Message(envelopeName);
        var replyName = rpc.ClientStreaming ? rpc.RequestFullName : "google.protobuf.Empty";
        var reply = index.Class(replyName);
        var replyMessage = rpc.ClientStreaming ? index.Message(replyName).Message : null;
        var channel = $"global::MigrateWcf.Runtime.CallbackChannel<{envelope}, {reply}>";
        w.Summary($"The callback contract {contract.CallbackContractKey} on the server: each callback is sent to the client on its session's stream.");
        CSharpEmitter.GeneratedCode(w, csharp);
        w.Line($"internal sealed class {plan.CallbackProxy} : global::MigrateWcf.Runtime.CallbackProxy<{envelope}, {reply}>, {contract.CallbackCSharpName}");
        w.OpenBrace();
        w.Line($"public {plan.CallbackProxy}({channel} channel)");
        w.Line("    : base(channel)");
        w.Line("{");
        w.Line("}");
        var callId = envelopeMessage.Fields.FirstOrDefault(f => f.Origin?.Kind == FieldOriginKind.Generated) is { } callIdField ? ProtocNames.Property(callIdField, envelopeMessage) : "CallId";
        var cases = Cases(envelopeMessage);
        var replyCases = replyMessage is null ? new List<ProtoField>() : Cases(replyMessage);
        for (var i = 0; i < contract.CallbackOperations.Count; i++)
        {
            var operation = contract.CallbackOperations[i];
            var envelopeCase = cases[i];
            var replyCase = replyCases.FirstOrDefault(c => c.Origin?.MemberName == operation.MethodName);
            if (replyCase is not null)
            {
                replyCases.Remove(replyCase);
            }

            foreach (var method in operation.Methods)
            {
                CallbackMethod(w, file, contract, operation, method, envelopeMessage, envelopeCase, envelope, callId, replyMessage, replyCase, reply, index, csharp);
            }
        }

        OtherMembers(w, contract.CallbackOtherMembers);
        w.Close();
    }

    private static void CallbackMethod(CSharpWriter w, ProtoFile file, ServiceContractModel contract, OperationModel operation, OperationMethod method,
        ProtoMessage envelopeMessage, ProtoField envelopeCase, string envelope, string callId, ProtoMessage? replyMessage, ProtoField? replyCase, string reply, ProtoIndex index, CSharpPlan csharp)
    {
        var callbackInterface = operation.DeclaringCSharpName;
        var owner = contract.CallbackContractKey!.Substring(contract.CallbackContractKey.LastIndexOf('.') + 1);
        var where = RpcCode.Where(owner, operation);
        var caseProperty = ProtocNames.Property(envelopeCase, envelopeMessage);
        var casePart = RpcShape.Part(envelopeCase.Reference!.Name, false, index, isRequest: true);
        var twoWay = replyCase is not null;
        var resultPart = twoWay ? RpcShape.Part(replyCase!.Reference!.Name, false, index, isRequest: false) : null;
        var signature = string.Join(", ", method.Parameters.Select(Declaration));
        var conversions = new ConversionWriter(index, w, ConversionWriter.TopDepth, CSharpEmitter.AnyClass(csharp), method.Parameters.Select(p => p.Name.TrimStart('@')));
        w.Line();
        switch (method.Role)
        {
            case OperationMethodRole.Begin:
                var inputs = string.Join(", ", method.Parameters.Take(method.OperationParameterCount).Select(p => p.Name));
                w.Line($"{method.ReturnType} {callbackInterface}.{method.Name}({signature})");
                w.Line($"    => global::System.Threading.Tasks.TaskToAsyncResult.Begin({method.Name}Core({inputs}), {method.Parameters[method.OperationParameterCount].Name}, {method.Parameters[method.OperationParameterCount + 1].Name});");
                w.Line();
                var coreParameters = string.Join(", ", method.Parameters.Take(method.OperationParameterCount).Select(Declaration));
                w.Open($"private async global::System.Threading.Tasks.Task{(twoWay ? "<" + reply + ">" : string.Empty)} {method.Name}Core({coreParameters})");
                var sent = Send(w, conversions, operation, method, envelope, callId, caseProperty, casePart, twoWay, isAsync: true, index, where);
                if (twoWay)
                {
                    w.Line($"return {sent};");
                }

                w.Close();
                return;
            case OperationMethodRole.End:
                w.Open($"{method.ReturnType} {callbackInterface}.{method.Name}({signature})");
                var resultName = method.Parameters[method.OperationParameterCount].Name;
                if (!twoWay)
                {
                    w.Line($"global::System.Threading.Tasks.TaskToAsyncResult.End({resultName});");
                }
                else
                {
                    var ended = conversions.Local("reply");
                    w.Line($"var {ended} = global::System.Threading.Tasks.TaskToAsyncResult.End<{reply}>({resultName});");
                    ReadReply(w, conversions, operation, method, ended, replyMessage!, replyCase!, resultPart!, index, where);
                }

                w.Close();
                return;
            default:
                var isAsync = method.Role == OperationMethodRole.TaskBased;
                w.Open($"{(isAsync ? "async " : string.Empty)}{method.ReturnType} {callbackInterface}.{method.Name}({signature})");
                var answered = Send(w, conversions, operation, method, envelope, callId, caseProperty, casePart, twoWay, isAsync, index, where);
                if (twoWay)
                {
                    ReadReply(w, conversions, operation, method, answered, replyMessage!, replyCase!, resultPart!, index, where);
                }

                w.Close();
                return;
        }
    }

    /// <summary>Builds the callback's envelope case from the method's parameters and sends it; a two-way one awaits the reply, into the local returned.</summary>
    private static string Send(CSharpWriter w, ConversionWriter conversions, OperationModel operation, OperationMethod method, string envelope, string callIdProperty, string caseProperty,
        RpcPart casePart, bool twoWay, bool isAsync, ProtoIndex index, Func<int, string> where)
    {
        var names = RpcShape.ArgumentNames(operation, method);
        var message = RpcCode.Build(conversions, w, index, casePart, operation, conversions.Local("callback"), i => names[i] ?? "default!", where);
        var call = isAsync ? "await Channel." : "Channel.";
        var suffix = isAsync ? "Async" : string.Empty;
        var configure = isAsync ? ".ConfigureAwait(false)" : string.Empty;
        if (!twoWay)
        {
            w.Line($"{call}Send{suffix}(new {envelope} {{ {caseProperty} = {message} }}){configure};");
            return string.Empty;
        }

        var reply = conversions.Local("reply");
        var callId = conversions.Local("callId");
        w.Line($"var {reply} = {call}Invoke{suffix}({callId} => new {envelope} {{ {callIdProperty} = {callId}, {caseProperty} = {message} }}){configure};");
        return reply;
    }

    /// <summary>Maps the client's reply (in local <paramref name="reply"/>) back to the callback's ref/out parameters and result.</summary>
    private static void ReadReply(CSharpWriter w, ConversionWriter conversions, OperationModel operation, OperationMethod method, string reply, ProtoMessage replyMessage, ProtoField replyCase,
        RpcPart resultPart, ProtoIndex index, Func<int, string> where)
    {
        var resultName = conversions.Local("result");
        w.Line($"var {resultName} = {reply}.{ProtocNames.Property(replyCase, replyMessage)} ?? throw {RuntimeMapping.Class}.NotSet({CSharpWriter.Literal(where(RpcCode.Result))});");
        var names = RpcShape.ArgumentNames(operation, method);
        string? returned = null;
        foreach (var pair in RpcCode.Read(conversions, index, resultPart, operation, resultName, where))
        {
            if (pair.Key == RpcCode.Result)
            {
                returned = pair.Value;
            }
            else if (names[pair.Key] is { } name)
            {
                w.Line($"{name} = {pair.Value};");
            }
        }

        if (returned is not null)
        {
            w.Line($"return {returned};");
        }
    }

    /// <summary>The oneof cases of an envelope or reply, in order (one per callback, as mapping made them).</summary>
    private static List<ProtoField> Cases(ProtoMessage message) => message.Oneofs.SelectMany(o => o.Fields).ToList();
}
