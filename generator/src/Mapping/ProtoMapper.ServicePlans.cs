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

        // Operations whose name no earlier operation has claim their rpc name first, so a numbered name given to a later
        // operation sharing a name (Get → Get2) never takes the name another operation has (an operation named Get2).
        var rpcNames = new LocalNames();
        var wanted = service.Operations.Select(o => ProtoNames.ToPascal(o.Name)).ToList();
        var rpcs = new string[wanted.Count];
        var firstOfName = new HashSet<string>(StringComparer.Ordinal);
        var later = new List<int>();
        for (var i = 0; i < wanted.Count; i++)
        {
            if (firstOfName.Add(wanted[i]))
            {
                rpcs[i] = rpcNames.Claim(wanted[i]);
            }
            else
            {
                later.Add(i);
            }
        }

        foreach (var i in later)
        {
            rpcs[i] = rpcNames.Claim(wanted[i]);
        }

        for (var i = 0; i < wanted.Count; i++)
        {
            var operation = service.Operations[i];
            var rpc = wanted[i];
            var unique = rpcs[i];
            var operationPlan = new OperationPlan(operation, unique) { DuplicateName = unique != rpc };
            PlanMessages(plan, operationPlan, operation.IsOneWay);
            plan.Operations.Add(operationPlan);
        }

        if (service.CallbackContractKey is not null)
        {
            plan.CallbackRpc = rpcNames.Claim("Callbacks");
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
}
