using System.Reflection;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Grpc.Core.Interceptors;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace MigrateWcf.Runtime;

/// <summary>
/// Runs unary calls that arrive over the local call lane (issue 30) on the services the host serves: the same
/// generated adapters, found through their generated <c>BindService</c>, behind the same interceptors as grpc-dotnet
/// runs them, with a <see cref="LaneServerCallContext"/> in place of HTTP/2's. What a call returns is what grpc-dotnet
/// would answer: the response, or the status and trailers of an <see cref="RpcException"/> (a fault's details), UNKNOWN
/// with a fixed text for any other exception (never its message), DEADLINE_EXCEEDED once the deadline passes,
/// CANCELLED when the caller cancels, UNIMPLEMENTED for a method the host does not serve.
/// </summary>
internal sealed class LaneCallDispatcher
{
    private readonly Dictionary<string, LaneMethod> _methods;
    private readonly MalformedRequestLog _malformed;
    private readonly ILogger _logger;

    private LaneCallDispatcher(Dictionary<string, LaneMethod> methods, MalformedRequestLog malformed, ILogger logger)
        => (_methods, _malformed, _logger) = (methods, malformed, logger);

    /// <summary>The unary methods of <paramref name="serviceTypes"/> (the types MapGrpcService maps: generated adapters),
    /// each service made once from <paramref name="services"/> (adapters hold no state of a call), behind the interceptors
    /// of the host's <see cref="GrpcServiceOptions"/>, each made once too (a registered one is taken from the container).
    /// Streaming methods are not on the lane: they stay on HTTP/2.</summary>
    public static LaneCallDispatcher Create(IServiceProvider services, IEnumerable<Type> serviceTypes)
    {
        var interceptors = services.GetRequiredService<IOptions<GrpcServiceOptions>>().Value.Interceptors
            .Select(r => services.GetService(r.Type) as Interceptor ?? (Interceptor)ActivatorUtilities.CreateInstance(services, r.Type, [.. r.Arguments]))
            .ToList();
        var collector = new MethodCollector(interceptors);
        foreach (var type in serviceTypes)
        {
            BindServiceOf(type).Invoke(null, [collector, ActivatorUtilities.GetServiceOrCreateInstance(services, type)]);
        }

        return new LaneCallDispatcher(collector.Methods, services.GetRequiredService<MalformedRequestLog>(),
            services.GetRequiredService<ILoggerFactory>().CreateLogger<LaneCallDispatcher>());
    }

    /// <summary>Whether the lane serves <paramref name="method"/> (<c>/package.Service/Method</c>).</summary>
    public bool Serves(string method) => _methods.ContainsKey(method);

    public async Task<LaneCallResult> DispatchAsync(string method, byte[] request, Metadata requestHeaders, DateTime deadline, string peer, CancellationToken cancellationToken)
    {
        if (!_methods.TryGetValue(method, out var target))
        {
            return new LaneCallResult(new Status(StatusCode.Unimplemented, "Method is unimplemented."), [], null, null);
        }

        using var call = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var expired = false;
        using var timer = deadline == DateTime.MaxValue
            ? null
            : new Timer(_ => { Volatile.Write(ref expired, true); call.Cancel(); }, null, Remaining(deadline), Timeout.InfiniteTimeSpan);
        var context = new LaneServerCallContext(method, peer, deadline, requestHeaders, call.Token);
        try
        {
            var response = await target.InvokeAsync(request, context, () => MalformedRequests.Unparseable(method, _malformed)).ConfigureAwait(false);
            if (Volatile.Read(ref expired))
            {
                return Ended(StatusCode.DeadlineExceeded, "Deadline Exceeded", context);
            }

            // A service may set a status and return: grpc-dotnet sends that status, and no message with an error.
            return context.Status.StatusCode == StatusCode.OK
                ? new LaneCallResult(Status.DefaultSuccess, context.ResponseTrailers, context.ResponseHeaders, response)
                : new LaneCallResult(context.Status, context.ResponseTrailers, context.ResponseHeaders, null);
        }
        catch (Exception) when (Volatile.Read(ref expired))
        {
            return Ended(StatusCode.DeadlineExceeded, "Deadline Exceeded", context);
        }
        catch (Exception) when (cancellationToken.IsCancellationRequested)
        {
            return Ended(StatusCode.Cancelled, "Call canceled by the client.", context);
        }
        catch (RpcException e)
        {
            foreach (var entry in e.Trailers)
            {
                context.ResponseTrailers.Add(entry);
            }

            return new LaneCallResult(e.Status, context.ResponseTrailers, context.ResponseHeaders, null);
        }
        catch (Exception e)
        {
            // As grpc-dotnet answers an exception the service did not turn into a status: logged here, not sent.
            _logger.LogError(e, "Error when executing service method '{Method}' on the local lane.", method);
            return Ended(StatusCode.Unknown, "Exception was thrown by handler.", context);
        }
    }

    private static LaneCallResult Ended(StatusCode code, string detail, LaneServerCallContext context)
        => new(new Status(code, detail), context.ResponseTrailers, context.ResponseHeaders, null);

    private static TimeSpan Remaining(DateTime deadline)
    {
        var remaining = deadline - DateTime.UtcNow;
        return remaining > TimeSpan.Zero ? remaining : TimeSpan.Zero;
    }

    /// <summary>The generated <c>BindService(ServiceBinderBase, TBase)</c> of a service type, found as grpc-dotnet finds
    /// it: through the <see cref="BindServiceMethodAttribute"/> on the generated base class.</summary>
    private static MethodInfo BindServiceOf(Type serviceType)
    {
        for (var type = serviceType; type is not null; type = type.BaseType)
        {
            if (type.GetCustomAttribute<BindServiceMethodAttribute>(inherit: false) is { } attribute)
            {
                return attribute.BindType.GetMethod(attribute.BindMethodName, BindingFlags.Public | BindingFlags.Static, [typeof(ServiceBinderBase), type])
                    ?? throw new InvalidOperationException($"{attribute.BindType} has no {attribute.BindMethodName}(ServiceBinderBase, {type.Name}).");
            }
        }

        throw new InvalidOperationException($"{serviceType} is not a gRPC service: no base class carries [BindServiceMethod].");
    }

    /// <summary>Receives the generated BindService's methods: unary ones become lane methods; streaming ones are left
    /// to HTTP/2.</summary>
    private sealed class MethodCollector(IReadOnlyList<Interceptor> interceptors) : ServiceBinderBase
    {
        public Dictionary<string, LaneMethod> Methods { get; } = new(StringComparer.Ordinal);

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse>? handler)
        {
            if (handler is not null)
            {
                Methods[method.FullName] = LaneMethod.Create(method, handler, interceptors);
            }
        }

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ClientStreamingServerMethod<TRequest, TResponse>? handler)
        {
        }

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ServerStreamingServerMethod<TRequest, TResponse>? handler)
        {
        }

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, DuplexStreamingServerMethod<TRequest, TResponse>? handler)
        {
        }
    }
}
