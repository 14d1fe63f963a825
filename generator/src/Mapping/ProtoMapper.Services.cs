using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

internal sealed partial class ProtoMapper
{
    private sealed class ServicePlan
    {
        public ServicePlan(ServiceContractModel model, string package, string csharpNamespace, string name)
        {
            Model = model;
            Package = package;
            CSharpNamespace = csharpNamespace;
            Name = name;
        }

        public ServiceContractModel Model { get; }
        public string Package { get; }
        public string CSharpNamespace { get; }
        public string Name { get; }
        public List<OperationPlan> Operations { get; } = new();
        public List<OperationPlan> Callbacks { get; } = new();
        public string? CallbackRpc { get; set; }
        public string? CallbackEnvelope { get; set; }
        public string? CallbackReply { get; set; }
        public List<ProtoDefinition> Definitions { get; } = new();
    }

    private sealed class OperationPlan
    {
        public OperationPlan(OperationModel operation, string rpc)
        {
            Operation = operation;
            Rpc = rpc;
        }

        public OperationModel Operation { get; }
        public string Rpc { get; }
        public bool DuplicateName { get; set; }
        public bool StreamIn { get; set; }
        public bool StreamOut { get; set; }
        public TypeInfo? RequestContract { get; set; }
        public TypeInfo? ResponseContract { get; set; }
        public TypeInfo? StreamedRequestContract { get; set; }
        public TypeInfo? StreamedResponseContract { get; set; }
        public string? RequestName { get; set; }
        public string? ResponseName { get; set; }
    }

    /// <summary>Claims every service, rpc and request/response name before any message is built.</summary>
    private ServicePlan PlanService(ServiceContractModel service)
    {
        var package = Package(service.ContractNamespace, service.CSharpNamespace);
        var csharpNamespace = ProtoNames.CSharpNamespace(service.CSharpNamespace);
        var baseName = service.Name;
        if (!service.IsClass && baseName == service.ClrName && baseName.Length > 1 && baseName[0] == 'I' && char.IsUpper(baseName[1]))
        {
            baseName = baseName.Substring(1);
        }

        // A service named like a message (service Order, message Order) reads better as OrderService than Order2.
        var serviceName = ProtoNames.ToPascal(baseName);
        if (!_names.IsFree(serviceName, package, csharpNamespace) && !serviceName.EndsWith("Service", StringComparison.Ordinal))
        {
            serviceName += "Service";
        }

        var plan = new ServicePlan(service, package, csharpNamespace, _names.Claim(serviceName, package, csharpNamespace));
        var rpcNames = new HashSet<string>(StringComparer.Ordinal);
        foreach (var operation in service.Operations)
        {
            var rpc = ProtoNames.ToPascal(operation.Name);
            var unique = rpc;
            for (var i = 2; !rpcNames.Add(unique); i++)
            {
                unique = rpc + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }

            var operationPlan = new OperationPlan(operation, unique) { DuplicateName = unique != rpc };
            PlanMessages(plan, operationPlan, operation.IsOneWay);
            plan.Operations.Add(operationPlan);
        }

        if (service.CallbackContractKey is not null)
        {
            var rpc = "Callbacks";
            for (var i = 2; !rpcNames.Add(rpc); i++)
            {
                rpc = "Callbacks" + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }

            plan.CallbackRpc = rpc;
            plan.CallbackEnvelope = _names.Claim(plan.Name + "Callback", package, csharpNamespace);
            if (service.CallbackOperations.Any(c => !c.IsOneWay))
            {
                plan.CallbackReply = _names.Claim(plan.Name + "CallbackReply", package, csharpNamespace);
            }

            foreach (var callback in service.CallbackOperations)
            {
                var callbackPlan = new OperationPlan(callback, ProtoNames.ToPascal(callback.Name));
                if (callback.Parameters.Any(p => p.Direction != ParameterDirection.Out))
                {
                    callbackPlan.RequestName = _names.Claim(callbackPlan.Rpc + "Callback", package, csharpNamespace);
                }

                if (!callback.IsOneWay && (callback.ReturnType.Shape != TypeShape.Void || callback.Parameters.Any(p => p.Direction != ParameterDirection.In)))
                {
                    callbackPlan.ResponseName = _names.Claim(callbackPlan.Rpc + "CallbackResult", package, csharpNamespace);
                }

                plan.Callbacks.Add(callbackPlan);
            }
        }

        return plan;
    }

    private void PlanMessages(ServicePlan service, OperationPlan plan, bool isOneWay)
    {
        var operation = plan.Operation;
        var inputs = operation.Parameters.Where(p => p.Direction != ParameterDirection.Out).ToList();
        var outputs = operation.Parameters.Where(p => p.Direction != ParameterDirection.In).ToList();
        plan.StreamIn = inputs.Any(p => p.Type.Shape == TypeShape.Stream);
        plan.StreamOut = operation.ReturnType.Shape == TypeShape.Stream;

        // A [MessageContract] parameter or result is the whole message in WCF; it stays the whole message here.
        if (inputs.Count == 1 && MessageContractOf(inputs[0].Type) is { } requestContract)
        {
            plan.RequestContract = requestContract;
        }

        if (outputs.Count == 0 && MessageContractOf(operation.ReturnType) is { } responseContract)
        {
            plan.ResponseContract = responseContract;
        }

        // WCF's streamed message contract: headers plus one Stream body member. The stream is the rpc's stream.
        if (plan.RequestContract is { } streamedRequest && StreamBody(streamedRequest) is not null)
        {
            plan.StreamIn = true;
            plan.StreamedRequestContract = streamedRequest;
            plan.RequestContract = null;
        }

        if (plan.ResponseContract is { } streamedResponse && StreamBody(streamedResponse) is not null)
        {
            plan.StreamOut = true;
            plan.StreamedResponseContract = streamedResponse;
            plan.ResponseContract = null;
        }

        if (!plan.StreamIn && plan.RequestContract is null && inputs.Count > 0)
        {
            plan.RequestName = ClaimOperationMessage(service, plan.Rpc + "Request");
        }

        var hasResult = operation.ReturnType.Shape != TypeShape.Void || outputs.Count > 0;
        if (!plan.StreamOut && !isOneWay && plan.ResponseContract is null && hasResult)
        {
            plan.ResponseName = ClaimOperationMessage(service, plan.Rpc + "Response");
        }
    }

    private string ClaimOperationMessage(ServicePlan service, string name)
        => _names.IsFree(name, service.Package, service.CSharpNamespace)
            ? _names.Claim(name, service.Package, service.CSharpNamespace)
            : _names.Claim(service.Name + name, service.Package, service.CSharpNamespace);

    private static DataMemberModel? StreamBody(TypeInfo messageContract)
        => messageContract.Model.Members.FirstOrDefault(m => !m.IsHeader && m.Type.Shape == TypeShape.Stream);

    /// <summary>Members of a streamed message contract other than the stream: they have no place in a bytes stream.</summary>
    private static List<string> StreamCompanions(TypeInfo? messageContract)
        => messageContract is null ? new List<string>() : messageContract.Model.Members.Where(m => m != StreamBody(messageContract)).Select(m => m.ClrName).ToList();

    private TypeInfo? MessageContractOf(TypeRef type)
        => type.Shape == TypeShape.DataType && _typeInfo.TryGetValue(type.Key, out var info) && info.Model.Kind == DataTypeKind.MessageContract ? info : null;

    // ───────────────────────────── services ─────────────────────────────

    private ProtoService MapService(ServicePlan plan, ref int cleanOperations)
    {
        var service = plan.Model;
        var serviceReferences = new HashSet<string>(StringComparer.Ordinal);
        _currentUnclean = false;
        if (service.IsClass)
        {
            Report(FindingMessages.ServiceContractOnClass, service.Position, service.Key);
        }

        if (service.Operations.Count == 0)
        {
            Report(FindingMessages.ContractWithoutOperations, service.Position, service.Key);
        }

        if (service.UsesXmlSerializer)
        {
            Report(FindingMessages.XmlSerializerFormat, service.Position, service.Key);
        }

        if (service.SessionMode == SessionModeValue.Required)
        {
            Report(FindingMessages.SessionRequired, service.Position, service.Key);
        }

        var overloaded = new HashSet<string>(
            service.Operations.GroupBy(o => StripForm(o.MethodName), StringComparer.Ordinal).Where(g => g.Count() > 1).Select(g => g.Key),
            StringComparer.Ordinal);

        var rpcs = new List<ProtoRpc>();
        _currentReferences = serviceReferences;
        try
        {
            foreach (var operation in plan.Operations)
            {
                _currentUnclean = false;
                rpcs.Add(MapOperation(plan, operation, serviceReferences, overloaded.Contains(StripForm(operation.Operation.MethodName))));
                if (!_currentUnclean)
                {
                    cleanOperations++;
                }
            }

            if (plan.CallbackRpc is not null)
            {
                rpcs.Add(MapCallbacks(plan, serviceReferences));
            }
        }
        finally
        {
            _currentReferences = null;
        }

        var protoService = new ProtoService(plan.Name, Comment(service.Documentation, service.Key), rpcs.ToEquatableArray());
        _serviceReferences[service.Key] = serviceReferences;
        return protoService;
    }

    private readonly Dictionary<string, HashSet<string>> _serviceReferences = new(StringComparer.Ordinal);

    private static string StripForm(string methodName)
    {
        if (methodName.EndsWith("Async", StringComparison.Ordinal) && methodName.Length > 5)
        {
            return methodName.Substring(0, methodName.Length - 5);
        }

        return methodName.StartsWith("Begin", StringComparison.Ordinal) && methodName.Length > 5 ? methodName.Substring(5) : methodName;
    }

    private ProtoRpc MapOperation(ServicePlan service, OperationPlan plan, HashSet<string> serviceReferences, bool overloaded)
    {
        var operation = plan.Operation;
        var name = $"{service.Model.ClrName}.{operation.MethodName}";
        var where = $"'{name}'";
        var notes = new List<string>();
        if (plan.DuplicateName)
        {
            Report(FindingMessages.DuplicateOperationName, operation.Position, name, operation.Name, plan.Rpc);
        }
        else if (overloaded)
        {
            Report(FindingMessages.OverloadedOperation, operation.Position, name, plan.Rpc);
        }

        if (operation.IsOneWay)
        {
            Report(FindingMessages.OneWayOperation, operation.Position, name);
            notes.Add("One-way in WCF: the client shim does not wait for the service's work.");
        }

        if (operation.Faults.Count > 0)
        {
            var faults = string.Join(", ", operation.Faults.Select(f => $"{f.Display} → {FaultStatus(f.Display)}"));
            Report(FindingMessages.FaultContract, operation.Position, name, string.Join(", ", operation.Faults.Select(f => f.Display)));
            // Fault detail types are mapped as messages like every discovered type; the service file names them only in
            // this comment, so it does not import them (protoc warns about unused imports).
            notes.Add($"Faults (status code, detail in grpc-status-details-bin): {faults}.");
        }

        var refOut = operation.Parameters.Where(p => p.Direction != ParameterDirection.In).ToList();
        if (refOut.Count > 0)
        {
            Report(FindingMessages.RefOutParameter, operation.Position, name, string.Join(", ", refOut.Select(p => p.Name)));
        }

        if (operation.TransactionFlow is { } flow)
        {
            Report(FindingMessages.TransactionFlow, operation.Position, name, flow);
        }

        if (!operation.IsInitiating || operation.IsTerminating)
        {
            Report(FindingMessages.InitiatingTerminating, operation.Position, name, operation.IsInitiating ? "true" : "false", operation.IsTerminating ? "true" : "false");
        }

        if (operation.Action == "*")
        {
            Report(FindingMessages.UntypedMessage, operation.Position, name);
        }

        if (operation.Forms != OperationForms.Synchronous && operation.Forms != OperationForms.None)
        {
            notes.Add($"Declared as {FormsText(operation.Forms)} in C#; one rpc.");
        }

        // Request.
        string requestType;
        var inputs = operation.Parameters.Where(p => p.Direction != ParameterDirection.Out).ToList();
        if (plan.StreamIn)
        {
            Report(FindingMessages.StreamParameter, operation.Position, name);
            var others = inputs.Where(p => p.Type.Shape != TypeShape.Stream && plan.StreamedRequestContract is null).Select(p => p.Name).Concat(StreamCompanions(plan.StreamedRequestContract)).ToList();
            if (others.Count > 0 || inputs.Count(p => p.Type.Shape == TypeShape.Stream) > 1)
            {
                Report(FindingMessages.StreamWithOtherParameters, operation.Position, name, string.Join(", ", others));
            }

            requestType = Reference(service.Package, "google.protobuf.BytesValue");
        }
        else if (plan.RequestContract is { } requestContract)
        {
            requestType = Reference(service.Package, requestContract.FullName);
        }
        else if (plan.RequestName is { } requestName)
        {
            requestType = requestName;
            var fields = inputs.Select(p => new MessagePart(p.Name, p.Type, p.Documentation)).ToList();
            service.Definitions.Add(OperationMessage(service, requestName, $"{service.Model.Key}/{plan.Rpc}:request", fields, $"Request of {service.Name}.{plan.Rpc}: its parameters.", where, operation.Position));
        }
        else
        {
            requestType = Reference(service.Package, "google.protobuf.Empty");
        }

        // Response.
        string responseType;
        var outputs = operation.Parameters.Where(p => p.Direction != ParameterDirection.In).ToList();
        if (plan.StreamOut)
        {
            Report(FindingMessages.StreamResult, operation.Position, name);
            var others = outputs.Select(p => p.Name).Concat(StreamCompanions(plan.StreamedResponseContract)).ToList();
            if (others.Count > 0)
            {
                Report(FindingMessages.StreamWithOtherResults, operation.Position, name, string.Join(", ", others));
            }

            responseType = Reference(service.Package, "google.protobuf.BytesValue");
        }
        else if (plan.ResponseContract is { } responseContract)
        {
            responseType = Reference(service.Package, responseContract.FullName);
        }
        else if (plan.ResponseName is { } responseName)
        {
            responseType = responseName;
            var fields = new List<MessagePart>();
            if (operation.ReturnType.Shape != TypeShape.Void)
            {
                fields.Add(new MessagePart("result", operation.ReturnType, operation.ReturnsDocumentation));
            }

            fields.AddRange(outputs.Select(p => new MessagePart(p.Name, p.Type, p.Documentation)));
            service.Definitions.Add(OperationMessage(service, responseName, $"{service.Model.Key}/{plan.Rpc}:response", fields, $"Response of {service.Name}.{plan.Rpc}: its result{(outputs.Count > 0 ? " and ref/out parameters" : string.Empty)}.", where, operation.Position));
        }
        else
        {
            if (operation.IsOneWay && operation.ReturnType.Shape != TypeShape.Void)
            {
                Report(FindingMessages.OneWayResultIgnored, operation.Position, name);
            }

            responseType = Reference(service.Package, "google.protobuf.Empty");
        }

        var comment = string.Join(" ", new[] { operation.Documentation }.Concat(notes).Where(t => t is not null));
        return new ProtoRpc(plan.Rpc, requestType, responseType, plan.StreamIn, plan.StreamOut, comment.Length == 0 ? null : comment);
    }

    private sealed record MessagePart(string Key, TypeRef Type, string? Documentation);

    private ProtoDefinition OperationMessage(ServicePlan service, string name, string lockKey, List<MessagePart> parts, string comment, string where, SourcePosition? position)
    {
        var references = new HashSet<string>(StringComparer.Ordinal);
        var outer = _currentReferences;
        _currentReferences = references;
        try
        {
            var allocation = _lock.Assign(LockFile.KeyToken(lockKey), parts.Select(p => new FieldRequest(LockFile.KeyToken(p.Key), null)).ToList());
            var names = new FieldNames();
            var fields = new List<ProtoField>();
            foreach (var part in parts)
            {
                var context = new FieldContext(part.Key == "result" ? $"The result of {where}" : $"Parameter '{part.Key}' of {where}", position, false);
                var resolved = Resolve(part.Type, service.Package, service.CSharpNamespace, context);
                fields.Add(new ProtoField(names.Claim(ProtoNames.ToSnake(part.Key)), resolved.Type, allocation.Numbers[LockFile.KeyToken(part.Key)], resolved.Label, WithNote(part.Documentation, resolved)));
            }

            var message = new ProtoMessage(name, comment, fields.OrderBy(f => f.Number).ToEquatableArray(), EquatableArray<ProtoOneof>.Empty,
                allocation.Reserved.Select(r => r.Number).ToEquatableArray(), ReservedNames(allocation, names));
            var definition = new ProtoDefinition(message, null);
            Place(definition, service.Package, service.CSharpNamespace, service.Model.Key, references);
            return definition;
        }
        finally
        {
            _currentReferences = outer;
        }
    }

    /// <summary>
    /// Duplex: one streaming rpc carries every callback. Server messages are an envelope with one oneof case per callback
    /// method; when some callback returns something, the client answers on the request stream with the same call id.
    /// </summary>
    private ProtoRpc MapCallbacks(ServicePlan plan, HashSet<string> serviceReferences)
    {
        var service = plan.Model;
        _currentUnclean = false;
        Report(FindingMessages.DuplexCallback, service.Position, service.Key, service.CallbackContractKey!);
        var where = $"callback contract of '{service.ClrName}'";
        var envelopeKey = service.Key + "#callback";
        var hasReplies = plan.CallbackReply is not null;

        var caseRequests = plan.Callbacks.Select(c => new FieldRequest(LockFile.KeyToken(c.Rpc), null)).ToList();
        if (hasReplies)
        {
            caseRequests.Insert(0, new FieldRequest("call_id", null));
        }

        var allocation = _lock.Assign(LockFile.KeyToken(envelopeKey), caseRequests);
        var names = new FieldNames();
        var cases = new List<ProtoField>();
        var envelopeReferences = new HashSet<string>(StringComparer.Ordinal);
        foreach (var callback in plan.Callbacks)
        {
            string type;
            if (callback.RequestName is { } requestName)
            {
                var parts = callback.Operation.Parameters.Where(p => p.Direction != ParameterDirection.Out).Select(p => new MessagePart(p.Name, p.Type, p.Documentation)).ToList();
                plan.Definitions.Add(OperationMessage(plan, requestName, $"{service.CallbackContractKey}/{callback.Rpc}:callback", parts, $"Callback {callback.Rpc}: its parameters.", $"'{callback.Operation.MethodName}' ({where})", callback.Operation.Position));
                type = requestName;
                envelopeReferences.Add(plan.Package + "." + requestName);
            }
            else
            {
                type = Reference(plan.Package, "google.protobuf.Empty");
                envelopeReferences.Add("google.protobuf.Empty");
            }

            cases.Add(new ProtoField(names.Claim(ProtoNames.ToSnake(callback.Rpc)), type, allocation.Numbers[LockFile.KeyToken(callback.Rpc)], ProtoLabel.None, callback.Operation.Documentation));
        }

        var envelopeFields = new List<ProtoField>();
        if (hasReplies)
        {
            envelopeFields.Add(new ProtoField(names.Claim("call_id"), "int64", allocation.Numbers["call_id"], ProtoLabel.None, "Set for callbacks that return a result; the client's reply carries the same id."));
        }

        var envelope = new ProtoMessage(plan.CallbackEnvelope!, $"Callbacks of {service.Name} ({service.CallbackContractKey}): one case per callback method.",
            envelopeFields.ToEquatableArray(), OneofOrNone("callback", cases),
            allocation.Reserved.Select(r => r.Number).ToEquatableArray(), EquatableArray<string>.Empty);
        plan.Definitions.Add(new ProtoDefinition(envelope, null));
        Place(plan.Definitions[plan.Definitions.Count - 1], plan.Package, plan.CSharpNamespace, service.Key, envelopeReferences);

        string requestType;
        if (hasReplies)
        {
            var replyRequests = new List<FieldRequest> { new("call_id", null) };
            replyRequests.AddRange(plan.Callbacks.Where(c => c.ResponseName is not null).Select(c => new FieldRequest(LockFile.KeyToken(c.Rpc), null)));
            var replyAllocation = _lock.Assign(LockFile.KeyToken(service.Key + "#callback-reply"), replyRequests);
            var replyNames = new FieldNames();
            var replyCases = new List<ProtoField>();
            var replyReferences = new HashSet<string>(StringComparer.Ordinal);
            foreach (var callback in plan.Callbacks.Where(c => c.ResponseName is not null))
            {
                var parts = new List<MessagePart>();
                if (callback.Operation.ReturnType.Shape != TypeShape.Void)
                {
                    parts.Add(new MessagePart("result", callback.Operation.ReturnType, callback.Operation.ReturnsDocumentation));
                }

                parts.AddRange(callback.Operation.Parameters.Where(p => p.Direction != ParameterDirection.In).Select(p => new MessagePart(p.Name, p.Type, p.Documentation)));
                plan.Definitions.Add(OperationMessage(plan, callback.ResponseName!, $"{service.CallbackContractKey}/{callback.Rpc}:callback-result", parts, $"Result of callback {callback.Rpc}.", $"'{callback.Operation.MethodName}' ({where})", callback.Operation.Position));
                replyReferences.Add(plan.Package + "." + callback.ResponseName);
                replyCases.Add(new ProtoField(replyNames.Claim(ProtoNames.ToSnake(callback.Rpc)), callback.ResponseName!, replyAllocation.Numbers[LockFile.KeyToken(callback.Rpc)], ProtoLabel.None, null));
            }

            var reply = new ProtoMessage(plan.CallbackReply!, $"The client's answers to callbacks of {service.Name} that return a result.",
                new[] { new ProtoField(replyNames.Claim("call_id"), "int64", replyAllocation.Numbers["call_id"], ProtoLabel.None, "The call_id of the callback answered.") }.ToEquatableArray(),
                OneofOrNone("result", replyCases),
                replyAllocation.Reserved.Select(r => r.Number).ToEquatableArray(), EquatableArray<string>.Empty);
            plan.Definitions.Add(new ProtoDefinition(reply, null));
            Place(plan.Definitions[plan.Definitions.Count - 1], plan.Package, plan.CSharpNamespace, service.Key, replyReferences);
            requestType = plan.CallbackReply!;
        }
        else
        {
            requestType = Reference(plan.Package, "google.protobuf.Empty");
            serviceReferences.Add("google.protobuf.Empty");
        }

        return new ProtoRpc(
            plan.CallbackRpc!,
            requestType,
            plan.CallbackEnvelope!,
            hasReplies,
            true,
            $"Duplex callbacks ({service.CallbackContractKey}): open once per session; the service sends each callback on this stream.");
    }

    /// <summary>protoc rejects an empty oneof (a callback contract without methods, or callbacks that return nothing).</summary>
    private static EquatableArray<ProtoOneof> OneofOrNone(string name, List<ProtoField> cases)
        => cases.Count == 0 ? EquatableArray<ProtoOneof>.Empty : new[] { new ProtoOneof(name, cases.ToEquatableArray(), null) }.ToEquatableArray();

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
