using MigrateWcf.Tool.Verification;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// MSBuild's console output as <c>dotnet build</c> prints it, read into diagnostics: lines captured from real builds of
/// migrated projects (a compiler error, a restore error, MSBuild's own), Windows and Unix paths, each printed twice.
/// </summary>
public sealed class MSBuildOutputTests
{
    /// <summary>A failed build of a migrated project, as captured on Linux (SDK 10.0.401): every diagnostic twice.</summary>
    private const string FailedBuild = """
          Determining projects to restore...
          Restored /tmp/vexp/m3/O2.Migrated.csproj (in 733 ms).
          1 of 2 projects are up-to-date for restore.
          MigrateWcf.Runtime -> /work/runtime/bin/Debug/net10.0/MigrateWcf.Runtime.dll
        /tmp/vexp/O2/OrderService.cs(20,24): error CS0234: The type or namespace name 'HttpContext' does not exist in the namespace 'System.Web' (are you missing an assembly reference?) [/tmp/vexp/m3/O2.Migrated.csproj]
        /tmp/vexp/O2/OrderService.cs(21,28): error CS0246: The type or namespace name 'ServiceHost' could not be found (are you missing a using directive or an assembly reference?) [/tmp/vexp/m3/O2.Migrated.csproj]
        /tmp/vexp/O2/OrderService.cs(22,17): warning CS0168: The variable 'unused' is declared but never used [/tmp/vexp/m3/O2.Migrated.csproj]

        Build FAILED.

        /tmp/vexp/O2/OrderService.cs(22,17): warning CS0168: The variable 'unused' is declared but never used [/tmp/vexp/m3/O2.Migrated.csproj]
        /tmp/vexp/O2/OrderService.cs(20,24): error CS0234: The type or namespace name 'HttpContext' does not exist in the namespace 'System.Web' (are you missing an assembly reference?) [/tmp/vexp/m3/O2.Migrated.csproj]
        /tmp/vexp/O2/OrderService.cs(21,28): error CS0246: The type or namespace name 'ServiceHost' could not be found (are you missing a using directive or an assembly reference?) [/tmp/vexp/m3/O2.Migrated.csproj]
            1 Warning(s)
            2 Error(s)

        Time Elapsed 00:00:16.83
        """;

    [Fact]
    public void ACompilerErrorPrintedTwice_IsReadOnce_WithItsFileLineColumnCodeAndMessage()
    {
        var diagnostics = MSBuildOutput.Parse(FailedBuild);

        Assert.Equal(
            [
                new BuildDiagnostic("/tmp/vexp/O2/OrderService.cs", 20, 24, BuildSeverity.Error, "CS0234",
                    "The type or namespace name 'HttpContext' does not exist in the namespace 'System.Web' (are you missing an assembly reference?)"),
                new BuildDiagnostic("/tmp/vexp/O2/OrderService.cs", 21, 28, BuildSeverity.Error, "CS0246",
                    "The type or namespace name 'ServiceHost' could not be found (are you missing a using directive or an assembly reference?)"),
                new BuildDiagnostic("/tmp/vexp/O2/OrderService.cs", 22, 17, BuildSeverity.Warning, "CS0168", "The variable 'unused' is declared but never used"),
            ],
            diagnostics);
    }

    [Fact]
    public void ARestoreError_HasNoPosition_AndKeepsTheColonsOfItsMessage_InAPathWithSpaces()
    {
        var diagnostics = MSBuildOutput.Parse("""
              Determining projects to restore...
            /tmp/vexp/m2 space/Orders.Migrated.csproj : error NU1101: Unable to find package MigrateWcf.Runtime. No packages exist with this id in source(s): nuget.org
              Failed to restore /tmp/vexp/m2 space/Orders.Migrated.csproj (in 862 ms).

            Build FAILED.

            /tmp/vexp/m2 space/Orders.Migrated.csproj : error NU1101: Unable to find package MigrateWcf.Runtime. No packages exist with this id in source(s): nuget.org
                0 Warning(s)
                1 Error(s)
            """);

        var restore = Assert.Single(diagnostics);
        Assert.Equal(
            new BuildDiagnostic("/tmp/vexp/m2 space/Orders.Migrated.csproj", 0, 0, BuildSeverity.Error, "NU1101",
                "Unable to find package MigrateWcf.Runtime. No packages exist with this id in source(s): nuget.org"),
            restore);
        Assert.False(restore.HasPosition);
    }

    [Theory]
    [InlineData(@"C:\src\My Orders\OrderService.cs(20,24): error CS0234: The name 'X' does not exist [C:\out\Orders.Migrated.csproj]", @"C:\src\My Orders\OrderService.cs", 20, 24, "CS0234", "The name 'X' does not exist")]
    [InlineData(@"C:\out\Orders.Migrated.csproj : error NU1101: Unable to find package MigrateWcf.Runtime.", @"C:\out\Orders.Migrated.csproj", 0, 0, "NU1101", "Unable to find package MigrateWcf.Runtime.")]
    [InlineData("MSBUILD : error MSB1009: Project file does not exist.", "MSBUILD", 0, 0, "MSB1009", "Project file does not exist.")]
    [InlineData("CSC : error CS2001: Source file '/src/Gone.cs' could not be found. [/out/A.csproj]", "CSC", 0, 0, "CS2001", "Source file '/src/Gone.cs' could not be found.")]
    [InlineData("/src/A.cs(3): error CS1002: ; expected [/out/A.csproj::TargetFramework=net10.0]", "/src/A.cs", 3, 0, "CS1002", "; expected")]
    [InlineData("/src/A.cs(3,5,3,9): error CS1002: ; expected [/out/A.csproj]", "/src/A.cs", 3, 5, "CS1002", "; expected")]
    [InlineData("/out/obj/Debug/net10.0/x.cs(10-12): error : no code [/out/A.csproj]", "/out/obj/Debug/net10.0/x.cs", 10, 0, "", "no code")]
    [InlineData("/src/A.cs(1,2): error CS0103: The name 'Items' does not exist in list [0] of [1]", "/src/A.cs", 1, 2, "CS0103", "The name 'Items' does not exist in list [0] of [1]")]
    public void CanonicalLines_AreRead(string line, string origin, int lineNumber, int column, string code, string message)
    {
        var diagnostic = MSBuildOutput.Read(line);

        Assert.Equal(new BuildDiagnostic(origin, lineNumber, column, BuildSeverity.Error, code, message), diagnostic);
    }

    [Fact]
    public void TheSameErrorForTwoTargetFrameworks_IsReadOnce()
    {
        var diagnostics = MSBuildOutput.Parse("""
            /src/A.cs(3,5): error CS0246: The type 'B' could not be found [/out/A.csproj::TargetFramework=net10.0]
            /src/A.cs(3,5): error CS0246: The type 'B' could not be found [/out/A.csproj::TargetFramework=net8.0]
            /src/A.cs(3,5): error CS0246: The type 'B' could not be found [/out/A.csproj]
            """.Replace("\n", "\r\n", StringComparison.Ordinal));

        Assert.Equal("CS0246", Assert.Single(diagnostics).Code);
    }

    [Theory]
    [InlineData("Build FAILED.")]
    [InlineData("    1 Warning(s)")]
    [InlineData("    2 Error(s)")]
    [InlineData("Time Elapsed 00:00:16.83")]
    [InlineData("  Restored /tmp/a/A.csproj (in 733 ms).")]
    [InlineData("  Orders.Migrated -> /tmp/migrated/bin/Debug/net10.0/Orders.Migrated.dll")]
    [InlineData("")]
    public void OtherLines_AreNoDiagnostics(string line)
    {
        Assert.Null(MSBuildOutput.Read(line));
    }
}
