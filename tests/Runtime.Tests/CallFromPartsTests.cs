namespace MigrateWcf.Runtime.Tests;

/// <summary>Calls built from parts (as tests and interceptors do with Grpc.Core) answer from the parts they were given.</summary>
public class CallFromPartsTests
{
    private sealed class Parts
    {
        public readonly Metadata Headers = new() { { "x-part", "headers" } };
        public readonly Metadata Trailers = new() { { "x-part", "trailers" } };
        public readonly Status Status = new(StatusCode.NotFound, "no such order");
        public int Disposed;

        public Task<Metadata> HeadersTask => Task.FromResult(Headers);
        public Status GetStatus() => Status;
        public Metadata GetTrailers() => Trailers;
        public void Dispose() => Disposed++;
    }

    [Fact]
    public async Task UnaryCallFromParts_ForwardsResponseStatusTrailersHeadersAndDispose()
    {
        var parts = new Parts();
        using (var call = new AsyncUnaryCall<string>(Task.FromResult("order 42"), parts.HeadersTask, parts.GetStatus, parts.GetTrailers, parts.Dispose))
        {
            Assert.Equal("order 42", await call);
            Assert.Same(parts.Headers, await call.ResponseHeadersAsync);
            Assert.Equal(StatusCode.NotFound, call.GetStatus().StatusCode);
            Assert.Same(parts.Trailers, call.GetTrailers());
        }

        Assert.Equal(1, parts.Disposed);
    }

    [Fact]
    public async Task StreamingCallsFromParts_ForwardStatusTrailersHeadersAndDispose()
    {
        var parts = new Parts();
        var calls = new IDisposable[]
        {
            new AsyncServerStreamingCall<string>(null!, parts.HeadersTask, parts.GetStatus, parts.GetTrailers, parts.Dispose),
            new AsyncClientStreamingCall<string, string>(null!, Task.FromResult("done"), parts.HeadersTask, parts.GetStatus, parts.GetTrailers, parts.Dispose),
            new AsyncDuplexStreamingCall<string, string>(null!, null!, parts.HeadersTask, parts.GetStatus, parts.GetTrailers, parts.Dispose),
        };

        foreach (var call in calls)
        {
            dynamic typed = call;
            Assert.Same(parts.Headers, await (Task<Metadata>)typed.ResponseHeadersAsync);
            Assert.Equal("no such order", ((Status)typed.GetStatus()).Detail);
            Assert.Same(parts.Trailers, (Metadata)typed.GetTrailers());
            call.Dispose();
        }

        Assert.Equal(3, parts.Disposed);
    }

    [Fact]
    public void CallFromParts_WithoutHeadersTask_IsRefused()
        => Assert.Throws<ArgumentNullException>(() => new AsyncUnaryCall<string>(Task.FromResult(""), null!, () => Status.DefaultSuccess, () => new Metadata(), () => { }));
}
