using System;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace MigrateWcf.Generation;

/// <summary>A NuGet package the migrated project references because the original code uses what .NET 10 ships in it.</summary>
/// <param name="Note">What to know about it (Windows only at run time, deprecated...), or null.</param>
public sealed record FrameworkPackage(string Id, string Version, string? Note);

/// <summary>
/// .NET Framework assemblies (or parts of them) whose types .NET 10 has only as NuGet packages: System.Data's SqlClient,
/// System.Runtime.Caching, System.ServiceProcess... Code using them compiles unchanged once the migrated project
/// references the package (WCFM4009), so they are not WCFM4007. (System.Configuration.ConfigurationManager is not among
/// them: the probe compiles against it, and the migrated project gets it with the original settings: OriginalConfiguration.) Versions are the .NET 10 servicing
/// band every package of the list is served at (10.0.14, the band the repository pins), except System.Data.SqlClient,
/// whose last version is 4.9.1.
/// </summary>
public static class FrameworkPackages
{
    private const string Band = "10.0.14";
    private const string WindowsOnly = "its calls work on Windows only";

    // By the .NET Framework assembly the symbol comes from, and a prefix of its full name (null: the whole assembly).
    private static readonly (string Assembly, string? Prefix, FrameworkPackage Package)[] Entries =
    [
        ("System.Data", "System.Data.SqlClient.", new("System.Data.SqlClient", "4.9.1", "deprecated: Microsoft.Data.SqlClient is its successor (namespace Microsoft.Data.SqlClient)")),
        ("System.Data", "System.Data.Odbc.", new("System.Data.Odbc", Band, null)),
        ("System.Data", "System.Data.OleDb.", new("System.Data.OleDb", Band, WindowsOnly)),
        ("System.Runtime.Caching", null, new("System.Runtime.Caching", Band, null)),
        ("System.ServiceProcess", null, new("System.ServiceProcess.ServiceController", Band, WindowsOnly)),
        ("System.Drawing", null, new("System.Drawing.Common", Band, WindowsOnly)),
        ("System.DirectoryServices", null, new("System.DirectoryServices", Band, WindowsOnly)),
        ("System.Management", null, new("System.Management", Band, WindowsOnly)),
        ("System", "System.Diagnostics.EventLog", new("System.Diagnostics.EventLog", Band, WindowsOnly)),
        ("System", "System.Diagnostics.PerformanceCounter", new("System.Diagnostics.PerformanceCounter", Band, WindowsOnly)),
        ("System", "System.IO.Ports.", new("System.IO.Ports", Band, null)),
        ("System.ServiceModel", "System.ServiceModel.Syndication.", new("System.ServiceModel.Syndication", Band, null)),
        ("System.Security", "System.Security.Cryptography.Xml.", new("System.Security.Cryptography.Xml", Band, null)),
        ("System.ComponentModel.Composition", null, new("System.ComponentModel.Composition", Band, null)),
    ];

    /// <summary>The package that brings <paramref name="symbol"/> (a .NET Framework type or member) to .NET 10, or null.</summary>
    public static FrameworkPackage? For(ISymbol symbol, string fullName)
    {
        // A namespace is merged from every assembly declaring it: those with types of its own are where it comes from.
        var assemblies = symbol is INamespaceSymbol ns
            ? ns.ConstituentNamespaces.Where(n => !n.GetTypeMembers().IsEmpty).Select(n => n.ContainingAssembly?.Name).Append(ns.ContainingAssembly?.Name)
            : new[] { symbol.ContainingAssembly?.Name };
        return Entries
            .Where(e => assemblies.Contains(e.Assembly, StringComparer.Ordinal) && (e.Prefix is null || fullName.StartsWith(e.Prefix, StringComparison.Ordinal)))
            .Select(e => e.Package)
            .FirstOrDefault();
    }
}
