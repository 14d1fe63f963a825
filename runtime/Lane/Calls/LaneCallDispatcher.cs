using System.Reflection;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Grpc.Core.Interceptors;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace MigrateWcf.Runtime;

/// <summary>
/// Runs calls that arrive over the local call lane (issue 30) on the services the host serves: the same
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

    /// <summary>The methods of <paramref name="serviceTypes"/> (the types MapGrpcService maps: generated adapters),
    /// each service made once from <paramref name="services"/> (adapters hold no state of a call), behind the interceptors
    /// of the host's <see cref="GrpcServiceOptions"/> and of the service's own <see cref="GrpcServiceOptions{TService}"/>.
    /// </summary>
    public static LaneCallDispatcher Create(IServiceProvider services, IEnumerable<Type> serviceTypes)
    {
        var global = Interceptors(services, services.GetRequiredService<IOptions<GrpcServiceOptions>>().Value);
        var methods = new Dictionary<string, LaneMethod>(StringComparer.Ordinal);
        foreach (var type in serviceTypes)
        {
            // As grpc-dotnet combines them: the global interceptors, then the service's own (AddServiceOptions<T>).
            var own = (IOptions<GrpcServiceOptions>)services.GetRequiredService(typeof(IOptions<>).MakeGenericType(typeof(GrpcServiceOptions<>).MakeGenericType(type)));
            var collector = new MethodCollector(methods, [.. global, .. Interceptors(services, own.Value)]);
            BindServiceOf(type).Invoke(null, [collector, ActivatorUtilities.GetServiceOrCreateInstance(services, type)]);
        }

        return new LaneCallDispatcher(methods, services.GetRequiredService<MalformedRequestLog>(),
            services.GetRequiredService<ILoggerFactory>().CreateLogger<LaneCallDispatcher>());
    }

    /// <summary>The served method <paramref name="method"/> (<c>/package.Service/Method</c>), or null.</summary>
    public LaneMethod? Find(string method) => _methods.GetValueOrDefault(method);

    /// <summary>Runs one call. <paramref name="sendHeaders"/>: how response headers the service writes before its first
    /// streamed message reach the caller at once; null: they travel with the result.</summary>
    public async Task<LaneCallResult> DispatchAsync(string method, ILaneCallStreams streams, Metadata requestHeaders, DateTime deadline, string peer,
        CancellationToken cancellationToken, Func<Metadata, Task>? sendHeaders = null)
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
        var context = new LaneServerCallContext(method, peer, deadline, requestHeaders, call.Token, sendHeaders);
        try
        {
            var response = await target.InvokeAsync(streams, context, () => MalformedRequests.Unparseable(method, _malformed)).ConfigureAwait(false);
            // The timer may not have run yet (a busy pool): an answer after the deadline is no answer either way.
            if (Volatile.Read(ref expired) || DateTime.UtcNow >= deadline)
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

    /// <summary>The interceptors of <paramref name="options"/>, each made once (a registered one taken from the container).</summary>
    private static List<Interceptor> Interceptors(IServiceProvider services, GrpcServiceOptions options) =>
        [.. options.Interceptors.Select(r => services.GetService(r.Type) as Interceptor ?? (Interceptor)ActivatorUtilities.CreateInstance(services, r.Type, [.. r.Arguments]))];

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

    /// <summary>Receives the generated BindService's methods as lane methods.</summary>
    private sealed class MethodCollector(Dictionary<string, LaneMethod> methods, IReadOnlyList<Interceptor> interceptors) : ServiceBinderBase
    {
        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse>? handler)
            => Add(method.FullName, handler, h => LaneMethod.Unary(method, h, interceptors));

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ClientStreamingServerMethod<TRequest, TResponse>? handler)
            => Add(method.FullName, handler, h => LaneMethod.ClientStreaming(method, h, interceptors));

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ServerStreamingServerMethod<TRequest, TResponse>? handler)
            => Add(method.FullName, handler, h => LaneMethod.ServerStreaming(method, h, interceptors));

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, DuplexStreamingServerMethod<TRequest, TResponse>? handler)
            => Add(method.FullName, handler, h => LaneMethod.Duplex(method, h, interceptors));

        private void Add<THandler>(string name, THandler? handler, Func<THandler, LaneMethod> create)
            where THandler : Delegate
        {
            if (handler is not null)
            {
                methods[name] = create(handler);
            }
        }
    }
}
