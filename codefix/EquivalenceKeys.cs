namespace MigrateWcf.CodeFixes;

/// <summary>
/// The equivalence key of every code fix: FixAll applies the fix with the same key to every diagnostic in scope, and
/// tests and <c>dotnet format</c> name a fix by it.
/// </summary>
public static class EquivalenceKeys
{
    /// <summary>WCFM2015: explicit <c>[DataMember(Order = n)]</c> in today's wire order.</summary>
    public const string AddDataMemberOrder = "MigrateWcf.AddDataMemberOrder";

    /// <summary>WCFM3001: remove <c>ConcurrencyMode = ConcurrencyMode.Single</c> from a PerCall service.</summary>
    public const string RemoveRedundantConcurrencyMode = "MigrateWcf.RemoveRedundantConcurrencyMode";

    /// <summary>WCFM3001: say what is true: <c>ConcurrencyMode = ConcurrencyMode.Multiple</c>.</summary>
    public const string SetConcurrencyModeMultiple = "MigrateWcf.SetConcurrencyModeMultiple";

    /// <summary>WCFM1005: <c>[OperationContract(Name = "...")]</c>, the rpc's name, on an operation sharing its name.</summary>
    public const string UniqueOperationName = "MigrateWcf.UniqueOperationName";

    /// <summary>WCFM1006: a result type instead of ref/out parameters.</summary>
    public const string RefOutToResultType = "MigrateWcf.RefOutToResultType";

    /// <summary>WCFM1016: a Task-based operation in the contract and its implementations.</summary>
    public const string ConvertToTaskBasedOperation = "MigrateWcf.ConvertToTaskBasedOperation";

    /// <summary>
    /// WCFM1014: "Generate gRPC migration" on a service contract: the .proto files and lock file that
    /// <c>migrate-wcf generate</c> plans for the project, added to it; the title names the command line for the rest.
    /// </summary>
    public const string GenerateGrpcMigration = "MigrateWcf.GenerateGrpcMigration";
}
