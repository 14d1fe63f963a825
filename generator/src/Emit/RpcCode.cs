using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Code both sides of an rpc write: a request, response, callback or reply message built from C# values (by operation
/// parameter index, the result as -1) or read back into them, and a call of an operation on an object through the best
/// form it declares (Task, else sync, else Begin/End).
/// </summary>
internal static class RpcCode
{
    /// <summary>The index standing for the operation's result.</summary>
    public const int Result = -1;

    /// <summary>
    /// Writes <c>var {variable} = …</c>: the message of <paramref name="part"/> holding the values <paramref name="valueOf"/>
    /// gives by parameter index (<see cref="Result"/> for the result). Returns the expression of the message.
    /// </summary>
    public static string Build(ConversionWriter conversions, CSharpWriter w, ProtoIndex index, RpcPart part, OperationModel operation, string variable, Func<int, string> valueOf, Func<int, string> where)
    {
        switch (part.Kind)
        {
            case RpcPartKind.Empty:
                return "new global::Google.Protobuf.WellKnownTypes.Empty()";
            case RpcPartKind.Contract:
                var contractIndex = part.IsRequest ? ContractParameter(operation, part) : Result;
                var mapper = index.MapperClass(part.Message!.Origin!.TypeKey!);
                w.Line($"var {variable} = {mapper}.ToMessage({valueOf(contractIndex)} ?? throw {RuntimeMapping.Class}.NotCarried({CSharpWriter.Literal(where(contractIndex))}), 1);");
                return variable;
            default:
                w.Line($"var {variable} = new {part.Class}();");
                foreach (var field in part.Message!.Fields)
                {
                    var parameter = RpcShape.ParameterIndex(field);
                    var hint = parameter == Result ? "value" : operation.Parameters[parameter].Name.TrimStart('@');
                    conversions.ToField(field.Conversion!, field, part.Message, variable, valueOf(parameter), where(parameter), hint);
                }

                return variable;
        }
    }

    /// <summary>The C# values the message in <paramref name="variable"/> holds, by parameter index (<see cref="Result"/> for the result).</summary>
    public static Dictionary<int, string> Read(ConversionWriter conversions, ProtoIndex index, RpcPart part, OperationModel operation, string variable, Func<int, string> where)
    {
        var values = new Dictionary<int, string>();
        switch (part.Kind)
        {
            case RpcPartKind.Contract:
                var contractIndex = part.IsRequest ? ContractParameter(operation, part) : Result;
                values[contractIndex] = $"{index.MapperClass(part.Message!.Origin!.TypeKey!)}.FromMessage({variable}, 1)";
                break;
            case RpcPartKind.Parameters:
                foreach (var field in part.Message!.Fields)
                {
                    var parameter = RpcShape.ParameterIndex(field);
                    values[parameter] = conversions.FromField(field.Conversion!, field, part.Message, variable, where(parameter));
                }

                break;
        }

        return values;
    }

    /// <summary>"Parameter 'x' of Contract.Method" or "The result of Contract.Method", for errors.</summary>
    public static Func<int, string> Where(string owner, OperationModel operation)
        => parameter => parameter == Result ? $"the result of {owner}.{operation.MethodName}" : $"parameter '{operation.Parameters[parameter].Name}' of {owner}.{operation.MethodName}";

    /// <summary>
    /// Writes a call of <paramref name="operation"/> on <paramref name="target"/> through its best form: Task (nothing
    /// blocks), else sync, else Begin/End; an out parameter becomes a local named by <paramref name="argumentOf"/>.
    /// Returns whether the call awaits (the enclosing method must be async), or null when the target cannot be called
    /// (a Begin without End).
    /// </summary>
    /// <param name="argumentOf">The C# expression or local of each parameter (by index).</param>
    /// <param name="outTypes">The declared type of each parameter (by index), for out locals of a Begin/End call.</param>
    /// <param name="result">The local receiving the result, or null when the result is not used.</param>
    /// <param name="accessorOf">For a method generated code cannot call (a private operation of a class contract), the [UnsafeAccessor] standing in for it.</param>
    public static bool? Call(CSharpWriter w, OperationModel operation, string target, Func<int, string> argumentOf, Func<int, string> outTypes, string? result, bool preferSynchronous = false, Func<OperationMethod, string>? accessorOf = null)
    {
        string Invoke(OperationMethod method, string arguments)
            => method.IsAccessible || accessorOf is null ? $"{target}.{method.Name}({arguments})" : $"{accessorOf(method)}({Join(target, arguments)})";

        var methods = operation.Methods;
        var task = methods.FirstOrDefault(m => m.Role == OperationMethodRole.TaskBased);
        var sync = methods.FirstOrDefault(m => m.Role == OperationMethodRole.Synchronous);
        var begin = methods.FirstOrDefault(m => m.Role == OperationMethodRole.Begin);
        var end = methods.FirstOrDefault(m => m.Role == OperationMethodRole.End);
        var assign = result is null ? string.Empty : $"var {result} = ";
        if (task is not null && (sync is null || !preferSynchronous))
        {
            var arguments = Arguments(operation, task, argumentOf, declareOut: true);
            w.Line($"{assign}await {Invoke(task, arguments)}.ConfigureAwait(false);");
            return true;
        }

        if (sync is not null)
        {
            w.Line($"{assign}{Invoke(sync, Arguments(operation, sync, argumentOf, declareOut: true))};");
            return false;
        }

        if (begin is null || end is null)
        {
            return null;
        }

        // Out parameters of End are assigned inside the completion callback, so they are declared before it.
        var outs = RpcShape.ArgumentNames(operation, end).Select((name, i) => (Name: name, Index: i)).Where(p => p.Name is not null && operation.Parameters[p.Index].Direction == ParameterDirection.Out);
        foreach (var (_, i) in outs)
        {
            w.Line($"{outTypes(i)} {argumentOf(i)} = default!;");
        }

        var beginArguments = Arguments(operation, begin, argumentOf, declareOut: false);
        var endArguments = Arguments(operation, end, argumentOf, declareOut: false);
        w.Line($"{assign}await global::System.Threading.Tasks.Task.Factory.FromAsync({Invoke(begin, Join(beginArguments, "null!, null!"))}, asyncResult => {Invoke(end, Join(endArguments, "asyncResult"))}).ConfigureAwait(false);");
        return true;
    }

    /// <summary>The arguments of one form method, with their ref/out modifiers.</summary>
    private static string Arguments(OperationModel operation, OperationMethod method, Func<int, string> argumentOf, bool declareOut)
    {
        var names = RpcShape.ArgumentNames(operation, method);
        var arguments = new List<string>();
        for (var i = 0; i < names.Length; i++)
        {
            if (names[i] is null)
            {
                continue;
            }

            arguments.Add(operation.Parameters[i].Direction switch
            {
                ParameterDirection.Out => declareOut ? "out var " + argumentOf(i) : "out " + argumentOf(i),
                ParameterDirection.Ref => "ref " + argumentOf(i),
                _ => argumentOf(i),
            });
        }

        return string.Join(", ", arguments);
    }

    private static string Join(string first, string more) => first.Length == 0 ? more : more.Length == 0 ? first : first + ", " + more;

    private static int ContractParameter(OperationModel operation, RpcPart part)
    {
        for (var i = 0; i < operation.Parameters.Count; i++)
        {
            if (operation.Parameters[i].Direction != ParameterDirection.Out && operation.Parameters[i].Type.Key == part.Message!.Origin!.TypeKey)
            {
                return i;
            }
        }

        return Result;
    }
}
