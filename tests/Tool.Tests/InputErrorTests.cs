using System.Runtime.Versioning;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>Bad input: one clear line on stderr, a non-zero exit, no stack trace, nothing written.</summary>
public sealed class InputErrorTests
{
    [Theory]
    [InlineData("analyze")]
    [InlineData("proto")]
    public async Task MissingPath_IsInputError_InOneLine(string command)
    {
        using var temp = new TempFolder();
        var missing = temp.Combine("does-not-exist");
        var output = temp.Combine("out");

        var result = await MigrateWcfCli.RunAsync(command == "proto" ? [command, missing, "--out", output] : [command, missing]);

        Assert.Equal(ExitCode.InputError, result.Code);
        var line = Assert.Single(result.ErrorLines);
        Assert.Contains("does not exist", line);
        Assert.Contains(missing, line);
        Assert.False(Directory.Exists(output));
    }

    [Theory]
    [InlineData("notes.txt", "is not a .cs file, a .csproj, a .sln, a .slnx or a folder.")]
    [InlineData("All.sln", "is not a Visual Studio solution file")]
    [InlineData("All.slnx", "is not a valid solution file")]
    public async Task FileOfTheWrongKind_IsInputError(string fileName, string expected)
    {
        using var temp = new TempFolder();
        var file = temp.WriteFile(fileName, "hello");

        var result = await MigrateWcfCli.RunAsync("analyze", file);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains(expected, Assert.Single(result.ErrorLines));
    }

    [Theory]
    [InlineData("generic type arguments")]
    [InlineData("nested classes")]
    public async Task DataMemberTypeNested5000Deep_IsAFinding_NotAStackOverflow(string shape)
    {
        // The compiler binds such a type recursively: before the guard the process ended with "Stack overflow." (generic
        // arguments) or ran for many minutes (nested classes, a qualified member type 5,000 names long).
        const int depth = 5000;
        var nested = new System.Text.StringBuilder();
        string memberType;
        if (shape == "nested classes")
        {
            memberType = string.Join(".", Enumerable.Range(0, depth).Select(i => "N" + i));
            for (var i = 0; i < depth; i++)
            {
                nested.Append("[DataContract] public class N").Append(i).Append(" {\n");
            }

            nested.Append("[DataMember] public int X { get; set; }\n").Append('}', depth).Append('\n');
        }
        else
        {
            memberType = string.Concat(Enumerable.Repeat("System.Collections.Generic.List<", depth)) + "int" + new string('>', depth);
        }

        using var temp = new TempFolder();
        var source = temp.WriteFile("in/Deep.cs", $$"""
            using System.Runtime.Serialization;
            using System.ServiceModel;
            namespace Deep
            {
                [ServiceContract] public interface IDeep { [OperationContract] Holder Get(); }
                [DataContract] public class Holder { [DataMember] public {{memberType}} Value { get; set; } }
            {{nested}}
            }
            """);
        var output = temp.Combine("out");

        var result = await MigrateWcfCli.RunAsync("generate", source, "--out", output);

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        var finding = Assert.Single(result.ErrorLines, l => l.Contains("WCFM1090", StringComparison.Ordinal));
        Assert.Contains("nested more than 200 levels deep", finding);
        Assert.Contains("Deep.cs:", finding);
        Assert.DoesNotContain("Stack overflow", result.Error);
        Assert.DoesNotContain("   at ", result.Error);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task EmptyFolder_IsInputError()
    {
        using var temp = new TempFolder();
        var empty = temp.Combine("empty");
        Directory.CreateDirectory(empty);

        var result = await MigrateWcfCli.RunAsync("analyze", empty);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("no C# files found", Assert.Single(result.ErrorLines));
    }

    [Fact]
    public async Task FolderWithSourcesOnlyInBinAndObj_CountsAsEmpty()
    {
        using var temp = new TempFolder();
        temp.WriteFile("project/bin/Debug/Generated.cs", "class A { }");
        temp.WriteFile("project/obj/Debug/AssemblyInfo.cs", "class B { }");
        temp.WriteFile("project/.git/Hidden.cs", "class C { }");

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("project"));

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("no C# files found", result.Error);
    }

    [Fact]
    public async Task MalformedProjectFile_IsInputError()
    {
        using var temp = new TempFolder();
        var project = temp.WriteFile("Broken/Broken.csproj", "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup>");
        temp.WriteFile("Broken/A.cs", "class A { }");

        var result = await MigrateWcfCli.RunAsync("analyze", project);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("is not a valid project file", Assert.Single(result.ErrorLines));
    }

    [Fact]
    public async Task ProjectListingAMissingFile_IsInputError_NamingTheItem()
    {
        using var temp = new TempFolder();
        var project = temp.WriteFile("Old/Old.csproj", """
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <ItemGroup><Compile Include="Missing\Gone.cs" /></ItemGroup>
            </Project>
            """);

        var result = await MigrateWcfCli.RunAsync("analyze", project);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains(@"Missing\Gone.cs", Assert.Single(result.ErrorLines));
    }

    [FactWhenPermissionsEnforced]
    [UnsupportedOSPlatform("windows")]
    public async Task UnreadableSourceFile_IsInputError_AndNothingIsWritten()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        File.SetUnixFileMode(Path.Combine(input, "OrderData.cs"), UnixFileMode.None);
        var output = temp.Combine("out");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("cannot read 'OrderData.cs'", Assert.Single(result.ErrorLines));
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task SourceFileThatCannotBeOpened_IsInputError_AndNothingIsWritten()
    {
        // A dangling symbolic link is listed like a file but cannot be opened, for root as for anyone.
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        File.CreateSymbolicLink(Path.Combine(input, "Vanished.cs"), temp.Combine("nowhere", "Vanished.cs"));
        var output = temp.Combine("out");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("cannot read 'Vanished.cs'", Assert.Single(result.ErrorLines));
        Assert.False(Directory.Exists(output));
    }

    [FactWhenPermissionsEnforced]
    [UnsupportedOSPlatform("windows")]
    public async Task UnreadableSubfolder_IsInputError()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var locked = Directory.CreateDirectory(Path.Combine(input, "Locked"));
        File.WriteAllText(Path.Combine(locked.FullName, "X.cs"), "class X { }");
        File.SetUnixFileMode(locked.FullName, UnixFileMode.None);

        var result = await MigrateWcfCli.RunAsync("analyze", input);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("cannot read the folder", Assert.Single(result.ErrorLines));
    }

    [Theory]
    [InlineData("out")]
    [InlineData(".")]
    [InlineData("nested/deeper")]
    public async Task OutputFolderInsideTheInput_IsUsageError_AndNothingIsWritten(string outputInside)
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var before = TempFolder.Snapshot(input);

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", Path.Combine(input, outputInside));

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.Contains("is inside the input", Assert.Single(result.ErrorLines));
        Assert.Equal(before, TempFolder.Snapshot(input));
    }

    [Fact]
    public async Task OutputFolderInsideTheProjectFolder_IsUsageError()
    {
        using var temp = new TempFolder();
        var project = temp.CopyFixture("SdkProject");

        var result = await MigrateWcfCli.RunAsync("proto", Path.Combine(project, "SdkProject.csproj"), "--out", Path.Combine(project, "protos"));

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.False(Directory.Exists(Path.Combine(project, "protos")));
    }

    [Fact]
    public async Task OutputFolderBesideTheInputWithASharedNamePrefix_IsNotInside()
    {
        // "Orders-protos" starts with "Orders" but is not inside it; it must get past the inside-input check.
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", input + "-protos");

        Assert.DoesNotContain("is inside the input", result.Error);
    }
}
