using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests;

/// <summary>
/// <see cref="IWarehouse"/>: one instance for all clients (InstanceContextMode.Single) with ConcurrencyMode.Single, and the
/// deadline of a call that outlives its operation timeout (a reservation holds the instance for 200 ms).
/// </summary>
public abstract partial class EquivalenceSuite
{
    [Fact]
    public void Warehouse_OneInstanceServesEveryClient_AndCountsAcrossThem()
    {
        IWarehouse shared = SharedWarehouse;
        IWarehouse other = Fresh(CreateWarehouse());

        InstanceInfo first = shared.Describe();
        InstanceInfo second = other.Describe();
        Reservation firstReservation = shared.Reserve("SKU-1001", 1);
        Reservation secondReservation = other.Reserve("SKU-1002", 2);

        Assert.Equal("Single", first.InstanceMode);
        Assert.Equal(first.InstanceId, second.InstanceId);
        Assert.True(second.CallsOnInstance > first.CallsOnInstance, $"calls on the singleton: {first.CallsOnInstance}, then {second.CallsOnInstance}");
        Assert.Equal(first.InstanceId, firstReservation.Instance.InstanceId);
        Assert.Equal(first.InstanceId, secondReservation.Instance.InstanceId);
        Assert.True(secondReservation.Number > firstReservation.Number, $"reservation numbers {firstReservation.Number}, then {secondReservation.Number}");
        Assert.True(secondReservation.Instance.CallsOnInstance > firstReservation.Instance.CallsOnInstance);
    }

    [DivergentFact(Divergence.SingletonSerializesCalls)]
    public async Task Warehouse_SingleConcurrency_LetsOneCallInAtATime()
    {
        IWarehouse[] clients = [SharedWarehouse, Fresh(CreateWarehouse()), Fresh(CreateWarehouse())];

        Reservation[] reservations = await Task.WhenAll(clients.Select(c => Task.Run(() => c.Reserve("SKU-1001", 1))));

        Assert.All(reservations, r => Assert.Equal(1, r.ConcurrentCalls));
        Assert.Equal(reservations.Length, reservations.Select(r => r.Number).Distinct().Count());
    }

    [Fact]
    public void Warehouse_CallOutlivingItsOperationTimeout_ThrowsTimeoutException_AndTheServiceGoesOn()
    {
        IWarehouse patient = SharedWarehouse;
        InstanceInfo before = patient.Describe();

        // The reservation holds the instance for 200 ms; a 10 ms deadline passes long before the reply can come.
        IWarehouse impatient = Fresh(CreateWarehouse(operationTimeout: TimeSpan.FromMilliseconds(10)));
        Assert.Throws<TimeoutException>(() => impatient.Reserve("SKU-1001", 1));

        // A WCF caller aborts a channel whose call timed out (it is faulted); the service answers other callers as before.
        ClientLifetime.Close(impatient);
        InstanceInfo after = patient.Describe();
        Assert.Equal(before.InstanceId, after.InstanceId);
        Assert.True(after.CallsOnInstance > before.CallsOnInstance);
    }
}
