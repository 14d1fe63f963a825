using System.Globalization;
using System.IO.MemoryMappedFiles;
using System.Net.Sockets;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using Grpc.Core.Interceptors;
using LegacyWcf.Contracts.Grpc;
using LegacyWcf.Services;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime;
using MigrateWcf.Runtime.Benchmarks;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>The server process: the migrated sample served twice (Simple by SimpleSingle, by SimpleMultiple) through
/// the generated AddMigratedServices / MapMigratedServices, a hand-written grpc-dotnet Simple service, each on its own
/// Unix socket, the migrated Multiple once more on loopback TCP (connect-call-close over TCP), the raw 1-byte echo
/// floor, the payload scenario's services and the tuning scenario's copies of the migrated Multiple. Prints "READY"
/// when all listen; runs until killed or until its standard input closes (the driver is gone).</summary>
internal static class MigratedServer
{
    public static async Task<int> RunAsync(string directory, int tcpPort, string counterFile)
    {
        using var counter = PutCounter.Open(counterFile);
        var hosts = new List<GrpcHost>();
        foreach (var target in ServerTarget.All)
        {
            hosts.Add(await GrpcHost.StartAsync(target.Endpoint(directory, tcpPort), h =>
            {
                h.Builder.Logging.SetMinimumLevel(LogLevel.Warning);
                h.Options.Grpc = grpc => grpc.Interceptors.Add<PutCounterInterceptor>(counter);
                if (target.Simple is { } implementation)
                {
                    h.Services.AddMigratedServices(o => o.Simple = implementation);
                    h.Configure(app => app.MapMigratedServices());
                }
                else
                {
                    h.MapService<HandWrittenSimple>();
                }
            }));
        }

        // On Windows only the named-pipe scenario (WindowsRun) runs: the payload service on a pipe (the bulk lane's
        // rows), no tuning copies, raw copies or raw Unix-socket floor.
        if (OperatingSystem.IsWindows())
        {
            hosts.Add(await Payload.StartHostAsync(Payload.PipeEndpoint(directory)));
        }

        using var raw = OperatingSystem.IsWindows() ? null : new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        if (raw is not null)
        {
            hosts.AddRange(await Payload.StartServerAsync(directory));
            hosts.AddRange(await Tuning.StartServerAsync(directory, counter));

            // The floor; a socket a killed server left behind is ours (a folder only the driver and this server use).
            var rawPath = Path.Combine(directory, ServerTarget.RawSocket);
            File.Delete(rawPath);
            raw.Bind(new UnixDomainSocketEndPoint(rawPath));
            raw.Listen(1024);
            RawEchoServer.Start(raw);
        }
        // The soak samples this process's GC figures from outside: written every second, replaced whole.
        var heapFile = Path.Combine(directory, ServerTarget.GcHeapFile);
        using var heapWriter = new Timer(_ =>
        {
            File.WriteAllText(heapFile + ".tmp", GcFigures.OfThisProcess().ToString());
            File.Move(heapFile + ".tmp", heapFile, overwrite: true);
        }, null, TimeSpan.Zero, TimeSpan.FromSeconds(1));
        Console.WriteLine("READY");
        await Task.Run(() => Console.In.ReadToEnd());
        foreach (var host in hosts)
        {
            await host.DisposeAsync();
        }

        return 0;
    }
}

/// <summary>Where the server serves what; the driver connects by the same names.</summary>
internal sealed record ServerTarget(string Name, string Socket, SimpleImplementation? Simple, bool Tcp = false)
{
    public const string RawSocket = "raw.sock";

    /// <summary>The payload scenario's generated service and its raw copy (<see cref="Payload"/>).</summary>
    public const string PayloadSocket = "payload.sock", PayloadRawSocket = "payload-raw.sock";

    /// <summary>The payload service again, hosted with inline socket scheduling (<see cref="Payload.DocumentInlineRow"/>).</summary>
    public const string PayloadInlineSocket = "payload-inline.sock";

    /// <summary>The payload scenario's shared-segment floor (<see cref="Payload.SharedSegmentRow"/>).</summary>
    public const string PayloadSharedSegmentSocket = "payload-segment.sock";

    /// <summary>The server's GC heap and GC committed bytes (<see cref="GcFigures"/>), rewritten every second (read by the soak).</summary>
    public const string GcHeapFile = "server-gc-heap";

    public static readonly ServerTarget MigratedSingle = new("migrated PerCall Single", "single.sock", SimpleImplementation.SimpleSingle);
    public static readonly ServerTarget MigratedMultiple = new("migrated PerCall Multiple", "multiple.sock", SimpleImplementation.SimpleMultiple);
    public static readonly ServerTarget HandWritten = new("hand-written grpc-dotnet", "hand.sock", null);
    public static readonly ServerTarget MigratedMultipleTcp = new("migrated PerCall Multiple, loopback TCP", "", SimpleImplementation.SimpleMultiple, Tcp: true);

    public static readonly IReadOnlyList<ServerTarget> All = [MigratedSingle, MigratedMultiple, HandWritten, MigratedMultipleTcp];

    /// <summary>On Windows a named pipe named after the private folder and the socket (<c>mwb-…-single</c>): a pipe is
    /// where WCF's net.pipe services move there.</summary>
    public GrpcEndpoint Endpoint(string directory, int tcpPort) =>
        Tcp ? GrpcEndpoint.Tcp("127.0.0.1", tcpPort)
        : OperatingSystem.IsWindows() ? GrpcEndpoint.NamedPipe($"{Path.GetFileName(directory)}-{Path.GetFileNameWithoutExtension(Socket)}")
        : GrpcEndpoint.UnixSocket(Path.Combine(directory, Socket));
}

/// <summary>The same work as the migrated PerCall service, written by hand for grpc-dotnet: a new instance per call,
/// no semantics layer.</summary>
internal sealed class HandWrittenSimple : Simple.SimpleBase
{
    public override Task<Empty> Put(Empty request, ServerCallContext context)
    {
        new SimpleMultiple().Put();
        return Task.FromResult(new Empty());
    }
}

/// <summary>Counts the Put calls the server completed, in a shared mapping of a file the driver reads: the count
/// survives the server being killed, so the fault scenario can add up what each server life counted.</summary>
internal sealed unsafe class PutCounter : IDisposable
{
    private readonly MemoryMappedFile _file;
    private readonly MemoryMappedViewAccessor _view;
    private readonly long* _count;

    private PutCounter(MemoryMappedFile file)
    {
        _file = file;
        _view = file.CreateViewAccessor(0, sizeof(long));
        byte* pointer = null;
        _view.SafeMemoryMappedViewHandle.AcquirePointer(ref pointer);
        _count = (long*)(pointer + _view.PointerOffset);
    }

    /// <summary>The file shared for reading and writing: on Windows the driver reads it while this process maps it.</summary>
    public static PutCounter Open(string path)
    {
        var stream = new FileStream(path, FileMode.CreateNew, FileAccess.ReadWrite, FileShare.ReadWrite);
        stream.SetLength(sizeof(long));
        return new(MemoryMappedFile.CreateFromFile(stream, null, sizeof(long), MemoryMappedFileAccess.ReadWrite, HandleInheritability.None, leaveOpen: false));
    }

    public void Increment() => Interlocked.Increment(ref *_count);

    /// <summary>What a server counted in <paramref name="path"/>, alive or not (0 when it never started).</summary>
    public static long Read(string path)
    {
        if (!File.Exists(path))
        {
            return 0;
        }

        using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
        Span<byte> count = stackalloc byte[sizeof(long)];
        file.ReadExactly(count);
        return BitConverter.ToInt64(count);
    }

    public void Dispose()
    {
        _view.SafeMemoryMappedViewHandle.ReleasePointer();
        _view.Dispose();
        _file.Dispose();
    }
}

/// <summary>Counts each Put that returned without an error (after the implementation ran, before the answer is sent).</summary>
internal sealed class PutCounterInterceptor(PutCounter counter) : Interceptor
{
    public override async Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context, UnaryServerMethod<TRequest, TResponse> continuation)
    {
        var response = await continuation(request, context);
        if (context.Method.EndsWith("/Put", StringComparison.Ordinal))
        {
            counter.Increment();
        }

        return response;
    }
}
