using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>What one side of an rpc carries.</summary>
internal enum RpcPartKind
{
    /// <summary><c>google.protobuf.Empty</c>: no parameters, no result, or one-way.</summary>
    Empty,

    /// <summary>The operation's request or response message: parameters, result, ref/out parameters by field.</summary>
    Parameters,

    /// <summary>A [MessageContract] parameter or result: the data type's own message.</summary>
    Contract,

    /// <summary>A <c>Stream</c> (or a streamed message contract's body) as <c>BytesValue</c> chunks.</summary>
    Stream,
}

/// <summary>One side of an rpc: its kind, proto message and C# class; <paramref name="IsRequest"/> tells a message contract parameter from a result.</summary>
internal sealed record RpcPart(RpcPartKind Kind, string FullName, string Class, ProtoFile? File, ProtoMessage? Message, bool IsRequest);

/// <summary>
/// An rpc of an operation with what the C# emitters need around it: the operation (by the rpc's index), its request and
/// response, which parameter each request and response field holds, and the C# methods the contract declares for it.
/// </summary>
internal sealed class RpcShape
{
    private RpcShape(ProtoRpc rpc, OperationModel operation, RpcPart request, RpcPart response)
    {
        Rpc = rpc;
        Operation = operation;
        Request = request;
        Response = response;
    }

    public ProtoRpc Rpc { get; }

    public OperationModel Operation { get; }

    public RpcPart Request { get; }

    public RpcPart Response { get; }

    public OperationMethod? Synchronous => Method(OperationMethodRole.Synchronous);

    public OperationMethod? TaskBased => Method(OperationMethodRole.TaskBased);

    public OperationMethod? Begin => Method(OperationMethodRole.Begin);

    public OperationMethod? End => Method(OperationMethodRole.End);

    public static RpcShape For(ProtoRpc rpc, ProtoFile file, ServiceContractModel contract, ProtoIndex index)
        => new(rpc, contract.Operations[rpc.Origin!.OperationIndex], Part(rpc.RequestFullName, rpc.ClientStreaming, index, isRequest: true), Part(rpc.ResponseFullName, rpc.ServerStreaming, index, isRequest: false));

    public static RpcPart Part(string fullName, bool streaming, ProtoIndex index, bool isRequest)
    {
        if (streaming)
        {
            return new RpcPart(RpcPartKind.Stream, fullName, index.Class(fullName), null, null, isRequest);
        }

        if (fullName == "google.protobuf.Empty")
        {
            return new RpcPart(RpcPartKind.Empty, fullName, index.Class(fullName), null, null, isRequest);
        }

        var (messageFile, message) = index.Message(fullName);
        var kind = message.Origin?.Kind == MessageOriginKind.DataType ? RpcPartKind.Contract : RpcPartKind.Parameters;
        return new RpcPart(kind, fullName, index.Class(fullName), messageFile, message, isRequest);
    }

    /// <summary>The index in <see cref="OperationModel.Parameters"/> of the parameter a field holds (mapping recorded it);
    /// -1 for the result.</summary>
    public static int ParameterIndex(ProtoField field) => field.Origin?.ParameterIndex ?? -1;

    /// <summary>
    /// The C# parameters of the operation in <see cref="OperationModel.Parameters"/> order, as the primary method declares
    /// them: the sync or Task method's, else Begin's operation parameters followed by End's.
    /// </summary>
    public static List<MethodParameter> Parameters(OperationModel operation)
    {
        var primary = operation.Methods.FirstOrDefault(m => m.Role == OperationMethodRole.Synchronous)
            ?? operation.Methods.FirstOrDefault(m => m.Role == OperationMethodRole.TaskBased);
        return primary is not null
            ? primary.Parameters.ToList()
            : operation.Methods.Where(m => m.Role is OperationMethodRole.Begin or OperationMethodRole.End)
                .SelectMany(m => m.Parameters.Take(m.OperationParameterCount)).ToList();
    }

    /// <summary>The C# type of the operation's result (the sync method's return, the Task's result, End's return); null for none.</summary>
    public static string? ResultType(OperationModel operation)
    {
        if (operation.ReturnType.Shape == TypeShape.Void)
        {
            return null;
        }

        foreach (var method in operation.Methods)
        {
            switch (method.Role)
            {
                case OperationMethodRole.Synchronous:
                case OperationMethodRole.End:
                    return method.ReturnType;
                case OperationMethodRole.TaskBased when method.ResultType is not null:
                    return method.ResultType;
            }
        }

        return null;
    }

    /// <summary>The parameter that is the rpc's byte stream: a Stream, else a streamed message contract; -1 for none.</summary>
    public static int StreamParameter(OperationModel operation)
    {
        var inputs = operation.Parameters.Select((p, i) => (Parameter: p, Index: i)).Where(p => p.Parameter.Direction != ParameterDirection.Out).ToList();
        var stream = inputs.FirstOrDefault(p => p.Parameter.Type.Shape == TypeShape.Stream);
        if (stream.Parameter is not null)
        {
            return stream.Index;
        }

        var contract = inputs.FirstOrDefault(p => p.Parameter.Type.Shape == TypeShape.DataType);
        return contract.Parameter is null ? -1 : contract.Index;
    }

    /// <summary>
    /// For each parameter of <paramref name="operation"/> (by index), its name in <paramref name="method"/>, or null when
    /// that method does not declare it: a sync or Task method declares all; Begin the first ones, End the rest.
    /// </summary>
    public static string?[] ArgumentNames(OperationModel operation, OperationMethod method)
    {
        var names = new string?[operation.Parameters.Count];
        for (var i = 0; i < method.OperationParameterCount && method.FirstOperationParameter + i < names.Length; i++)
        {
            names[method.FirstOperationParameter + i] = method.Parameters[i].Name;
        }

        return names;
    }

    private OperationMethod? Method(OperationMethodRole role) => Operation.Methods.FirstOrDefault(m => m.Role == role);
}
