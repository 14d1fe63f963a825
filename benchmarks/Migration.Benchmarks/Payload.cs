using System.Buffers.Binary;
using System.Globalization;
using System.IO.MemoryMappedFiles;
using System.Net.Sockets;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime;
using MigrateWcf.Runtime.Benchmarks;
using PayloadWcf;
using PayloadWcf.Grpc;
// The contract's types, not their generated messages of the same names.
using Document = PayloadWcf.Document;
using Quality = PayloadWcf.Quality;
using Reading = PayloadWcf.Reading;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>One message size of the payload scenario and how many round trips a round makes at it.</summary>
internal sealed record PayloadSize(string Name, int Bytes, int Calls);

/// <summary>A payload row with the message's exact size and its time per call over the two floors of its size.</summary>
internal sealed record PayloadRow(RowReport Report, long MessageBytes, double? TimeRatioToSocketCopy, double? TimeRatioToMemoryCopy, double? TimeRatioToBaseRow = null)
{
    /// <summary>Message bytes moved per second, one way (a round trip moves the message there and back).</summary>
    public double MegabytesPerSecond => Report.CallsPerSecond.Median * MessageBytes / 1048576.0;
}

/// <summary>--scenario payload: one caller sends a message of 1 KiB to 16 MiB and gets it back, as a bytes field
/// (<see cref="Document"/>) and as a list of data contract records (<see cref="Reading"/>), through the generated client
/// shim of benchmarks/PayloadWcf (migrate-wcf generate's output, served by the generated hosting on an owner-only Unix
/// socket), beside a raw Unix-socket copy of the same bytes between the same two processes, an in-process memory copy
/// and a shared-memory segment's copy, so the gap to each floor is on the table.</summary>
internal static class Payload
{
    public const string SocketCopyRow = "raw unix socket copy, length-prefixed (floor)";
    public const string MemoryCopyRow = "in-process memory copy, there and back (memory floor)";
    public const string SharedSegmentRow = "shared memory segment between the processes, copied in and out, length over the socket";
    public const string DocumentRow = "migrated PerCall ← client shim, Document (a bytes field)";
    public const string ReadingsRow = "migrated PerCall ← client shim, List<Reading> (records)";

    // Settings measured on the Document row, each against the row it changes one thing of: the bulk lane (on by
    // default: ClientProxyOptions.BulkLane, GrpcHostOptions.BulkLane) against every byte over HTTP/2; and, with the
    // lane off, the client's response stream window (EndpointChannel.ResponseStreamWindowBytes, 1 MiB; the row with
    // SocketsHttpHandler's 64 KiB is the runtime before it) and the host's inline socket scheduling
    // (GrpcHostOptions.InlineSocketScheduling, off).
    public const string DocumentLaneOffRow = DocumentRow + ", bulk lane off (every byte over HTTP/2)";
    public const string DocumentWindowOffRow = DocumentLaneOffRow + ", client stream window 64 KiB (SocketsHttpHandler's default)";
    public const string DocumentInlineRow = DocumentLaneOffRow + ", host with inline socket scheduling";
    private const int SocketsHttpHandlerDefaultWindow = 65535;

    /// <summary>gRPC's default 4 MB message limit, raised on both sides for the 16 MiB messages (WCF's
    /// MaxReceivedMessageSize on the binding plays this part).</summary>
    public const int MaxMessageBytes = 64 * 1024 * 1024;

    public static IReadOnlyList<PayloadSize> Sizes(bool quick) => quick
        ? [new("1 KiB", 1024, 100), new("64 KiB", 64 * 1024, 30), new("1 MiB", 1024 * 1024, 8), new("16 MiB", 16 * 1024 * 1024, 2)]
        : [new("1 KiB", 1024, 10_000), new("64 KiB", 64 * 1024, 2_000), new("1 MiB", 1024 * 1024, 200), new("16 MiB", 16 * 1024 * 1024, 15)];

    /// <summary>The server side, in the benchmark's server process: the generated hosting of the payload service (twice:
    /// with and without inline socket scheduling), the raw copy's echo and the shared segment's, each on its own socket
    /// in the private folder.</summary>
    public static async Task<IReadOnlyList<GrpcHost>> StartServerAsync(string directory)
    {
        Task<GrpcHost> Start(string socket, bool inlineSocketScheduling) => StartHostAsync(GrpcEndpoint.UnixSocket(Path.Combine(directory, socket)), inlineSocketScheduling);
        var hosts = new[] { await Start(ServerTarget.PayloadSocket, false), await Start(ServerTarget.PayloadInlineSocket, true) };
        Serve(Path.Combine(directory, ServerTarget.PayloadRawSocket), RawCopy.Echo);
        Serve(Path.Combine(directory, ServerTarget.PayloadSharedSegmentSocket), SharedSegmentCopy.Echo);
        return hosts;
    }

    /// <summary>The generated hosting of the payload service on <paramref name="endpoint"/>, message limits raised.</summary>
    public static Task<GrpcHost> StartHostAsync(GrpcEndpoint endpoint, bool inlineSocketScheduling = false) => GrpcHost.StartAsync(endpoint, h =>
    {
        h.Builder.Logging.SetMinimumLevel(LogLevel.Warning);
        h.Options.Grpc = grpc => (grpc.MaxReceiveMessageSize, grpc.MaxSendMessageSize) = (MaxMessageBytes, MaxMessageBytes);
        h.Options.InlineSocketScheduling = inlineSocketScheduling;
        h.Services.AddMigratedServices();
        h.Configure(app => app.MapMigratedServices());
    });

    /// <summary>On Windows the payload service's named pipe, named after the private folder (WindowsRun).</summary>
    public static GrpcEndpoint PipeEndpoint(string directory) => GrpcEndpoint.NamedPipe($"{Path.GetFileName(directory)}-payload");

    /// <summary>Accepts connections on a Unix socket in the private folder, each served on a thread of its own.</summary>
    private static void Serve(string path, Action<Socket> serve)
    {
        File.Delete(path);
        var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        listener.Bind(new UnixDomainSocketEndPoint(path));
        listener.Listen(16);
        new Thread(() =>
        {
            while (true)
            {
                var connection = listener.Accept();
                new Thread(() => serve(connection)) { IsBackground = true }.Start();
            }
        }) { IsBackground = true }.Start();
    }

    /// <summary>Every size in <paramref name="state"/>, its rows interleaved over the rounds.</summary>
    public static async Task<IReadOnlyList<PayloadRow>> RunAsync(ServerProcess server, bool quick, int rounds, CpuState state)
    {
        var runner = new FixedWorkRunner(server);
        var endpoint = GrpcEndpoint.UnixSocket(Path.Combine(server.Directory, ServerTarget.PayloadSocket));
        var inline = GrpcEndpoint.UnixSocket(Path.Combine(server.Directory, ServerTarget.PayloadInlineSocket));
        var options = new ClientProxyOptions
        {
            SendTimeout = TimeSpan.FromMinutes(2),
            ShareChannel = false,
            ConfigureChannel = channel => (channel.MaxReceiveMessageSize, channel.MaxSendMessageSize) = (MaxMessageBytes, MaxMessageBytes),
        };
        var laneOff = new ClientProxyOptions
        {
            SendTimeout = options.SendTimeout,
            ShareChannel = false,
            ConfigureChannel = options.ConfigureChannel,
            BulkLane = false,
        };
        var windowOff = new ClientProxyOptions
        {
            SendTimeout = options.SendTimeout,
            ShareChannel = false,
            ConfigureChannel = options.ConfigureChannel,
            BulkLane = false,
            ConfigureHandler = handler => handler.InitialHttp2StreamWindowSize = SocketsHttpHandlerDefaultWindow,
        };
        var result = new List<PayloadRow>();
        foreach (var size in Sizes(quick))
        {
            var content = Content(size.Bytes);
            var readings = Readings(size.Bytes);
            var readingsBytes = ReadingsMessageBytes(readings);
            var cell = new Cell($"payload {size.Name}", 1, size.Calls, state);
            var rows = new (Row Row, long Bytes)[]
            {
                (new(SocketCopyRow, _ => One(new RawCopy(Path.Combine(server.Directory, ServerTarget.PayloadRawSocket), content)), Counted: false), content.Length),
                (new(MemoryCopyRow, _ => One(new MemoryCopy(content)), Counted: false), content.Length),
                (new(SharedSegmentRow, _ => One(new SharedSegmentCopy(server.Directory, content)), Counted: false), content.Length),
                (new(DocumentRow, _ => One(new DocumentCaller(new MigratedClientFactory(endpoint, options), content)), Counted: false), content.Length),
                (new(DocumentLaneOffRow, _ => One(new DocumentCaller(new MigratedClientFactory(endpoint, laneOff), content)), Counted: false), content.Length),
                (new(DocumentWindowOffRow, _ => One(new DocumentCaller(new MigratedClientFactory(endpoint, windowOff), content)), Counted: false), content.Length),
                (new(DocumentInlineRow, _ => One(new DocumentCaller(new MigratedClientFactory(inline, laneOff), content)), Counted: false), content.Length),
                (new(ReadingsRow, _ => One(new ReadingsCaller(new MigratedClientFactory(endpoint, options), readings)), Counted: false), readingsBytes),
            };
            using var waker = CpuWaker.For(state);
            if (result.Count == 0)
            {
                // Once, before the first measured round: every row's code past tiered compilation, so that the row
                // measured first is not the one that pays for the JIT.
                foreach (var (row, _) in rows)
                {
                    Console.Error.WriteLine($"[bench] {cell.Name} warm-up (not measured): {row.Name}");
                    await runner.RunAsync(row, 1, size.Calls);
                }
            }

            var runs = rows.Select(_ => new List<RunResult>()).ToArray();
            for (var round = 0; round < rounds; round++)
            {
                // A different order every round (the same in every run): a row that always ran after the same one
                // would carry what that row leaves behind (a floor's memory churn, a halted core).
                var order = Enumerable.Range(0, rows.Length).ToArray();
                new Random(round).Shuffle(order);
                foreach (var i in order)
                {
                    Console.Error.WriteLine($"[bench] {cell.Name} round {round + 1}/{rounds}: {rows[i].Row.Name}");
                    runs[i].Add(await runner.RunAsync(rows[i].Row, 1, size.Calls));
                }
            }

            var reports = rows.Select((r, i) => (Report: RowReport.Of(cell, r.Row.Name, runs[i], external: false), r.Bytes)).ToList();
            double? Ratio(RowReport row, string floor) => reports.First(f => f.Report.Row == floor).Report is { } f && !ReferenceEquals(f, row)
                ? f.CallsPerSecond.Median / row.CallsPerSecond.Median
                : null;
            result.AddRange(reports.Select(r => new PayloadRow(r.Report, r.Bytes, Ratio(r.Report, SocketCopyRow), Ratio(r.Report, MemoryCopyRow),
                BaseRow(r.Report.Row, rows.Select(x => x.Row.Name)) is { } baseRow ? Ratio(r.Report, baseRow) : null)));
        }

        return result;
    }

    /// <summary>The row a row changes one setting of: the longest other row name it extends with ", …".</summary>
    private static string? BaseRow(string row, IEnumerable<string> rows) =>
        rows.Where(other => row.StartsWith(other + ",", StringComparison.Ordinal)).MaxBy(other => other.Length);

    private static Task<(ICaller[], IAsyncDisposable?)> One(ICaller caller) => Task.FromResult((new[] { caller }, (IAsyncDisposable?)null));

    /// <summary>The message: bytes that are not all alike (a fixed pseudo-random pattern), the same every run.</summary>
    internal static byte[] Content(int bytes)
    {
        var content = new byte[bytes];
        new Random(bytes).NextBytes(content);
        return content;
    }

    /// <summary>Readings whose request message (the generated mapper's, on the wire) is about <paramref name="bytes"/>.</summary>
    private static List<Reading> Readings(int bytes)
    {
        static Reading At(int i) => new()
        {
            Sensor = "line-" + (i % 64).ToString("D2", CultureInfo.InvariantCulture) + "/temperature",
            Sequence = 1_000_000 + i,
            TakenAt = new DateTime(2026, 11, 24, 0, 0, 0, DateTimeKind.Utc).AddMilliseconds(250.0 * i),
            Value = 20 + (i % 1000) / 100.0,
            Unit = "°C",
            Quality = (Quality)(i % 3),
        };

        // A record's average wire size over a sample (values differ in length from record to record).
        const int Sample = 256;
        var perRecord = ReadingsMessageBytes([.. Enumerable.Range(0, Sample).Select(At)]) / (double)Sample;
        return [.. Enumerable.Range(0, Math.Max(1, (int)(bytes / perRecord))).Select(At)];
    }

    /// <summary>The wire size of the records as the generated mapper writes them into the request.</summary>
    private static long ReadingsMessageBytes(List<Reading> readings)
    {
        var list = new ReadingList();
        list.Items.AddRange(readings.Select(r => PayloadTypesMappers.ToMessage(r, 1)));
        return list.CalculateSize();
    }

    /// <summary>The first answer of each caller (the runner's unmeasured call) is compared whole with what was sent;
    /// later ones by size, so the comparison stays out of the timed calls.</summary>
    internal abstract class Checked : ICaller
    {
        private bool _checkedWhole;

        public bool IsBlocking => true;

        public ValueTask<bool> CallAsync()
        {
            var whole = !_checkedWhole;
            _checkedWhole = true;
            return ValueTask.FromResult(Call(whole));
        }

        public abstract ValueTask DisposeAsync();

        protected abstract bool Call(bool compareWhole);
    }

    internal sealed class DocumentCaller(MigratedClientFactory factory, byte[] content) : Checked
    {
        private readonly IPayloadEcho _proxy = factory.CreatePayloadEcho();

        protected override bool Call(bool compareWhole)
        {
            var answer = _proxy.EchoDocument(new Document { Name = "payload.bin", Content = content }).Content;
            return answer.Length == content.Length && (!compareWhole || answer.AsSpan().SequenceEqual(content));
        }

        public override async ValueTask DisposeAsync()
        {
            await ((IAsyncDisposable)_proxy).DisposeAsync();
            factory.Dispose();
        }
    }

    private sealed class ReadingsCaller(MigratedClientFactory factory, List<Reading> readings) : Checked
    {
        private readonly IPayloadEcho _proxy = factory.CreatePayloadEcho();

        protected override bool Call(bool compareWhole)
        {
            var answer = _proxy.EchoReadings(readings);
            return answer.Count == readings.Count && (!compareWhole || answer.Zip(readings).All(p =>
                p.First.Sensor == p.Second.Sensor && p.First.Sequence == p.Second.Sequence && p.First.TakenAt == p.Second.TakenAt
                && p.First.TakenAt.Kind == p.Second.TakenAt.Kind && p.First.Value.Equals(p.Second.Value) && p.First.Unit == p.Second.Unit
                && p.First.Quality == p.Second.Quality));
        }

        public override async ValueTask DisposeAsync()
        {
            await ((IAsyncDisposable)_proxy).DisposeAsync();
            factory.Dispose();
        }
    }

    /// <summary>The socket floor: a 4-byte length and the bytes out, the same back, blocking calls on a thread of its own.</summary>
    private sealed class RawCopy : Checked
    {
        private readonly Socket _socket = new(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        private readonly byte[] _content;
        private readonly byte[] _answer;

        public RawCopy(string path, byte[] content)
        {
            _socket.Connect(new UnixDomainSocketEndPoint(path));
            (_content, _answer) = (content, new byte[content.Length]);
        }

        protected override bool Call(bool compareWhole)
        {
            Span<byte> length = stackalloc byte[4];
            BinaryPrimitives.WriteInt32LittleEndian(length, _content.Length);
            _socket.Send(length);
            _socket.Send(_content);
            if (!ReadExactly(_socket, length) || !ReadExactly(_socket, _answer))
            {
                return false;
            }

            return BinaryPrimitives.ReadInt32LittleEndian(length) == _content.Length && (!compareWhole || _answer.AsSpan().SequenceEqual(_content));
        }

        public override ValueTask DisposeAsync()
        {
            _socket.Dispose();
            return ValueTask.CompletedTask;
        }

        /// <summary>The server side: reads a length and that many bytes, sends both back, until the driver closes.</summary>
        public static void Echo(Socket connection)
        {
            using (connection)
            {
                var length = new byte[4];
                var buffer = Array.Empty<byte>();
                try
                {
                    while (ReadExactly(connection, length))
                    {
                        var size = BinaryPrimitives.ReadInt32LittleEndian(length);
                        if (size < 0 || size > MaxMessageBytes)
                        {
                            return;
                        }

                        if (buffer.Length != size)
                        {
                            buffer = new byte[size];
                        }

                        if (!ReadExactly(connection, buffer))
                        {
                            return;
                        }

                        connection.Send(length);
                        connection.Send(buffer);
                    }
                }
                catch (SocketException)
                {
                    // The driver closed the connection.
                }
            }
        }

        internal static bool ReadExactly(Socket socket, Span<byte> buffer)
        {
            while (buffer.Length > 0)
            {
                var read = socket.Receive(buffer);
                if (read == 0)
                {
                    return false;
                }

                buffer = buffer[read..];
            }

            return true;
        }
    }

    /// <summary>
    /// What a shared-memory lane could reach (issue 26): the driver makes an owner-only file on tmpfs (/dev/shm; the
    /// memory a sealed memfd would be), both processes map it once per connection, and each message is copied
    /// into it by the sender and out of it into a buffer of the receiver's, a 4-byte length on the socket saying it is
    /// there. Request and answer each have their half of the segment. Buffers are reused on both sides, as the socket
    /// floor's are, so the two rows differ only in how the bytes cross.
    /// </summary>
    private sealed unsafe class SharedSegmentCopy : Checked
    {
        private readonly Socket _socket = new(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        private readonly byte[] _content;
        private readonly byte[] _answer;
        private readonly string _path;
        private readonly Segment _segment;

        public SharedSegmentCopy(string directory, byte[] content)
        {
            (_content, _answer) = (content, new byte[content.Length]);
            // tmpfs where there is one (a file on disk would be written back); a new name, created only if absent.
            _path = Path.Combine(System.IO.Directory.Exists("/dev/shm") ? "/dev/shm" : directory, "mwb-segment-" + Guid.NewGuid().ToString("N"));
            var options = new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.ReadWrite };
            if (!OperatingSystem.IsWindows())
            {
                options.UnixCreateMode = UnixFileMode.UserRead | UnixFileMode.UserWrite;
            }

            using (var file = new FileStream(_path, options))
            {
                file.SetLength(2L * content.Length);
            }

            _segment = new Segment(_path, 2L * content.Length);
            _socket.Connect(new UnixDomainSocketEndPoint(Path.Combine(directory, ServerTarget.PayloadSharedSegmentSocket)));
            var name = System.Text.Encoding.UTF8.GetBytes(_path);
            Span<byte> length = stackalloc byte[4];
            BinaryPrimitives.WriteInt32LittleEndian(length, name.Length);
            _socket.Send(length);
            _socket.Send(name);
        }

        protected override bool Call(bool compareWhole)
        {
            _content.CopyTo(_segment.Span(0, _content.Length));
            Span<byte> length = stackalloc byte[4];
            BinaryPrimitives.WriteInt32LittleEndian(length, _content.Length);
            _socket.Send(length);
            if (!RawCopy.ReadExactly(_socket, length) || BinaryPrimitives.ReadInt32LittleEndian(length) != _content.Length)
            {
                return false;
            }

            _segment.Span(_content.Length, _content.Length).CopyTo(_answer);
            return !compareWhole || _answer.AsSpan().SequenceEqual(_content);
        }

        public override ValueTask DisposeAsync()
        {
            _socket.Dispose();
            _segment.Dispose();
            File.Delete(_path);
            return ValueTask.CompletedTask;
        }

        /// <summary>The server side: maps the segment the driver names, then per message copies the request out into its
        /// buffer and the buffer into the answer's half, until the driver closes.</summary>
        public static void Echo(Socket connection)
        {
            using (connection)
            {
                var length = new byte[4];
                try
                {
                    if (!RawCopy.ReadExactly(connection, length))
                    {
                        return;
                    }

                    var name = new byte[BinaryPrimitives.ReadInt32LittleEndian(length)];
                    if (name.Length > 4096 || !RawCopy.ReadExactly(connection, name))
                    {
                        return;
                    }

                    var path = System.Text.Encoding.UTF8.GetString(name);
                    using var segment = new Segment(path, new FileInfo(path).Length);
                    var half = (int)(segment.Length / 2);
                    var buffer = new byte[half];
                    while (RawCopy.ReadExactly(connection, length))
                    {
                        var size = BinaryPrimitives.ReadInt32LittleEndian(length);
                        if (size != half)
                        {
                            return;
                        }

                        segment.Span(0, size).CopyTo(buffer);
                        buffer.CopyTo(segment.Span(size, size));
                        connection.Send(length);
                    }
                }
                catch (SocketException)
                {
                    // The driver closed the connection.
                }
            }
        }

        /// <summary>A file mapped read-write for the life of a connection.</summary>
        private sealed class Segment : IDisposable
        {
            private readonly MemoryMappedFile _file;
            private readonly MemoryMappedViewAccessor _view;
            private readonly byte* _start;

            public Segment(string path, long length)
            {
                _file = MemoryMappedFile.CreateFromFile(path, FileMode.Open, null, length, MemoryMappedFileAccess.ReadWrite);
                _view = _file.CreateViewAccessor(0, length);
                byte* start = null;
                _view.SafeMemoryMappedViewHandle.AcquirePointer(ref start);
                _start = start;
                Length = length;
            }

            public long Length { get; }

            public Span<byte> Span(int offset, int length) => new(_start + offset, length);

            public void Dispose()
            {
                _view.SafeMemoryMappedViewHandle.ReleasePointer();
                _view.Dispose();
                _file.Dispose();
            }
        }
    }

    /// <summary>The memory floor: the message copied into another buffer and back, as a round trip moves it twice.</summary>
    private sealed class MemoryCopy(byte[] content) : Checked
    {
        private readonly byte[] _there = new byte[content.Length];
        private readonly byte[] _back = new byte[content.Length];

        protected override bool Call(bool compareWhole)
        {
            content.AsSpan().CopyTo(_there);
            _there.AsSpan().CopyTo(_back);
            return !compareWhole || _back.AsSpan().SequenceEqual(content);
        }

        public override ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
