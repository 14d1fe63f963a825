using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// Each file is read with the preprocessor symbols its own project's Debug build defines (ProjectFileReader), and the
/// migrated project compiles it under the same: code under <c>#if</c> on a Debug-only symbol of a referenced project
/// (a test stub whose braces close outside the <c>#if</c>, as course projects write them) parses as it compiles.
/// </summary>
public sealed class PreprocessorSymbolsTests
{
    /// <summary>An old-style project as Visual Studio writes it, with its Debug and Release groups.</summary>
    private static string OldStyleProject(string debugSymbols, string compile, string extra = "", string platform = "AnyCPU", string references = "") => $"""
        <?xml version="1.0" encoding="utf-8"?>
        <Project ToolsVersion="14.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
          <Import Project="$(MSBuildExtensionsPath)\$(MSBuildToolsVersion)\Microsoft.Common.props" Condition="Exists('$(MSBuildExtensionsPath)\$(MSBuildToolsVersion)\Microsoft.Common.props')" />
          <PropertyGroup>
            <Configuration Condition=" '$(Configuration)' == '' ">Debug</Configuration>
            <Platform Condition=" '$(Platform)' == '' ">{platform}</Platform>
            <OutputType>Library</OutputType>
            <TargetFrameworkVersion>v4.6</TargetFrameworkVersion>
          </PropertyGroup>
          <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Debug|{platform}' ">
            <DebugSymbols>true</DebugSymbols>
            <DefineConstants>{debugSymbols}</DefineConstants>
          </PropertyGroup>
          <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Release|{platform}' ">
            <DefineConstants>TRACE;RELEASE_ONLY</DefineConstants>
          </PropertyGroup>
          {extra}
          <ItemGroup>
            <Reference Include="System" />
            <Reference Include="System.Runtime.Serialization" />
            <Reference Include="System.ServiceModel" />
          </ItemGroup>
          <ItemGroup>{compile}</ItemGroup>
          {references}
          <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
        </Project>
        """;

    private static SourceSet Read(TempFolder temp, string project)
    {
        var path = temp.WriteFile("App/App.csproj", project);
        return ProjectFileReader.Read(path, "App/App.csproj");
    }

    [Fact]
    public void OldStyleProject_ReadsTheDebugGroupOfItsDefaultPlatform_NotRelease()
    {
        using var temp = new TempFolder();

        var project = Read(temp, OldStyleProject("TRACE;DEBUG;TEST_QUEUE", string.Empty));

        Assert.Equal(["TRACE", "DEBUG", "TEST_QUEUE"], project.PreprocessorSymbols.ToArray());
        Assert.Empty(project.SymbolsNotRead);
    }

    [Fact]
    public void OldStyleProject_WhoseDefaultPlatformIsX86_ReadsItsDebugX86Group()
    {
        using var temp = new TempFolder();
        const string anyCpu = """
            <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Debug|AnyCPU' ">
              <DefineConstants>DEBUG;ANY_CPU_ONLY</DefineConstants>
            </PropertyGroup>
            """;

        var project = Read(temp, OldStyleProject("DEBUG;TRACE;X86_ONLY", string.Empty, anyCpu, platform: "x86"));

        Assert.Equal(["DEBUG", "TRACE", "X86_ONLY"], project.PreprocessorSymbols.ToArray());
    }

    [Fact]
    public void SdkStyleProject_HasTheSdksDebugAndTrace_AndItsOwnSymbols_WithDefineConstantsExpanded()
    {
        using var temp = new TempFolder();

        var project = Read(temp, """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFramework>net472</TargetFramework>
                <DefineConstants>$(DefineConstants);FEATURE_CACHE</DefineConstants>
              </PropertyGroup>
              <PropertyGroup Condition="'$(Configuration)' == 'Debug' and '$(Platform)' != 'x64'">
                <DefineConstants>$(DefineConstants);VERBOSE</DefineConstants>
              </PropertyGroup>
              <PropertyGroup Condition="'$(Configuration)'=='Release'">
                <DefineConstants>$(DefineConstants);RELEASE_ONLY</DefineConstants>
              </PropertyGroup>
            </Project>
            """);

        Assert.Equal(["FEATURE_CACHE", "VERBOSE", "DEBUG", "TRACE"], project.PreprocessorSymbols.ToArray());
    }

    [Theory]
    [InlineData("""<PropertyGroup Condition="Exists('local.props')"><DefineConstants>$(DefineConstants);LOCAL</DefineConstants></PropertyGroup>""", "the Condition \"Exists('local.props')\" cannot be evaluated without MSBuild")]
    [InlineData("""<PropertyGroup><DefineConstants>$(DefineConstants);$(ExtraSymbols)</DefineConstants></PropertyGroup>""", "\"$(DefineConstants);$(ExtraSymbols)\" names a property that cannot be evaluated without MSBuild")]
    public void ADefineConstantsItCannotEvaluate_IsNotRead_AndSaysWhereAndWhy(string group, string reason)
    {
        using var temp = new TempFolder();

        var project = Read(temp, OldStyleProject("DEBUG;TRACE", string.Empty, group));

        Assert.Equal(["DEBUG", "TRACE"], project.PreprocessorSymbols.ToArray());
        var notRead = Assert.Single(project.SymbolsNotRead);
        Assert.Equal(reason, notRead.Reason);
        Assert.Equal(17, notRead.Position.Line);
    }

    /// <summary>A library whose test stub, under its Debug-only symbol, closes its class after the #endif.</summary>
    private const string Queue = """
        using System;
        using System.Collections.Generic;

        namespace Harness.Queues
        {
            public class BlockingQueue<T>
            {
                private readonly Queue<T> items = new Queue<T>();
                public void Add(T item) { lock (items) { items.Enqueue(item); } }
                public int Count { get { lock (items) { return items.Count; } } }
            }

        #if (TEST_QUEUE)
            class TestStub
            {
                static void Main(string[] args)
                {
                    Console.WriteLine(new BlockingQueue<string>().Count);
                }
        #endif
            }
        }
        """;

    private const string Service = """
        using System.ServiceModel;
        using Harness.Queues;

        namespace Harness
        {
            [ServiceContract]
            public interface IInbox
            {
                [OperationContract] int Post(string body);
            }

            public class Inbox : IInbox
            {
                private static readonly BlockingQueue<string> Received = new BlockingQueue<string>();

                public int Post(string body)
                {
        #if TEST_INBOX
                    Received.Add("test: " + body);
        #else
                    Received.Add(body);
        #endif
                    return Received.Count;
                }
            }
        }
        """;

    private static string WriteSolution(TempFolder temp)
    {
        temp.WriteFile("Harness/Queues/Queues.csproj", OldStyleProject("DEBUG;TRACE;TEST_QUEUE", """<Compile Include="BlockingQueue.cs" />"""));
        temp.WriteFile("Harness/Queues/BlockingQueue.cs", Queue);
        temp.WriteFile("Harness/Inbox/Inbox.cs", Service);
        return temp.WriteFile("Harness/Inbox/Inbox.csproj", OldStyleProject(
            "DEBUG;TRACE;TEST_INBOX",
            """<Compile Include="Inbox.cs" />""",
            references: """<ItemGroup><ProjectReference Include="..\Queues\Queues.csproj" /></ItemGroup>"""));
    }

    [Fact]
    public async Task AReferencedProjectsFile_IsParsedWithItsOwnProjectsSymbols()
    {
        using var temp = new TempFolder();
        var project = WriteSolution(temp);

        var result = await MigrateWcfCli.RunAsync("analyze", project);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.DoesNotContain("CS1022", result.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task TheMigratedProject_DefinesTheInputsSymbols_AndACopyDefinesItsOwnProjects()
    {
        using var temp = new TempFolder();
        var project = WriteSolution(temp);
        var output = temp.Combine("migrated");

        var result = await MigrateWcfCli.RunAsync("generate", "--committed", "--no-verify", project, "--out", output, "--runtime-project", Repository.Combine("runtime", "MigrateWcf.Runtime.csproj"));

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var migrated = File.ReadAllText(Path.Combine(output, "Inbox.Migrated.csproj"));
        Assert.Contains("<DefineConstants>$(DefineConstants);TEST_INBOX</DefineConstants>", migrated, StringComparison.Ordinal);
        // The service's own file compiles in place under those symbols; the library's file is a copy defining its own.
        Assert.Contains("""<Compile Include="../Harness/Inbox/Inbox.cs" """, migrated, StringComparison.Ordinal);
        var copy = File.ReadAllText(Path.Combine(output, "Original", "Queues", "BlockingQueue.cs")).Split('\n');
        var define = Array.IndexOf(copy, "#define TEST_QUEUE");
        Assert.True(define > 0, string.Join('\n', copy));
        Assert.DoesNotContain(copy[..define], l => !l.StartsWith("//", StringComparison.Ordinal));
        Assert.Equal("#line 1 \"../../../Harness/Queues/BlockingQueue.cs\"", copy[define + 2]);
        // Whatever of the stub the copy keeps, its #endif stays, so the file's braces balance as they did.
        Assert.Contains("#endif", copy);
    }

    [Fact]
    public async Task ADefineConstantsNotRead_IsAWarningAtIt()
    {
        using var temp = new TempFolder();
        var project = temp.WriteFile("App/App.csproj", OldStyleProject(
            "DEBUG;TRACE;TEST_QUEUE",
            """<Compile Include="Inbox.cs" /><Compile Include="BlockingQueue.cs" />""",
            """<PropertyGroup Condition="Exists('local.props')"><DefineConstants>$(DefineConstants);TEST_INBOX</DefineConstants></PropertyGroup>"""));
        temp.WriteFile("App/Inbox.cs", Service);
        temp.WriteFile("App/BlockingQueue.cs", Queue);

        var result = await MigrateWcfCli.RunAsync("analyze", project);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.True(result.ToString().Contains("App.csproj:17:", StringComparison.Ordinal) && result.ToString().Contains("warning WCFM4023: A DefineConstants of 'App.csproj' is not read: the Condition \"Exists('local.props')\" cannot be evaluated without MSBuild", StringComparison.Ordinal), result.ToString());
    }
}
