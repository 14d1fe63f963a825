using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Grpc.AspNetCore.Server;
using Grpc.AspNetCore.Server.Model;
using Grpc.Core;
using Grpc.Net.Compression;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace MigrateWcf.Runtime;

/// <summary>
/// Bytes a caller sends that cannot be a request answer INVALID_ARGUMENT with a short fixed message, not UNKNOWN
/// "Exception was thrown by handler." with the exception (and its stack trace) in the host's log. grpc-dotnet reads and
/// parses a unary or server-streaming request before any interceptor runs, so the parse is wrapped where the method is
/// bound (the request marshaller) and a compressed body where it is inflated (the compression provider).
/// </summary>
internal static class MalformedRequests
{
    private const string GrpcBinderProvider = "Grpc.AspNetCore.Server.Model.Internal.BinderServiceMethodProvider`1";

    /// <summary>Binds generated services through <see cref="CheckedParseMethodProvider{TService}"/> instead of
    /// grpc-dotnet's own binder (the same methods, routes and metadata; only the request parse is checked).</summary>
    public static void Use(IServiceCollection services)
    {
        var grpcBinder = services.Where(d => d.ServiceType == typeof(IServiceMethodProvider<>)
            && d.ImplementationType?.FullName == GrpcBinderProvider).ToList();
        if (grpcBinder.Count == 0 && !services.Any(d => d.ImplementationType == typeof(CheckedParseMethodProvider<>)))
        {
            // grpc-dotnet changed how it binds: keep its binder rather than bind every method twice.
            return;
        }

        foreach (var descriptor in grpcBinder)
        {
            services.Remove(descriptor);
        }

        services.TryAddSingleton(provider => new MalformedRequestLog(provider.GetRequiredService<ILogger<MalformedRequestLog>>(), TimeProvider.System));
        services.TryAddEnumerable(ServiceDescriptor.Transient<IStartupFilter, OversizedFrames>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton(typeof(IServiceMethodProvider<>), typeof(CheckedParseMethodProvider<>)));
        services.TryAddSingleton(new GrpcBinderCheck(services));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPostConfigureOptions<GrpcServiceOptions>, CheckedDecompression>());
    }

    /// <summary>Whether grpc-dotnet's binder is registered after all (an <c>AddGrpc()</c> after <see cref="Use"/> adds it
    /// again), read once the services are built: then it binds every method and ours binds none, rather than both.</summary>
    internal sealed class GrpcBinderCheck(IServiceCollection services)
    {
        private readonly Lazy<bool> _registered = new(() => services.Any(d => d.ServiceType == typeof(IServiceMethodProvider<>)
            && d.ImplementationType?.FullName == GrpcBinderProvider));

        public bool GrpcBinderRegistered => _registered.Value;
    }

    /// <summary>The status for a request whose bytes are not its message (and its line in the log).</summary>
    public static RpcException Unparseable(string method, MalformedRequestLog log)
    {
        var reason = $"The request is not a valid protobuf message for {method}.";
        log.Refused(method: null, reason);
        return new RpcException(new Status(StatusCode.InvalidArgument, reason));
    }

    /// <summary>Wraps a request marshaller so a parse failure is the caller's error. The deserializer parses bytes and
    /// nothing else, so whatever it throws (truncated data, a bad varint or tag, a group left open, invalid UTF-8 in a
    /// string) is about those bytes; its text is left out of the status.</summary>
    public static Marshaller<T> CheckParse<T>(Marshaller<T> marshaller, string method, MalformedRequestLog log)
    {
        var deserialize = marshaller.ContextualDeserializer;
        return new Marshaller<T>(marshaller.ContextualSerializer, context =>
        {
            try
            {
                return deserialize(context);
            }
            catch (Exception exception) when (exception is not RpcException and not OperationCanceledException)
            {
                throw Unparseable(method, log);
            }
        });
    }
}

/// <summary>
/// Binds a Grpc.Tools service (its base class's <c>[BindServiceMethod]</c>) method by method, as grpc-dotnet's own binder
/// does, with the request marshaller wrapped by <see cref="MalformedRequests.CheckParse"/>.
/// </summary>
internal sealed class CheckedParseMethodProvider<[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicMethods)] TService>
    : IServiceMethodProvider<TService> where TService : class
{
    private readonly MalformedRequests.GrpcBinderCheck _grpcBinder;
    private readonly MalformedRequestLog _log;

    public CheckedParseMethodProvider(MalformedRequests.GrpcBinderCheck grpcBinder, MalformedRequestLog log)
    {
        _grpcBinder = grpcBinder;
        _log = log;
    }

    public void OnServiceMethodDiscovery(ServiceMethodProviderContext<TService> context)
    {
        if (_grpcBinder.GrpcBinderRegistered)
        {
            return;
        }

        for (var type = typeof(TService); type is not null; type = type.BaseType)
        {
            if (type.GetCustomAttribute<BindServiceMethodAttribute>(inherit: false) is not { } bind)
            {
                continue;
            }

            var bindMethod = bind.BindType.GetMethod(bind.BindMethodName, BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static,
                [typeof(ServiceBinderBase), type]);
            if (bindMethod is null)
            {
                return;
            }

            bindMethod.Invoke(null, [new Binder(context, type, _log), null]);
            return;
        }
    }

    private sealed class Binder(ServiceMethodProviderContext<TService> context, Type serviceBase, MalformedRequestLog log) : ServiceBinderBase
    {
        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse>? handler)
        {
            var (invoker, metadata) = Handler<UnaryServerMethod<TService, TRequest, TResponse>>(method.Name, typeof(TRequest), typeof(ServerCallContext));
            context.AddUnaryMethod(Checked(method), metadata, invoker);
        }

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ServerStreamingServerMethod<TRequest, TResponse>? handler)
        {
            var (invoker, metadata) = Handler<ServerStreamingServerMethod<TService, TRequest, TResponse>>(
                method.Name, typeof(TRequest), typeof(IServerStreamWriter<TResponse>), typeof(ServerCallContext));
            context.AddServerStreamingMethod(Checked(method), metadata, invoker);
        }

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ClientStreamingServerMethod<TRequest, TResponse>? handler)
        {
            var (invoker, metadata) = Handler<ClientStreamingServerMethod<TService, TRequest, TResponse>>(
                method.Name, typeof(IAsyncStreamReader<TRequest>), typeof(ServerCallContext));
            context.AddClientStreamingMethod(Checked(method), metadata, invoker);
        }

        public override void AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, DuplexStreamingServerMethod<TRequest, TResponse>? handler)
        {
            var (invoker, metadata) = Handler<DuplexStreamingServerMethod<TService, TRequest, TResponse>>(
                method.Name, typeof(IAsyncStreamReader<TRequest>), typeof(IServerStreamWriter<TResponse>), typeof(ServerCallContext));
            context.AddDuplexStreamingMethod(Checked(method), metadata, invoker);
        }

        private Method<TRequest, TResponse> Checked<TRequest, TResponse>(Method<TRequest, TResponse> method)
            => new(method.Type, method.ServiceName, method.Name, MalformedRequests.CheckParse(method.RequestMarshaller, method.FullName, log), method.ResponseMarshaller);

        /// <summary>The service's override of the base class's method (or the base's own, which answers UNIMPLEMENTED) as an
        /// open delegate, and the endpoint metadata: the type's attributes, then the method's, then POST (with CORS preflight).</summary>
        private (TDelegate Invoker, List<object> Metadata) Handler<TDelegate>(string name, params Type[] parameters) where TDelegate : Delegate
        {
            var method = typeof(TService).GetMethod(name, BindingFlags.Public | BindingFlags.Instance, parameters);
            if (method is null || !method.IsVirtual || method.GetBaseDefinition().DeclaringType != serviceBase)
            {
                throw new InvalidOperationException($"{typeof(TService)} has no override of {serviceBase}.{name}.");
            }

            var metadata = new List<object>();
            metadata.AddRange(typeof(TService).GetCustomAttributes(inherit: true));
            metadata.AddRange(method.GetCustomAttributes(inherit: true));
            metadata.Add(new HttpMethodMetadata(["POST"], acceptCorsPreflight: true));
            return ((TDelegate)Delegate.CreateDelegate(typeof(TDelegate), method), metadata);
        }
    }
}

/// <summary>Every compression provider's decompression stream answers INVALID_ARGUMENT for a body that is not in its
/// format (a gzip flag on bytes that are not gzip), instead of the InvalidDataException the inflater throws.</summary>
internal sealed class CheckedDecompression(MalformedRequestLog log) : IPostConfigureOptions<GrpcServiceOptions>
{
    public void PostConfigure(string? name, GrpcServiceOptions options)
    {
        var providers = options.CompressionProviders;
        for (var i = 0; i < providers.Count; i++)
        {
            if (providers[i] is not Provider)
            {
                providers[i] = new Provider(providers[i], log);
            }
        }
    }

    private sealed class Provider(ICompressionProvider inner, MalformedRequestLog log) : ICompressionProvider
    {
        public string EncodingName => inner.EncodingName;

        public Stream CreateCompressionStream(Stream stream, System.IO.Compression.CompressionLevel? compressionLevel)
            => inner.CreateCompressionStream(stream, compressionLevel);

        public Stream CreateDecompressionStream(Stream stream) => new Inflating(inner.CreateDecompressionStream(stream), inner.EncodingName, log);
    }

    private sealed class Inflating(Stream inner, string encoding, MalformedRequestLog log) : Stream
    {
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            try
            {
                return inner.Read(buffer);
            }
            catch (InvalidDataException)
            {
                var reason = $"The request message is flagged compressed but is not valid {encoding} data.";
                log.Refused(method: null, reason);
                throw new RpcException(new Status(StatusCode.InvalidArgument, reason));
            }
        }

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                inner.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}
