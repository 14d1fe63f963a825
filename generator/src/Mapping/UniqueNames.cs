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

    /// <summary>Whether <paramref name="name"/> is <paramref name="baseName"/> or one of the variants <see cref="Find"/> makes of it.</summary>
    public static bool IsVariantOf(string name, string baseName, string separator)
    {
        if (name == baseName)
        {
            return true;
        }

        var prefix = baseName + separator;
        if (name.Length <= prefix.Length || !name.StartsWith(prefix, StringComparison.Ordinal))
        {
            return false;
        }

        for (var i = prefix.Length; i < name.Length; i++)
        {
            if (name[i] < '0' || name[i] > '9')
            {
                return false;
            }
        }

        return true;
    }
}

/// <summary>
/// Names claimed per proto package and per C# namespace: protoc needs the first unique, the generated C# the second. A
/// name the lock file gives a definition is reserved for it (its owner, by lock key) in its package, whether or not that
/// definition is part of this run, so a newcomer never takes it.
/// </summary>
internal sealed class NameScopes
{
    // (scope kind, scope, name): 'p' a proto package, 'c' a C# namespace, 'v' a package's enum values.
    private readonly HashSet<(char Kind, string Scope, string Name)> _claimed = new();
    private readonly Dictionary<(char Kind, string Scope, string Name), string> _reserved = new();

    /// <summary>Reserves <paramref name="name"/> in <paramref name="package"/> for <paramref name="owner"/>; false when another owner has it.</summary>
    public bool Reserve(string name, string package, string owner) => Reserve(('p', package, name), owner);

    /// <summary>Reserves an enum value name of <paramref name="package"/> for the enum <paramref name="owner"/>.</summary>
    public bool ReserveEnumValue(string name, string package, string owner) => Reserve(('v', package, name), owner);

    /// <summary>Whether a name is reserved for someone other than <paramref name="owner"/>.</summary>
    public bool IsReservedForOther(string name, string package, string? owner)
        => _reserved.TryGetValue(('p', package, name), out var holder) && holder != owner;

    public bool IsFree(string name, string package, string csharpNamespace, string? owner = null)
        => !_claimed.Contains(('p', package, name)) && !_claimed.Contains(('c', csharpNamespace, name)) && !IsReservedForOther(name, package, owner);

    /// <summary>Claims <paramref name="name"/> (or <c>name2</c>, <c>name3</c>, …) in both scopes.</summary>
    public string Claim(string name, string package, string csharpNamespace, string? owner = null)
    {
        // The name itself is nearly always free: the search (and its closure) only on a collision.
        var claimed = IsFree(name, package, csharpNamespace, owner) ? name : UniqueName.Find(name, string.Empty, candidate => IsFree(candidate, package, csharpNamespace, owner));
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

    /// <summary>Claims exactly <paramref name="name"/> when it is free for <paramref name="owner"/>.</summary>
    public bool TryClaim(string name, string package, string csharpNamespace, string owner)
    {
        if (!IsFree(name, package, csharpNamespace, owner))
        {
            return false;
        }

        _claimed.Add(('p', package, name));
        _claimed.Add(('c', csharpNamespace, name));
        return true;
    }

    /// <summary>Enum values share their package's scope in proto; they are claimed with a marker so they never meet message names.</summary>
    public string ClaimEnumValue(string name, string package, string? owner = null)
    {
        var claimed = UniqueName.Find(name, "_", candidate => IsEnumValueFree(candidate, package, owner));
        _claimed.Add(('v', package, claimed));
        return claimed;
    }

    /// <summary>Claims exactly the enum value <paramref name="name"/> when it is free for the enum <paramref name="owner"/>.</summary>
    public bool TryClaimEnumValue(string name, string package, string owner)
    {
        if (!IsEnumValueFree(name, package, owner))
        {
            return false;
        }

        _claimed.Add(('v', package, name));
        return true;
    }

    private bool IsEnumValueFree(string name, string package, string? owner)
        => !_claimed.Contains(('v', package, name)) && (!_reserved.TryGetValue(('v', package, name), out var holder) || holder == owner);

    private bool Reserve((char Kind, string Scope, string Name) slot, string owner)
    {
        if (_reserved.TryGetValue(slot, out var holder))
        {
            return holder == owner;
        }

        _reserved.Add(slot, owner);
        return true;
    }
}

/// <summary>Field names in one message: unique, and unique as JSON names too (protoc rejects fields whose camelCase forms meet).</summary>
internal sealed class FieldNames
{
    private readonly HashSet<string> _taken = new(StringComparer.Ordinal);

    public bool IsTaken(string name) => _taken.Contains(Fold(name));

    public string Claim(string name)
    {
        if (_taken.Add(Fold(name)))
        {
            return name;
        }

        var claimed = UniqueName.Find(name, "_", candidate => !IsTaken(candidate));
        _taken.Add(Fold(claimed));
        return claimed;
    }

    /// <summary>Claims exactly <paramref name="name"/> (a name the lock file holds) when no field has it yet.</summary>
    public bool TryClaim(string name) => _taken.Add(Fold(name));

    private static string Fold(string name) => name.Replace("_", string.Empty).ToLowerInvariant();
}

/// <summary>Names within one scope that only needs uniqueness there, such as the rpcs of one service.</summary>
internal sealed class LocalNames
{
    private readonly HashSet<string> _taken = new(StringComparer.Ordinal);

    /// <summary>Claims <paramref name="name"/> or <c>name2</c>, <c>name3</c>, …</summary>
    public string Claim(string name)
    {
        if (_taken.Add(name))
        {
            return name;
        }

        var claimed = UniqueName.Find(name, string.Empty, candidate => !_taken.Contains(candidate));
        _taken.Add(claimed);
        return claimed;
    }

    /// <summary>Claims exactly <paramref name="name"/> (a name the lock file holds) when it is free.</summary>
    public bool TryClaim(string name) => _taken.Add(name);
}
