using System.Text.Json.Nodes;

namespace LegacyWcf.Tests;

/// <summary>
/// One legacy host for the whole collection, and one run of every client scenario against it. Mono accepts about one
/// connection per second and serves about 20 calls per second per connection, so the tests share this single run
/// (about 20 s) and judge its transcript instead of each opening connections of their own.
/// </summary>
public sealed class LegacyServiceFixture : IAsyncLifetime
{
    private static readonly TimeSpan ClientTimeout = TimeSpan.FromMinutes(4);

    private LegacyHost? _host;
    private readonly string _workFolder = Directory.CreateTempSubdirectory("legacywcf-tests-").FullName;
    private JsonObject? _transcript;
    private string _clientOutput = string.Empty;

    internal LegacyHost Host => _host ?? throw new InvalidOperationException("the fixture did not start");

    /// <summary>The transcript's top level (address, runtime, local UTC offset...).</summary>
    public JsonObject Transcript => _transcript ?? throw new InvalidOperationException("no transcript: " + _clientOutput);

    public async Task InitializeAsync()
    {
        _host = await LegacyHost.StartAsync();
        try
        {
            await RunAllScenariosAsync(_host);
        }
        catch
        {
            // xunit does not dispose a fixture whose initialization failed: stop the host here.
            await _host.DisposeAsync();
            _host = null;
            throw;
        }
    }

    private async Task RunAllScenariosAsync(LegacyHost host)
    {
        string transcriptPath = Path.Combine(_workFolder, "transcript.json");
        using MonoProcess client = MonoProcess.Start(
            LegacyBinaries.ClientExe, "--address", host.BaseAddress, "--scenario", "all", "--out", transcriptPath);
        client.CloseStdin();
        if (!await client.WaitForExitAsync(ClientTimeout))
        {
            throw new InvalidOperationException($"the legacy client did not finish within {ClientTimeout}:\n{client.Output}\nhost:\n{host.Process.Output}");
        }

        _clientOutput = $"client exit code {client.ExitCode}\n{client.Output}\nhost:\n{host.Process.Output}";
        if (!File.Exists(transcriptPath))
        {
            throw new InvalidOperationException("the legacy client wrote no transcript:\n" + _clientOutput);
        }

        _transcript = JsonNode.Parse(await File.ReadAllTextAsync(transcriptPath))!.AsObject();
    }

    /// <summary>One scenario's section; fails the test with the client's output when that scenario broke.</summary>
    public JsonObject Scenario(string name)
    {
        JsonObject? section = Transcript["scenarios"]?[name]?.AsObject();
        if (section is null || section.ContainsKey("error"))
        {
            Assert.Fail($"scenario '{name}' has no result ({section?["error"]}):\n{_clientOutput}");
        }

        return section!;
    }

    public async Task DisposeAsync()
    {
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }

        Directory.Delete(_workFolder, recursive: true);
    }
}

[CollectionDefinition(Name)]
public sealed class LegacyServiceCollection : ICollectionFixture<LegacyServiceFixture>
{
    public const string Name = "legacy WCF host under Mono";
}
