using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;

namespace MigrateWcf.Generation;

/// <summary>A package the original projects use (packages.config or &lt;PackageReference&gt;), as the migrated project references it.</summary>
/// <param name="Id">The package id, as the original project spells it.</param>
/// <param name="Version">The version restored (or asked for, when nothing was restored).</param>
/// <param name="AssemblyPaths">
/// Full paths of the package's assemblies the original projects reference through HintPaths (the restored file where
/// <c>--restore</c> put another version in place; the HintPath itself, which may not exist, where nothing was restored).
/// </param>
/// <param name="Note">Why the version differs from the original's, written beside the reference; null when it does not.</param>
public sealed record MigratedPackage(string Id, string Version, ImmutableArray<string> AssemblyPaths, string? Note);

/// <summary>A package of the original projects the migrated project does not reference, and why (a comment in its project file).</summary>
public sealed record NotCarriedPackage(MigratedPackage Package, string Reason);

/// <summary>An assembly the original projects reference by a HintPath into a folder of their own (a committed lib/).</summary>
/// <param name="Name">The assembly's simple name.</param>
/// <param name="Path">Full path of the assembly.</param>
public sealed record MigratedAssembly(string Name, string Path);

/// <summary>
/// Which of the original projects' packages and assemblies the migrated project does not reference, and why: test
/// frameworks and test libraries (test projects are not migrated), .NET Framework build tooling (the .NET SDK builds the
/// migrated project), and what the migrated project references already. The project file and the tool's findings ask
/// this one place.
/// </summary>
public static class ReferenceKinds
{
    /// <summary>Why a package is not carried: a test framework or test library.</summary>
    public const string TestLibrary = "a test framework or test library: test projects are not migrated";

    /// <summary>Why a package is not carried: it only builds .NET Framework projects.</summary>
    public const string BuildTooling = "build tooling of .NET Framework projects: the .NET SDK builds the migrated project";

    /// <summary>Why a package is not carried: none of its assemblies is used by what the migrated project compiles.</summary>
    public const string NotUsed = "the code the migrated project compiles does not use it";

    /// <summary>Why a package is not carried: .NET 10 has its assembly in itself (NuGet prunes such a reference, NU1510).</summary>
    public const string PartOfDotNet = "part of .NET 10 itself";

    /// <summary>Why a package is not carried: the migrated project has it already.</summary>
    public const string AlreadyReferenced = "the migrated project references it already (Google.Protobuf, Grpc.*, System.ServiceModel.Primitives and .Http come with MigrateWcf.Runtime)";

    // Exact ids (any case), then prefixes: a prefix ends with '.' and matches the id without it too.
    private static readonly string[] TestFrameworks =
    [
        "MSTest.", "Microsoft.VisualStudio.QualityTools.UnitTestFramework", "Microsoft.VisualStudio.TestPlatform.TestFramework",
        "NUnit", "nunit.framework", "NUnitLite", "xunit.", "Microsoft.NET.Test.Sdk",
    ];

    private static readonly string[] TestLibraries =
    [
        "NUnit.", "NUnit3TestAdapter", "NUnitTestAdapter", "Microsoft.TestPlatform.", "Microsoft.CodeCoverage", "Microsoft.VisualStudio.TestPlatform.",
        "Moq", "NSubstitute", "FakeItEasy", "RhinoMocks", "Rhino.Mocks", "JustMock", "FluentAssertions", "Shouldly", "AutoFixture.", "coverlet.",
    ];

    private static readonly string[] Tooling =
    [
        "Microsoft.Net.Compilers.", "Microsoft.CodeDom.Providers.DotNetCompilerPlatform", "Microsoft.NETFramework.ReferenceAssemblies.",
        "Microsoft.SourceLink.", "Microsoft.Build.Tasks.Git", "StyleCop.Analyzers", "SonarAnalyzer.CSharp", "NuGet.Build.Tasks.Pack",
        "MSBuildTasks", "OctoPack", "GitVersionTask",
    ];

    private static readonly string[] Referenced =
    [
        // Only the WCF client packages MigrateWcf.Runtime brings (and the older ones Primitives took in): another
        // System.ServiceModel.* package (Syndication, NetTcp) has types of its own, which the migrated code needs.
        "Google.Protobuf", "Grpc.", "System.ServiceModel.Primitives", "System.ServiceModel.Http", "System.ServiceModel.Duplex", "System.ServiceModel.Security",
        "Google.Api.CommonProtos", "Microsoft.AspNetCore.Grpc.JsonTranscoding", "MigrateWcf.Runtime",
    ];

    /// <summary>
    /// True for the packages and assemblies that make a project a test project: MSTest, NUnit, xunit and the test SDK
    /// (mocking and assertion libraries alone do not).
    /// </summary>
    public static bool IsTestFramework(string name) => Matches(name, TestFrameworks);

    /// <summary>Why the migrated project does not reference the package (or assembly) <paramref name="id"/>; null when it does.</summary>
    public static string? WhyNotCarried(string id)
        => IsTestFramework(id) || Matches(id, TestLibraries) ? TestLibrary
            : Matches(id, Tooling) || id.EndsWith("Analyzers", StringComparison.OrdinalIgnoreCase) ? BuildTooling
            : Matches(id, Referenced) ? AlreadyReferenced
            : null;

    private static bool Matches(string id, IEnumerable<string> names)
        => names.Any(name => name.EndsWith(".", StringComparison.Ordinal)
            ? id.StartsWith(name, StringComparison.OrdinalIgnoreCase) || string.Equals(id, name.Substring(0, name.Length - 1), StringComparison.OrdinalIgnoreCase)
            : string.Equals(id, name, StringComparison.OrdinalIgnoreCase));
}
