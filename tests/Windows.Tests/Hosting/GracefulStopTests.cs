using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;

namespace MigrateWcf.Windows.Tests.Hosting;

/// <summary>
/// Ctrl+C stops the generated host on a named pipe gracefully: calls it has begun are answered, then it exits 0.
/// In <see cref="ConsoleSignalCollection"/>: the signal reaches every process of the console.
/// </summary>
[Collection(typeof(ConsoleSignalCollection))]
public sealed class GracefulStopTests
{
    [Fact]
    public async Task CtrlC_LetsCallsInFlightFinish_ThenExitsZero()
    {
        var pipe = PipeNames.New("stop");
        using var host = await WindowsProcess.StartHostAsync(null, "--socket", pipe);
        using var factory = new MigratedClientFactory(GrpcEndpoint.NamedPipe(pipe), new ClientProxyOptions { SendTimeout = TimeSpan.FromMinutes(1) });

        // The warehouse is a singleton with ConcurrencyMode.Single and each Reserve holds it 200 ms: once the first
        // answer is back, the others wait in the host, one after another.
        var warehouse = factory.CreateWarehouse();
        var calls = Enumerable.Range(0, 5).Select(_ => Task.Run(() => warehouse.Reserve(MigrateWcf.Equivalence.Tests.SampleValues.NewSku("stop"), 1))).ToList();
        await Task.WhenAny(calls);

        ConsoleSignals.SendCtrlC();

        LegacyWcf.Contracts.Reservation[] reservations;
        try
        {
            reservations = await Task.WhenAll(calls).WaitAsync(WindowsProcess.Patience);
        }
        catch (Exception e) when (e is System.ServiceModel.CommunicationException or TimeoutException)
        {
            await host.WaitForExitAsync(WindowsProcess.Patience);
            throw new Xunit.Sdk.XunitException($"a call in flight failed: {e.Message}\nthe host's output:\n{host.Output}");
        }

        Assert.Equal(5, reservations.Select(r => r.Number).Distinct().Count());
        Assert.True(await host.WaitForExitAsync(WindowsProcess.Patience), "the host still runs after Ctrl+C:\n" + host.Output);
        Assert.True(host.ExitCode == 0, $"exit code {host.ExitCode}:\n{host.Output}");
    }
}
