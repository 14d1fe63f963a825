using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// Proto names kept by the lock file (docs/lock-file.md). Every name the lock file holds is reserved for its owner before
/// anything is named, and owners present in this run claim theirs first, so an existing name never changes and only a
/// newcomer is qualified. A C# type or contract renamed while its WCF name stayed takes over its old entries.
/// </summary>
internal sealed partial class ProtoMapper
{
    /// <summary>The lock key prefix of a generated wrapper message (a wrapper has no C# symbol of its own).</summary>
    private const string WrapperKeyPrefix = "wrapper:";

    /// <summary>
    /// A renamed C# type or contract keeps its names and numbers when WCF sees no change: its WCF name (data contract or
    /// contract name and namespace) is that of a lock entry whose key is in this run no more. Matches must be one to one.
    /// A duplex service whose callback interface was renamed takes over the old interface's callback messages.
    /// </summary>
    private void FollowRenames()
    {
        if (!_lock.HasDefinitions)
        {
            return;
        }

        var typeKeys = new HashSet<string>(_model.DataTypes.Select(t => t.Key), StringComparer.Ordinal);
        FollowRenames(
            _model.DataTypes.Where(t => _lock.Definition(t.Key) is null).Select(t => (t.Key, TypeIdentity(t), t.Position, t.Kind == DataTypeKind.Enum ? LockedKind.Enum : LockedKind.Message)),
            d => d.Kind != LockedKind.Service && IsTypeKey(d.Key) && !typeKeys.Contains(d.Key),
            DefaultTypeIdentity);

        var serviceKeys = new HashSet<string>(_model.Services.Select(s => s.Key), StringComparer.Ordinal);
        FollowRenames(
            _model.Services.Where(s => _lock.Definition(s.Key) is null).Select(s => (s.Key, (string?)ServiceIdentity(s), s.Position, LockedKind.Service)),
            d => d.Kind == LockedKind.Service && !serviceKeys.Contains(d.Key),
            DefaultServiceIdentity);

        var callbackKeys = new HashSet<string>(_model.Services.Select(s => s.CallbackContractKey).OfType<string>(), StringComparer.Ordinal);
        foreach (var service in _model.Services.Where(s => s.CallbackContractKey is not null))
        {
            var callback = service.CallbackContractKey!;
            if (_lock.Definition(CallbackEnvelopeKey(service))?.Origin is { } previous && previous != LockFile.KeyToken(callback)
                && !callbackKeys.Contains(previous) && !_lock.HasChildren(callback))
            {
                _lock.RekeyChildren(previous, LockFile.KeyToken(callback));
            }
        }
    }

    private void FollowRenames(
        IEnumerable<(string Key, string? Identity, SourcePosition? Position, LockedKind Kind)> newcomers,
        Func<(string Key, LockedKind Kind), bool> isAbsent,
        Func<string, string?> defaultIdentity)
    {
        var absent = _lock.Definitions()
            .Where(d => isAbsent((d.Key, d.Value.Kind)))
            .Select(d => (d.Key, d.Value, Identity: d.Value.Origin ?? defaultIdentity(d.Key)))
            .Where(d => d.Identity is not null)
            .ToLookup(d => (d.Identity!, d.Value.Kind));
        var candidates = newcomers.Where(n => n.Identity is not null).ToLookup(n => (LockFile.KeyToken(n.Identity!), n.Kind));
        foreach (var group in candidates.OrderBy(g => g.Key.Item1, StringComparer.Ordinal))
        {
            var previous = absent[group.Key].ToList();
            if (group.Count() != 1 || previous.Count != 1)
            {
                continue;
            }

            var newcomer = group.Single();
            _lock.Rekey(previous[0].Key, newcomer.Key);
            Report(null, Finding.Create(FindingMessages.RenameFollowed, newcomer.Position, newcomer.Key, previous[0].Key, newcomer.Identity!, previous[0].Value.FullName));
        }
    }

    /// <summary>Data type keys are CLR names; operation messages (<c>/</c>), envelopes (<c>#</c>) and wrappers are not.</summary>
    private static bool IsTypeKey(string key)
        => key.IndexOf('/') < 0 && key.IndexOf('#') < 0 && !key.StartsWith(WrapperKeyPrefix, StringComparison.Ordinal);

    /// <summary>
    /// WCF's name of a data type, <c>{namespace}name</c>: what a WCF client sees, so what a C# rename must not change for
    /// the type to stay the same one. Closed generics have none (their key holds the C# type arguments).
    /// </summary>
    private static string? TypeIdentity(DataTypeModel type)
        => type.GenericArguments.Count > 0 ? null : "{" + type.ContractNamespace + "}" + (type.ContractName ?? type.ClrName);

    /// <summary>The WCF name a data type key implies when nothing overrides it: DataContract's default namespace and the type name.</summary>
    private static string? DefaultTypeIdentity(string key)
    {
        if (key.IndexOf('<') >= 0)
        {
            return null;
        }

        var dot = key.LastIndexOf('.');
        return "{" + WcfNamespaces.DataContractPrefix + (dot < 0 ? string.Empty : key.Substring(0, dot)) + "}" + key.Substring(dot + 1);
    }

    /// <summary>WCF's name of a service contract, <c>{namespace}name</c> (<c>ServiceContract.Namespace</c> and <c>Name</c>).</summary>
    private static string ServiceIdentity(ServiceContractModel service) => "{" + service.ContractNamespace + "}" + service.Name;

    private static string? DefaultServiceIdentity(string key) => "{" + WcfNamespaces.TempUri + "}" + key.Substring(key.LastIndexOf('.') + 1);

    /// <summary>The origin token of a data type's definition line: its WCF name when its key does not imply it, else none.</summary>
    private static string? TypeOriginToken(DataTypeModel type)
    {
        // The common case, a type with DataContract's defaults, is decided without building the two names.
        var ns = type.CSharpNamespace;
        var prefix = WcfNamespaces.DataContractPrefix;
        var isDefault = type.ContractName is null && type.GenericArguments.Count == 0
            && type.ContractNamespace.Length == prefix.Length + ns.Length && type.ContractNamespace.StartsWith(prefix, StringComparison.Ordinal) && type.ContractNamespace.EndsWith(ns, StringComparison.Ordinal)
            && type.Key.Length == (ns.Length == 0 ? 0 : ns.Length + 1) + type.ClrName.Length && type.Key.EndsWith(type.ClrName, StringComparison.Ordinal) && type.Key.StartsWith(ns, StringComparison.Ordinal);
        if (isDefault)
        {
            return null;
        }

        var identity = TypeIdentity(type);
        return identity is null || LockFile.KeyToken(identity) == DefaultTypeIdentity(type.Key) ? null : identity;
    }

    /// <summary>The origin token of a service's definition line: its WCF name when its key does not imply it, else none.</summary>
    private static string? ServiceOriginToken(ServiceContractModel service)
    {
        if (service.Name == service.ClrName && service.ContractNamespace == WcfNamespaces.TempUri
            && (service.Key == service.ClrName || (service.Key.EndsWith(service.ClrName, StringComparison.Ordinal) && service.Key[service.Key.Length - service.ClrName.Length - 1] == '.')))
        {
            return null;
        }

        var identity = ServiceIdentity(service);
        return LockFile.KeyToken(identity) == DefaultServiceIdentity(service.Key) ? null : identity;
    }

    private static string CallbackEnvelopeKey(ServiceContractModel service) => service.Key + "#callback";

    /// <summary>Reserves every name the lock file holds in its package for its owner, present in this run or not.</summary>
    private void ReserveLockedNames()
    {
        foreach (var definition in _lock.Definitions())
        {
            if (definition.Value.Package.Length > 0)
            {
                _names.Reserve(definition.Value.Name, definition.Value.Package, definition.Key);
            }
        }
    }

    /// <summary>
    /// Claims the name the lock file gives <paramref name="key"/>, when it is in <paramref name="package"/> and still free
    /// for it; null when the lock file has none (or names another package: the contract namespace changed). When another
    /// definition holds it, the caller derives a name and reports it (<see cref="ReportNotKept"/>).
    /// </summary>
    private string? ClaimLocked(string key, string package, string csharpNamespace)
    {
        if (_lock.Definition(key) is not { } locked || locked.Package != LockPackage(package))
        {
            return null;
        }

        if (_names.TryClaim(locked.Name, package, csharpNamespace, key))
        {
            return locked.Name;
        }

        _notKept[key] = locked;
        return null;
    }

    // Locked names another definition took, by lock key: reported once the name given instead is known.
    private readonly Dictionary<string, LockedDefinition> _notKept = new(StringComparer.Ordinal);

    /// <summary>Whether <see cref="ClaimLocked"/> could not keep the lock file's name of <paramref name="key"/>.</summary>
    private bool LockedNameNotKept(string key) => _notKept.Count > 0 && _notKept.ContainsKey(key);

    /// <summary>Reports that <paramref name="what"/> could not keep its lock file name and got <paramref name="given"/>.</summary>
    private void ReportNotKept(string key, string what, SourcePosition? position, string given)
    {
        var locked = _notKept[key];
        Report(null, Finding.Create(FindingMessages.LockedNameTaken, position, what, locked.Name, locked.Package, given));
    }

    /// <summary>
    /// A name kept from the lock file that the C# source alone would not give: the C# changed while the wire name stayed.
    /// <paramref name="derivable"/> are the names (and their numbered variants) the source alone could give.
    /// </summary>
    private void ReportIfKept(string what, SourcePosition? position, string kept, string separator, params string[] derivable)
    {
        if (!derivable.Any(d => UniqueName.IsVariantOf(kept, d, separator)))
        {
            Report(null, Finding.Create(FindingMessages.ProtoNameKept, position, what, kept, derivable[0]));
        }
    }

    /// <summary>Field names: the lock file's first (when free in the message), then derived ones, in the given order.</summary>
    private static Dictionary<string, string> NameFields(List<(string Key, string Derived)> fields, FieldAllocation allocation, FieldNames names)
    {
        var result = new Dictionary<string, string>(fields.Count, StringComparer.Ordinal);
        if (allocation.Names.Count > 0)
        {
            foreach (var field in fields)
            {
                if (allocation.Names.TryGetValue(field.Key, out var locked) && names.TryClaim(locked))
                {
                    result[field.Key] = locked;
                }
            }
        }

        foreach (var field in fields)
        {
            if (!result.ContainsKey(field.Key))
            {
                result[field.Key] = names.Claim(field.Derived);
            }
        }

        return result;
    }

    /// <summary>Records the field names of one message in the lock file; returns those kept from it that the source alone would not give.</summary>
    private IReadOnlyList<(string Key, string Name, string Derived)> RecordFieldNames(string messageKey, List<(string Key, string Derived)> fields, Dictionary<string, string> names, FieldAllocation allocation)
    {
        List<(string Key, string Name, string Derived)>? kept = null;
        foreach (var field in fields)
        {
            var name = names[field.Key];
            _lock.NameField(messageKey, field.Key, name);
            if (allocation.Names.Count > 0 && allocation.Names.TryGetValue(field.Key, out var locked) && locked == name && !UniqueName.IsVariantOf(name, field.Derived, "_"))
            {
                (kept ??= new List<(string, string, string)>()).Add((field.Key, name, field.Derived));
            }
        }

        return (IReadOnlyList<(string Key, string Name, string Derived)>?)kept ?? Array.Empty<(string, string, string)>();
    }
}
