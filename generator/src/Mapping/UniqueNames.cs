using System;
using System.Collections.Generic;
using System.Globalization;

namespace MigrateWcf.Generator.Mapping;

/// <summary>The one way a name is made unique: the name itself, else the name with 2, 3, … appended until one is free.</summary>
internal static class UniqueName
{
    public static string Find(string name, string separator, Func<string, bool> isFree)
    {
        var candidate = name;
        for (var i = 2; !isFree(candidate); i++)
        {
            candidate = name + separator + i.ToString(CultureInfo.InvariantCulture);
        }

        return candidate;
    }
}

/// <summary>Names claimed per proto package and per C# namespace: protoc needs the first unique, the generated C# the second.</summary>
internal sealed class NameScopes
{
    // (scope kind, scope, name): 'p' a proto package, 'c' a C# namespace, 'v' a package's enum values.
    private readonly HashSet<(char Kind, string Scope, string Name)> _claimed = new();

    public bool IsFree(string name, string package, string csharpNamespace)
        => !_claimed.Contains(('p', package, name)) && !_claimed.Contains(('c', csharpNamespace, name));

    /// <summary>Claims <paramref name="name"/> (or <c>name2</c>, <c>name3</c>, …) in both scopes.</summary>
    public string Claim(string name, string package, string csharpNamespace)
    {
        var claimed = UniqueName.Find(name, string.Empty, candidate => IsFree(candidate, package, csharpNamespace));
        _claimed.Add(('p', package, claimed));
        _claimed.Add(('c', csharpNamespace, claimed));
        return claimed;
    }

    /// <summary>
    /// Claims a C# type name (or <c>name2</c>, <c>name3</c>, …) in a C# namespace only: generated C# beside protoc's
    /// output, which must meet no message, enum or service class there.
    /// </summary>
    public string ClaimCSharp(string name, string csharpNamespace)
    {
        var claimed = UniqueName.Find(name, string.Empty, candidate => !_claimed.Contains(('c', csharpNamespace, candidate)));
        _claimed.Add(('c', csharpNamespace, claimed));
        return claimed;
    }

    /// <summary>Enum values share their package's scope in proto; they are claimed with a marker so they never meet message names.</summary>
    public string ClaimEnumValue(string name, string package)
    {
        var claimed = UniqueName.Find(name, "_", candidate => !_claimed.Contains(('v', package, candidate)));
        _claimed.Add(('v', package, claimed));
        return claimed;
    }
}

/// <summary>Field names in one message: unique, and unique as JSON names too (protoc rejects fields whose camelCase forms meet).</summary>
internal sealed class FieldNames
{
    private readonly HashSet<string> _taken = new(StringComparer.Ordinal);

    public bool IsTaken(string name) => _taken.Contains(Fold(name));

    public string Claim(string name)
    {
        var claimed = UniqueName.Find(name, "_", candidate => !IsTaken(candidate));
        _taken.Add(Fold(claimed));
        return claimed;
    }

    private static string Fold(string name) => name.Replace("_", string.Empty).ToLowerInvariant();
}

/// <summary>Names within one scope that only needs uniqueness there, such as the rpcs of one service.</summary>
internal sealed class LocalNames
{
    private readonly HashSet<string> _taken = new(StringComparer.Ordinal);

    /// <summary>Claims <paramref name="name"/> or <c>name2</c>, <c>name3</c>, …</summary>
    public string Claim(string name)
    {
        var claimed = UniqueName.Find(name, string.Empty, candidate => !_taken.Contains(candidate));
        _taken.Add(claimed);
        return claimed;
    }
}
