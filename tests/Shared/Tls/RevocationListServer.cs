using System.Net;
using System.Net.Sockets;
using System.Text;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// An HTTP server on a loopback port that answers every GET with one certificate revocation list, as an authority's
/// CRL distribution point does; it counts the requests, so a test can tell whether a revocation check fetched it.
/// </summary>
public sealed class RevocationListServer : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _serving;
    private int _requests;

    public RevocationListServer(byte[] revocationList)
    {
        RevocationList = revocationList;
        _listener.Start();
        // A path of its own per server: .NET caches fetched lists per address.
        Url = $"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}/{Guid.NewGuid():N}/authority.crl";
        _serving = ServeAsync();
    }

    /// <summary>The address to write into certificates as their CRL distribution point.</summary>
    public string Url { get; }

    /// <summary>The list served (DER); may be replaced.</summary>
    public byte[] RevocationList { get; set; }

    public int Requests => Volatile.Read(ref _requests);

    public async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        _listener.Stop();
        try
        {
            await _serving;
        }
        catch (Exception e) when (e is OperationCanceledException or ObjectDisposedException or SocketException)
        {
        }

        _stop.Dispose();
    }

    private async Task ServeAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            using var client = await _listener.AcceptTcpClientAsync(_stop.Token);
            try
            {
                await AnswerAsync(client.GetStream());
            }
            catch (IOException)
            {
                // The fetcher gave up on this connection; the next one is answered.
            }
        }
    }

    private async Task AnswerAsync(NetworkStream stream)
    {
        await using var _ = stream;
        var request = new StringBuilder();
        var buffer = new byte[4096];
        while (!request.ToString().Contains("\r\n\r\n", StringComparison.Ordinal))
        {
            int read = await stream.ReadAsync(buffer, _stop.Token);
            if (read == 0)
            {
                return;
            }

            request.Append(Encoding.ASCII.GetString(buffer, 0, read));
        }

        Interlocked.Increment(ref _requests);
        var body = RevocationList;
        var head = Encoding.ASCII.GetBytes($"HTTP/1.1 200 OK\r\nContent-Type: application/pkix-crl\r\nContent-Length: {body.Length}\r\nConnection: close\r\n\r\n");
        await stream.WriteAsync(head, _stop.Token);
        await stream.WriteAsync(body, _stop.Token);
    }
}
