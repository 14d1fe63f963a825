using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Writes the client proxy of one contract: a class implementing the original <c>[ServiceContract]</c> interface
/// (every method it declares: sync, Task-based, Begin/End) over the Grpc.Tools-generated <c>{Service}Client</c> and the
/// runtime's <c>ClientProxy</c> (the session, the default deadline, faults back as <c>FaultException&lt;T&gt;</c>,
/// <c>ICommunicationObject</c>). Members are implemented explicitly, as a WCF channel is used through its interface. A
/// duplex proxy takes the callback object and opens the callback stream before its first call; each callback is
/// dispatched to the object in order, a two-way one's result sent back as the reply.
/// </summary>
internal static class ProxyEmitter
{
    // Names the proxy's code writes literally; the request and response locals come from ConversionWriter.Local, which
    // already avoids the method's parameter names.
    private static readonly string[] Reserved = { "call", "result", "envelope", "reply", "stream", "callback", "_client", "_callback" };

    public static string Emit(ProtoFile file, ProtoService service, ServiceContractModel contract, CSharpServicePlan plan, ProtoIndex index, CSharpPlan csharp)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, $"the WCF service contract {contract.Key}");
        w.OpenNamespace(file.CSharpNamespace, index.DeclaredTypeNames);
        var client = "global::" + file.CSharpNamespace + "." + service.Name + "." + ProtocNames.ServiceClient(service);
        var duplex = contract.CallbackCSharpName is not null;
        var callbackParameter = duplex ? $"{contract.CallbackCSharpName} callback, " : string.Empty;
        var callbackArgument = duplex ? "callback, " : string.Empty;
        var faults = "global::" + csharp.Namespace + "." + csharp.FaultsClass + ".Registry";

        w.Summary($"The client of {contract.Key} over gRPC: it implements the contract interface, so callers change only how they obtain it; it is an ICommunicationObject like a WCF proxy, and closing it ends its session on the server.");
        CSharpEmitter.GeneratedCode(w, csharp);
        w.Line($"{CSharpEmitter.Access(plan.IsInternal)} sealed class {plan.Proxy} : global::MigrateWcf.Runtime.ClientProxy, {contract.CSharpName}");
        w.OpenBrace();
        w.Line($"private readonly {client} _client;");
        if (duplex)
        {
            w.Line($"private readonly {contract.CallbackCSharpName} _callback;");
        }

        w.Line();
        w.Summary("A proxy with its own channel to the endpoint, closed when the proxy closes.");
        w.Line($"public {plan.Proxy}({callbackParameter}global::MigrateWcf.Runtime.GrpcEndpoint endpoint, global::MigrateWcf.Runtime.ClientProxyOptions? options = null)");
        w.Line($"    : this({callbackArgument}global::MigrateWcf.Runtime.ProxyChannel.Open(endpoint, options), options)");
        w.Line("{");
        w.Line("}");
        w.Line();
        w.Summary("A proxy over a channel (shared by a client factory, or owned: see ProxyChannel).");
        w.Line($"public {plan.Proxy}({callbackParameter}global::MigrateWcf.Runtime.ProxyChannel channel, global::MigrateWcf.Runtime.ClientProxyOptions? options = null)");
        w.Line($"    : base(channel, {faults}, options)");
        w.OpenBrace();
        if (duplex)
        {
            w.Line("_callback = callback ?? throw new global::System.ArgumentNullException(nameof(callback));");
        }

        w.Line($"_client = new {client}(CallInvoker);");
        w.Close();

        foreach (var rpc in service.Rpcs)
        {
            if (rpc.Origin!.OperationIndex >= 0)
            {
                Operation(w, RpcShape.For(rpc, file, contract, index), contract, index, csharp);
            }
            else
            {
                Callbacks(w, rpc, file, contract, index, csharp);
            }
        }

        AdapterEmitter.OtherMembers(w, contract.OtherMembers);
        w.Close();
        w.Close();
        return w.ToString();
    }

    private static void Operation(CSharpWriter w, RpcShape shape, ServiceContractModel contract, ProtoIndex index, CSharpPlan csharp)
    {
        var operation = shape.Operation;
        var where = RpcCode.Where(contract.ClrName, operation);
        var begin = shape.Begin;
        var streaming = shape.Rpc.ClientStreaming || shape.Rpc.ServerStreaming;
        var core = shape.Rpc.Name + "CoreAsync";
        var needsCore = streaming || begin is not null;
        var owner = operation.DeclaringCSharpName;
        foreach (var method in operation.Methods)
        {
            w.Line();
            var signature = string.Join(", ", method.Parameters.Select(AdapterEmitter.Declaration));
            var names = RpcShape.ArgumentNames(operation, method);
            var conversions = new ConversionWriter(index, w, ConversionWriter.TopDepth, CSharpEmitter.AnyClass(csharp), Reserved.Concat(method.Parameters.Select(p => p.Name.TrimStart('@'))));
            var response = conversions.Local("response");
            switch (method.Role)
            {
                case OperationMethodRole.Begin:
                    var inputs = string.Join(", ", names.Where(n => n is not null));
                    w.Line($"{method.ReturnType} {owner}.{method.Name}({signature})");
                    w.Line($"    => global::System.Threading.Tasks.TaskToAsyncResult.Begin({core}({inputs}), {method.Parameters[method.OperationParameterCount].Name}, {method.Parameters[method.OperationParameterCount + 1].Name});");
                    break;
                case OperationMethodRole.End:
                    w.Open($"{method.ReturnType} {owner}.{method.Name}({signature})");
                    w.Line($"var {response} = global::System.Threading.Tasks.TaskToAsyncResult.End<{CoreResult(shape)}>({method.Parameters[method.OperationParameterCount].Name});");
                    ReadResponse(w, conversions, shape, response, names, index, where);
                    w.Close();
                    break;
                case OperationMethodRole.TaskBased:
                    w.Open($"async {method.ReturnType} {owner}.{method.Name}({signature})");
                    if (needsCore)
                    {
                        w.Line($"var {response} = await {core}({string.Join(", ", names.Where(n => n is not null))}).ConfigureAwait(false);");
                    }
                    else
                    {
                        w.Line("await EnsureOpenedAsync().ConfigureAwait(false);");
                        var request = RpcCode.Build(conversions, w, index, shape.Request, operation, conversions.Local("request"), Inputs(operation, names, where), where);
                        w.Line($"var {response} = await _client.{shape.Rpc.Name}Async({request}).ResponseAsync.ConfigureAwait(false);");
                    }

                    ReadResponse(w, conversions, shape, response, names, index, where);
                    w.Close();
                    break;
                default:
                    w.Open($"{method.ReturnType} {owner}.{method.Name}({signature})");
                    if (shape.Rpc.ClientStreaming)
                    {
                        // The upload is asynchronous; a synchronous caller waits for it off its own context.
                        var arguments = string.Join(", ", names.Where(n => n is not null));
                        w.Line($"var {response} = global::System.Threading.Tasks.Task.Run(() => {core}({arguments})).GetAwaiter().GetResult();");
                    }
                    else
                    {
                        w.Line("EnsureOpened();");
                        var request = RpcCode.Build(conversions, w, index, shape.Request, operation, conversions.Local("request"), Inputs(operation, names, where), where);
                        if (shape.Rpc.ServerStreaming)
                        {
                            var call = conversions.Local("call");
                            w.Line($"var {call} = _client.{shape.Rpc.Name}({request});");
                            w.Line($"var {response} = global::MigrateWcf.Runtime.ByteStreams.ReadStream({call}.ResponseStream, default, {call}, Translate);");
                        }
                        else
                        {
                            // An Empty response carries nothing back.
                            w.Line(shape.Response.Kind == RpcPartKind.Empty
                                ? $"_client.{shape.Rpc.Name}({request});"
                                : $"var {response} = _client.{shape.Rpc.Name}({request});");
                        }
                    }

                    ReadResponse(w, conversions, shape, response, names, index, where);
                    w.Close();
                    break;
            }
        }

        if (needsCore)
        {
            Core(w, shape, core, index, csharp, where);
        }
    }

    /// <summary>
    /// The value the request carries of each parameter (by index): its argument, or for one in an envelope
    /// (MsmqMessage&lt;T&gt;) the envelope's Body, a null envelope refused as WCF refused a null body.
    /// </summary>
    private static Func<int, string> Inputs(OperationModel operation, string?[] names, Func<int, string> where)
        => i => names[i] is not { } name ? "default!"
            : operation.Parameters[i].Envelope is null ? name
            : $"({name} ?? throw {RuntimeMapping.Class}.NotCarried({CSharpWriter.Literal(where(i))})).Body";

    /// <summary>What the core method of an rpc returns: the response message, or the result stream.</summary>
    private static string CoreResult(RpcShape shape) => shape.Rpc.ServerStreaming ? "global::System.IO.Stream" : shape.Response.Class;

    /// <summary>The asynchronous call every form of a streaming or Begin/End operation shares; it returns the response (or result stream).</summary>
    private static void Core(CSharpWriter w, RpcShape shape, string name, ProtoIndex index, CSharpPlan csharp, Func<int, string> where)
    {
        var operation = shape.Operation;
        var types = RpcShape.Parameters(operation);
        var inputs = Enumerable.Range(0, operation.Parameters.Count).Where(i => operation.Parameters[i].Direction != ParameterDirection.Out).ToList();
        var conversions = new ConversionWriter(index, w, ConversionWriter.TopDepth, CSharpEmitter.AnyClass(csharp));
        var names = new string?[operation.Parameters.Count];
        foreach (var i in inputs)
        {
            names[i] = conversions.Local(operation.Parameters[i].Name.TrimStart('@'));
        }

        w.Line();
        w.Open($"private async global::System.Threading.Tasks.Task<{CoreResult(shape)}> {name}({string.Join(", ", inputs.Select(i => (i < types.Count ? types[i].Type : operation.Parameters[i].Type.CSharp!.Name) + " " + names[i]))})");
        w.Line("await EnsureOpenedAsync().ConfigureAwait(false);");
        if (shape.Rpc.ClientStreaming)
        {
            var streamIndex = RpcShape.StreamParameter(operation);
            var stream = streamIndex < 0 ? "global::System.IO.Stream.Null" : StreamArgument(operation, streamIndex, names[streamIndex]!, index, where);
            var call = conversions.Local("call");
            var exception = conversions.Local("exception");
            w.Line($"var {call} = _client.{shape.Rpc.Name}();");
            w.Open("try");
            w.Line($"await global::MigrateWcf.Runtime.ByteStreams.WriteAsync({stream}, {call}.RequestStream).ConfigureAwait(false);");
            w.Line($"await {call}.RequestStream.CompleteAsync().ConfigureAwait(false);");
            w.Close();
            w.Open($"catch (global::Grpc.Core.RpcException {exception})");
            w.Line($"{call}.Dispose();");
            w.Line($"throw Translate({exception});");
            w.Close();
            w.Line();
            if (shape.Rpc.ServerStreaming)
            {
                w.Line($"return global::MigrateWcf.Runtime.ByteStreams.ReadStream({call}.ResponseStream, default, {call}, Translate);");
            }
            else
            {
                w.Open($"using ({call})");
                w.Line($"return await {call}.ResponseAsync.ConfigureAwait(false);");
                w.Close();
            }
        }
        else
        {
            var request = RpcCode.Build(conversions, w, index, shape.Request, operation, conversions.Local("request"), Inputs(operation, names, where), where);
            if (shape.Rpc.ServerStreaming)
            {
                var call = conversions.Local("call");
                w.Line($"var {call} = _client.{shape.Rpc.Name}({request});");
                w.Line($"return global::MigrateWcf.Runtime.ByteStreams.ReadStream({call}.ResponseStream, default, {call}, Translate);");
            }
            else
            {
                w.Line($"return await _client.{shape.Rpc.Name}Async({request}).ResponseAsync.ConfigureAwait(false);");
            }
        }

        w.Close();
    }

    /// <summary>The stream to upload: a Stream argument, or a streamed message contract's body.</summary>
    private static string StreamArgument(OperationModel operation, int streamIndex, string argument, ProtoIndex index, Func<int, string> where)
    {
        var notCarried = $"{RuntimeMapping.Class}.NotCarried({CSharpWriter.Literal(where(streamIndex))})";
        if (operation.Parameters[streamIndex].Type.Shape == TypeShape.Stream)
        {
            return $"({argument} ?? throw {notCarried})";
        }

        var contract = index.DataType(operation.Parameters[streamIndex].Type.Key);
        var body = contract.Members.First(m => !m.IsHeader && m.Type.Shape == TypeShape.Stream);
        return body.Access.Read.Kind == MemberAccessKind.Direct
            ? $"({argument}?.{Discovery.CSharpSpelling.Identifier(body.ClrName)} ?? throw {notCarried})"
            : $"{RuntimeMapping.Class}.CannotRead<global::System.IO.Stream>({CSharpWriter.Literal(contract.Key + "." + body.ClrName)})";
    }

    /// <summary>Maps the response (in local <paramref name="response"/>) back to the method's ref/out parameters and returns the result.</summary>
    private static void ReadResponse(CSharpWriter w, ConversionWriter conversions, RpcShape shape, string response, string?[] names, ProtoIndex index, Func<int, string> where)
    {
        var operation = shape.Operation;
        if (shape.Rpc.ServerStreaming)
        {
            if (operation.ReturnType.Shape == TypeShape.Stream || !index.TryDataType(operation.ReturnType.Key, out var contract))
            {
                w.Line($"return {response};");
                return;
            }

            // A streamed message contract result: its body is the stream, its headers did not travel (WCFM1007).
            var body = contract.Members.First(m => !m.IsHeader && m.Type.Shape == TypeShape.Stream);
            var result = conversions.Local("result");
            w.Line($"var {result} = new {contract.CSharpName}();");
            w.Line(body.Access.Write.Kind == MemberAccessKind.Direct
                ? $"{result}.{Discovery.CSharpSpelling.Identifier(body.ClrName)} = {response};"
                : $"{RuntimeMapping.Class}.CannotWrite({CSharpWriter.Literal(contract.Key + "." + body.ClrName)});");
            w.Line($"return {result};");
            return;
        }

        string? returned = null;
        foreach (var pair in RpcCode.Read(conversions, index, shape.Response, operation, response, where))
        {
            if (pair.Key == RpcCode.Result)
            {
                returned = pair.Value;
            }
            else if (names[pair.Key] is { } name)
            {
                w.Line($"{name} = {CSharpWriter.Unparenthesized(pair.Value)};");
            }
        }

        if (returned is not null)
        {
            w.Line($"return {CSharpWriter.Unparenthesized(returned)};");
        }
    }

    /// <summary>Opens the callback stream when the proxy opens, and dispatches each callback to the callback object.</summary>
    private static void Callbacks(CSharpWriter w, ProtoRpc rpc, ProtoFile file, ServiceContractModel contract, ProtoIndex index, CSharpPlan csharp)
    {
        var envelopeName = rpc.ResponseFullName;
        var envelope = index.Class(envelopeName);
        var (_, envelopeMessage) = index.Message(envelopeName);
        var replyName = rpc.ClientStreaming ? rpc.RequestFullName : null;
        var reply = replyName is null ? null : index.Class(replyName);
        var replyMessage = replyName is null ? null : index.Message(replyName).Message;
        var operations = contract.CallbackOperations;
        var isAsync = operations.Any(o => !o.Methods.Any(m => m.Role == OperationMethodRole.Synchronous));
        var owner = contract.CallbackContractKey!.Substring(contract.CallbackContractKey.LastIndexOf('.') + 1);

        w.Line();
        w.Summary("Opens the session's callback stream before the first call; its callbacks go to the callback object, one at a time, in order.");
        w.Line("protected override global::System.Threading.Tasks.Task OnOpenAsync()");
        w.Line(reply is null
            ? $"    => Session.OpenCallbacksAsync<{envelope}>(callOptions => _client.{rpc.Name}(new global::Google.Protobuf.WellKnownTypes.Empty(), callOptions), DispatchAsync);"
            : $"    => Session.OpenCallbacksAsync<{envelope}, {reply}>(callOptions => _client.{rpc.Name}(callOptions), DispatchAsync);");
        w.Line();
        var returns = reply is null ? "global::System.Threading.Tasks.Task" : $"global::System.Threading.Tasks.Task<{reply}?>";
        w.Open($"private {(isAsync ? "async " : string.Empty)}{returns} DispatchAsync({envelope} envelope)");
        var oneof = envelopeMessage.Oneofs.FirstOrDefault();
        var cases = oneof is null ? new List<ProtoField>() : oneof.Fields.ToList();
        var replyCases = replyMessage?.Oneofs.SelectMany(o => o.Fields).ToList() ?? new List<ProtoField>();
        var callId = envelopeMessage.Fields.FirstOrDefault(f => f.Origin?.Kind == FieldOriginKind.Generated);
        var replyCallId = replyMessage?.Fields.FirstOrDefault(f => f.Origin?.Kind == FieldOriginKind.Generated);
        if (oneof is not null)
        {
            var conversions = new ConversionWriter(index, w, ConversionWriter.TopDepth, CSharpEmitter.AnyClass(csharp), Reserved);
            w.Open($"switch (envelope.{ProtocNames.OneofCaseProperty(oneof)})");
            for (var i = 0; i < operations.Count && i < cases.Count; i++)
            {
                var operation = operations[i];
                var envelopeCase = cases[i];
                var replyCase = replyCases.FirstOrDefault(c => c.Origin?.MemberName == operation.MethodName);
                if (replyCase is not null)
                {
                    replyCases.Remove(replyCase);
                }

                var where = RpcCode.Where(owner, operation);
                var types = RpcShape.Parameters(operation);
                w.Line($"case {envelope}.{ProtocNames.OneofCaseEnum(oneof)}.{ProtocNames.Property(envelopeCase, envelopeMessage)}:");
                w.OpenBrace();
                var names = operation.Parameters.Select(p => conversions.Local(p.Name.TrimStart('@'))).ToArray();
                var casePart = RpcShape.Part(envelopeCase.Reference!.Name, false, index, isRequest: true);
                foreach (var pair in RpcCode.Read(conversions, index, casePart, operation, $"envelope.{ProtocNames.Property(envelopeCase, envelopeMessage)}", where))
                {
                    w.Line($"var {names[pair.Key]} = {pair.Value};");
                }

                var hasResult = replyCase is not null && operation.ReturnType.Shape != TypeShape.Void;
                var result = hasResult ? conversions.Local("result") : null;
                RpcCode.Call(w, operation, "_callback", p => names[p], p => p < types.Count ? types[p].Type : operation.Parameters[p].Type.CSharp!.Name, result, preferSynchronous: true);
                if (replyCase is not null)
                {
                    var resultPart = RpcShape.Part(replyCase.Reference!.Name, false, index, isRequest: false);
                    var message = RpcCode.Build(conversions, w, index, resultPart, operation, conversions.Local("answer"), p => p == RpcCode.Result ? result! : names[p], where);
                    var answer = $"new {reply} {{ {ProtocNames.Property(replyCallId!, replyMessage!)} = envelope.{ProtocNames.Property(callId!, envelopeMessage)}, {ProtocNames.Property(replyCase, replyMessage!)} = {message} }}";
                    w.Line(isAsync ? $"return {answer};" : $"return global::System.Threading.Tasks.Task.FromResult<{reply}?>({answer});");
                }
                else
                {
                    w.Line(reply is null ? (isAsync ? "return;" : "return global::System.Threading.Tasks.Task.CompletedTask;") : (isAsync ? "return null;" : $"return global::System.Threading.Tasks.Task.FromResult<{reply}?>(null);"));
                }

                w.Close();
            }

            w.Close();
            w.Line();
        }

        // A case this proxy does not know (a newer service) is ignored.
        if (reply is not null || !isAsync)
        {
            w.Line(reply is null ? "return global::System.Threading.Tasks.Task.CompletedTask;" : isAsync ? "return null;" : $"return global::System.Threading.Tasks.Task.FromResult<{reply}?>(null);");
        }

        w.Close();
    }
}
