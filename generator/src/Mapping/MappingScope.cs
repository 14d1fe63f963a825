using System;
using System.Collections.Generic;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// The state of the one proto definition being built, passed along as an argument (never kept in a field and restored):
/// which package and C# namespace it lives in (how it writes the names of other definitions), which proto full names it
/// references (its file imports them), and the model item it belongs to (whose "maps cleanly" count a warning or error
/// spoils). A definition built on the way, such as a list wrapper, gets a <see cref="Nested"/> scope: its own
/// references, the same item.
/// </summary>
internal sealed class MappingScope
{
    private MappingScope(string package, string csharpNamespace, MappedItem item)
    {
        Package = package;
        CSharpNamespace = csharpNamespace;
        Item = item;
    }

    public string Package { get; }

    public string CSharpNamespace { get; }

    /// <summary>Proto full names this definition refers to (<c>google.protobuf.Empty</c>, <c>contoso.orders.Order</c>).</summary>
    public HashSet<string> References { get; } = new(StringComparer.Ordinal);

    public MappedItem Item { get; }

    /// <summary>The scope of a definition of a new model item (a data type, an operation, a service).</summary>
    public static MappingScope ForItem(string package, string csharpNamespace) => new(package, csharpNamespace, new MappedItem());

    /// <summary>A definition of another item in the same package (e.g. an operation of a service).</summary>
    public MappingScope ForNextItem() => ForItem(Package, CSharpNamespace);

    /// <summary>A definition built while this one is (a wrapper, an operation's request message): own references, same item.</summary>
    public MappingScope Nested() => new(Package, CSharpNamespace, Item);
}

/// <summary>One model item being mapped (a data type, an operation): whether it maps without warnings or errors.</summary>
internal sealed class MappedItem
{
    public bool IsClean { get; private set; } = true;

    public void MarkUnclean() => IsClean = false;
}
