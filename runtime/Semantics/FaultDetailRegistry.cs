using System.Net.Sockets;
using System.ServiceModel;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Google.Rpc;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// The fault detail types of a set of contracts, each with its protobuf message, mappers and status code (filled by
/// generated code), and the one place where faults and statuses are converted in both directions (table in
/// runtime/README.md, "WCF semantics").
/// </summary>
public sealed class FaultDetailRegistry
{
    /// <summary>The ErrorInfo domain marking a status as a WCF fault; its reason is the FaultCode's name.</summary>
    public const string FaultDomain = "migrate-wcf.fault";

    private readonly Dictionary<System.Type, Entry> _byFaultType = new();
    private readonly Dictionary<string, Entry> _byMessageName = new(StringComparer.Ordinal);

    /// <summary>Registers <typeparamref name="TDetail"/>: thrown as <c>FaultException&lt;TDetail&gt;</c> it becomes
    /// <paramref name="code"/> with the detail packed as <typeparamref name="TMessage"/>.</summary>
    public FaultDetailRegistry Add<TDetail, TMessage>(StatusCode code, Func<TDetail, TMessage> toMessage, Func<TMessage, TDetail> fromMessage)
        where TMessage : class, IMessage<TMessage>, new()
    {
        var entry = new Entry(
            code,
            fault => toMessage(((FaultException<TDetail>)fault).Detail),
            (any, reason, faultCode, action) => new FaultException<TDetail>(fromMessage(any.Unpack<TMessage>()), reason, faultCode, action));
        _byFaultType[typeof(FaultException<TDetail>)] = entry;
        _byMessageName[new TMessage().Descriptor.FullName] = entry;
        return this;
    }

    /// <summary>Server side: a fault as a status. The reason is the status message, the FaultCode an ErrorInfo, a
    /// registered detail a packed message; an unregistered detail type is sent as a plain fault (as WCF does for a detail
    /// the contract does not declare).</summary>
    public RpcException ToRpcException(FaultException fault)
    {
        var entry = FindEntry(fault.GetType());
        var code = fault is IHttpStatusFault web ? WebFaultStatus.ToStatusCode(web.StatusCode)
            : entry?.Code ?? (fault.Code.IsReceiverFault ? StatusCode.Internal : StatusCode.FailedPrecondition);
        var info = new ErrorInfo { Domain = FaultDomain, Reason = fault.Code.Name };
        AddIfSet(info, "namespace", fault.Code.Namespace);
        AddIfSet(info, "subcode", fault.Code.SubCode?.Name);
        AddIfSet(info, "subcode_namespace", fault.Code.SubCode?.Namespace);
        AddIfSet(info, "action", fault.Action);
        var status = new Google.Rpc.Status { Code = (int)code, Message = fault.Message, Details = { Any.Pack(info) } };
        if (entry is not null)
        {
            status.Details.Add(Any.Pack(entry.ToMessage(fault)));
        }

        return status.ToRpcException();
    }

    /// <summary>Client side: the exception a WCF caller expects for a failed call.</summary>
    public Exception ToException(RpcException exception)
    {
        var status = exception.GetRpcStatus();
        if (status?.GetDetail<ErrorInfo>() is { Domain: FaultDomain } info)
        {
            var subCode = info.Metadata.TryGetValue("subcode", out var subName) ? new FaultCode(subName, info.Metadata.GetValueOrDefault("subcode_namespace", "")) : null;
            var code = new FaultCode(info.Reason, info.Metadata.GetValueOrDefault("namespace", ""), subCode);
            var reason = new FaultReason(status.Message);
            var action = info.Metadata.GetValueOrDefault("action");
            foreach (var detail in status.Details)
            {
                if (_byMessageName.TryGetValue(Any.GetTypeName(detail.TypeUrl), out var entry))
                {
                    return entry.ToFault(detail, reason, code, action);
                }
            }

            return new FaultException(reason, code, action);
        }

        var message = exception.Status.Detail;
        return exception.StatusCode switch
        {
            // An exception the service did not handle: WCF sends the caller a plain fault without the exception's details.
            StatusCode.Unknown => new FaultException(new FaultReason(message), new FaultCode("Receiver", new FaultCode("InternalServiceFault")), null),
            StatusCode.DeadlineExceeded => new TimeoutException(message, exception),
            StatusCode.Cancelled => new OperationCanceledException(message, exception),
            StatusCode.Unavailable when exception.Status.DebugException is HttpRequestException { InnerException: SocketException }
                => new EndpointNotFoundException(message, exception),
            StatusCode.Unimplemented => new ActionNotSupportedException(message, exception),
            // What WCF raised for a caller the service did not authenticate, and for one it refused (PrincipalPermission,
            // ServiceAuthorizationManager); both are CommunicationExceptions, as before.
            StatusCode.Unauthenticated => new System.ServiceModel.Security.MessageSecurityException(message, exception),
            StatusCode.PermissionDenied => new System.ServiceModel.Security.SecurityAccessDeniedException(message, exception),
            StatusCode.ResourceExhausted => new CommunicationException(message, new QuotaExceededException(message, exception)),
            _ => new CommunicationException(message, exception),
        };
    }

    // A subclass of FaultException<TDetail> (WCF's WebFaultException<TDetail>) carries the registered detail too.
    private Entry? FindEntry(System.Type? faultType)
    {
        for (; faultType is not null && faultType != typeof(FaultException); faultType = faultType.BaseType)
        {
            if (_byFaultType.TryGetValue(faultType, out var entry))
            {
                return entry;
            }
        }

        return null;
    }

    private static void AddIfSet(ErrorInfo info, string key, string? value)
    {
        if (!string.IsNullOrEmpty(value))
        {
            info.Metadata[key] = value;
        }
    }

    private sealed record Entry(StatusCode Code, Func<FaultException, IMessage> ToMessage, Func<Any, FaultReason, FaultCode, string?, FaultException> ToFault);
}
