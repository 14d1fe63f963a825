using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Discovery;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Writes the service adapter of one contract: a class deriving from the Grpc.Tools-generated <c>{Service}Base</c>,
/// generic over the implementation class (hosting picks it, so a contract several classes implement can be served by
/// any of them). Each rpc maps its request (a message the C# types cannot hold is INVALID_ARGUMENT), calls the
/// implementation through the runtime's <c>ServiceInvoker</c> (WCF instancing, concurrency, faults, one-way) with the
/// best form the contract declares (Task, else sync, else Begin/End), and maps the result and ref/out parameters. A
/// duplex contract's Callbacks rpc binds the generated callback proxy: the server's implementation of the callback
/// interface over the session's stream, which <c>OperationContext.Current.GetCallbackChannel&lt;T&gt;()</c> returns.
/// </summary>
internal static partial class AdapterEmitter
{
    private static readonly string[] Reserved = { "request", "requestStream", "responseStream", "context", "service", "result", "response", "exception", "stream", "cancellationToken", "message", "input", "output" };

    public static string Emit(ProtoFile file, ProtoService service, ServiceContractModel contract, CSharpServicePlan plan, ProtoIndex index, CSharpPlan csharp)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, $"the WCF service contract {contract.Key}");
        w.OpenNamespace(file.CSharpNamespace, index.DeclaredTypeNames);
        var serviceClass = "global::" + file.CSharpNamespace + "." + service.Name;
        w.Summary($"Serves {contract.Key} over gRPC: each rpc maps its request, calls the implementation through the runtime's ServiceInvoker (WCF instancing, concurrency, faults and one-way), and maps the result.");
        w.Line("/// <typeparam name=\"TService\">");
        w.Line($"/// The implementation, with its InstanceContextMode and ConcurrencyMode ({csharp.HostingClass}.AddMigratedServices).");
        w.Line("/// </typeparam>");
        CSharpEmitter.GeneratedCode(w, csharp);
        w.Line($"{CSharpEmitter.Access(plan.IsInternal)} sealed class {plan.Adapter}<TService> : {serviceClass}.{ProtocNames.ServiceBase(service)}");
        w.Line(contract.IsClass ? $"    where TService : {contract.CSharpName}" : $"    where TService : class, {contract.CSharpName}");
        w.OpenBrace();
        w.Line("private readonly global::MigrateWcf.Runtime.ServiceInvoker<TService> _invoker;");
        w.Line();
        w.Summary("An adapter over the invoker that hosting registered for TService (AddWcfService).");
        w.Open($"public {plan.Adapter}(global::MigrateWcf.Runtime.ServiceInvoker<TService> invoker)");
        w.Line("_invoker = invoker;");
        w.Close();
        var accessors = new List<(OperationMethod Method, string Name, string Declaring)>();
        string Accessor(OperationMethod method, OperationModel operation)
        {
            var name = plan.Adapter + "Accessors." + method.MetadataName + (accessors.Count + 1).ToString(System.Globalization.CultureInfo.InvariantCulture);
            accessors.Add((method, name.Substring(name.IndexOf('.') + 1), operation.DeclaringCSharpName));
            return name;
        }

        foreach (var rpc in service.Rpcs)
        {
            w.Line();
            if (rpc.Origin!.OperationIndex >= 0)
            {
                Operation(w, RpcShape.For(rpc, file, contract, index), contract, index, csharp, Accessor);
            }
            else
            {
                Callbacks(w, rpc, file, plan, index);
            }
        }

        w.Close();
        if (accessors.Count > 0)
        {
            // A private operation of a contract declared on a class: WCF calls it by reflection, the adapter through an
            // [UnsafeAccessor] (in a non-generic class: the adapter is generic over the implementation).
            w.Line();
            w.Open($"file static class {plan.Adapter}Accessors");
            foreach (var (method, name, declaring) in accessors)
            {
                var parameters = method.Parameters.Select(Declaration).Prepend(declaring + " target");
                w.Line($"[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.Method, Name = {CSharpWriter.Literal(method.MetadataName)})]");
                w.Line($"public static extern {method.ReturnType} {name}({string.Join(", ", parameters)});");
            }

            w.Close();
        }
        if (plan.CallbackProxy is not null)
        {
            w.Line();
            CallbackProxy(w, file, service, contract, plan, index, csharp);
        }

        w.Close();
        return w.ToString();
    }

    private static void Operation(CSharpWriter w, RpcShape shape, ServiceContractModel contract, ProtoIndex index, CSharpPlan csharp, Func<OperationMethod, OperationModel, string> accessor)
    {
        Func<OperationMethod, string> accessorOf = method => accessor(method, shape.Operation);
        var rpc = shape.Rpc;
        var operation = shape.Operation;
        var where = RpcCode.Where(contract.ClrName, operation);
        var types = RpcShape.Parameters(operation);
        var requestParameter = rpc.ClientStreaming
            ? $"global::Grpc.Core.IAsyncStreamReader<{shape.Request.Class}> requestStream"
            : $"{shape.Request.Class} request";
        var responseParameter = rpc.ServerStreaming ? $", global::Grpc.Core.IServerStreamWriter<{shape.Response.Class}> responseStream" : string.Empty;
        var returns = rpc.ServerStreaming ? "global::System.Threading.Tasks.Task" : $"global::System.Threading.Tasks.Task<{shape.Response.Class}>";
        w.Summary($"{contract.ClrName}.{operation.MethodName}{(operation.IsOneWay ? " (one-way: acknowledged once queued, then run in the background)" : string.Empty)}.");
        w.Open($"public override {returns} {rpc.Name}({requestParameter}{responseParameter}, global::Grpc.Core.ServerCallContext context)");
        var conversions = new ConversionWriter(index, w, ConversionWriter.TopDepth, CSharpEmitter.AnyClass(csharp), Reserved);
        var names = operation.Parameters.Select(p => conversions.ParameterLocal(Local(p.Name))).ToArray();
        // A parameter in an envelope (MsmqMessage<T>) is read from the request as its body's type, and wrapped for the call.
        var typeOf = new Func<int, string>(i => i < types.Count && operation.Parameters[i].Envelope is null ? types[i].Type : operation.Parameters[i].Type.CSharp!.Name);

        if (!CanCall(operation))
        {
            w.Line($"throw new global::Grpc.Core.RpcException(new global::Grpc.Core.Status(global::Grpc.Core.StatusCode.Unimplemented, {CSharpWriter.Literal($"{contract.ClrName}.{operation.MethodName} has a Begin method without End method; it cannot be called.")}));");
            w.Close();
            return;
        }

        // The request is mapped before the call waits for its instance; the invoker's ReadRequest turns a message the C#
        // types cannot hold into the caller's error, in one place.
        var arguments = new Dictionary<int, string>();
        if (!rpc.ClientStreaming && shape.Request.Kind != RpcPartKind.Empty)
        {
            ReadRequest(w, conversions, shape, operation, index, where, names, typeOf, arguments);
        }

        for (var i = 0; i < names.Length; i++)
        {
            if (operation.Parameters[i].Direction == ParameterDirection.Out)
            {
                arguments[i] = names[i];
            }
        }

        var streamIndex = rpc.ClientStreaming ? RpcShape.StreamParameter(operation) : -1;
        string Argument(int i) => !arguments.TryGetValue(i, out var argument) ? "default!"
            : operation.Parameters[i].Envelope is { CSharpType: { } envelope } ? $"new {envelope}({argument})"
            : argument;

        if (operation.IsOneWay && !rpc.ClientStreaming && !rpc.ServerStreaming)
        {
            var task = IsAsync(operation);
            w.Line($"return _invoker.InvokeOneWay(context, {(task ? "async " : string.Empty)}(service, _) =>");
            w.OpenBrace();
            RpcCode.Call(w, operation, "service", Argument, typeOf, result: null, accessorOf: accessorOf);
            w.Close(");");
            w.Close();
            return;
        }

        var isAsync = IsAsync(operation) || rpc.ServerStreaming;
        var invoke = rpc.ServerStreaming ? "InvokeAsync" : isAsync ? "InvokeAsync" : "Invoke";
        var token = rpc.ClientStreaming || rpc.ServerStreaming ? "cancellationToken" : "_";
        w.Line($"return _invoker.{invoke}(context, {(isAsync ? "async " : string.Empty)}(service, {token}) =>");
        w.OpenBrace();
        if (rpc.ClientStreaming)
        {
            var input = ReadStream(w, operation, streamIndex, index, "requestStream");
            if (streamIndex >= 0)
            {
                arguments[streamIndex] = input;
            }
        }

        var hasResult = operation.ReturnType.Shape != TypeShape.Void;
        RpcCode.Call(w, operation, "service", Argument, typeOf, hasResult ? "result" : null, accessorOf: accessorOf);
        if (rpc.ServerStreaming)
        {
            var output = ResultStream(operation, index);
            w.Open($"if ({output} is {{ }} output)");
            w.Open("using (output)");
            w.Line("await global::MigrateWcf.Runtime.ByteStreams.WriteAsync(output, responseStream, cancellationToken).ConfigureAwait(false);");
            w.Close();
            w.Close();
        }
        else
        {
            var response = RpcCode.Build(conversions, w, index, shape.Response, operation, "response", i => i == RpcCode.Result ? "result" : Argument(i), where);
            w.Line($"return {response};");
        }

        w.Close(");");
        w.Close();
    }

    /// <summary>
    /// Writes the locals of the parameters the request carries, read by one static lambda through the invoker's
    /// <c>ReadRequest</c>: <c>var id = …</c> for one, <c>var (a, b) = …</c> for more; a lambda body only when a value
    /// needs statements (a collection built by a loop).
    /// </summary>
    private static void ReadRequest(CSharpWriter w, ConversionWriter conversions, RpcShape shape, OperationModel operation, ProtoIndex index, Func<int, string> where,
        string[] names, Func<int, string> typeOf, Dictionary<int, string> arguments)
    {
        List<(int Parameter, string Value)> Values()
            => RpcCode.Read(conversions, index, shape.Request, operation, "request", where)
                .OrderBy(pair => pair.Key)
                .Select(pair => (pair.Key, pair.Value == "default" ? $"default({typeOf(pair.Key)})" : pair.Value))
                .ToList();

        // One value is the lambda's body; several are a tuple, one element per line when they do not fit on one.
        string Result(List<(int Parameter, string Value)> values, string indent)
        {
            var parts = values.Select(v => CSharpWriter.Unparenthesized(v.Value)).ToList();
            if (parts.Count == 1)
            {
                return parts[0];
            }

            var single = "(" + string.Join(", ", parts) + ")";
            return w.Fits(DeclarationText(values) + " = _invoker.ReadRequest(request, static request => " + single + ");") ? single
                : "(\n" + string.Join(",\n", parts.Select(p => indent + p)) + ")";
        }

        string DeclarationText(List<(int Parameter, string Value)> values)
            => values.Count == 1
                ? $"{typeOf(values[0].Parameter)} {names[values[0].Parameter]}"
                : "var (" + string.Join(", ", values.Select(v => names[v.Parameter])) + ")";

        string Declaration(List<(int Parameter, string Value)> values)
        {
            foreach (var (parameter, _) in values)
            {
                arguments[parameter] = names[parameter];
            }

            return DeclarationText(values);
        }

        List<(int Parameter, string Value)>? inline = null;
        var elementIndent = new string(' ', (w.Indent + 1) * 4);
        if (conversions.Inline(() => Result(inline = Values(), elementIndent)) is { } expression)
        {
            if (inline!.Count > 0)
            {
                var line = $"{Declaration(inline)} = _invoker.ReadRequest(request, static request => ";
                w.Line(w.Fits(line + expression + ");") || expression.StartsWith("(\n", StringComparison.Ordinal)
                    ? $"{line}{expression});"
                    : $"{line.TrimEnd()}\n{elementIndent}{expression});");
            }

            return;
        }

        // The failed attempt wrote nothing and named the same parameters.
        w.Line($"{Declaration(inline!)} = _invoker.ReadRequest(request, static request =>");
        w.OpenBrace();
        var values = Values();
        w.Line($"return {Result(values, new string(' ', (w.Indent + 1) * 4))};");
        w.Close(");");
        w.Line();
    }

    /// <summary>Declares the stream a streamed request is read through (a Stream parameter, or a message contract holding it); returns the argument.</summary>
    private static string ReadStream(CSharpWriter w, OperationModel operation, int streamIndex, ProtoIndex index, string chunks)
    {
        w.Line($"using var stream = global::MigrateWcf.Runtime.ByteStreams.ReadStream({chunks}, cancellationToken);");
        if (streamIndex < 0 || operation.Parameters[streamIndex].Type.Shape == TypeShape.Stream)
        {
            return "stream";
        }

        // A streamed message contract: the stream is its body member; its headers do not travel (WCFM1007).
        var contract = index.DataType(operation.Parameters[streamIndex].Type.Key);
        var body = contract.Members.First(m => !m.IsHeader && m.Type.Shape == TypeShape.Stream);
        w.Line($"var message = new {contract.CSharpName}();");
        w.Line(body.Access.Write.Kind == MemberAccessKind.Direct
            ? $"message.{CSharpSpelling.Identifier(body.ClrName)} = stream;"
            : $"{RuntimeMapping.Class}.CannotWrite({CSharpWriter.Literal(contract.Key + "." + body.ClrName)});");
        return "message";
    }

    /// <summary>The stream a streamed result is read from: the result, or its message contract's body member.</summary>
    private static string ResultStream(OperationModel operation, ProtoIndex index)
    {
        if (operation.ReturnType.Shape == TypeShape.Stream || !index.TryDataType(operation.ReturnType.Key, out var contract))
        {
            return "result";
        }

        var body = contract.Members.First(m => !m.IsHeader && m.Type.Shape == TypeShape.Stream);
        return body.Access.Read.Kind == MemberAccessKind.Direct ? $"result?.{CSharpSpelling.Identifier(body.ClrName)}" : "(global::System.IO.Stream?)null";
    }

    /// <summary>
    /// Members of a contract or callback interface that are no operations: a WCF proxy throws NotSupportedException when
    /// one is used, and so do the generated proxies.
    /// </summary>
    public static void OtherMembers(CSharpWriter w, EquatableArray<ContractMember> members)
    {
        foreach (var member in members)
        {
            var refused = $"throw new global::System.NotSupportedException({CSharpWriter.Literal($"{member.Name} is no operation ([OperationContract]) of {member.DeclaringInterface.Replace("global::", string.Empty)}; a WCF proxy does not support it either.")})";
            w.Line();
            switch (member.Kind)
            {
                case ContractMemberKind.Method:
                    w.Line($"{member.Type} {member.DeclaringInterface}.{member.Name}({string.Join(", ", member.Parameters.Select(Declaration))})");
                    w.Line($"    => {refused};");
                    break;
                case ContractMemberKind.Property:
                    var name = member.Name == "this" ? $"this[{string.Join(", ", member.Parameters.Select(Declaration))}]" : member.Name;
                    w.Open($"{member.Type} {member.DeclaringInterface}.{name}");
                    if (member.HasGetter)
                    {
                        w.Line($"get => {refused};");
                    }

                    if (member.HasSetter)
                    {
                        w.Line($"set => {refused};");
                    }

                    w.Close();
                    break;
                default:
                    w.Open($"event {member.Type} {member.DeclaringInterface}.{member.Name}");
                    w.Line($"add => {refused};");
                    w.Line($"remove => {refused};");
                    w.Close();
                    break;
            }
        }
    }

    /// <summary>A parameter as an implementing method declares it.</summary>
    public static string Declaration(MethodParameter parameter) => parameter.Direction switch
    {
        ParameterDirection.Out => "out " + parameter.Type + " " + parameter.Name,
        ParameterDirection.Ref => "ref " + parameter.Type + " " + parameter.Name,
        _ => parameter.Type + " " + parameter.Name,
    };

    /// <summary>Whether some form can be called: Task, sync, or a Begin with its End.</summary>
    public static bool CanCall(OperationModel operation)
        => operation.Methods.Any(m => m.Role is OperationMethodRole.TaskBased or OperationMethodRole.Synchronous)
            || operation.Methods.Any(m => m.Role == OperationMethodRole.Begin) && operation.Methods.Any(m => m.Role == OperationMethodRole.End);

    /// <summary>Whether the form <see cref="RpcCode.Call"/> picks awaits: Task, or Begin/End when there is no sync method.</summary>
    public static bool IsAsync(OperationModel operation)
        => operation.Methods.Any(m => m.Role == OperationMethodRole.TaskBased) || !operation.Methods.Any(m => m.Role == OperationMethodRole.Synchronous);

    /// <summary>A local named after a parameter (its C# identifier without '@').</summary>
    private static string Local(string name) => name.TrimStart('@');
}
