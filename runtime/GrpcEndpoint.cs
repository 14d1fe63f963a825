using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Text;

namespace MigrateWcf.Runtime;

/// <summary>
/// Where a server listens and a client connects: <c>unix:/path/app.sock</c>, <c>pipe:name</c> (or a plain pipe name such
/// as <c>orders</c>), <c>https://host:port</c> (TLS over TCP) or <c>http://host:port</c> (plaintext TCP, only when asked for). A pipe name is a named pipe on Windows and,
/// elsewhere, the Unix socket .NET's <c>NamedPipeClientStream</c> uses for that name, so .NET pipe clients connect unchanged.
/// </summary>
public sealed record GrpcEndpoint
{
    // sun_path holds 108 bytes on Linux, including the terminating NUL.
    private const int MaxUnixSocketPathBytes = 107;

    private GrpcEndpoint(GrpcEndpointKind kind, string? path, string? pipeName, string? host, int port, bool isTls = false) =>
        (Kind, Path, PipeName, Host, Port, IsTls) = (kind, path, pipeName, host, port, isTls);

    public GrpcEndpointKind Kind { get; }

    /// <summary>True for <c>https://host:port</c>: TLS over TCP. False for every other endpoint, <c>http://</c> included.</summary>
    public bool IsTls { get; }

    /// <summary>The socket file (<see cref="GrpcEndpointKind.UnixSocket"/>), always absolute.</summary>
    public string? Path { get; }

    /// <summary>The pipe name (<see cref="GrpcEndpointKind.NamedPipe"/>).</summary>
    public string? PipeName { get; }

    /// <summary>Host and port (<see cref="GrpcEndpointKind.Tcp"/>); port 0 asks the server to pick one.</summary>
    public string? Host { get; }

    public int Port { get; }

    /// <summary>The Unix socket file this endpoint uses on this machine: the socket path, or a pipe name's socket off Windows.</summary>
    public string? UnixSocketPath => Kind switch
    {
        GrpcEndpointKind.UnixSocket => Path,
        GrpcEndpointKind.NamedPipe when !OperatingSystem.IsWindows() => GetPipeSocketPath(PipeName!),
        _ => null,
    };

    public static GrpcEndpoint UnixSocket(string path) => Parse("unix:" + System.IO.Path.GetFullPath(path));

    public static GrpcEndpoint NamedPipe(string pipeName) => Parse("pipe:" + pipeName);

    /// <summary>Plaintext TCP: <c>http://host:port</c>.</summary>
    public static GrpcEndpoint Tcp(string host, int port) => Parse(TcpText("http", host, port));

    /// <summary>TLS over TCP: <c>https://host:port</c>.</summary>
    public static GrpcEndpoint Https(string host, int port) => Parse(TcpText("https", host, port));

    /// <summary>The socket .NET's <c>NamedPipeClientStream</c> and <c>NamedPipeServerStream</c> use for a pipe name off
    /// Windows: <c>Path.GetTempPath() + "CoreFxPipe_" + name</c> (dotnet/runtime, PipeStream.Unix.cs).</summary>
    public static string GetPipeSocketPath(string pipeName) => System.IO.Path.Combine(System.IO.Path.GetTempPath(), "CoreFxPipe_" + pipeName);

    /// <summary>Parses <c>unix:/path</c>, <c>pipe:name</c>, a plain pipe name, <c>https://host:port</c> or <c>http://host:port</c>.</summary>
    /// <exception cref="FormatException">The text is none of these; the message says why.</exception>
    public static GrpcEndpoint Parse(string? text) => TryParse(text, out var endpoint, out var error) ? endpoint : throw new FormatException(error);

    public static bool TryParse(string? text, [NotNullWhen(true)] out GrpcEndpoint? endpoint) => TryParse(text, out endpoint, out _);

    private static bool TryParse(string? text, [NotNullWhen(true)] out GrpcEndpoint? endpoint, [NotNullWhen(false)] out string? error)
    {
        endpoint = null;
        error = null;
        text = text?.Trim();
        if (string.IsNullOrEmpty(text))
        {
            error = "The endpoint is empty; expected unix:/path/app.sock, pipe:name, https://host:port or http://host:port.";
        }
        else if (text.StartsWith("unix:", StringComparison.OrdinalIgnoreCase))
        {
            // unix:///path (URI style) and unix:/path mean the same file.
            var path = text[5..].StartsWith("//", StringComparison.Ordinal) ? text[7..] : text[5..];
            if (!System.IO.Path.IsPathRooted(path))
            {
                error = $"'{text}' needs an absolute socket path, e.g. unix:/run/app/app.sock.";
            }
            else if (Encoding.UTF8.GetByteCount(path) > MaxUnixSocketPathBytes)
            {
                error = $"The socket path in '{text}' is longer than {MaxUnixSocketPathBytes} bytes, the most a Unix socket address holds.";
            }
            else
            {
                endpoint = new(GrpcEndpointKind.UnixSocket, System.IO.Path.GetFullPath(path), null, null, 0);
            }
        }
        else if (text.StartsWith("http://", StringComparison.OrdinalIgnoreCase) || text.StartsWith("https://", StringComparison.OrdinalIgnoreCase))
        {
            var scheme = text[..text.IndexOf(':', StringComparison.Ordinal)].ToLowerInvariant();
            var authority = text[(text.IndexOf("//", StringComparison.Ordinal) + 2)..].TrimEnd('/');
            var colon = authority.LastIndexOf(':');
            if (colon <= 0 || !int.TryParse(authority[(colon + 1)..], NumberStyles.None, CultureInfo.InvariantCulture, out var port) || port > 65535
                || authority[..colon].Trim('[', ']') is not { Length: > 0 } host || host.Contains('/'))
            {
                error = $"'{text}' is not {scheme}://host:port (a host and a port from 0 to 65535).";
            }
            else
            {
                endpoint = new(GrpcEndpointKind.Tcp, null, null, host, port, isTls: scheme == "https");
            }
        }
        else
        {
            var name = text.StartsWith("pipe:", StringComparison.OrdinalIgnoreCase) ? text[5..] : text;
            if (name.Length == 0 || name.Any(c => !(char.IsAsciiLetterOrDigit(c) || c is '.' or '-' or '_')))
            {
                error = $"'{text}' is not an endpoint: expected unix:/path/app.sock, pipe:name or a plain pipe name (letters, digits, '.', '-', '_'), https://host:port or http://host:port.";
            }
            else if (!OperatingSystem.IsWindows() && Encoding.UTF8.GetByteCount(GetPipeSocketPath(name)) > MaxUnixSocketPathBytes)
            {
                error = $"The pipe name '{name}' is too long: its socket path {GetPipeSocketPath(name)} exceeds {MaxUnixSocketPathBytes} bytes.";
            }
            else
            {
                endpoint = new(GrpcEndpointKind.NamedPipe, null, name, null, 0);
            }
        }

        return endpoint is not null;
    }

    public override string ToString() => Kind switch
    {
        GrpcEndpointKind.UnixSocket => "unix:" + Path,
        GrpcEndpointKind.NamedPipe => "pipe:" + PipeName,
        _ => TcpText(IsTls ? "https" : "http", Host!, Port),
    };

    private static string TcpText(string scheme, string host, int port) =>
        string.Create(CultureInfo.InvariantCulture, $"{scheme}://{(host.Contains(':') ? "[" + host + "]" : host)}:{port}");
}
