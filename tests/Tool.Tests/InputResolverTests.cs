using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

public sealed class InputResolverTests
{
    [Fact]
    public void Folder_ReadsEverySourceRecursively_SkippingBinObjAndHiddenFolders()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        temp.WriteFile("Orders/Nested/Deeper/Extra.cs", "class Extra { }");
        temp.WriteFile("Orders/bin/Release/Skipped.cs", "class Skipped { }");
        temp.WriteFile("Orders/Nested/obj/Skipped.cs", "class Skipped { }");
        temp.WriteFile("Orders/.vs/Skipped.cs", "class Skipped { }");
        temp.WriteFile("Orders/readme.txt", "not C#");

        var resolved = InputResolver.Resolve(input);

        Assert.Equal(InputKind.Folder, resolved.Kind);
        var project = Assert.Single(resolved.Projects);
        Assert.Equal(LoadMode.LooseFiles, project.Load);
        Assert.Equal("Orders", project.Name);
        Assert.Equal(
            ["IOrderService.cs", "Nested/Deeper/Extra.cs", "OrderData.cs", "OrderService.cs"],
            project.Files.Select(resolved.Relative).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void SingleFile_IsTheOnlySource_AndPathsAreRelativeToItsFolder()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var resolved = InputResolver.Resolve(Path.Combine(input, "IOrderService.cs"));

        Assert.Equal(InputKind.SourceFile, resolved.Kind);
        Assert.Equal("IOrderService.cs", resolved.Relative(Assert.Single(Assert.Single(resolved.Projects).Files)));
    }

    [Fact]
    public void SdkStyleProject_ReadsItsFolder_MinusCompileRemoveAndBuildOutput()
    {
        using var temp = new TempFolder();
        var project = temp.CopyFixture("SdkProject");
        temp.WriteFile("SdkProject/obj/Debug/net472/.NETFramework,Version=v4.7.2.AssemblyAttributes.cs", "// generated");
        temp.WriteFile("SdkProject/bin/Debug/Leftover.cs", "class Leftover { }");

        var resolved = InputResolver.Resolve(Path.Combine(project, "SdkProject.csproj"));

        Assert.Equal(InputKind.Project, resolved.Kind);
        var sources = Assert.Single(resolved.Projects);
        Assert.Equal(LoadMode.SdkProjectFile, sources.Load);
        Assert.Equal(["Contracts/IPing.cs"], sources.Files.Select(resolved.Relative));
        Assert.True(sources.NullableEnabled);
    }

    [Fact]
    public void OldStyleProject_ReadsOnlyItsCompileItems_WithWildcardsExcludesAndWindowsPaths()
    {
        using var temp = new TempFolder();
        var project = temp.CopyFixture("OldStyleProject");

        var resolved = InputResolver.Resolve(Path.Combine(project, "OldStyle.csproj"));
        var sources = Assert.Single(resolved.Projects);

        // NotInProject.cs is not listed, Shared/Ignored.cs is excluded, $(IntermediateOutputPath) cannot be evaluated, and
        // "Properties\assemblyinfo.cs" finds Properties/AssemblyInfo.cs despite the letter case.
        Assert.Equal(
            ["Contracts/IGreeter.cs", "Properties/AssemblyInfo.cs", "Shared/Greeting.cs"],
            sources.Files.Select(resolved.Relative).Order(StringComparer.Ordinal));
        Assert.Equal(LoadMode.OldStyleProjectFile, sources.Load);
        Assert.False(sources.NullableEnabled);
    }

    [Fact]
    public void OldStyleProject_ResolvesItemsOutsideItsFolder()
    {
        using var temp = new TempFolder();
        temp.WriteFile("Common/Shared/Dto.cs", "class Dto { }");
        temp.WriteFile("Common/Shared/Deep/More.cs", "class More { }");
        var project = temp.WriteFile("App/App.csproj", """
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <ItemGroup>
                <Compile Include="..\Common\Shared\**\*.cs">
                  <Link>Shared\%(RecursiveDir)%(Filename)%(Extension)</Link>
                </Compile>
              </ItemGroup>
            </Project>
            """);

        var resolved = InputResolver.Resolve(project);

        Assert.Equal(
            ["../Common/Shared/Deep/More.cs", "../Common/Shared/Dto.cs"],
            Assert.Single(resolved.Projects).Files.Select(resolved.Relative).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void SdkStyleProject_WithDefaultItemsOff_ReadsOnlyItsIncludes()
    {
        using var temp = new TempFolder();
        temp.WriteFile("P/A.cs", "class A { }");
        temp.WriteFile("P/B.cs", "class B { }");
        var project = temp.WriteFile("P/P.csproj", """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><EnableDefaultCompileItems>false</EnableDefaultCompileItems></PropertyGroup>
              <ItemGroup><Compile Include="B.cs" /></ItemGroup>
            </Project>
            """);

        var resolved = InputResolver.Resolve(project);

        Assert.Equal(["B.cs"], Assert.Single(resolved.Projects).Files.Select(resolved.Relative));
    }

    [Fact]
    public void ProjectWithNothingToCompile_IsInputError()
    {
        using var temp = new TempFolder();
        var project = temp.WriteFile("P/P.csproj", """<Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003" />""");

        var error = Assert.Throws<CommandLineException>(() => InputResolver.Resolve(project));

        Assert.Equal(ExitCode.InputError, error.ExitCode);
        Assert.Contains("has no C# files", error.Message);
    }
}
