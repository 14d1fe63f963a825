using MigrateWcf.Interop.Server;
using MigrateWcf.Interop.Testing;
using MigrateWcf.Runtime;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

// The gRPC interop test server on grpc-dotnet, hosted through MigrateWcf.Runtime. Flags: --port=N (TCP on 127.0.0.1;
// 0 picks a port), --unix_socket=PATH, --use_tls=false. Listens on the Unix socket when given, on TCP when a port is
// given or no socket is; both when both are. Prints "READY <address> ..." once serving; stops on SIGTERM / Ctrl+C
// (removing its socket) and exits 0. Exits 1 with one line on stderr when it cannot listen, 2 on a bad command line.
InteropFlags flags;
try
{
    flags = InteropFlags.Parse(args, new Dictionary<string, string>
    {
        ["port"] = "",
        ["use_tls"] = "false",
        ["unix_socket"] = "",
    });
    if (flags.IsTrue("use_tls"))
    {
        throw new ArgumentException("--use_tls=true is not supported: the server speaks plaintext HTTP/2 (h2c) on local endpoints.");
    }
}
catch (ArgumentException e)
{
    Console.Error.WriteLine($"interop server: {e.Message}");
    return 2;
}

try
{
    var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
    builder.Logging.SetMinimumLevel(LogLevel.Warning);
    if (flags["unix_socket"] is { Length: > 0 } socket)
    {
        builder.AddGrpcEndpoint(GrpcEndpoint.UnixSocket(socket), o => o.EnableHealthChecks = true);
    }

    if (flags["port"].Length > 0 || flags["unix_socket"].Length == 0)
    {
        builder.AddGrpcEndpoint(GrpcEndpoint.Tcp("127.0.0.1", flags["port"].Length > 0 ? flags.GetInt32("port") : 0), o => o.EnableHealthChecks = true);
    }

    await using var app = builder.Build();
    app.Use(InteropTestService.RecordRequestFlags);
    app.MapGrpcService<InteropTestService>();
    app.MapGrpcHostServices();
    await app.StartAsync();
    var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses;
    Console.WriteLine($"READY {string.Join(' ', addresses)}");
    await app.WaitForShutdownAsync();
    return 0;
}
catch (Exception e) when (e is IOException or FormatException or ArgumentException)
{
    Console.Error.WriteLine($"interop server: {(e.InnerException is { } inner ? e.Message + " " + inner.Message : e.Message)}");
    return 1;
}
