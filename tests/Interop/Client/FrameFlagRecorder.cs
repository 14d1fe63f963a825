using MigrateWcf.Interop.Testing;

namespace MigrateWcf.Interop.Client;

/// <summary>Records the compressed flag of every gRPC message in each response body, as an <see cref="HttpMessageHandler"/>
/// under grpc-dotnet's client, because server_compressed_unary asserts the flag per message and the client API does not
/// expose it.</summary>
internal sealed class FrameFlagRecorder(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    private readonly List<bool> _flags = [];

    /// <summary>The compressed flag of each message received since the last <see cref="Reset"/>, in order.</summary>
    public IReadOnlyList<bool> CompressedFlags
    {
        get
        {
            lock (_flags)
            {
                return _flags.ToArray();
            }
        }
    }

    public void Reset()
    {
        lock (_flags)
        {
            _flags.Clear();
        }
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken);
        var original = response.Content;
        var tapped = new StreamContent(new MessageFlagTap(await original.ReadAsStreamAsync(cancellationToken), Record));
        foreach (var header in original.Headers)
        {
            tapped.Headers.TryAddWithoutValidation(header.Key, header.Value);
        }

        response.Content = tapped;
        return response;
    }

    private void Record(bool compressed)
    {
        lock (_flags)
        {
            _flags.Add(compressed);
        }
    }
}
