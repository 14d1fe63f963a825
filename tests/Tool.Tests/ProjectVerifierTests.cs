using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tool.Verification;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// How generate's verification reads what <c>dotnet</c> answered: which SDKs can build the migrated project, where each
/// build error is reported and what it says.
/// </summary>
public sealed class ProjectVerifierTests
{
    private static readonly string Out = Path.Combine(Path.GetTempPath(), "migrated");

    private static readonly MigratedProject Project = new(
        Path.Combine(Out, "Orders.Migrated.csproj"),
        new HashSet<string>(StringComparer.Ordinal) { Path.Combine(Out, "Orders.Migrated.csproj"), Path.Combine(Out, "contoso", "orders", "OrderServiceAdapter.g.cs") },
        RuntimePackage: true);

    [Theory]
    [InlineData("10.0.401")]
    [InlineData("10.0.100-rc.2.25502.107")]
    [InlineData("11.0.100-preview.1")]
    public void AnSdkOfBand10OrLater_IsUsable(string version)
    {
        Assert.Null(ProjectVerifier.UnusableSdk(new DotnetRun(0, version + "\n", string.Empty)));
    }

    [Fact]
    public void AnOlderSdk_NoSdk_AndAFailingDotnet_AreEachSaidInOneLine()
    {
        Assert.Equal("the .NET SDK 8.0.404 cannot build net10.0 (SDK 10 or later is needed)", ProjectVerifier.UnusableSdk(new DotnetRun(0, "8.0.404\n", string.Empty)));
        Assert.Equal("no .NET SDK ('dotnet' cannot be run (No such file))", ProjectVerifier.UnusableSdk(new DotnetRun(-1, string.Empty, string.Empty) { NotRun = "'dotnet' cannot be run (No such file)" }));
        var pinned = ProjectVerifier.UnusableSdk(new DotnetRun(145, string.Empty, "\nA compatible .NET SDK was not found.\n\nRequested SDK version: 9.0.100\n"));
        Assert.Equal("'dotnet --version' failed: A compatible .NET SDK was not found.", pinned);
        Assert.Equal("'dotnet --version' answered 'banana', not an SDK version", ProjectVerifier.UnusableSdk(new DotnetRun(0, "banana", string.Empty)));
    }

    [Fact]
    public void AnErrorInAnOriginalSource_IsAtItsFileAndLine_WithTheCompilersCodeAndMessage()
    {
        var original = Path.Combine(Path.GetTempPath(), "src", "Orders", "OrderService.cs");

        var finding = ProjectVerifier.ToFinding(new BuildDiagnostic(original, 20, 24, BuildSeverity.Error, "CS0246", "The type or namespace name 'ServiceHost' could not be found"), Project);

        Assert.Equal(RuleIds.DoesNotCompile, finding.RuleId);
        Assert.Equal(Generator.FindingSeverity.Error, finding.Severity);
        Assert.Equal(new Generator.SourcePosition(original, 20, 24), finding.Position);
        Assert.StartsWith("Does not compile on .NET 10: CS0246: The type or namespace name 'ServiceHost' could not be found. ", finding.Message);
        Assert.EndsWith(RuleCatalog.Get(RuleIds.DoesNotCompile).GrpcInstead, finding.Message);
    }

    [Fact]
    public void ARelativePath_IsTheProjectFolders_AsAGeneratedCopysLineDirectiveIsResolvedThere()
    {
        // "#line 7 "../src/Host.cs"" in a copy at the project's root, reported relative by a build without full paths.
        var finding = ProjectVerifier.ToFinding(new BuildDiagnostic(Path.Combine("..", "src", "Host.cs"), 7, 5, BuildSeverity.Error, "CS0103", "The name 'X' does not exist"), Project);

        Assert.Equal(Path.GetFullPath(Path.Combine(Out, "..", "src", "Host.cs")), finding.Position!.FilePath);
        Assert.Contains("Does not compile on .NET 10: CS0103", finding.Message);
    }

    [Theory]
    [InlineData("contoso/orders/OrderServiceAdapter.g.cs")]
    [InlineData("obj/Debug/net10.0/contoso/orders/OrderService.cs")]
    [InlineData("Orders.Migrated.csproj")]
    public void AnErrorInAFileGenerateWrote_IsAMigrateWcfBug_AndSaysSo(string relative)
    {
        var file = Path.Combine(Out, relative);

        var finding = ProjectVerifier.ToFinding(new BuildDiagnostic(file, 12, 3, BuildSeverity.Error, "CS0029", "Cannot implicitly convert type 'int' to 'string'."), Project);

        Assert.Equal(new Generator.SourcePosition(file, 12, 3), finding.Position);
        Assert.StartsWith($"The generated '{relative}' does not compile: CS0029: Cannot implicitly convert type 'int' to 'string'; this is a migrate-wcf bug, please report it. ", finding.Message);
    }

    [Fact]
    public void AUsersOwnFileInTheOutputFolder_IsNotCalledGenerated()
    {
        var mine = Path.Combine(Out, "Extensions.cs");

        var finding = ProjectVerifier.ToFinding(new BuildDiagnostic(mine, 3, 1, BuildSeverity.Error, "CS1002", "; expected"), Project);

        Assert.StartsWith("Does not compile on .NET 10: CS1002: ; expected. ", finding.Message);
    }

    [Fact]
    public void AnErrorWithoutAPosition_HasNone_AndTheMissingRuntimePackageSaysWhatToPass()
    {
        var restore = new BuildDiagnostic(Project.ProjectFile, 0, 0, BuildSeverity.Error, "NU1101", "Unable to find package MigrateWcf.Runtime. No packages exist with this id in source(s): nuget.org");
        var other = new BuildDiagnostic(Project.ProjectFile, 0, 0, BuildSeverity.Error, "NU1101", "Unable to find package Contoso.Legacy. No packages exist with this id in source(s): nuget.org");

        var runtime = ProjectVerifier.ToFinding(restore, Project);
        var withRuntimeProject = ProjectVerifier.ToFinding(restore, Project with { RuntimePackage = false });
        var package = ProjectVerifier.ToFinding(other, Project);

        Assert.Null(runtime.Position);
        Assert.Contains("pass --runtime-project", runtime.Message);
        Assert.StartsWith("The migrated project does not build: NU1101: Unable to find package MigrateWcf.Runtime.", withRuntimeProject.Message);
        Assert.StartsWith("The migrated project does not build: NU1101: Unable to find package Contoso.Legacy.", package.Message);
        Assert.DoesNotContain("--runtime-project", package.Message);
    }

    [Fact]
    public void ARestoreErrorOfAListedPackage_IsAtItsPackagesConfigLine_ByTheIdNuGetNames()
    {
        var config = Path.Combine(Path.GetTempPath(), "Orders", "packages.config");
        var project = Project with
        {
            PackagePositions = new Dictionary<string, SourcePosition>(StringComparer.OrdinalIgnoreCase)
            {
                ["Microsoft.Owin"] = new(config, 4, 3),
                ["Microsoft.Owin.Host.SystemWeb"] = new(config, 5, 3),
                ["PetaPoco"] = new(config, 6, 3),
            },
        };

        SourcePosition? At(string code, string message)
            => ProjectVerifier.ToFinding(new BuildDiagnostic(Project.ProjectFile, 0, 0, BuildSeverity.Error, code, message), project).Position;

        Assert.Equal(6, At("NU1101", "Unable to find package PetaPoco. No packages exist with this id in source(s): feed")?.Line);
        // The longer id that starts like a shorter one is its own.
        Assert.Equal(5, At("NU1101", "Unable to find package Microsoft.Owin.Host.SystemWeb. No packages exist with this id in source(s): feed")?.Line);
        Assert.Equal(4, At("NU1102", "Unable to find package microsoft.owin with version (>= 4.2.2)")?.Line);
        Assert.Equal(4, At("NU1605", "Detected package downgrade: Microsoft.Owin from 4.2.2 to 4.0.0. Reference the package directly from the project to select a different version.")?.Line);
        // An id that only starts like a listed one, and a package nothing lists: no position.
        Assert.Null(At("NU1101", "Unable to find package Microsoft.Owin.Security. No packages exist with this id in source(s): feed"));
        Assert.Null(At("NU1101", "Unable to find package Contoso.Legacy. No packages exist with this id in source(s): feed"));
        Assert.Null(At("MSB3021", "Unable to copy package PetaPoco.dll"));
    }
}
