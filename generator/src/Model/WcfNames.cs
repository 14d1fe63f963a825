using System;

namespace MigrateWcf.Generator.Model;

/// <summary>WCF's default XML namespaces: discovery records them as the model's defaults, mapping reads them back.</summary>
internal static class WcfNamespaces
{
    /// <summary>A <c>[ServiceContract]</c> without <c>Namespace</c>.</summary>
    public const string TempUri = "http://tempuri.org/";

    /// <summary>A <c>[DataContract]</c> without <c>Namespace</c>: this prefix plus the CLR namespace.</summary>
    public const string DataContractPrefix = "http://schemas.datacontract.org/2004/07/";
}

/// <summary>
/// The one operation-name normaliser: WCF gives a sync method <c>Get</c>, a Task method <c>GetAsync</c> and a
/// <c>BeginGet</c>/<c>EndGet</c> pair the same operation name, <c>Get</c>.
/// </summary>
internal static class OperationNames
{
    private const string AsyncSuffix = "Async";
    public const string BeginPrefix = "Begin";
    public const string EndPrefix = "End";

    /// <summary><c>GetAsync</c> → <c>Get</c>; a name that is only the suffix is kept.</summary>
    public static string WithoutAsyncSuffix(string methodName)
        => methodName.Length > AsyncSuffix.Length && methodName.EndsWith(AsyncSuffix, StringComparison.Ordinal)
            ? methodName.Substring(0, methodName.Length - AsyncSuffix.Length)
            : methodName;

    /// <summary>Whether a method is named like the Begin half of a Begin/End pair (<c>BeginGet</c>).</summary>
    public static bool IsBegin(string methodName)
        => methodName.Length > BeginPrefix.Length && methodName.StartsWith(BeginPrefix, StringComparison.Ordinal);

    /// <summary><c>BeginGet</c> → <c>Get</c>.</summary>
    public static string WithoutBeginPrefix(string methodName)
        => IsBegin(methodName) ? methodName.Substring(BeginPrefix.Length) : methodName;

    /// <summary>The End method that completes <c>Begin{operation}</c>: <c>End{operation}</c>.</summary>
    public static string EndMethod(string operation) => EndPrefix + operation;

    /// <summary>The name every form of one operation shares: <c>Get</c>, <c>GetAsync</c> and <c>BeginGet</c> → <c>Get</c>.</summary>
    public static string Stem(string methodName)
    {
        var withoutAsync = WithoutAsyncSuffix(methodName);
        return withoutAsync.Length != methodName.Length ? withoutAsync : WithoutBeginPrefix(methodName);
    }
}
