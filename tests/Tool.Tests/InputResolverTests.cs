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
    public void OldStyleProject_ItemsInAFolderTheRepositoryHoldsInTwoSpellings_ResolveToTheFilesOnDisk()
    {
        // Written on Windows, where Operation\ and operation\ are one folder; cloned here, git made two of them.
        using var temp = new TempFolder();
        temp.WriteFile("Bank/Operation/Operations/Transfer.cs", "class Transfer { }");
        temp.WriteFile("Bank/operation/operations/Deposit.cs", "class Deposit { }");
        temp.WriteFile("Bank/operation/Common/Fee.cs", "class Fee { }");
        temp.WriteFile("Bank/Lib/Fees.cs", "class Fees { }");
        temp.WriteFile("Bank/Lib/Lib.csproj", """<Project><ItemGroup><Compile Include="fees.cs" /></ItemGroup></Project>""");
        temp.WriteFile("Bank/App.Config", "<configuration />");
        var project = temp.WriteFile("Bank/Bank.csproj", """
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <ItemGroup>
                <Compile Include="Operation\Operations\Transfer.cs" />
                <Compile Include="Operation\Operations\Deposit.cs" />
                <Compile Include="OPERATION\Common\*.cs" />
                <ProjectReference Include="lib\lib.csproj" />
                <None Include="app.config" />
              </ItemGroup>
            </Project>
            """);

        var resolved = InputResolver.Resolve(project);

        var sources = Assert.Single(resolved.Projects);
        Assert.Equal(
            ["Operation/Operations/Transfer.cs", "operation/Common/Fee.cs", "operation/operations/Deposit.cs"],
            sources.Files.Select(resolved.Relative).Order(StringComparer.Ordinal));
        Assert.Equal([temp.Combine("Bank", "Lib", "Lib.csproj")], sources.ProjectReferences.ToArray());
        Assert.Equal([temp.Combine("Bank", "App.Config")], sources.ConfigurationFiles.ToArray());
    }

    [Fact]
    public void OldStyleProject_AWildcardFolderInTwoSpellings_TakesTheFilesOfBoth()
    {
        using var temp = new TempFolder();
        temp.WriteFile("Bank/Operation/Transfer.cs", "class Transfer { }");
        temp.WriteFile("Bank/operation/Deposit.cs", "class Deposit { }");
        var project = temp.WriteFile("Bank/Bank.csproj", """
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <ItemGroup><Compile Include="Operation\*.cs" /></ItemGroup>
            </Project>
            """);

        var resolved = InputResolver.Resolve(project);

        Assert.Equal(
            ["Operation/Transfer.cs", "operation/Deposit.cs"],
            Assert.Single(resolved.Projects).Files.Select(resolved.Relative).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void OldStyleProject_ACompileItemMatchingTwoFilesInLetterCaseOnly_IsInputError_NamingBoth()
    {
        using var temp = new TempFolder();
        temp.WriteFile("Bank/Operation/Deposit.cs", "class Deposit { }");
        temp.WriteFile("Bank/operation/deposit.cs", "class Deposit { }");
        var project = temp.WriteFile("Bank/Bank.csproj", """
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <ItemGroup><Compile Include="OPERATION\Deposit.cs" /></ItemGroup>
            </Project>
            """);

        var error = Assert.Throws<CommandLineException>(() => InputResolver.Resolve(project));

        Assert.Equal(ExitCode.InputError, error.ExitCode);
        Assert.Contains(@"compiles 'OPERATION\Deposit.cs', which does not exist in that letter case and matches 2 files that differ only in it: 'Operation/Deposit.cs', 'operation/deposit.cs'", error.Message);
    }

    [Fact]
    public void OldStyleProject_AnExactPath_WinsOverOtherSpellings()
    {
        using var temp = new TempFolder();
        temp.WriteFile("Bank/Operation/Deposit.cs", "class Deposit { }");
        temp.WriteFile("Bank/operation/deposit.cs", "class Deposit { }");
        var project = temp.WriteFile("Bank/Bank.csproj", """
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <ItemGroup><Compile Include="operation\deposit.cs" /></ItemGroup>
            </Project>
            """);

        var resolved = InputResolver.Resolve(project);

        Assert.Equal(["operation/deposit.cs"], Assert.Single(resolved.Projects).Files.Select(resolved.Relative));
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
