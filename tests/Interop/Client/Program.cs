using MigrateWcf.Interop.Client;
using MigrateWcf.Interop.Testing;
using MigrateWcf.Runtime;

// The gRPC interop test client on grpc-dotnet (channels from MigrateWcf.Runtime). Flags: --server_host, --server_port, --unix_socket=PATH (wins
// over host and port), --test_case, --use_tls=false. Exit 0 when the case passed; 1 with the reason when it failed;
// 2 for a bad command line.
InteropFlags flags;
try
{
    flags = InteropFlags.Parse(args, new Dictionary<string, string>
    {
        ["server_host"] = "127.0.0.1",
        ["server_host_override"] = "",
        ["server_port"] = "0",
        ["unix_socket"] = "",
        ["test_case"] = "",
        ["use_tls"] = "false",
    });
    if (flags.IsTrue("use_tls"))
    {
        throw new ArgumentException("--use_tls=true is not supported: the client speaks plaintext HTTP/2 (h2c) to local endpoints.");
    }

    if (!InteropCases.Names.Contains(flags["test_case"]))
    {
        throw new ArgumentException($"Unknown --test_case '{flags["test_case"]}'; known: {string.Join(", ", InteropCases.Names)}.");
    }
}
catch (ArgumentException e)
{
    Console.Error.WriteLine($"interop client: {e.Message}");
    return 2;
}

var endpoint = flags["unix_socket"] is { Length: > 0 } socket
    ? GrpcEndpoint.UnixSocket(socket)
    : GrpcEndpoint.Tcp(flags["server_host"], flags.GetInt32("server_port"));
var testCase = flags["test_case"];
try
{
    await new InteropCases(endpoint).RunAsync(testCase);
}
catch (CaseFailedException e)
{
    Console.Error.WriteLine($"FAIL {testCase}: {e.Message}");
    return 1;
}
catch (Exception e)
{
    Console.Error.WriteLine($"FAIL {testCase}: unexpected {e}");
    return 1;
}

Console.WriteLine($"PASS {testCase}");
return 0;
