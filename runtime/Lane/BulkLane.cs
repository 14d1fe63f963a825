using Google.Protobuf;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// The bulk lane: large bytes values of unary calls between a generated client and a generated host on one machine
/// travel through shared memory while the gRPC message carries a 40-byte reference: on Linux sealed memfds passed over
/// the owner-only socket <c>&lt;socket&gt;.lane</c> beside the gRPC socket, on Windows owner-only sections announced over
/// the owner-only pipe <c>&lt;pipe&gt;.lane</c> beside the gRPC pipe. A call opts in with the <see cref="HeaderName"/>
/// header naming its lane session; every other caller (other languages, grpcurl, a .NET client without the lane) is
/// answered with plain bytes from the same host. docs/bulk-lane.md has the protocol and the measurements.
/// </summary>
public static class BulkLane
{
    /// <summary>The request header that names the caller's lane session (its token, 32 hex digits).</summary>
    public const string HeaderName = "migrate-wcf-lane";

    /// <summary>Bytes values at least this long travel through the lane: 64 KiB, where a shared segment's copy already
    /// beats the socket's (docs/benchmarks/payload-transport-settings.md).</summary>
    public const int DefaultThresholdBytes = 64 * 1024;

    /// <summary>What the host's log calls this lane.</summary>
    internal const string Name = "bulk lane";

    /// <summary>The lane socket beside a gRPC Unix socket, or the lane pipe's name beside a gRPC pipe's.</summary>
    public static string SocketPath(string grpcSocketPath) => grpcSocketPath + ".lane";

    /// <summary>Whether this process can use the lane (64-bit Linux or Windows).</summary>
    public static bool IsSupported => (OperatingSystem.IsLinux() && LaneNative.IsSupported) || (OperatingSystem.IsWindows() && Environment.Is64BitProcess);

    internal static string TokenText(Guid token) => token.ToString("N");

    /// <summary>True for a value that goes through the lane: large, or shaped like a reference (so that one never
    /// travels as plain bytes where a reference is expected).</summary>
    internal static bool Qualifies(ByteString value, int thresholdBytes) =>
        value.Length >= thresholdBytes || LaneReference.HasShape(value);

    /// <summary>The bytes values of <paramref name="message"/> that reference the lane, copied out of it; the total of
    /// their lengths is checked against <paramref name="maxMessageBytes"/> as gRPC checks a message's size.</summary>
    /// <exception cref="RpcException">RESOURCE_EXHAUSTED past the limit; <paramref name="invalid"/> for a reference the
    /// session cannot honour.</exception>
    [System.Runtime.Versioning.SupportedOSPlatform("linux")]
    [System.Runtime.Versioning.SupportedOSPlatform("windows")]
    internal static void Resolve(LaneConnection connection, IMessage message, int? maxMessageBytes, StatusCode invalid)
    {
        if (!LaneMessages.Any(message, 0, static (value, _) => LaneReference.HasShape(value)))
        {
            return;
        }

        LaneMessages.Replace(message, new Resolution(connection, message.CalculateSize(), maxMessageBytes, invalid), static (value, resolution) =>
        {
            if (!LaneReference.HasShape(value))
            {
                return null;
            }

            var reference = LaneReference.Parse(value);
            resolution.Total += reference.Length;
            if (resolution.Limit is { } limit && resolution.Total > limit)
            {
                throw new RpcException(new Status(StatusCode.ResourceExhausted, $"Received message exceeds the maximum configured message size ({limit} bytes)."));
            }

            try
            {
                return UnsafeByteOperations.UnsafeWrap(resolution.Connection.Read(value));
            }
            catch (LaneReferenceException e)
            {
                throw new RpcException(new Status(resolution.Invalid, "Bulk lane reference refused: " + e.Message + "."));
            }
        });
    }

    /// <summary>Moves the qualifying bytes values of <paramref name="message"/> into the lane. Returns the message to send
    /// (a copy when something moved; the original is left as it was) and the references written (null when none).</summary>
    /// <exception cref="IOException">The lane failed part way; the references written so far are in
    /// <paramref name="written"/>, for the caller to free.</exception>
    [System.Runtime.Versioning.SupportedOSPlatform("linux")]
    [System.Runtime.Versioning.SupportedOSPlatform("windows")]
    internal static T Offload<T>(LaneConnection connection, T message, int thresholdBytes, ref List<LaneReference>? written)
        where T : class
    {
        if (message is not IMessage protobuf || !LaneMessages.CanCarryBytes(protobuf.Descriptor)
            || !LaneMessages.Any(protobuf, thresholdBytes, static (value, threshold) => Qualifies(value, threshold)))
        {
            return message;
        }

        var offload = new Offloading(connection, thresholdBytes, written ??= []);
        var copy = (IMessage)((IDeepCloneable<T>)message).Clone();
        LaneMessages.Replace(copy, offload, static (value, offload) =>
        {
            if (!Qualifies(value, offload.Threshold))
            {
                return null;
            }

            var reference = offload.Connection.Outbox.Write(value);
            offload.Written.Add(reference);
            return reference.ToByteString();
        });
        return (T)copy;
    }

    [System.Runtime.Versioning.SupportedOSPlatform("linux")]
    [System.Runtime.Versioning.SupportedOSPlatform("windows")]
    private sealed class Resolution(LaneConnection connection, long total, int? limit, StatusCode invalid)
    {
        public LaneConnection Connection { get; } = connection;

        public long Total { get; set; } = total;

        public int? Limit { get; } = limit;

        public StatusCode Invalid { get; } = invalid;
    }

    [System.Runtime.Versioning.SupportedOSPlatform("linux")]
    [System.Runtime.Versioning.SupportedOSPlatform("windows")]
    private sealed record Offloading(LaneConnection Connection, int Threshold, List<LaneReference> Written);
}
