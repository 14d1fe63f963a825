namespace LegacyWcf.Tests;

/// <summary>The client's --tour mode, which the main job (run.sh) shows: every operation once, one readable line each.</summary>
[Collection(LegacyServiceCollection.Name)]
public sealed class TourTests(LegacyServiceFixture legacy)
{
    [Fact]
    public async Task Tour_CallsEveryOperationOnce_AndPrintsOneLinePerCall()
    {
        using MonoProcess client = MonoProcess.Start(LegacyBinaries.ClientExe, "--address", legacy.Host.BaseAddress, "--tour");
        client.CloseStdin();
        Assert.True(await client.WaitForExitAsync(TimeSpan.FromMinutes(3)), "tour did not finish:\n" + client.Output);
        Assert.True(client.ExitCode == 0, $"exit code {client.ExitCode}:\n{client.Output}");

        string[] lines = client.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.All(lines, line => Assert.Contains(" -> ", line));
        Assert.DoesNotContain(lines, line => line.Contains("FAILED", StringComparison.Ordinal));

        string[] operations =
        [
            "Simple/Single    ISimple.Put()", "Simple/Multiple  ISimple.Put()", "PlaceOrder", "GetOrder", "GetQuote", "CancelOrder(id) ->",
            "CancelOrder(id) again", "Orders           Describe", "RequestRestock", "GetRestockStatus", "GetStockLevels", "Subscribe",
            "AdjustStock", "AddLine", "GetSummary", "Reserve", "Warehouse        Describe",
        ];
        Assert.Equal(operations.Length, lines.Length);
        Assert.All(operations, op => Assert.Single(lines, line => line.Contains(op, StringComparison.Ordinal)));
        Assert.Contains(lines, line => line.Contains("FaultException<OrderFault> AlreadyCancelled", StringComparison.Ordinal));
        Assert.Contains(lines, line => line.Contains("Subscribe", StringComparison.Ordinal) && line.Contains("arrived", StringComparison.Ordinal));
    }
}
