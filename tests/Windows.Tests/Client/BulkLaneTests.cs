using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.IO.Pipes;
using System.Runtime.InteropServices;
using System.Security.AccessControl;
using System.Security.Principal;
using Google.Protobuf;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Grpc.Core.Interceptors;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Microsoft.Win32.SafeHandles;
using MigrateWcf.Runtime;
using MigrateWcf.Tests.Shared;
using Document = global::PayloadWcf.Document;
using Messages = global::PayloadWcf.Grpc;

namespace MigrateWcf.Windows.Tests.Client;

/// <summary>
/// The bulk lane on Windows: beside a host's gRPC pipe, the owner-only pipe <c>&lt;pipe&gt;.lane</c> announces segments
/// that are pagefile-backed sections named after the session, which only this user may open; the generated client's
/// large values travel through them (benchmarks/PayloadWcf.Migrated, hosted in this process). A peer that announces a
/// section it did not make right loses its session, never the host.
/// </summary>
public sealed class BulkLaneTests
{
    private const int LimitBytes = 64 * 1024 * 1024;
    private static readonly int[] Sizes = [0, 1024, 64 * 1024 - 1, 64 * 1024, 1024 * 1024, 16 * 1024 * 1024];

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task EverySize_ComesBackByteForByte_ThroughOwnerOnlySections_AndWithoutTheLane(bool lane)
    {
        var pipe = PipeNames.New("bulk");
        var sessions = new SessionRecorder();
        await using var host = await StartHostAsync(pipe, sessions);
        Guid token;
        using (var factory = new Messages.MigratedClientFactory(GrpcEndpoint.NamedPipe(pipe), ClientOptions(lane)))
        {
            var proxy = factory.CreatePayloadEcho();
            foreach (var size in Sizes)
            {
                var content = Content(size, seed: size);
                var answer = proxy.EchoDocument(new Document { Name = "doc-" + size, Content = content });
                Assert.Equal("doc-" + size, answer.Name);
                Assert.True(content.AsSpan().SequenceEqual(answer.Content), $"{size} bytes came back different (lane {lane})");
            }

            if (!lane)
            {
                Assert.Empty(sessions.Tokens);
                ((System.ServiceModel.ICommunicationObject)proxy).Close();
                return;
            }

            // Every call named one session, and both ends wrote segments of it: the client's first request and the
            // host's first response are sections of that session's names, owned by this user and open to no one else.
            token = Assert.Single(sessions.Tokens.Distinct());
            foreach (var hostSide in new[] { false, true })
            {
                using var section = OpenSection(LaneSections.Name(token, hostSide, 0));
                Assert.False(section.IsInvalid, $"no section {LaneSections.Name(token, hostSide, 0)}: {Marshal.GetLastPInvokeError()}");
                var security = new SectionSecurity(section);
                var user = WindowsIdentity.GetCurrent().User!;
                Assert.Equal(user, security.GetOwner(typeof(SecurityIdentifier)));
                var rule = Assert.Single(security.GetAccessRules(includeExplicit: true, includeInherited: true, typeof(SecurityIdentifier)).Cast<AccessRule>());
                Assert.Equal((user, AccessControlType.Allow), (rule.IdentityReference, rule.AccessControlType));
            }

            ((System.ServiceModel.ICommunicationObject)proxy).Close();
        }

        // The channel closed: the session ends at both ends, and its sections with it.
        await WaitUntilAsync(() =>
        {
            using var client = OpenSection(LaneSections.Name(token, false, 0));
            using var served = OpenSection(LaneSections.Name(token, true, 0));
            return client.IsInvalid && served.IsInvalid;
        }, "the session's sections outlived it");
    }

    [Fact]
    public async Task APeerAnnouncingASectionItDidNotMakeRight_LosesItsSession_AndTheHostServesOn()
    {
        var pipe = PipeNames.New("bulk-peer");
        await using var host = await StartHostAsync(pipe, new SessionRecorder());
        using var lane = ConnectLane(pipe, out var token);
        // A peer that reads the host's frames (one that does not loses its session when a frame finds no room).
        var frames = new ConcurrentQueue<LaneFrame>();
        var reading = ReadFramesAsync(lane, frames);
        using var channel = EndpointChannel.Create(GrpcEndpoint.NamedPipe(pipe), o => (o.MaxReceiveMessageSize, o.MaxSendMessageSize) = (LimitBytes, LimitBytes));
        var raw = new Messages.PayloadEcho.PayloadEchoClient(channel);
        var session = new Metadata { { BulkLane.HeaderName, token.ToString("N") } };

        // Segment 0 announced but never made (as when its writer drops it before the host opens it): passed over.
        Announce(lane, 0, 64 * 1024);

        // Segment 1 made as the lane makes them: the host reads the request's value through it, and answers with a
        // reference to a section of its own, which this peer opens by its name and reads.
        var content = Content(100_000, seed: 1);
        using (var section = LaneSections.Create(LaneSections.Name(token, false, 1), LaneOutbox.HeaderBytes + 128 * 1024))
        {
            var address = LaneSections.Map(section, LaneOutbox.HeaderBytes + 128 * 1024, writable: true);
            try
            {
                Marshal.WriteInt64(address, 7);
                Marshal.Copy(content, 0, address + LaneOutbox.HeaderBytes, content.Length);
                Announce(lane, 1, 128 * 1024);
                var answer = await raw.EchoDocumentAsync(Request(new LaneReference(token, 1, 7, content.Length).ToByteString()), session);
                Assert.True(LaneReference.HasShape(answer.Result.Content), $"the host answered {answer.Result.Content.Length} plain bytes, not a reference");
                var reference = LaneReference.Parse(answer.Result.Content);
                Assert.Equal((token, (long)content.Length), (reference.Token, reference.Length));
                await WaitUntilAsync(() => frames.Any(f => f.Kind == LaneFrameKind.Segment && f.Segment == reference.Segment), "the host's segment was not announced");
                var announced = frames.First(f => f.Kind == LaneFrameKind.Segment && f.Segment == reference.Segment);
                Assert.True(content.AsSpan().SequenceEqual(ReadSection(LaneSections.Name(token, true, reference.Segment), announced.Value, reference)),
                    "the value read through the host's section differs");
                await WaitUntilAsync(() => frames.Any(f => f.Kind == LaneFrameKind.Release && f.Segment == 1), "the host did not release the request's segment");

                // A reference to the segment passed over is refused as the caller's fault; the session stays.
                var refused = await Assert.ThrowsAsync<RpcException>(async () =>
                    await raw.EchoDocumentAsync(Request(new LaneReference(token, 0, 1, 10).ToByteString()), session));
                Assert.Equal(StatusCode.InvalidArgument, refused.StatusCode);
                Assert.False(reading.IsCompleted, "the host ended the session");
            }
            finally
            {
                LaneSections.Unmap(address);
            }
        }

        // Segment 2's section is smaller than announced: the host ends the session (its pipe closes)...
        using (var small = LaneSections.Create(LaneSections.Name(token, false, 2), LaneOutbox.HeaderBytes + 64 * 1024))
        {
            Announce(lane, 2, 1024 * 1024);
            Assert.True(await Task.WhenAny(reading, Task.Delay(WindowsProcess.Patience)) == reading, "the host kept the session of a peer that announced a short section");
        }

        var ended = await Assert.ThrowsAsync<RpcException>(async () =>
            await raw.EchoDocumentAsync(Request(new LaneReference(token, 1, 7, content.Length).ToByteString()), session));
        Assert.Equal(StatusCode.InvalidArgument, ended.StatusCode);

        // ...and serves on: the generated client's values still travel through a lane session of their own.
        using var factory = new Messages.MigratedClientFactory(GrpcEndpoint.NamedPipe(pipe), ClientOptions(lane: true));
        var proxy = factory.CreatePayloadEcho();
        var large = Content(1024 * 1024, seed: 2);
        Assert.True(large.AsSpan().SequenceEqual(proxy.EchoDocument(new Document { Name = "after", Content = large }).Content));
        ((System.ServiceModel.ICommunicationObject)proxy).Close();
    }

    /// <summary>The host's frames, until its end of the lane closes.</summary>
    private static async Task ReadFramesAsync(NamedPipeClientStream lane, ConcurrentQueue<LaneFrame> frames)
    {
        var buffer = new byte[LaneFrame.Bytes];
        try
        {
            while (true)
            {
                await lane.ReadExactlyAsync(buffer);
                frames.Enqueue(LaneFrame.Read(buffer));
            }
        }
        catch (Exception e) when (e is EndOfStreamException or IOException or ObjectDisposedException)
        {
        }
    }

    /// <summary>The value a reference names in a section of <paramref name="capacity"/> bytes, read as the lane reads.</summary>
    private static byte[] ReadSection(string name, long capacity, LaneReference reference)
    {
        using var section = LaneSections.OpenForReading(name);
        Assert.NotNull(section);
        Assert.True(LaneSections.IsPagefileBacked(section, LaneOutbox.HeaderBytes + capacity));
        var address = LaneSections.Map(section, LaneOutbox.HeaderBytes + capacity, writable: false);
        try
        {
            Assert.Equal(reference.Generation, (uint)Marshal.ReadInt64(address));
            var value = new byte[reference.Length];
            Marshal.Copy(address + LaneOutbox.HeaderBytes, value, 0, value.Length);
            return value;
        }
        finally
        {
            LaneSections.Unmap(address);
        }
    }

    private static Task<GrpcHost> StartHostAsync(string pipe, SessionRecorder sessions) =>
        GrpcHost.StartAsync(GrpcEndpoint.NamedPipe(pipe), h =>
        {
            h.Builder.Logging.ClearProviders();
            h.Options.Grpc = grpc => (grpc.MaxReceiveMessageSize, grpc.MaxSendMessageSize) = (LimitBytes, LimitBytes);
            global::PayloadWcf.Grpc.MigratedServices.AddMigratedServices(h.Services);
            h.Services.AddSingleton(sessions).Configure<GrpcServiceOptions>(grpc => grpc.Interceptors.Add<SessionRecorder>());
            h.Configure(app => global::PayloadWcf.Grpc.MigratedServices.MapMigratedServices(app));
        });

    private static ClientProxyOptions ClientOptions(bool lane) => new()
    {
        BulkLane = lane,
        ConfigureChannel = channel => (channel.MaxReceiveMessageSize, channel.MaxSendMessageSize) = (LimitBytes, LimitBytes),
    };

    /// <summary>Opens a lane session as a client would and reads its token from the host's greeting.</summary>
    private static NamedPipeClientStream ConnectLane(string pipe, out Guid token)
    {
        var lane = new NamedPipeClientStream(".", BulkLane.SocketPath(pipe), PipeDirection.InOut, PipeOptions.Asynchronous | PipeOptions.CurrentUserOnly);
        lane.Connect((int)WindowsProcess.Patience.TotalMilliseconds);
        var hello = new byte[LaneFrame.Bytes];
        lane.ReadExactly(hello);
        var frame = LaneFrame.Read(hello);
        Assert.Equal(LaneFrameKind.Hello, frame.Kind);
        token = frame.Token;
        return lane;
    }

    private static void Announce(NamedPipeClientStream lane, int segment, long capacity)
    {
        var bytes = new byte[LaneFrame.Bytes];
        new LaneFrame(LaneFrameKind.Segment, segment, capacity).Write(bytes);
        lane.Write(bytes);
    }

    private static Messages.EchoDocumentRequest Request(ByteString content) =>
        new() { Document = new Messages.Document { Name = "peer", Content = content } };

    private static byte[] Content(int size, int seed)
    {
        var content = new byte[size];
        new Random(seed).NextBytes(content);
        return content;
    }

    private static async Task WaitUntilAsync(Func<bool> condition, string failure)
    {
        var waited = System.Diagnostics.Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(waited.Elapsed < WindowsProcess.Patience, failure);
            await Task.Delay(20);
        }
    }

    private const uint ReadControl = 0x00020000;

    /// <summary>The section of that name, opened only to read its security; invalid when there is none.</summary>
    private static SafeFileHandle OpenSection(string name) => OpenFileMappingW(ReadControl, false, name);

    [DllImport("kernel32.dll", SetLastError = true, CharSet = CharSet.Unicode)]
    private static extern SafeFileHandle OpenFileMappingW(uint access, bool inheritHandle, string name);

    /// <summary>A section's owner and DACL, read with GetSecurityInfo.</summary>
    private sealed class SectionSecurity(SafeHandle section)
        : ObjectSecurity<int>(false, ResourceType.KernelObject, section, AccessControlSections.Owner | AccessControlSections.Access);

    /// <summary>The lane session every call names, if any.</summary>
    private sealed class SessionRecorder : Interceptor
    {
        public ConcurrentQueue<Guid> Tokens { get; } = new();

        public override Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context, UnaryServerMethod<TRequest, TResponse> continuation)
        {
            if (context.RequestHeaders.GetValue(BulkLane.HeaderName) is { } token)
            {
                Tokens.Enqueue(Guid.ParseExact(token, "N"));
            }

            return continuation(request, context);
        }
    }
}
