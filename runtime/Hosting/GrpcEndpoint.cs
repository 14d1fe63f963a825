using System.Globalization;

namespace MigrateWcf.Runtime;

public enum GrpcEndpointKind
{
    UnixSocket,
    NamedPipe,
    Tcp,
}

/// <summary>
/// Where a server listens and a client connects: a Unix socket, a named pipe or (only when asked) TCP.
/// Text forms: <c>unix:/path/to.sock</c>, <c>pipe:name</c>, <c>http://127.0.0.1:5000</c>.
/// </summary>
public sealed record GrpcEndpoint
{
    private GrpcEndpoint(GrpcEndpointKind kind, string? path, string? pipeName, string? host, int port)
    {
        Kind = kind;
        Path = path;
        PipeName = pipeName;
        Host = host;
        Port = port;
    }

    public GrpcEndpointKind Kind { get; }
    /// <summary>The socket file (UnixSocket).</summary>
    public string? Path { get; }
    /// <summary>The pipe name (NamedPipe).</summary>
    public string? PipeName { get; }
    /// <summary>Host and port (Tcp); port 0 picks a free port at start.</summary>
    public string? Host { get; }
    public int Port { get; }

    public static GrpcEndpoint UnixSocket(string path)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        return new(GrpcEndpointKind.UnixSocket, System.IO.Path.GetFullPath(path), null, null, 0);
    }

    public static GrpcEndpoint NamedPipe(string pipeName)
    {
        ArgumentException.ThrowIfNullOrEmpty(pipeName);
        return new(GrpcEndpointKind.NamedPipe, null, pipeName, null, 0);
    }

    public static GrpcEndpoint Tcp(string host, int port)
    {
        ArgumentException.ThrowIfNullOrEmpty(host);
        ArgumentOutOfRangeException.ThrowIfNegative(port);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(port, 65535);
        return new(GrpcEndpointKind.Tcp, null, null, host, port);
    }

    /// <summary>The platform's local transport: a named pipe on Windows, else a Unix socket <c>{name}.sock</c> in <see cref="DefaultSocketDirectory"/>.</summary>
    public static GrpcEndpoint Local(string name)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        return OperatingSystem.IsWindows()
            ? NamedPipe(name)
            : UnixSocket(System.IO.Path.Combine(DefaultSocketDirectory, name + ".sock"));
    }

    /// <summary>A per-user directory for sockets: <c>$XDG_RUNTIME_DIR/migrate-wcf</c>, else <c>{temp}/migrate-wcf-{user}</c>.</summary>
    public static string DefaultSocketDirectory
    {
        get
        {
            var runtimeDir = Environment.GetEnvironmentVariable("XDG_RUNTIME_DIR");
            return !string.IsNullOrEmpty(runtimeDir) && Directory.Exists(runtimeDir)
                ? System.IO.Path.Combine(runtimeDir, "migrate-wcf")
                : System.IO.Path.Combine(System.IO.Path.GetTempPath(), "migrate-wcf-" + Environment.UserName);
        }
    }

    /// <summary>
    /// On Unix, the socket file that .NET's <c>NamedPipeClientStream</c>/<c>NamedPipeServerStream</c> use for a pipe name:
    /// the name itself when rooted, else <c>Path.GetTempPath() + "CoreFxPipe_" + name</c> (dotnet/runtime PipeStream.Unix.cs).
    /// </summary>
    public static string GetUnixPipePath(string pipeName)
    {
        ArgumentException.ThrowIfNullOrEmpty(pipeName);
        return System.IO.Path.IsPathRooted(pipeName) ? pipeName : System.IO.Path.Combine(System.IO.Path.GetTempPath(), "CoreFxPipe_" + pipeName);
    }

    /// <summary>The Unix socket the endpoint uses on this machine (UnixSocket, or NamedPipe off Windows); null otherwise.</summary>
    public string? GetUnixSocketPath() => Kind switch
    {
        GrpcEndpointKind.UnixSocket => Path,
        GrpcEndpointKind.NamedPipe when !OperatingSystem.IsWindows() => GetUnixPipePath(PipeName!),
        _ => null,
    };

    public static GrpcEndpoint Parse(string text)
    {
        if (TryParse(text, out var endpoint)) return endpoint;
        throw new FormatException($"'{text}' is not an endpoint; expected unix:/path, pipe:name or http://host:port.");
    }

    public static bool TryParse(string? text, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out GrpcEndpoint? endpoint)
    {
        endpoint = null;
        if (string.IsNullOrWhiteSpace(text)) return false;
        if (text.StartsWith("unix:", StringComparison.OrdinalIgnoreCase))
        {
            var path = text["unix:".Length..];
            // Accept the URI-like unix:///path too.
            if (path.StartsWith("//", StringComparison.Ordinal)) path = path[2..];
            if (path.Length == 0) return false;
            endpoint = UnixSocket(path);
            return true;
        }
        if (text.StartsWith("pipe:", StringComparison.OrdinalIgnoreCase))
        {
            var name = text["pipe:".Length..];
            if (name.Length == 0) return false;
            endpoint = NamedPipe(name);
            return true;
        }
        if (Uri.TryCreate(text, UriKind.Absolute, out var uri) && uri.Scheme == Uri.UriSchemeHttp && !string.IsNullOrEmpty(uri.Host))
        {
            endpoint = Tcp(uri.Host, uri.IsDefaultPort && !text.Contains(":80", StringComparison.Ordinal) ? 80 : uri.Port);
            return true;
        }
        return false;
    }

    public override string ToString() => Kind switch
    {
        GrpcEndpointKind.UnixSocket => "unix:" + Path,
        GrpcEndpointKind.NamedPipe => "pipe:" + PipeName,
        _ => string.Create(CultureInfo.InvariantCulture, $"http://{(Host!.Contains(':') ? "[" + Host + "]" : Host)}:{Port}"),
    };
}
