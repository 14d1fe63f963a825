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
    /// Reserved for "Generate gRPC migration" on WCFM1014 (a service contract and what it becomes): it adds the emitted
    /// <c>.proto</c> and C# through the generation entry point of <c>migrate-wcf generate</c>. Not offered: a code action
    /// cannot add the project that C# needs; codefix/README.md has the design and why.
    /// </summary>
    public const string GenerateGrpcMigration = "MigrateWcf.GenerateGrpcMigration";
}
