namespace MigrateWcf.Runtime;

/// <summary>
/// Which calls a client retries (section <c>Retry</c> of a client endpoint): grpc-dotnet's retry policy, applied to
/// the listed rpcs only and only for <c>UNAVAILABLE</c> (the call never reached a service, e.g. its server went away).
/// </summary>
public sealed class ClientRetryOptions
{
    /// <summary>
    /// The rpcs safe to retry: a name as in the <c>.proto</c> (<c>GetProduct</c>, every service of the factory with an
    /// rpc of that name) or a full name (<c>contoso.catalog.ProductCatalog/GetProduct</c>). None by default. A one-way
    /// operation is refused: it is acknowledged once queued, so a retry could run it twice.
    /// </summary>
    public List<string> Methods { get; set; } = [];

    /// <summary>Attempts in all, the first included: 2 to 5.</summary>
    public int MaxAttempts { get; set; } = 3;
}
