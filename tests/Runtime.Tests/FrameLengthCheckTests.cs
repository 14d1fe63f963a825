using System.Buffers;
using System.Buffers.Binary;
using System.IO.Pipelines;
using Grpc.Core;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime.Tests.Semantics;

namespace MigrateWcf.Runtime.Tests;

/// <summary>
/// The request-body reader that checks each gRPC frame's length prefix: it passes every byte unchanged however the body
/// is split into reads, and refuses a prefix above 2 GiB wherever it falls (not only the first frame); the refusals'
/// warning lines are rate-limited.
/// </summary>
public sealed class FrameLengthCheckTests
{
    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(7)]
    [InlineData(4096)]
    public async Task Frames_pass_unchanged_whatever_the_read_sizes(int chunk)
    {
        byte[] body = [.. Frame([1, 2, 3]), .. Frame([]), .. Frame(new byte[300]), .. Frame([9])];

        var (read, error) = await ReadAllAsync(body, chunk);

        Assert.Null(error);
        Assert.Equal(body, read);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(5)]
    [InlineData(4096)]
    public async Task A_later_frame_announcing_more_than_2_GiB_is_resource_exhausted(int chunk)
    {
        var oversized = new byte[5];
        BinaryPrimitives.WriteUInt32BigEndian(oversized.AsSpan(1), 0x8000_0000);
        byte[] body = [.. Frame([1, 2, 3]), .. Frame(new byte[40]), .. oversized, 7, 7];

        var (_, error) = await ReadAllAsync(body, chunk);

        var exception = Assert.IsType<RpcException>(error);
        Assert.Equal(StatusCode.ResourceExhausted, exception.StatusCode);
    }

    [Fact]
    public void Refusals_are_one_warning_line_per_interval_counting_the_rest()
    {
        var logs = new CapturedLogs();
        using var factory = LoggerFactory.Create(b => b.AddProvider(logs));
        var time = new SteppedTime();
        var log = new MalformedRequestLog(factory.CreateLogger<MalformedRequestLog>(), time);

        log.Refused("/a.B/C", "first");
        log.Refused("/a.B/C", "second");
        log.Refused(null, "third");
        time.Advance(MalformedRequestLog.Interval - TimeSpan.FromMilliseconds(1));
        log.Refused(null, "fourth");
        Assert.Single(logs.Errors);
        time.Advance(TimeSpan.FromMilliseconds(2));
        log.Refused(null, "fifth");

        Assert.Equal(
            ["Refused a malformed request: first (/a.B/C)", "Refused a malformed request: fifth (3 more refused since the previous line)"],
            logs.Errors.Select(e => e.Message));
    }

    private static byte[] Frame(byte[] message)
    {
        var frame = new byte[5 + message.Length];
        BinaryPrimitives.WriteUInt32BigEndian(frame.AsSpan(1), (uint)message.Length);
        message.CopyTo(frame, 5);
        return frame;
    }

    /// <summary>Writes the body in chunks while a reader consumes it a frame at a time, as grpc-dotnet does (a frame is
    /// consumed only when whole; until then the reader asks for more).</summary>
    private static async Task<(byte[] Read, Exception? Error)> ReadAllAsync(byte[] body, int chunk)
    {
        var pipe = new Pipe();
        var writing = Task.Run(async () =>
        {
            for (var offset = 0; offset < body.Length; offset += chunk)
            {
                await pipe.Writer.WriteAsync(body.AsMemory(offset, Math.Min(chunk, body.Length - offset)));
            }

            await pipe.Writer.CompleteAsync();
        });

        using var factory = LoggerFactory.Create(_ => { });
        var reader = new FrameLengthCheck(pipe.Reader, "/a.B/C", new MalformedRequestLog(factory.CreateLogger<MalformedRequestLog>(), TimeProvider.System));
        var read = new List<byte>();
        var header = new byte[5];
        try
        {
            while (true)
            {
                var result = await reader.ReadAsync();
                var buffer = result.Buffer;
                while (buffer.Length >= 5)
                {
                    buffer.Slice(0, 5).CopyTo(header);
                    var length = BinaryPrimitives.ReadUInt32BigEndian(header.AsSpan(1));
                    if (buffer.Length < 5 + length)
                    {
                        break;
                    }

                    read.AddRange(buffer.Slice(0, 5 + length).ToArray());
                    buffer = buffer.Slice(5 + length);
                }

                reader.AdvanceTo(buffer.Start, buffer.End);
                if (result.IsCompleted)
                {
                    break;
                }
            }
        }
        catch (RpcException exception)
        {
            await writing;
            return (read.ToArray(), exception);
        }

        await writing;
        return (read.ToArray(), null);
    }

    private sealed class SteppedTime : TimeProvider
    {
        private long _ticks = 1_000_000;

        public override long TimestampFrequency => TimeSpan.TicksPerSecond;

        public override long GetTimestamp() => _ticks;

        public void Advance(TimeSpan by) => _ticks += by.Ticks;
    }
}
