using MigrateWcf.Interop.Server;
using MigrateWcf.Interop.Testing;
using MigrateWcf.Runtime;
using Microsoft.Extensions.Hosting;

// The gRPC interop test server on MigrateWcf.Runtime. Flags: --port=N (TCP on 127.0.0.1) or --unix_socket=PATH
// (wins over --port), --use_tls=false. Prints "READY <endpoint>" once serving; stops on SIGTERM / Ctrl+C.
InteropFlags flags;
try
{
    flags = InteropFlags.Parse(args, new Dictionary<string, string>
    {
        ["port"] = "0",
        ["use_tls"] = "false",
        ["unix_socket"] = "",
    });
    if (flags.IsTrue("use_tls"))
    {
        throw new ArgumentException("--use_tls=true is not supported: the runtime serves plaintext HTTP/2 (h2c) on local endpoints.");
    }
}
catch (ArgumentException e)
{
    Console.Error.WriteLine($"interop server: {e.Message}");
    return 2;
}

var endpoint = flags["unix_socket"] is { Length: > 0 } socket
    ? GrpcEndpoint.UnixSocket(socket)
    : GrpcEndpoint.Tcp("127.0.0.1", flags.GetInt32("port"));
await using var server = await GrpcServer.StartAsync(endpoint, TestService.BindService(new InteropTestService()));
Console.WriteLine($"READY {server.Endpoint}");
await server.App.WaitForShutdownAsync();
return 0;
