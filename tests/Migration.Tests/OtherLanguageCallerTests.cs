using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text.RegularExpressions;
using LegacyWcf.Contracts;
using LegacyWcf.Services;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// Callers in other languages reach the generated host (a real process, on its Unix socket and on a TLS endpoint) with nothing but the .proto
/// files migrate-wcf emitted for the sample: Python on C-core (Debian's python3-grpcio, messages from Debian's protoc)
/// and Node on grpc-js (@grpc/grpc-js + @grpc/proto-loader). Each caller (OtherLanguages/sample_client.*) calls every rpc
/// of every emitted service (none is UNIMPLEMENTED), a decimal with 11 fractional digits both ways, a typed fault read
/// from grpc-status-details-bin, and a duplex callback on a session's Callbacks stream.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed partial class OtherLanguageCallerTests
{
    private const string QuotePrice = "1049382767.77493827065";

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public Task Python_CallsEveryRpc_ReadsDecimalsAndATypedFault_FromTheEmittedProtoAlone(bool tls) =>
        AssertCallerAsync("/usr/bin/python3", [Script("sample_client.py"), "{socket}", Metadata("SampleProtos"), Metadata("ProtobufIncludes"), Metadata("GoogleApiProtos")], nodePath: null, tls);

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public Task Node_CallsEveryRpc_ReadsDecimalsAndATypedFault_FromTheEmittedProtoAlone(bool tls) =>
        AssertCallerAsync("node", [Script("sample_client.js"), "{socket}", Metadata("SampleProtos"), Metadata("GoogleApiProtos")], nodePath: Metadata("NodeModules"), tls);

    /// <summary>Runs a caller against the host's Unix socket, or (<paramref name="tls"/>) against its TLS endpoint on
    /// loopback with a certificate made for the run, which the caller trusts through its authority.</summary>
    private static async Task AssertCallerAsync(string program, string[] arguments, string? nodePath, bool tls)
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        string socket = folder.Combine("migrated.sock");
        string[] tlsEndpoint = tls
            ? ["--MigrateWcf:Endpoints:Tls:Url", "https://127.0.0.1:0", "--MigrateWcf:Endpoints:Tls:Certificate:Path", certificates.ServerPath, "--MigrateWcf:Endpoints:Tls:Certificate:KeyPath", certificates.ServerKeyPath]
            : [];
        using var host = await MigratedHostProcess.StartReadyAsync(["--socket", socket, .. tlsEndpoint]);
        string target = tls ? TlsAddress().Match(host.Stdout).Value : socket;

        var (exitCode, stdout, stderr) = await RunAsync(
            program, [.. arguments.Select(a => a == "{socket}" ? target : a)], nodePath, tls ? certificates.AuthorityPath : null);

        Assert.True(exitCode == 0, $"{program} exited with {exitCode}:\n{stdout}\n{stderr}");
        string[] lines = stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        var rpcs = lines.Where(l => l.StartsWith("rpc ", StringComparison.Ordinal)).Select(l => l.Split(' ')).ToDictionary(p => p[1], p => p[2]);

        Assert.Equal(EmittedRpcs().Order(StringComparer.Ordinal), rpcs.Keys.Order(StringComparer.Ordinal));
        Assert.DoesNotContain("UNIMPLEMENTED", rpcs.Values);
        // A few whose answer to a default (empty) request is certain: a call, an open callback stream, a declared fault
        // (CancelOrder of an unknown id), an unexpected exception in the service (AdjustStock with a null SKU).
        Assert.Equal(
            ["OK", "OK", "FAILED_PRECONDITION", "UNKNOWN"],
            [rpcs["migrate_wcf.legacy.Simple/Put"], rpcs["migrate_wcf.legacy.StockWatch/Callbacks"], rpcs["migrate_wcf.legacy.OrderService/CancelOrder"], rpcs["migrate_wcf.legacy.StockWatch/AdjustStock"]]);

        decimal price = decimal.Parse(QuotePrice, CultureInfo.InvariantCulture);
        string total = Pricing.QuoteTotal(3, price, null, CustomerTier.Gold).ToString(CultureInfo.InvariantCulture);
        Assert.Contains($"quote {QuotePrice} {total} DATE_TIME_KIND_UTC", lines);
        Assert.Contains("fault FAILED_PRECONDITION OrderNotFound True DATE_TIME_KIND_UTC", lines);
        Assert.Contains(lines, l => CallbackLine().IsMatch(l));
    }

    /// <summary>Every rpc the emitted .proto files declare, as package.Service/Method, read from the files themselves.</summary>
    private static IEnumerable<string> EmittedRpcs()
    {
        foreach (string file in Directory.EnumerateFiles(Metadata("SampleProtos"), "*.proto", SearchOption.AllDirectories))
        {
            string text = File.ReadAllText(file);
            string package = PackageLine().Match(text).Groups[1].Value;
            foreach (Match service in ServiceBlock().Matches(text))
            {
                foreach (Match rpc in RpcLine().Matches(service.Groups[2].Value))
                {
                    yield return $"{package}.{service.Groups[1].Value}/{rpc.Groups[1].Value}";
                }
            }
        }
    }

    private static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(
        string program, string[] arguments, string? nodePath, string? rootCertificate = null, IReadOnlyDictionary<string, string>? environment = null)
    {
        var start = new ProcessStartInfo(program) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        arguments.ToList().ForEach(start.ArgumentList.Add);
        if (rootCertificate is not null)
        {
            start.Environment["MIGRATE_WCF_ROOT_CERT"] = rootCertificate;
        }

        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[name] = value;
        }

        if (nodePath is not null)
        {
            start.Environment["NODE_PATH"] = Directory.Exists(nodePath)
                ? nodePath
                : throw new InvalidOperationException($"{nodePath} is missing: run scripts/setup.sh (npm ci in tests/Interop/peers/node).");
        }

        using var process = Process.Start(start)!;
        Task<string> stdout = process.StandardOutput.ReadToEndAsync();
        Task<string> stderr = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync().WaitAsync(TimeSpan.FromMinutes(2));
        return (process.ExitCode, await stdout, await stderr);
    }

    private static string Script(string name) => Path.Combine(Metadata("OtherLanguages"), name);

    private static string Metadata(string key) => typeof(OtherLanguageCallerTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == key).Value!;

    [GeneratedRegex(@"^package\s+([\w.]+);", RegexOptions.Multiline)]
    private static partial Regex PackageLine();

    [GeneratedRegex(@"^service\s+(\w+)\s*\{(.*?)^\}", RegexOptions.Multiline | RegexOptions.Singleline)]
    private static partial Regex ServiceBlock();

    [GeneratedRegex(@"^\s*rpc\s+(\w+)\s*\(", RegexOptions.Multiline)]
    private static partial Regex RpcLine();

    [GeneratedRegex(@"https://127\.0\.0\.1:\d+")]
    private static partial Regex TlsAddress();

    [GeneratedRegex(@"^callback SKU-1001 \d+ \(watching 1\)$")]
    private static partial Regex CallbackLine();
}
