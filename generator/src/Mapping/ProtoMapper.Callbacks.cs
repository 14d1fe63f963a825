using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

internal sealed partial class ProtoMapper
{
    /// <summary>
    /// Duplex: one streaming rpc carries every callback (<paramref name="scope"/> is the callbacks' item; the rpc's own
    /// references go to <paramref name="serviceScope"/>). Server messages are an envelope with one oneof case per callback
    /// method; when some callback returns something, the client answers on the request stream with the same call id.
    /// </summary>
    private ProtoRpc MapCallbacks(ServicePlan plan, MappingScope scope, MappingScope serviceScope)
    {
        var service = plan.Model;
        Report(scope, FindingMessages.DuplexCallback, service.Position, service.Key, service.CallbackContractKey!);
        var where = $"callback contract of '{service.ClrName}'";
        var hasReplies = plan.CallbackReply is not null;

        var caseRequests = plan.Callbacks.Select(c => new FieldRequest(LockFile.KeyToken(c.Rpc), null)).ToList();
        if (hasReplies)
        {
            caseRequests.Insert(0, new FieldRequest("call_id", null));
        }

        var allocation = _lock.Assign(plan.Envelope!.Key, caseRequests);
        var envelopeNaming = plan.Callbacks.Select(c => (Key: LockFile.KeyToken(c.Rpc), Derived: ProtoNames.ToSnake(c.Rpc))).ToList();
        if (hasReplies)
        {
            envelopeNaming.Add(("call_id", "call_id"));
        }

        var names = NameFields(envelopeNaming, allocation, new FieldNames());
        foreach (var (key, name, derived) in RecordFieldNames(plan.Envelope.Key, envelopeNaming, names, allocation))
        {
            Report(null, Finding.Create(FindingMessages.ProtoNameKept, service.Position, $"The case {key} of the callback envelope of '{service.Key}'", name, derived));
        }

        var cases = new List<ProtoField>();
        var envelopeScope = scope.Nested();
        foreach (var callback in plan.Callbacks)
        {
            string type;
            string fullName;
            if (callback.RequestName is { } requestName)
            {
                var parts = Parts(callback.Operation, p => p.Direction != ParameterDirection.Out);
                var origin = new MessageOrigin(MessageOriginKind.CallbackRequest, callback.Operation.DeclaringContractKey, callback.Operation.MethodName, callback.Operation.Name);
                plan.Definitions.Add(OperationMessage(plan, scope.Nested(), requestName, origin, callback.Request!.Key, parts, $"Callback {callback.Rpc}: its parameters.", $"'{callback.Operation.MethodName}' ({where})", callback.Operation.Position));
                type = requestName;
                fullName = plan.Package + "." + requestName;
                envelopeScope.References.Add(fullName);
            }
            else
            {
                type = Reference(envelopeScope, fullName = "google.protobuf.Empty");
            }

            cases.Add(new ProtoField(names[LockFile.KeyToken(callback.Rpc)], type, allocation.Numbers[LockFile.KeyToken(callback.Rpc)], ProtoLabel.None, callback.Operation.Documentation, CallbackCase(callback))
            {
                Reference = ProtoTypeReference.Message(fullName),
            });
        }

        var envelopeFields = new List<ProtoField>();
        if (hasReplies)
        {
            envelopeFields.Add(new ProtoField(names["call_id"], "int64", allocation.Numbers["call_id"], ProtoLabel.None, "Set for callbacks that return a result; the client's reply carries the same id.", Generated));
        }

        var envelope = new ProtoMessage(plan.CallbackEnvelope!, $"Callbacks of {service.Name} ({service.CallbackContractKey}): one case per callback method.",
            envelopeFields.ToEquatableArray(), OneofOrNone("callback", cases),
            allocation.Reserved.Select(r => r.Number).ToEquatableArray(), EquatableArray<string>.Empty,
            new MessageOrigin(MessageOriginKind.CallbackEnvelope, service.CallbackContractKey));
        plan.Definitions.Add(new ProtoDefinition(envelope, null));
        Place(plan.Definitions[plan.Definitions.Count - 1], plan.Package, plan.CSharpNamespace, service.Key, envelopeScope.References);

        string requestType;
        if (hasReplies)
        {
            var replyRequests = new List<FieldRequest> { new("call_id", null) };
            replyRequests.AddRange(plan.Callbacks.Where(c => c.ResponseName is not null).Select(c => new FieldRequest(LockFile.KeyToken(c.Rpc), null)));
            var replyAllocation = _lock.Assign(plan.Reply!.Key, replyRequests);
            var replyNaming = plan.Callbacks.Where(c => c.ResponseName is not null).Select(c => (Key: LockFile.KeyToken(c.Rpc), Derived: ProtoNames.ToSnake(c.Rpc))).ToList();
            replyNaming.Add(("call_id", "call_id"));
            var replyNames = NameFields(replyNaming, replyAllocation, new FieldNames());
            foreach (var (key, name, derived) in RecordFieldNames(plan.Reply.Key, replyNaming, replyNames, replyAllocation))
            {
                Report(null, Finding.Create(FindingMessages.ProtoNameKept, service.Position, $"The case {key} of the callback reply of '{service.Key}'", name, derived));
            }

            var replyCases = new List<ProtoField>();
            var replyScope = scope.Nested();
            foreach (var callback in plan.Callbacks.Where(c => c.ResponseName is not null))
            {
                var parts = ResultParts(callback.Operation);
                var origin = new MessageOrigin(MessageOriginKind.CallbackResult, callback.Operation.DeclaringContractKey, callback.Operation.MethodName, callback.Operation.Name);
                plan.Definitions.Add(OperationMessage(plan, scope.Nested(), callback.ResponseName!, origin, callback.Response!.Key, parts, $"Result of callback {callback.Rpc}.", $"'{callback.Operation.MethodName}' ({where})", callback.Operation.Position));
                replyScope.References.Add(plan.Package + "." + callback.ResponseName);
                replyCases.Add(new ProtoField(replyNames[LockFile.KeyToken(callback.Rpc)], callback.ResponseName!, replyAllocation.Numbers[LockFile.KeyToken(callback.Rpc)], ProtoLabel.None, null, CallbackCase(callback))
                {
                    Reference = ProtoTypeReference.Message(plan.Package + "." + callback.ResponseName),
                });
            }

            var reply = new ProtoMessage(plan.CallbackReply!, $"The client's answers to callbacks of {service.Name} that return a result.",
                new[] { new ProtoField(replyNames["call_id"], "int64", replyAllocation.Numbers["call_id"], ProtoLabel.None, "The call_id of the callback answered.", Generated) }.ToEquatableArray(),
                OneofOrNone("result", replyCases),
                replyAllocation.Reserved.Select(r => r.Number).ToEquatableArray(), EquatableArray<string>.Empty,
                new MessageOrigin(MessageOriginKind.CallbackReply, service.CallbackContractKey));
            plan.Definitions.Add(new ProtoDefinition(reply, null));
            Place(plan.Definitions[plan.Definitions.Count - 1], plan.Package, plan.CSharpNamespace, service.Key, replyScope.References);
            requestType = plan.CallbackReply!;
        }
        else
        {
            requestType = Reference(serviceScope, "google.protobuf.Empty");
        }

        return new ProtoRpc(
            plan.CallbackRpc!,
            requestType,
            plan.CallbackEnvelope!,
            hasReplies,
            true,
            $"Duplex callbacks ({service.CallbackContractKey}): open once per session; the service sends each callback on this stream.",
            new RpcOrigin(service.CallbackContractKey!, null, null))
        {
            RequestFullName = hasReplies ? plan.Package + "." + plan.CallbackReply : "google.protobuf.Empty",
            ResponseFullName = plan.Package + "." + plan.CallbackEnvelope,
        };
    }

    /// <summary>A oneof case that carries one callback method's message.</summary>
    private static FieldOrigin CallbackCase(OperationPlan callback)
        => new(FieldOriginKind.Callback, callback.Operation.DeclaringContractKey, callback.Operation.MethodName);

    /// <summary>protoc rejects an empty oneof (a callback contract without methods, or callbacks that return nothing).</summary>
    private static EquatableArray<ProtoOneof> OneofOrNone(string name, List<ProtoField> cases)
        => cases.Count == 0 ? EquatableArray<ProtoOneof>.Empty : new[] { new ProtoOneof(name, cases.ToEquatableArray(), null) }.ToEquatableArray();
}
