using Google.Protobuf;
using Google.Protobuf.Reflection;
using Grpc.Core;

namespace MigrateWcf.MigratedBuild.Tests;

/// <summary>An rpc an emitted .proto declares: its service's full name, its name and its streaming kind.</summary>
public sealed record DeclaredRpc(string Package, string Service, string Method, MethodType Kind)
{
    public string ServiceFullName => Package.Length == 0 ? Service : $"{Package}.{Service}";

    public override string ToString() => $"{ServiceFullName}/{Method} ({Kind})";

    /// <summary>Every rpc of the .proto files below <paramref name="folder"/> (compiled by protoc; imports' services excluded).</summary>
    public static List<DeclaredRpc> In(string folder)
    {
        var descriptors = FileDescriptorSet.Parser.ParseFrom(Tool.Tests.Infrastructure.Protoc.DescriptorSet(folder, TestEnvironment.GoogleApiProtos));
        return descriptors.File
            .Where(f => File.Exists(Path.Combine(folder, f.Name)))
            .SelectMany(f => f.Service.SelectMany(s => s.Method.Select(m => new DeclaredRpc(f.Package, s.Name, m.Name, KindOf(m)))))
            .OrderBy(r => r.ToString(), StringComparer.Ordinal)
            .ToList();
    }

    private static MethodType KindOf(MethodDescriptorProto method) => (method.ClientStreaming, method.ServerStreaming) switch
    {
        (false, false) => MethodType.Unary,
        (false, true) => MethodType.ServerStreaming,
        (true, false) => MethodType.ClientStreaming,
        _ => MethodType.DuplexStreaming,
    };
}

/// <summary>How an rpc answered an empty request: its status and, for OK, its response's field 1 (the result) if set.</summary>
public sealed record RpcAnswer(StatusCode Status, string Detail, object? Result)
{
    public override string ToString()
        => $"{Status}{(Detail.Length > 0 ? $" ({Detail})" : string.Empty)}" + Result switch
        {
            null => string.Empty,
            string text when text.Any(c => char.IsControl(c) && c is not ('\n' or '\r' or '\t')) => ", result a message",
            _ => $", result {Result}",
        };
}

/// <summary>
/// Calls an rpc with an empty message (valid protobuf for every message type) over raw bytes, as its streaming kind
/// wants: a unary call waits for its answer; a stream sends one empty message and reads until the end or a short
/// deadline (a callback stream stays open, which answers the question as well as a status does).
/// </summary>
public static class RpcProbe
{
    private static readonly Marshaller<byte[]> Bytes = Marshallers.Create(b => b, b => b);

    // Generous: the first call into a host JITs its whole path, on a busy machine.
    private static readonly TimeSpan UnaryDeadline = TimeSpan.FromMinutes(1);

    private static readonly TimeSpan StreamDeadline = TimeSpan.FromSeconds(5);

    /// <param name="request">A unary rpc's request message in place of an empty one.</param>
    public static async Task<RpcAnswer> CallAsync(CallInvoker invoker, DeclaredRpc rpc, byte[]? request = null)
    {
        var method = new Method<byte[], byte[]>(rpc.Kind, rpc.ServiceFullName, rpc.Method, Bytes, Bytes);
        try
        {
            switch (rpc.Kind)
            {
                case MethodType.Unary:
                    return Ok(await invoker.AsyncUnaryCall(method, null, Options(UnaryDeadline), request ?? []));
                case MethodType.ClientStreaming:
                {
                    using var call = invoker.AsyncClientStreamingCall(method, null, Options(StreamDeadline));
                    await call.RequestStream.WriteAsync([]);
                    await call.RequestStream.CompleteAsync();
                    return Ok(await call.ResponseAsync);
                }

                case MethodType.ServerStreaming:
                {
                    using var call = invoker.AsyncServerStreamingCall(method, null, Options(StreamDeadline), []);
                    return await ReadToEndAsync(call.ResponseStream);
                }

                default:
                {
                    using var call = invoker.AsyncDuplexStreamingCall(method, null, Options(StreamDeadline));
                    await call.RequestStream.WriteAsync([]);
                    await call.RequestStream.CompleteAsync();
                    return await ReadToEndAsync(call.ResponseStream);
                }
            }
        }
        catch (RpcException e)
        {
            return new RpcAnswer(e.StatusCode, e.Status.Detail, null);
        }
    }

    private static CallOptions Options(TimeSpan deadline) => new(deadline: DateTime.UtcNow + deadline);

    private static async Task<RpcAnswer> ReadToEndAsync(IAsyncStreamReader<byte[]> stream)
    {
        byte[]? last = null;
        while (await stream.MoveNext(CancellationToken.None))
        {
            last = stream.Current;
        }

        return last is null ? new RpcAnswer(StatusCode.OK, string.Empty, null) : Ok(last);
    }

    /// <summary>Field 1 of a response (the operation's result) read as a string or an int32, or null when unset.</summary>
    private static RpcAnswer Ok(byte[] response)
    {
        var input = new CodedInputStream(response);
        object? result = null;
        for (uint tag; (tag = input.ReadTag()) != 0;)
        {
            if (WireFormat.GetTagFieldNumber(tag) == 1 && WireFormat.GetTagWireType(tag) == WireFormat.WireType.LengthDelimited)
            {
                // A string, or a message's bytes (not UTF-8): decoded leniently, compared only where a case expects a string.
                result = System.Text.Encoding.UTF8.GetString(input.ReadBytes().Span);
            }
            else if (WireFormat.GetTagFieldNumber(tag) == 1 && WireFormat.GetTagWireType(tag) == WireFormat.WireType.Varint)
            {
                result = input.ReadInt32();
            }
            else
            {
                input.SkipLastField();
            }
        }

        return new RpcAnswer(StatusCode.OK, string.Empty, result);
    }
}
