using System.Buffers.Binary;
using System.Net;
using System.Net.Http.Headers;
using System.Net.Sockets;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime.Tests.Semantics;

namespace MigrateWcf.Runtime.Tests;

/// <summary>
/// Bytes that are no request, sent over a raw HTTP/2 client (the 5-byte gRPC frame written by hand): each is answered
/// INVALID_ARGUMENT (RESOURCE_EXHAUSTED for a size) with a short message, the host logs one warning line and no
/// exception for it, and a normal call is answered after each.
/// </summary>
public sealed class MalformedRequestTests
{
    public static TheoryData<string> Payloads => new(Malformed.Keys);

    private static readonly Dictionary<string, (byte[] Frame, string? Encoding, int Status)> Malformed = new()
    {
        ["random bytes"] = (Frame(RandomBytes()), null, 3),
        ["truncated string"] = (Frame([0x0A, 0x0A, (byte)'a', (byte)'b', (byte)'c']), null, 3),
        ["varint longer than 10 bytes"] = (Frame([0x08, .. Enumerable.Repeat((byte)0xFF, 11), 0x01]), null, 3),
        ["group ended by another field"] = (Frame([0x13, 0x1C]), null, 3),
        ["invalid UTF-8 in a string"] = (Frame([0x0A, 0x02, 0xC3, 0x28]), null, 3),
        ["compressed flag on a body that is not gzip"] = (Frame("not gzip at all"u8.ToArray(), compressed: true), "gzip", 3),
        ["length prefix of 4 GiB"] = (Header(uint.MaxValue, "abc"u8.ToArray()), null, 8),
        ["length prefix of 2 GiB"] = (Header(0x8000_0000, "abc"u8.ToArray()), null, 8),
        ["length prefix above the receive limit"] = (Header(100 << 20, "abc"u8.ToArray()), null, 8),
    };

    [Theory]
    [MemberData(nameof(Payloads))]
    public async Task A_malformed_request_is_answered_invalid_argument_without_a_logged_exception(string payload)
    {
        var (frame, encoding, expected) = Malformed[payload];
        using var temp = new TempDirectory();
        var logs = new CapturedLogs();
        await using var host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(temp.Combine("grpc.sock")), h =>
        {
            h.Builder.Logging.ClearProviders().AddProvider(logs);
            h.MapService<EchoService>();
        });
        using var client = RawHttp2Client(temp.Combine("grpc.sock"));

        var (status, message) = await CallAsync(client, frame, encoding);

        Assert.Equal(expected, status);
        Assert.DoesNotContain("Exception", message, StringComparison.Ordinal);
        Assert.True(message.Length is > 0 and < 120, message);
        Assert.DoesNotContain(logs.Errors, e => e.Exception is not null || e.Message.Contains("   at ", StringComparison.Ordinal));
        Assert.True(logs.Errors.Count <= 1, string.Join("\n", logs.Errors.Select(e => e.Message)));
        if (status != 8 || payload.Contains("GiB", StringComparison.Ordinal))
        {
            // The runtime's own line; a size under 2 GiB is grpc-dotnet's own check, which logs nothing at Warning.
            Assert.Contains(logs.Errors, e => e.Category == typeof(MalformedRequestLog).FullName && e.Message.StartsWith("Refused a malformed request: ", StringComparison.Ordinal));
        }

        var (okStatus, _) = await CallAsync(client, Frame(new StringValue { Value = "after" }.ToByteArray()), null);
        Assert.Equal(0, okStatus);
    }

    [Fact]
    public async Task A_middleware_replacing_the_request_body_after_the_check_still_sees_every_byte()
    {
        using var temp = new TempDirectory();
        long tapped = 0;
        await using var host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(temp.Combine("grpc.sock")), h =>
        {
            h.MapService<EchoService>();
            // A tap over the body stream, as request-logging middleware does: the frame check must read through it.
            h.Configure(app => app.Use((context, next) =>
            {
                context.Request.Body = new CountingStream(context.Request.Body, count => Interlocked.Add(ref tapped, count));
                return next(context);
            }));
        });
        using var client = RawHttp2Client(temp.Combine("grpc.sock"));
        var frame = Frame(new StringValue { Value = "through the tap" }.ToByteArray());

        var (status, _) = await CallAsync(client, frame, null);

        Assert.Equal(0, status);
        Assert.Equal(frame.Length, Interlocked.Read(ref tapped));
    }

    [Fact]
    public void The_random_bytes_are_not_a_StringValue()
        => Assert.ThrowsAny<InvalidProtocolBufferException>(() => StringValue.Parser.ParseFrom(RandomBytes()));

    private static byte[] RandomBytes()
    {
        var bytes = new byte[64];
        new Random(25).NextBytes(bytes);
        return bytes;
    }

    private static byte[] Frame(byte[] message, bool compressed = false)
    {
        var frame = new byte[5 + message.Length];
        frame[0] = compressed ? (byte)1 : (byte)0;
        BinaryPrimitives.WriteUInt32BigEndian(frame.AsSpan(1), (uint)message.Length);
        message.CopyTo(frame, 5);
        return frame;
    }

    /// <summary>A frame header announcing <paramref name="length"/> bytes, followed by only <paramref name="sent"/>.</summary>
    private static byte[] Header(uint length, byte[] sent)
    {
        var frame = new byte[5 + sent.Length];
        BinaryPrimitives.WriteUInt32BigEndian(frame.AsSpan(1), length);
        sent.CopyTo(frame, 5);
        return frame;
    }

    private sealed class CountingStream(Stream inner, Action<int> counted) : Stream
    {
        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override int Read(byte[] buffer, int offset, int count) => Counted(inner.Read(buffer, offset, count));

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
            => Counted(await inner.ReadAsync(buffer, cancellationToken));

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
            => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

        public override void Flush()
        {
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        private int Counted(int read)
        {
            counted(read);
            return read;
        }
    }

    private static HttpClient RawHttp2Client(string socketPath) => new(new SocketsHttpHandler
    {
        ConnectCallback = async (_, cancellationToken) =>
        {
            var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            await socket.ConnectAsync(new UnixDomainSocketEndPoint(socketPath), cancellationToken);
            return new NetworkStream(socket, ownsSocket: true);
        },
    })
    {
        DefaultRequestVersion = HttpVersion.Version20,
        DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
    };

    /// <summary>POSTs one frame to Echo/Say; the grpc-status and grpc-message, from the trailers or a trailers-only answer.</summary>
    private static async Task<(int Status, string Message)> CallAsync(HttpClient client, byte[] frame, string? encoding)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "http://localhost/runtime.tests.Echo/Say")
        {
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = new ByteArrayContent(frame),
        };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/grpc");
        request.Headers.TE.ParseAdd("trailers");
        if (encoding is not null)
        {
            request.Headers.Add("grpc-encoding", encoding);
        }

        using var response = await client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        await response.Content.ReadAsByteArrayAsync();
        var headers = response.TrailingHeaders.Contains("grpc-status") ? response.TrailingHeaders : response.Headers;
        var status = int.Parse(headers.GetValues("grpc-status").Single(), System.Globalization.CultureInfo.InvariantCulture);
        var message = headers.TryGetValues("grpc-message", out var values) ? Uri.UnescapeDataString(values.Single()) : string.Empty;
        return (status, message);
    }
}
