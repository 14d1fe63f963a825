using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

internal sealed partial class ProtoMapper
{
    private sealed class ServicePlan
    {
        public ServicePlan(ServiceContractModel model, string package, string csharpNamespace)
        {
            Model = model;
            Package = package;
            CSharpNamespace = csharpNamespace;
        }

        public ServiceContractModel Model { get; }
        public string Package { get; }
        public string CSharpNamespace { get; }
        public string Name { get; set; } = string.Empty;
        public bool NameFromLock { get; set; }
        public List<OperationPlan> Operations { get; } = new();
        public List<OperationPlan> Callbacks { get; } = new();
        public string? CallbackRpc { get; set; }
        public string? CallbackEnvelope => Envelope?.Name;
        public string? CallbackReply => Reply?.Name;
        public NameSlot? Envelope { get; set; }
        public NameSlot? Reply { get; set; }
        public List<ProtoDefinition> Definitions { get; } = new();

        /// <summary>Every message name the service claims, in the order they are named.</summary>
        public IEnumerable<NameSlot> Slots()
        {
            foreach (var operation in Operations)
            {
                if (operation.Request is not null)
                {
                    yield return operation.Request;
                }

                if (operation.Response is not null)
                {
                    yield return operation.Response;
                }
            }

            if (Envelope is not null)
            {
                yield return Envelope;
            }

            if (Reply is not null)
            {
                yield return Reply;
            }

            foreach (var callback in Callbacks)
            {
                if (callback.Request is not null)
                {
                    yield return callback.Request;
                }

                if (callback.Response is not null)
                {
                    yield return callback.Response;
                }
            }
        }
    }

    private sealed class OperationPlan
    {
        public OperationPlan(OperationModel operation)
        {
            Operation = operation;
        }

        public OperationModel Operation { get; }
        public string Rpc { get; set; } = string.Empty;
        public bool DuplicateName { get; set; }
        public bool StreamIn { get; set; }
        public bool StreamOut { get; set; }
        public TypeInfo? RequestContract { get; set; }
        public TypeInfo? ResponseContract { get; set; }
        public TypeInfo? StreamedRequestContract { get; set; }
        public TypeInfo? StreamedResponseContract { get; set; }

        public NameSlot? Request { get; set; }
        public NameSlot? Response { get; set; }
        public string? RequestName => Request?.Name;
        public string? ResponseName => Response?.Name;
    }

    /// <summary>How a generated message of a service is named from the C# source.</summary>
    private enum SlotNaming
    {
        /// <summary><c>{Part}</c>, e.g. a callback's <c>PriceChangedCallback</c>.</summary>
        Plain,

        /// <summary><c>{Part}</c> when free, else <c>{Service}{Part}</c>: an operation's <c>GetRequest</c>.</summary>
        PlainOrPrefixed,

        /// <summary><c>{Service}{Part}</c>: the duplex envelopes, and operations several services inherit from one generic base.</summary>
        Prefixed,
    }

    /// <summary>A generated message a service needs a name for: its lock key, how its name is made, and the name it got.</summary>
    private sealed class NameSlot
    {
        private readonly string _whatFormat;
        private readonly string _subject;
        private readonly string? _member;

        /// <param name="whatFormat">How findings name the message: a format of <paramref name="subject"/> and <paramref name="member"/> (made only for a finding).</param>
        public NameSlot(string key, string part, SlotNaming naming, string whatFormat, string subject, string? member, SourcePosition? position, string? origin = null)
        {
            Key = LockFile.KeyToken(key);
            Part = part;
            Naming = naming;
            IsOperationMessage = naming == SlotNaming.PlainOrPrefixed;
            _whatFormat = whatFormat;
            _subject = subject;
            _member = member;
            Position = position;
            Origin = origin;
        }

        public string Key { get; }
        public string Part { get; }
        public SlotNaming Naming { get; set; }

        /// <summary>An operation's request or response: either form is the source's (which one went to whom is order).</summary>
        public bool IsOperationMessage { get; }
        public string What => string.Format(CultureInfo.InvariantCulture, _whatFormat, _subject, _member);
        public SourcePosition? Position { get; }

        /// <summary>What the lock file's definition line records as the origin (the callback contract of an envelope).</summary>
        public string? Origin { get; }
        public string? Name { get; set; }
        public bool NameFromLock { get; set; }
    }

    /// <summary>
    /// Claims every service, rpc and generated message name before any message is built: first the names the lock file
    /// holds (so no newcomer takes them), then <paramref name="nameTypes"/> names the data types, then each service's
    /// new names in key order (on a first run the order is types, then service by service, as it always was).
    /// </summary>
    private List<ServicePlan> PlanServices(Action nameTypes)
    {
        var plans = _model.Services.Select(s =>
        {
            var package = Package(s.ContractNamespace, s.CSharpNamespace);
            return new ServicePlan(s, package, CSharpNamespace(package, s.CSharpNamespace));
        }).ToList();
        foreach (var plan in plans)
        {
            if (ClaimLocked(plan.Model.Key, plan.Package, plan.CSharpNamespace) is { } locked)
            {
                plan.Name = locked;
                plan.NameFromLock = true;
            }
        }

        foreach (var plan in plans)
        {
            PlanOperations(plan);
        }

        MarkSharedGenericOperations(plans);
        foreach (var slot in plans.SelectMany(p => p.Slots().Select(slot => (Plan: p, Slot: slot))))
        {
            if (ClaimLocked(slot.Slot.Key, slot.Plan.Package, slot.Plan.CSharpNamespace) is { } locked)
            {
                slot.Slot.Name = locked;
                slot.Slot.NameFromLock = true;
            }
        }

        nameTypes();
        foreach (var plan in plans)
        {
            NameService(plan);
            foreach (var slot in plan.Slots())
            {
                NameMessage(plan, slot);
            }
        }

        return plans;
    }

    /// <summary>The service's own name, unless the lock file gave it one; then its lock file lines.</summary>
    private void NameService(ServicePlan plan)
    {
        var service = plan.Model;
        var baseName = service.Name;
        if (!service.IsClass && baseName == service.ClrName && baseName.Length > 1 && baseName[0] == 'I' && char.IsUpper(baseName[1]))
        {
            baseName = baseName.Substring(1);
        }

        var serviceName = ProtoNames.ToPascal(baseName);
        if (plan.NameFromLock)
        {
            ReportIfKept($"Service contract '{service.Key}'", service.Position, plan.Name, string.Empty, serviceName, serviceName + "Service");
        }
        else
        {
            // A service named like a message (service Order, message Order) reads better as OrderService than Order2.
            if (!_names.IsFree(serviceName, plan.Package, plan.CSharpNamespace, service.Key) && !serviceName.EndsWith("Service", StringComparison.Ordinal))
            {
                serviceName += "Service";
            }

            plan.Name = _names.Claim(serviceName, plan.Package, plan.CSharpNamespace, service.Key);
            if (LockedNameNotKept(service.Key))
            {
                ReportNotKept(service.Key, $"Service contract '{service.Key}'", service.Position, plan.Name);
            }
        }

        DefineLocked(service.Key, LockedKind.Service, plan.Package, plan.Name!, ServiceOriginToken(service));
        foreach (var operation in plan.Operations.Where(o => !o.DuplicateName))
        {
            _lock.NameSub(service.Key, LockFile.RpcKind, operation.Operation.Name, operation.Rpc);
        }

        if (plan.CallbackRpc is not null)
        {
            _lock.NameSub(service.Key, LockFile.RpcKind, CallbacksRpcKey, plan.CallbackRpc);
        }
    }

    /// <summary>The lock file's sub-key of the duplex callbacks rpc (never a WCF operation name).</summary>
    private const string CallbacksRpcKey = "#callbacks";

    /// <summary>A generated message's name, unless the lock file gave it one; then its lock file line.</summary>
    private void NameMessage(ServicePlan plan, NameSlot slot)
    {
        var plain = slot.Part;
        var prefixed = plan.Name + slot.Part;
        if (slot.NameFromLock)
        {
            // An operation message may keep either form: which one a message got depended on the order names were given
            // (an operation shared from a generic base keeps the plain name it had before a second service inherited it).
            var derivable = slot.IsOperationMessage ? new[] { plain, prefixed } : slot.Naming == SlotNaming.Plain ? new[] { plain } : new[] { prefixed };
            ReportIfKept(slot.What, slot.Position, slot.Name!, string.Empty, derivable);
        }
        else
        {
            var name = slot.Naming switch
            {
                SlotNaming.Plain => plain,
                SlotNaming.PlainOrPrefixed when _names.IsFree(plain, plan.Package, plan.CSharpNamespace, slot.Key) => plain,
                _ => prefixed,
            };
            slot.Name = _names.Claim(name, plan.Package, plan.CSharpNamespace, slot.Key);
            if (LockedNameNotKept(slot.Key))
            {
                ReportNotKept(slot.Key, slot.What, slot.Position, slot.Name);
            }
        }

        DefineLocked(slot.Key, LockedKind.Message, plan.Package, slot.Name!, slot.Origin);
    }

    /// <summary>Rpc names (the lock file's first, then new ones) and the messages each operation and callback needs.</summary>
    private void PlanOperations(ServicePlan plan)
    {
        var service = plan.Model;
        var rpcNames = new LocalNames();
        var locked = new Dictionary<OperationPlan, string>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var operation in service.Operations)
        {
            var operationPlan = new OperationPlan(operation);
            plan.Operations.Add(operationPlan);

            // Two operations of one name (a contract WCF rejects) share a lock line; only the first uses it.
            if (seen.Add(operation.Name) && _lock.SubName(service.Key, LockFile.RpcKind, operation.Name) is { } name && rpcNames.TryClaim(name))
            {
                locked[operationPlan] = name;
            }
        }

        var lockedCallbacks = service.CallbackContractKey is not null && _lock.SubName(service.Key, LockFile.RpcKind, CallbacksRpcKey) is { } callbacksName && rpcNames.TryClaim(callbacksName)
            ? callbacksName
            : null;

        // Operations whose name no earlier operation has claim their rpc name first, so a numbered name given to a later
        // operation sharing a name (Get → Get2) never takes the name another operation has (an operation named Get2).
        var firstOfName = new HashSet<string>(StringComparer.Ordinal);
        var later = new List<OperationPlan>();
        foreach (var operationPlan in plan.Operations)
        {
            var operation = operationPlan.Operation;
            var rpc = ProtoNames.ToPascal(operation.Name);
            if (locked.TryGetValue(operationPlan, out var lockedName))
            {
                operationPlan.Rpc = lockedName;
                firstOfName.Add(rpc);
                ReportIfKept($"Operation '{service.ClrName}.{operation.MethodName}'", operation.Position, lockedName, string.Empty, rpc);
            }
            else if (firstOfName.Add(rpc))
            {
                operationPlan.Rpc = rpcNames.Claim(rpc);
                operationPlan.DuplicateName = operationPlan.Rpc != rpc;
            }
            else
            {
                later.Add(operationPlan);
            }
        }

        foreach (var operationPlan in later)
        {
            var rpc = ProtoNames.ToPascal(operationPlan.Operation.Name);
            operationPlan.Rpc = rpcNames.Claim(rpc);
            operationPlan.DuplicateName = true;
        }

        foreach (var operationPlan in plan.Operations)
        {
            PlanMessages(plan, operationPlan, operationPlan.Operation.IsOneWay);
        }

        if (service.CallbackContractKey is not null)
        {
            plan.CallbackRpc = lockedCallbacks ?? rpcNames.Claim("Callbacks");
            plan.Envelope = new NameSlot(CallbackEnvelopeKey(service), "Callback", SlotNaming.Prefixed, "The callback envelope of '{0}'", service.Key, null, service.Position, service.CallbackContractKey);
            if (service.CallbackOperations.Any(c => !c.IsOneWay))
            {
                plan.Reply = new NameSlot(service.Key + "#callback-reply", "CallbackReply", SlotNaming.Prefixed, "The callback reply of '{0}'", service.Key, null, service.Position);
            }

            foreach (var callback in service.CallbackOperations)
            {
                var callbackPlan = new OperationPlan(callback) { Rpc = ProtoNames.ToPascal(callback.Name) };
                if (callback.Parameters.Any(p => p.Direction != ParameterDirection.Out))
                {
                    callbackPlan.Request = new NameSlot($"{service.CallbackContractKey}/{callbackPlan.Rpc}:callback", callbackPlan.Rpc + "Callback", SlotNaming.Plain, "The parameters of callback '{0}.{1}'", service.CallbackContractKey!, callback.MethodName, callback.Position);
                }

                if (!callback.IsOneWay && (callback.ReturnType.Shape != TypeShape.Void || callback.Parameters.Any(p => p.Direction != ParameterDirection.In)))
                {
                    callbackPlan.Response = new NameSlot($"{service.CallbackContractKey}/{callbackPlan.Rpc}:callback-result", callbackPlan.Rpc + "CallbackResult", SlotNaming.Plain, "The result of callback '{0}.{1}'", service.CallbackContractKey!, callback.MethodName, callback.Position);
                }

                plan.Callbacks.Add(callbackPlan);
            }
        }
    }

    /// <summary>
    /// Contracts that inherit one operation from one generic base (<c>ICustomers : IRepository&lt;Customer&gt;</c>,
    /// <c>IOrders : IRepository&lt;Order&gt;</c>) in one package each get messages named after themselves
    /// (<c>CustomersGetRequest</c>, <c>OrdersGetRequest</c>): a plain <c>GetRequest</c> would go to whichever sorts first and
    /// hold its type argument only. The lock file may still keep an older plain name.
    /// </summary>
    private static void MarkSharedGenericOperations(List<ServicePlan> plans)
    {
        var inherited = plans
            .SelectMany(p => p.Operations.Select(o => (Plan: p, Operation: o)))
            .Where(x => x.Operation.Operation.DeclaringContractKey != x.Plan.Model.Key && x.Operation.Operation.DeclaringContractKey.IndexOf('<') > 0)
            .GroupBy(x => (x.Plan.Package, Base: x.Operation.Operation.DeclaringContractKey.Substring(0, x.Operation.Operation.DeclaringContractKey.IndexOf('<')), x.Operation.Operation.Name));
        foreach (var group in inherited.Where(g => g.Select(x => x.Plan).Distinct().Count() > 1))
        {
            foreach (var (_, operation) in group)
            {
                foreach (var slot in new[] { operation.Request, operation.Response })
                {
                    if (slot is not null)
                    {
                        slot.Naming = SlotNaming.Prefixed;
                    }
                }
            }
        }
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
            plan.Request = new NameSlot($"{service.Model.Key}/{plan.Rpc}:request", plan.Rpc + "Request", SlotNaming.PlainOrPrefixed, "The request of '{0}.{1}'", service.Model.ClrName, operation.MethodName, operation.Position);
        }

        var hasResult = operation.ReturnType.Shape != TypeShape.Void || outputs.Count > 0;
        if (!plan.StreamOut && !isOneWay && plan.ResponseContract is null && hasResult)
        {
            plan.Response = new NameSlot($"{service.Model.Key}/{plan.Rpc}:response", plan.Rpc + "Response", SlotNaming.PlainOrPrefixed, "The response of '{0}.{1}'", service.Model.ClrName, operation.MethodName, operation.Position);
        }
    }

    private static DataMemberModel? StreamBody(TypeInfo messageContract)
        => messageContract.Model.Members.FirstOrDefault(m => !m.IsHeader && m.Type.Shape == TypeShape.Stream);

    /// <summary>Members of a streamed message contract other than the stream: they have no place in a bytes stream.</summary>
    private static List<string> StreamCompanions(TypeInfo? messageContract)
        => messageContract is null ? new List<string>() : messageContract.Model.Members.Where(m => m != StreamBody(messageContract)).Select(m => m.ClrName).ToList();

    private TypeInfo? MessageContractOf(TypeRef type)
        => type.Shape == TypeShape.DataType && _typeInfo.TryGetValue(type.Key, out var info) && info.Model.Kind == DataTypeKind.MessageContract ? info : null;
}
