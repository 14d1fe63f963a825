namespace MigrateWcf.Runtime;

/// <summary>
/// An rpc a client factory calls, as a generated factory lists them: its service's full name
/// (<c>package.Service</c>), its name, and whether it carries a one-way operation (never retried).
/// </summary>
/// <param name="Service">The service's full proto name, e.g. <c>contoso.orders.OrderService</c>.</param>
/// <param name="Method">The rpc's name, e.g. <c>PlaceOrder</c>.</param>
/// <param name="IsOneWay">The rpc carries a one-way operation (<c>[OperationContract(IsOneWay = true)]</c>).</param>
public sealed record ClientRpc(string Service, string Method, bool IsOneWay = false)
{
    /// <summary>The rpc's full name: <c>package.Service/Method</c>.</summary>
    public string FullName => Service + "/" + Method;
}
