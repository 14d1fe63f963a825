using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

// The migrated sample as a process: every sample contract served by its legacy implementation class through the
// generated hosting (AddMigratedServices / MapMigratedServices) on the runtime's endpoint hosting.
//   Migrated.Host --socket PATH [--simple SimpleMultiple|SimpleSingle] [--http-port N]
// --socket is a Unix socket path (created owner-only; a missing folder is created 0700), or a pipe name on Windows.
// --simple picks which of the two ISimple classes serves ISimple (one gRPC service name, so one at a time).
// --http-port also serves HTTP/1.1 + JSON on 127.0.0.1:N through gRPC JSON transcoding: the rpcs whose .proto carries a
// google.api.http option (the sample's WebHttp contract, IProductCatalog) answer REST callers there. No TCP port without it.
// Prints one line starting with "ready " on stdout once it accepts calls (no failure line starts so: they start with
// "Migrated.Host: " on stderr); Ctrl+C / SIGTERM stop it, remove the socket, exit 0.
// Exits 2 with one line on stderr for a bad command line, 1 when it cannot listen (nothing at the path is removed).
const string Name = "Migrated.Host";
const string Usage = "usage: Migrated.Host --socket PATH [--simple SimpleMultiple|SimpleSingle] [--http-port N]";

string? socket = null;
int? httpPort = null;
var simple = SimpleImplementation.SimpleMultiple;
for (int i = 0; i < args.Length; i++)
{
    string argument = args[i];
    if (argument is not ("--socket" or "--simple" or "--http-port"))
    {
        return Fail(2, $"unknown argument '{argument}' ({Usage})");
    }

    if (i + 1 >= args.Length || string.IsNullOrWhiteSpace(args[i + 1]))
    {
        return Fail(2, $"{argument} needs a value ({Usage})");
    }

    string value = args[++i];
    if (argument == "--socket")
    {
        socket = value;
    }
    else if (argument == "--http-port")
    {
        if (!int.TryParse(value, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int port) || port is < 1 or > 65535)
        {
            return Fail(2, $"bad --http-port '{value}': expected a port number from 1 to 65535");
        }

        httpPort = port;
    }
    else if (!Enum.TryParse(value, ignoreCase: false, out simple) || !Enum.IsDefined(simple))
    {
        return Fail(2, $"--simple must be SimpleMultiple or SimpleSingle, not '{value}'");
    }
}

if (socket is null)
{
    return Fail(2, $"--socket is required ({Usage})");
}

GrpcEndpoint endpoint;
try
{
    // A pipe name on Windows (Kestrel's named-pipe transport, current user only); a socket file elsewhere.
    endpoint = OperatingSystem.IsWindows() ? GrpcEndpoint.NamedPipe(socket) : GrpcEndpoint.UnixSocket(socket);
}
catch (Exception e) when (e is FormatException or ArgumentException or NotSupportedException or PathTooLongException)
{
    return Fail(2, $"bad --socket '{socket}': {e.Message}");
}

try
{
    var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
    builder.Logging.SetMinimumLevel(LogLevel.Warning);
    // A failed start is reported below in one line; the host's own "Hosting failed to start" log would add a stack trace.
    builder.Logging.AddFilter("Microsoft.Extensions.Hosting.Internal.Host", LogLevel.Critical);
    // HTTP + JSON stays on loopback: the sample's REST callers are local (tests, curl).
    GrpcEndpoint? httpJson = httpPort is { } p ? GrpcEndpoint.Tcp("127.0.0.1", p) : null;
    builder.AddGrpcEndpoint(endpoint, options =>
    {
        options.HttpJson = httpJson;
        // WCF's JSON shapes where transcoding has an option for them, and the fault detail types an error body carries.
        options.JsonTranscoding = MigratedServices.ConfigureJsonTranscoding;
    });
    builder.Services.AddMigratedServices(options => options.Simple = simple);
    await using var app = builder.Build();
    app.MapMigratedServices();
    app.MapGrpcHostServices();
    await app.StartAsync();
    Console.WriteLine($"ready {Name} on {endpoint} (ISimple served by {simple})" + (httpJson is null ? string.Empty : $"; HTTP + JSON on http://127.0.0.1:{httpJson.Port}/"));
    await app.WaitForShutdownAsync();
    return 0;
}
catch (GrpcHostingException e)
{
    return Fail(1, e.Message);
}
catch (Exception e) when (e is IOException or UnauthorizedAccessException)
{
    // Kestrel wraps a failed bind ("Failed to bind to address ..."); the cause is the useful part.
    return Fail(1, $"Cannot listen on {endpoint}{(httpPort is { } p ? $" and http://127.0.0.1:{p}" : string.Empty)}: {Innermost(e).Message}");
}

static int Fail(int exitCode, string message)
{
    Console.Error.WriteLine($"{Name}: {message}");
    return exitCode;
}

static Exception Innermost(Exception e) => e.InnerException is { } inner ? Innermost(inner) : e;
