using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests;

/// <summary>
/// <see cref="ISimple"/>: the classic benchmark contract, PerCall with ConcurrencyMode.Single and with Multiple. With a new
/// instance per call, Single serializes nothing, so the two behave alike: both answer calls from several clients at once.
/// </summary>
public abstract partial class EquivalenceSuite
{
    [Theory]
    [InlineData(SimpleImplementation.ConcurrencySingle)]
    [InlineData(SimpleImplementation.ConcurrencyMultiple)]
    public async Task Put_AnswersCallsFromSeveralClientsAtOnce(SimpleImplementation implementation)
    {
        ISimple[] clients = [Fresh(CreateSimple(implementation)), Fresh(CreateSimple(implementation))];

        int[] completed = await Task.WhenAll(clients.Select(client => Task.Run(() =>
        {
            for (int i = 0; i < 3; i++)
            {
                client.Put();
            }

            return 3;
        })));

        Assert.Equal([3, 3], completed);
    }
}
