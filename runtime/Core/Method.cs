namespace MigrateWcf.Runtime;

/// <summary>The four kinds of gRPC call.</summary>
public enum MethodType
{
    Unary,
    ClientStreaming,
    ServerStreaming,
    DuplexStreaming,
}

/// <summary>A method without its message types.</summary>
public interface IMethod
{
    MethodType Type { get; }
    string ServiceName { get; }
    string Name { get; }
    /// <summary><c>/package.Service/Method</c>: the HTTP/2 path.</summary>
    string FullName { get; }
}

/// <summary>A gRPC method: its kind, names and message marshallers.</summary>
public sealed class Method<TRequest, TResponse> : IMethod
{
    public Method(MethodType type, string serviceName, string name, Marshaller<TRequest> requestMarshaller, Marshaller<TResponse> responseMarshaller)
    {
        ArgumentException.ThrowIfNullOrEmpty(serviceName);
        ArgumentException.ThrowIfNullOrEmpty(name);
        Type = type;
        ServiceName = serviceName;
        Name = name;
        RequestMarshaller = requestMarshaller ?? throw new ArgumentNullException(nameof(requestMarshaller));
        ResponseMarshaller = responseMarshaller ?? throw new ArgumentNullException(nameof(responseMarshaller));
        FullName = "/" + serviceName + "/" + name;
    }

    public MethodType Type { get; }
    public string ServiceName { get; }
    public string Name { get; }
    public string FullName { get; }
    public Marshaller<TRequest> RequestMarshaller { get; }
    public Marshaller<TResponse> ResponseMarshaller { get; }

    public override string ToString() => FullName;
}
