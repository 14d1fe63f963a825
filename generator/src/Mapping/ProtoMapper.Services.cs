using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

internal sealed partial class ProtoMapper
{
    // ───────────────────────────── services ─────────────────────────────

    private ProtoService MapService(ServicePlan plan, ref int cleanOperations)
    {
        var service = plan.Model;
        var scope = MappingScope.ForItem(plan.Package, plan.CSharpNamespace);
        if (service.IsClass)
        {
            Report(scope, FindingMessages.ServiceContractOnClass, service.Position, service.Key);
        }

        if (service.Operations.Count == 0)
        {
            Report(scope, FindingMessages.ContractWithoutOperations, service.Position, service.Key);
        }

        if (service.UsesXmlSerializer)
        {
            Report(scope, FindingMessages.XmlSerializerFormat, service.Position, service.Key);
        }

        if (service.SessionMode == SessionModeValue.Required)
        {
            Report(scope, FindingMessages.SessionRequired, service.Position, service.Key);
        }

        var overloaded = new HashSet<string>(
            service.Operations.GroupBy(o => OperationNames.Stem(o.MethodName), StringComparer.Ordinal).Where(g => g.Count() > 1).Select(g => g.Key),
            StringComparer.Ordinal);

        // The service definition's references are its rpcs' request and response types; each operation is its own item.
        var rpcs = new List<ProtoRpc>();
        foreach (var operation in plan.Operations)
        {
            var operationScope = scope.ForNextItem();
            var rpc = MapOperation(plan, operation, operationScope, overloaded.Contains(OperationNames.Stem(operation.Operation.MethodName)));
            rpcs.Add(rpc with { Origin = rpc.Origin! with { OperationIndex = rpcs.Count } });
            scope.References.UnionWith(operationScope.References);
            if (operationScope.Item.IsClean)
            {
                cleanOperations++;
            }
        }

        if (plan.CallbackRpc is not null)
        {
            rpcs.Add(MapCallbacks(plan, scope.ForNextItem(), scope));
        }

        Report(scope, FindingMessages.ServiceContractMapped, service.Position, service.Key, plan.Package + "." + plan.Name, rpcs.Count.ToString(CultureInfo.InvariantCulture));
        var protoService = new ProtoService(plan.Name, Comment(service.Documentation, service.Key), rpcs.ToEquatableArray(), service.Key);
        _serviceReferences[service.Key] = scope.References;
        return protoService;
    }

    private readonly Dictionary<string, HashSet<string>> _serviceReferences = new(StringComparer.Ordinal);

    /// <summary>The rpc of one operation; <paramref name="scope"/> is the operation's (its rpc's references, its cleanliness).</summary>
    private ProtoRpc MapOperation(ServicePlan service, OperationPlan plan, MappingScope scope, bool overloaded)
    {
        var operation = plan.Operation;
        var name = $"{service.Model.ClrName}.{operation.MethodName}";
        var where = $"'{name}'";
        var notes = new List<string>();
        if (plan.DuplicateName)
        {
            var sameName = service.Model.Operations.Where(o => o != operation && o.Name == operation.Name).Select(o => o.Position);
            // The fix gives the operation this name, so the rpc keeps the name it has today.
            Report(scope.Item, Finding.Create(FindingMessages.DuplicateOperationName, operation.Position, name, operation.Name, plan.Rpc).WithAdditionalPositions(sameName) with
            {
                Properties = new[] { new FindingProperty(DuplicateOperationNameProperties.UniqueName, plan.Rpc) }.ToEquatableArray(),
            });
        }
        else if (overloaded)
        {
            var overloads = service.Model.Operations.Where(o => o != operation && OperationNames.Stem(o.MethodName) == OperationNames.Stem(operation.MethodName)).Select(o => o.Position);
            Report(scope.Item, Finding.Create(FindingMessages.OverloadedOperation, operation.Position, name, plan.Rpc).WithAdditionalPositions(overloads));
        }

        if (operation.IsOneWay)
        {
            Report(scope, FindingMessages.OneWayOperation, operation.Position, name);
            notes.Add("One-way in WCF: the client shim does not wait for the service's work.");
        }

        if (operation.Faults.Count > 0)
        {
            var faults = string.Join(", ", operation.Faults.Select(f => $"{f.Display} → {FaultStatus(f.Display)}"));
            Report(scope, FindingMessages.FaultContract, operation.Position, name, string.Join(", ", operation.Faults.Select(f => f.Display)));
            // Fault detail types are mapped as messages like every discovered type; the service file names them only in
            // this comment, so it does not import them (protoc warns about unused imports).
            notes.Add($"Faults (status code, detail in grpc-status-details-bin): {faults}.");
        }

        var refOut = operation.Parameters.Where(p => p.Direction != ParameterDirection.In).ToList();
        if (refOut.Count > 0)
        {
            Report(scope, FindingMessages.RefOutParameter, operation.Position, name, string.Join(", ", refOut.Select(p => p.Name)));
        }

        if (operation.TransactionFlow is { } flow)
        {
            Report(scope, FindingMessages.TransactionFlow, operation.Position, name, flow);
        }

        if (!operation.IsInitiating || operation.IsTerminating)
        {
            Report(scope, FindingMessages.InitiatingTerminating, operation.Position, name, operation.IsInitiating ? "true" : "false", operation.IsTerminating ? "true" : "false");
        }

        // MSMQ integration's operations take any action (an MSMQ message has none) with a typed MsmqMessage<T>, which
        // travels as T (WCFM1027): nothing untyped is left to report.
        if (operation.Action == "*" && !operation.Parameters.Any(p => p.Envelope is not null))
        {
            Report(scope, FindingMessages.UntypedMessage, operation.Position, name);
        }

        if (operation.Forms == OperationForms.Synchronous)
        {
            Report(scope, FindingMessages.SynchronousOperation, operation.Position, name);
        }

        if (operation.Forms != OperationForms.Synchronous && operation.Forms != OperationForms.None)
        {
            notes.Add($"Declared as {FormsText(operation.Forms)} in C#; one rpc.");
        }

        var web = operation.WebHttp is { } webHttp ? PlanWeb(operation, webHttp) : null;
        ProtoMessage? requestMessage = null;
        ProtoMessage? responseMessage = null;

        // Request.
        string requestType;
        string requestFullName;
        var inputs = operation.Parameters.Where(p => p.Direction != ParameterDirection.Out).ToList();
        if (plan.StreamIn)
        {
            Report(scope, FindingMessages.StreamParameter, operation.Position, name);
            var others = inputs.Where(p => p.Type.Shape != TypeShape.Stream && plan.StreamedRequestContract is null).Select(p => p.Name).Concat(StreamCompanions(plan.StreamedRequestContract)).ToList();
            if (others.Count > 0 || inputs.Count(p => p.Type.Shape == TypeShape.Stream) > 1)
            {
                Report(scope, FindingMessages.StreamWithOtherParameters, operation.Position, name, string.Join(", ", others));
            }

            requestType = Reference(scope, requestFullName = "google.protobuf.BytesValue");
        }
        else if (plan.RequestContract is { } requestContract)
        {
            Report(scope, FindingMessages.MessageContractRequest, operation.Position, name, requestContract.Model.Key);
            requestType = Reference(scope, requestFullName = requestContract.FullName);
        }
        else if (plan.RequestName is { } requestName)
        {
            requestType = requestName;
            requestFullName = scope.Package + "." + requestName;
            var fields = Parts(operation, p => p.Direction != ParameterDirection.Out);
            var origin = new MessageOrigin(MessageOriginKind.Request, operation.DeclaringContractKey, operation.MethodName, operation.Name);
            var request = OperationMessage(service, scope.Nested(), requestName, origin, plan.Request!.Key, fields, $"Request of {service.Name}.{plan.Rpc}: its parameters.", where, operation.Position, web?.RequestJsonNames);
            requestMessage = request.Message;
            service.Definitions.Add(request);
        }
        else
        {
            requestType = Reference(scope, requestFullName = "google.protobuf.Empty");
        }

        // Response.
        string responseType;
        string responseFullName;
        var outputs = operation.Parameters.Where(p => p.Direction != ParameterDirection.In).ToList();
        if (plan.StreamOut)
        {
            Report(scope, FindingMessages.StreamResult, operation.Position, name);
            var others = outputs.Select(p => p.Name).Concat(StreamCompanions(plan.StreamedResponseContract)).ToList();
            if (others.Count > 0)
            {
                Report(scope, FindingMessages.StreamWithOtherResults, operation.Position, name, string.Join(", ", others));
            }

            responseType = Reference(scope, responseFullName = "google.protobuf.BytesValue");
        }
        else if (plan.ResponseContract is { } responseContract)
        {
            Report(scope, FindingMessages.MessageContractResponse, operation.Position, name, responseContract.Model.Key);
            responseType = Reference(scope, responseFullName = responseContract.FullName);
        }
        else if (plan.ResponseName is { } responseName)
        {
            responseType = responseName;
            responseFullName = scope.Package + "." + responseName;
            var fields = ResultParts(operation);
            var origin = new MessageOrigin(MessageOriginKind.Response, operation.DeclaringContractKey, operation.MethodName, operation.Name);
            var response = OperationMessage(service, scope.Nested(), responseName, origin, plan.Response!.Key, fields, $"Response of {service.Name}.{plan.Rpc}: its result{(outputs.Count > 0 ? " and ref/out parameters" : string.Empty)}.", where, operation.Position, web?.ResponseJsonNames);
            responseMessage = response.Message;
            service.Definitions.Add(response);
        }
        else
        {
            if (operation.IsOneWay && operation.ReturnType.Shape != TypeShape.Void)
            {
                Report(scope, FindingMessages.OneWayResultIgnored, operation.Position, name);
            }

            responseType = Reference(scope, responseFullName = "google.protobuf.Empty");
        }

        var http = web is null ? null : MapWeb(plan, web, scope, name, requestMessage, responseMessage);
        if (http is not null)
        {
            notes.Add($"REST in WCF ({operation.WebHttp!.Method} {operation.WebHttp.UriTemplate ?? "(no UriTemplate)"}): served over HTTP/JSON by JSON transcoding.");
        }

        var comment = string.Join(" ", new[] { operation.Documentation }.Concat(notes).Where(t => t is not null));
        return new ProtoRpc(plan.Rpc, requestType, responseType, plan.StreamIn, plan.StreamOut, comment.Length == 0 ? null : comment,
            new RpcOrigin(operation.DeclaringContractKey, operation.Name, operation.MethodName))
        {
            Http = http,
            RequestFullName = requestFullName,
            ResponseFullName = responseFullName,
        };
    }

    /// <summary>One field of an operation message: its lock key (the C# parameter name, or <c>result</c>), type and origin.</summary>
    private sealed record MessagePart(string Key, TypeRef Type, string? Documentation, FieldOrigin Origin);

    /// <summary>The parameters of <paramref name="operation"/> that <paramref name="carried"/> selects, as message parts that
    /// know their parameter's index.</summary>
    private static List<MessagePart> Parts(OperationModel operation, Func<ParameterModel, bool> carried)
        => operation.Parameters
            .Select((p, i) => (Parameter: p, Index: i))
            .Where(p => carried(p.Parameter))
            .Select(p => new MessagePart(p.Parameter.Name, p.Parameter.Type, p.Parameter.Documentation,
                new FieldOrigin(FieldOriginKind.Parameter, operation.DeclaringContractKey, p.Parameter.Name, p.Parameter.Direction) { ParameterIndex = p.Index }))
            .ToList();

    /// <summary>The result (when there is one), then the ref and out parameters.</summary>
    private static List<MessagePart> ResultParts(OperationModel operation)
    {
        var parts = new List<MessagePart>();
        if (operation.ReturnType.Shape != TypeShape.Void)
        {
            parts.Add(new MessagePart("result", operation.ReturnType, operation.ReturnsDocumentation, new FieldOrigin(FieldOriginKind.ReturnValue, operation.DeclaringContractKey)));
        }

        parts.AddRange(Parts(operation, p => p.Direction != ParameterDirection.In));
        return parts;
    }

    /// <summary>A request, response or callback message built from parameters and results, in <paramref name="scope"/> (nested in its operation's).</summary>
    /// <param name="jsonNames">The JSON names WCF's REST serializer gives parts (by part key), for json_name; null outside REST operations.</param>
    private ProtoDefinition OperationMessage(ServicePlan service, MappingScope scope, string name, MessageOrigin origin, string lockKey, List<MessagePart> parts, string comment, string where, SourcePosition? position, IReadOnlyDictionary<string, string>? jsonNames = null)
    {
        var allocation = _lock.Assign(lockKey, parts.Select(p => new FieldRequest(LockFile.KeyToken(p.Key), null)).ToList());
        var names = new FieldNames();
        var naming = parts.Select(p => (Key: LockFile.KeyToken(p.Key), Derived: ProtoNames.ToSnake(p.Key))).ToList();
        var fieldNames = NameFields(naming, allocation, names);
        string What(string key) => key == "result" ? $"The result of {where}" : $"Parameter '{key}' of {where}";
        foreach (var (key, kept, derived) in RecordFieldNames(lockKey, naming, fieldNames, allocation))
        {
            Report(null, Finding.Create(FindingMessages.ProtoNameKept, position, What(key), kept, derived));
        }

        var fields = new List<ProtoField>();
        foreach (var part in parts)
        {
            var key = LockFile.KeyToken(part.Key);
            var resolved = Resolve(part.Type, scope, new FieldContext(What(part.Key), position, false));
            string? wcfName = null;
            jsonNames?.TryGetValue(part.Key, out wcfName);
            fields.Add(new ProtoField(fieldNames[key], resolved.Type, allocation.Numbers[key], resolved.Label, WithNote(part.Documentation, resolved), part.Origin, resolved.Conversion)
            {
                JsonName = JsonNameFor(fieldNames[key], wcfName),
                Reference = resolved.Reference,
            });
        }

        var message = new ProtoMessage(name, comment, fields.OrderBy(f => f.Number).ToEquatableArray(), EquatableArray<ProtoOneof>.Empty,
            allocation.Reserved.Select(r => r.Number).ToEquatableArray(), ReservedNames(allocation, names), origin);
        var definition = new ProtoDefinition(message, null);
        Place(definition, service.Package, service.CSharpNamespace, service.Model.Key, scope.References);
        return definition;
    }

    private static string FormsText(OperationForms forms)
    {
        var parts = new List<string>();
        if ((forms & OperationForms.Synchronous) != 0)
        {
            parts.Add("sync");
        }

        if ((forms & OperationForms.TaskBased) != 0)
        {
            parts.Add("Task");
        }

        if ((forms & OperationForms.BeginEnd) != 0)
        {
            parts.Add("Begin/End");
        }

        return string.Join(" + ", parts);
    }

    /// <summary>The gRPC status a fault detail type most likely means, from its name; FAILED_PRECONDITION otherwise.</summary>
    internal static string FaultStatus(string detailTypeName)
    {
        var name = detailTypeName.ToLowerInvariant();
        if (name.Contains("notfound") || name.Contains("missing") || name.Contains("unknown"))
        {
            return "NOT_FOUND";
        }

        if (name.Contains("validation") || name.Contains("invalid") || name.Contains("argument"))
        {
            return "INVALID_ARGUMENT";
        }

        if (name.Contains("security") || name.Contains("accessdenied") || name.Contains("unauthorized") || name.Contains("permission"))
        {
            return "PERMISSION_DENIED";
        }

        if (name.Contains("conflict") || name.Contains("concurrency"))
        {
            return "ABORTED";
        }

        if (name.Contains("timeout"))
        {
            return "DEADLINE_EXCEEDED";
        }

        return "FAILED_PRECONDITION";
    }
}
