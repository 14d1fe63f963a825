using System.Diagnostics;
using System.Text.RegularExpressions;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// Build-time generation (docs/build-time-generation.md), with real <c>dotnet build</c>s of a scaffold that
/// <c>generate</c> writes for an old-style WCF project (a <c>Compile Include</c> list, <c>AssemblyInfo.cs</c>, a
/// <c>ServiceHost</c> in <c>Main</c>): the build generates into obj/, skips the engine when nothing changed, regenerates
/// only what a contract edit changes, keeps field numbers through the lock file, refuses a stale lock file in CI, and
/// reports each finding once. The builds use Release, which the solution's build has made of runtime/ and tool/ already.
/// In the collection of <see cref="InstalledToolTests"/>, which packs tool/: never two builds of it at once.
/// </summary>
[Collection(ToolBuilds.Name)]
public sealed partial class BuildTimeGenerationTests
{
    private const string GenerationRan = "generated file(s) written";
    private const string GenerationSkipped = "Skipping target \"MigrateWcf_Generate\" because all output files are up-to-date";

    private static string RuntimeProject => Repository.Combine("runtime", "MigrateWcf.Runtime.csproj");

    [Fact]
    public async Task TheScaffold_GeneratesAtBuildTime_SkipsAnUnchangedBuild_RegeneratesOnlyWhatAnEditChanges_AndKeepsFieldNumbers()
    {
        using var temp = new TempFolder();
        var orders = WriteOldStyleProject(temp);
        var migrated = temp.Combine("migrated");

        var scaffold = await MigrateWcfCli.RunAsync("generate", orders, "--out", migrated, "--runtime-project", RuntimeProject, "--no-host", "--no-verify");

        Assert.True(scaffold.Code == ExitCode.Success, scaffold.ToString());
        Assert.Equal(["Orders.Migrated.csproj", "migrate-wcf.lock", "migrate-wcf.manifest"], Directory.GetFiles(migrated).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        var projectFile = File.ReadAllText(Path.Combine(migrated, "Orders.Migrated.csproj"));
        Assert.Contains("<MigrateWcfInput Include=\"../Orders/Orders.csproj\" />", projectFile);
        Assert.DoesNotContain("<Compile Include", projectFile);
        Assert.DoesNotContain("<Protobuf Include", projectFile);

        // The first build generates: the .proto files and C# are in obj/, none in the project folder.
        var first = Build(migrated);
        Assert.True(first.ExitCode == 0, first.Output);
        Assert.Contains(GenerationRan, first.Output);
        var generated = Path.Combine(migrated, "obj", "Release", "net10.0", "migrate-wcf");
        var dataProto = Assert.Single(Directory.GetFiles(generated, "*.proto", SearchOption.AllDirectories), f => File.ReadAllText(f).Contains("message OrderData", StringComparison.Ordinal));
        Assert.Contains(Directory.GetFiles(generated, "*.g.cs", SearchOption.AllDirectories), f => f.EndsWith("MigratedServices.g.cs", StringComparison.Ordinal));
        Assert.True(File.Exists(Path.Combine(migrated, "bin", "Release", "net10.0", "Orders.Migrated.dll")));
        Assert.Empty(Directory.GetFiles(migrated, "*.proto", SearchOption.TopDirectoryOnly));

        // Built again with nothing changed: MSBuild skips the target; the engine does not start.
        var before = Outputs(generated);
        var second = Build(migrated);
        Assert.True(second.ExitCode == 0, second.Output);
        Assert.Contains(GenerationSkipped, second.Output);
        Assert.DoesNotContain(GenerationRan, second.Output);
        Assert.Equal(before, Outputs(generated));

        // A data member added: the next build regenerates; a file whose bytes did not change keeps its timestamp.
        EditData(orders, "[DataMember] public decimal Total { get; set; }", "[DataMember] public decimal Total { get; set; }\n        [DataMember] public string Note { get; set; }");
        var lockBefore = File.ReadAllText(Path.Combine(migrated, "migrate-wcf.lock"));
        var third = Build(migrated);
        Assert.True(third.ExitCode == 0, third.Output);
        Assert.Contains(GenerationRan, third.Output);
        Assert.Contains("updated " + Path.Combine(migrated, "migrate-wcf.lock"), third.Output);
        var after = Outputs(generated);
        Assert.Contains(after, f => before.TryGetValue(f.Key, out var old) && old.Content != f.Value.Content);
        Assert.Contains(after, f => before.TryGetValue(f.Key, out var old) && old.Content == f.Value.Content);
        foreach (var (path, file) in after.Where(f => before.ContainsKey(f.Key)))
        {
            Assert.True((before[path].Content == file.Content) == (before[path].Written == file.Written), $"{path}: the same bytes must keep their timestamp, and new bytes get a new one");
        }

        var note = FieldNumber(File.ReadAllText(dataProto), "note");
        Assert.Contains($"Orders.Contracts.OrderData Note note = {note}\n", File.ReadAllText(Path.Combine(migrated, "migrate-wcf.lock")));
        Assert.NotEqual(lockBefore, File.ReadAllText(Path.Combine(migrated, "migrate-wcf.lock")));

        // In CI the lock file is authoritative: a change it would need fails the build, naming the line, and changes nothing.
        EditData(orders, "[DataMember] public string Note { get; set; }", "[DataMember] public string Note { get; set; }\n        [DataMember] public int Priority { get; set; }");
        var lockFile = File.ReadAllText(Path.Combine(migrated, "migrate-wcf.lock"));
        var outputs = Outputs(generated);
        var ci = Build(migrated, "-p:ContinuousIntegrationBuild=true");
        Assert.True(ci.ExitCode != 0, ci.Output);
        Assert.Matches(@"migrate-wcf\.lock : error migrate-wcf: would add: Orders\.Contracts\.OrderData Priority priority = \d+", ci.Output);
        Assert.Equal(lockFile, File.ReadAllText(Path.Combine(migrated, "migrate-wcf.lock")));
        Assert.Equal(outputs, Outputs(generated));
        var local = Build(migrated);
        Assert.True(local.ExitCode == 0, local.Output);
        Assert.Contains("Priority priority = ", File.ReadAllText(Path.Combine(migrated, "migrate-wcf.lock")));

        // A C# rename that keeps WCF's name keeps the field's number (the lock file's key is the serialized name).
        EditData(orders, "[DataMember] public string Note { get; set; }", "[DataMember(Name = \"Note\")] public string Remark { get; set; }");
        var renamed = Build(migrated);
        Assert.True(renamed.ExitCode == 0, renamed.Output);
        Assert.Contains(GenerationRan, renamed.Output);
        Assert.Equal(note, FieldNumber(File.ReadAllText(dataProto), "note"));
        Assert.Contains(Directory.GetFiles(generated, "*.g.cs", SearchOption.AllDirectories), f => File.ReadAllText(f).Contains(".Remark", StringComparison.Ordinal));
    }

    [Fact]
    public async Task AFolderOfSources_AsTheInput_IsUpToDateWhenNothingChanged_AndAFileAddedToItRunsTheEngine()
    {
        using var temp = new TempFolder();
        var sources = temp.CopyFixture("Orders");
        var migrated = temp.Combine("migrated");
        var scaffold = await MigrateWcfCli.RunAsync("generate", sources, "--out", migrated, "--runtime-project", RuntimeProject, "--no-host", "--no-verify");
        Assert.True(scaffold.Code == ExitCode.Success, scaffold.ToString());
        Assert.Contains("<MigrateWcfInput Include=\"../Orders\" />", File.ReadAllText(Path.Combine(migrated, "Orders.Migrated.csproj")));

        var first = Build(migrated);
        Assert.True(first.ExitCode == 0, first.Output);
        Assert.Contains(GenerationRan, first.Output);
        var second = Build(migrated);
        Assert.True(second.ExitCode == 0, second.Output);
        Assert.Contains(GenerationSkipped, second.Output);

        temp.WriteFile("Orders/Discounts.cs", "namespace Contoso.Orders { public static class Discounts { public const decimal Rate = 0.1m; } }");
        var third = Build(migrated);
        Assert.True(third.ExitCode == 0, third.Output);
        Assert.Contains(GenerationRan, third.Output);
    }

    [Fact]
    public async Task AFinding_IsReportedOnceByTheBuild_RepeatedWhenTheEngineDoesNotRun_AndNotAgainWhenTheAnalyzersRunInIt()
    {
        using var temp = new TempFolder();
        var orders = WriteOldStyleProject(temp);
        var migrated = temp.Combine("migrated");
        var scaffold = await MigrateWcfCli.RunAsync("generate", orders, "--out", migrated, "--runtime-project", RuntimeProject, "--no-host", "--no-verify");
        Assert.True(scaffold.Code == ExitCode.Success, scaffold.ToString());
        var service = temp.Combine("Orders", "OrderService.cs");
        var attribute = File.ReadAllLines(service).Select((l, i) => (Line: l, Number: i + 1)).Single(l => l.Line.Contains("[ServiceBehavior", StringComparison.Ordinal));
        var finding = $"{service}({attribute.Number},{attribute.Line.IndexOf("ServiceBehavior", StringComparison.Ordinal) + 1}): warning WCFM3001: ";

        var alone = Build(migrated);
        Assert.True(alone.ExitCode == 0, alone.Output);
        Assert.Single(Lines(alone.Output), l => l.StartsWith(finding, StringComparison.Ordinal));

        // Built again with nothing changed: the engine does not run, and the warning is repeated once, at the same place,
        // as the compiler repeats its own.
        var again = Build(migrated);
        Assert.True(again.ExitCode == 0, again.Output);
        Assert.Contains(GenerationSkipped, again.Output);
        Assert.Single(Lines(again.Output), l => l.StartsWith(finding, StringComparison.Ordinal));

        // The analyzers added to the project (as a team would, to see findings in the IDE) report it instead.
        var projectFile = Path.Combine(migrated, "Orders.Migrated.csproj");
        // As the MigrateWcf.Analyzers package adds them: the analyzer and the engine it runs; its findings stay warnings.
        var analyzers = BuildEngine.AnalyzerFolder;
        File.WriteAllText(projectFile, File.ReadAllText(projectFile).Replace("</Project>", $"""
              <ItemGroup>
                <Analyzer Include="{analyzers}/MigrateWcf.Analyzers.dll;{analyzers}/MigrateWcf.Generator.dll" />
              </ItemGroup>
              <PropertyGroup>
                <WarningsNotAsErrors>$(WarningsNotAsErrors);WCFM3001</WarningsNotAsErrors>
              </PropertyGroup>
            </Project>
            """));
        var withAnalyzers = Build(migrated);
        Assert.True(withAnalyzers.ExitCode == 0, withAnalyzers.Output);
        Assert.Contains(GenerationRan, withAnalyzers.Output);
        Assert.Single(Lines(withAnalyzers.Output), l => l.StartsWith(finding, StringComparison.Ordinal));

        // Both asked for: the same line twice, so the analyzers do report it at the same place.
        File.SetLastWriteTimeUtc(projectFile, DateTime.UtcNow);
        var both = Build(migrated, "-p:MigrateWcfReportFindings=true");
        Assert.Equal(2, Lines(both.Output).Count(l => l.StartsWith(finding, StringComparison.Ordinal)));
    }

    [Fact]
    public async Task AContractThatNowNeedsWhatTheScaffoldLacks_IsAWarningNamingIt_AndGenerateAgainClearsIt()
    {
        using var temp = new TempFolder();
        var orders = WriteOldStyleProject(temp);
        var migrated = temp.Combine("migrated");
        var scaffold = await MigrateWcfCli.RunAsync("generate", orders, "--out", migrated, "--runtime-project", RuntimeProject, "--no-verify");
        Assert.True(scaffold.Code == ExitCode.Success, scaffold.ToString());
        var first = Build(migrated);
        Assert.True(first.ExitCode == 0, first.Output);
        Assert.DoesNotContain("warning migrate-wcf", first.Output, StringComparison.Ordinal);

        // A first REST operation: the .proto files now import google/api/annotations.proto, the project needs
        // JSON transcoding, and the host registers it. The scaffold was written before any of that.
        var contract = temp.Combine("Orders", "Contracts", "IOrderService.cs");
        File.WriteAllText(contract, File.ReadAllText(contract)
            .Replace("using System.ServiceModel;", "using System.ServiceModel;\nusing System.ServiceModel.Web;", StringComparison.Ordinal)
            .Replace("int PlaceOrder(OrderData order);", "int PlaceOrder(OrderData order);\n\n        [OperationContract]\n        [WebGet(UriTemplate = \"orders/{id}/total\")]\n        decimal GetTotal(string id);", StringComparison.Ordinal));
        File.WriteAllText(orders, File.ReadAllText(orders).Replace("<Reference Include=\"System.ServiceModel\" />", "<Reference Include=\"System.ServiceModel\" />\n    <Reference Include=\"System.ServiceModel.Web\" />", StringComparison.Ordinal));
        var service = temp.Combine("Orders", "OrderService.cs");
        File.WriteAllText(service, File.ReadAllText(service).Replace("public int PlaceOrder(OrderData order) => order.Id + 1;", "public int PlaceOrder(OrderData order) => order.Id + 1;\n\n        public decimal GetTotal(string id) => 12.5m;", StringComparison.Ordinal));

        var stale = Build(migrated);
        var projectFile = Path.Combine(migrated, "Orders.Migrated.csproj");
        Assert.Contains(GenerationRan, stale.Output);
        Assert.Contains($"{projectFile} : warning migrate-wcf: the migrated code now needs the package Google.Api.CommonProtos, which this project does not reference", stale.Output);
        Assert.Contains($"{projectFile} : warning migrate-wcf: the migrated code now needs the package Microsoft.AspNetCore.Grpc.JsonTranscoding", stale.Output);
        Assert.Contains($"{projectFile} : warning migrate-wcf: the .proto files now import google/api/annotations.proto", stale.Output);
        Assert.Contains($"{Path.Combine(migrated, "Host", "Program.cs")} : warning migrate-wcf: generate would now write this file differently", stale.Output);
        var staleAgain = Build(migrated);
        Assert.Contains(GenerationSkipped, staleAgain.Output);
        Assert.Contains($"{projectFile} : warning migrate-wcf: the migrated code now needs the package Google.Api.CommonProtos", staleAgain.Output);

        // generate again: the scaffold fits, the project builds and no warning is left.
        var again = await MigrateWcfCli.RunAsync("generate", orders, "--out", migrated, "--runtime-project", RuntimeProject, "--no-verify");
        Assert.True(again.Code == ExitCode.Success, again.ToString());
        var fixedUp = Build(migrated);
        Assert.True(fixedUp.ExitCode == 0, fixedUp.Output);
        Assert.DoesNotContain("warning migrate-wcf", fixedUp.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ADesignTimeBuild_AsAnIdeRunsIt_GeneratesAndListsTheGeneratedCSharpAndProtoFilesAsItems()
    {
        using var temp = new TempFolder();
        var orders = WriteOldStyleProject(temp);
        var migrated = temp.Combine("migrated");
        var scaffold = await MigrateWcfCli.RunAsync("generate", orders, "--out", migrated, "--runtime-project", RuntimeProject, "--no-host", "--no-verify");
        Assert.True(scaffold.Code == ExitCode.Success, scaffold.ToString());
        var restore = Dotnet(migrated, "restore", "-nologo");
        Assert.True(restore.ExitCode == 0, restore.Output);

        // What an IDE's design-time build evaluates before the compiler's: references, then the items it hands over.
        var designTime = Dotnet(migrated, "msbuild", "-nologo", "-t:ResolveReferences", "-p:DesignTimeBuild=true", "-p:Configuration=Release", "-getItem:Compile", "-getItem:Protobuf");

        Assert.True(designTime.ExitCode == 0, designTime.Output);
        // The items as JSON on standard output; the findings the build step printed (standard error) follow it.
        var json = new System.Text.Json.Utf8JsonReader(System.Text.Encoding.UTF8.GetBytes(designTime.Output[designTime.Output.IndexOf('{', StringComparison.Ordinal)..]));
        using var items = System.Text.Json.JsonDocument.ParseValue(ref json);
        string[] Items(string type) => [.. items.RootElement.GetProperty("Items").GetProperty(type).EnumerateArray().Select(i => i.GetProperty("FullPath").GetString()!)];
        var generated = Path.Combine(migrated, "obj", "Release", "net10.0", "migrate-wcf");
        Assert.Contains(Path.Combine(generated, "MigratedServices.g.cs"), Items("Compile"));
        Assert.Contains(temp.Combine("Orders", "Contracts", "OrderData.cs"), Items("Compile"));
        Assert.DoesNotContain(temp.Combine("Orders", "Program.cs"), Items("Compile"));
        Assert.Contains(Items("Protobuf"), p => p.StartsWith(generated + Path.DirectorySeparatorChar, StringComparison.Ordinal) && p.EndsWith(".proto", StringComparison.Ordinal));
    }

    [Fact]
    public async Task TheMigrateWcfBuildPackage_GeneratesWithTheEngineItCarries()
    {
        using var temp = new TempFolder();
        var packages = temp.Combine("packages");
        var pack = Dotnet(Repository.Folder, "pack", Repository.Combine("tool", "package", "MigrateWcf.Build.csproj"), "-c", "Release", "-o", packages, "-nologo", "-v:q", "-clp:ErrorsOnly");
        Assert.True(pack.ExitCode == 0, pack.Output);
        var package = Assert.Single(Directory.GetFiles(packages, "MigrateWcf.Build.*.nupkg"));
        using (var archive = System.IO.Compression.ZipFile.OpenRead(package))
        {
            var entries = archive.Entries.Select(e => e.FullName).ToHashSet(StringComparer.Ordinal);
            Assert.Contains("build/MigrateWcf.Build.targets", entries);
            Assert.Contains("tools/net10.0/any/migrate-wcf.dll", entries);
            Assert.Contains("tools/net10.0/any/migrate-wcf.runtimeconfig.json", entries);
            Assert.Contains("tools/net10.0/any/refs/net472/System.ServiceModel.dll", entries);
        }

        var orders = WriteOldStyleProject(temp);
        var migrated = temp.Combine("migrated");
        var scaffold = await MigrateWcfCli.RunAsync("generate", orders, "--out", migrated, "--runtime-project", RuntimeProject, "--no-host", "--no-verify");
        Assert.True(scaffold.Code == ExitCode.Success, scaffold.ToString());
        // The package instead of this repository's targets, as a project outside it gets build-time generation. Restored
        // into a folder of the test's own (the packed version must not stay in the machine's cache), with that cache as
        // the fallback for every other package.
        var projectFile = Path.Combine(migrated, "Orders.Migrated.csproj");
        var text = File.ReadAllText(projectFile);
        var import = System.Text.RegularExpressions.Regex.Match(text, @"  <Import Project=""[^""]*MigrateWcf\.Build\.targets"" />\n");
        Assert.True(import.Success, text);
        var version = Path.GetFileNameWithoutExtension(package)["MigrateWcf.Build.".Length..];
        var cache = Environment.GetEnvironmentVariable("NUGET_PACKAGES") ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");
        File.WriteAllText(projectFile, text.Replace(import.Value, $"""
              <ItemGroup>
                <PackageReference Include="MigrateWcf.Build" Version="{version}" PrivateAssets="all" />
              </ItemGroup>
              <PropertyGroup>
                <RestoreAdditionalProjectSources>{packages}</RestoreAdditionalProjectSources>
                <RestorePackagesPath>{temp.Combine("restored")}</RestorePackagesPath>
                <RestoreAdditionalProjectFallbackFolders>{cache}</RestoreAdditionalProjectFallbackFolders>
              </PropertyGroup>

            """, StringComparison.Ordinal));

        var build = Build(migrated);

        Assert.True(build.ExitCode == 0, build.Output);
        Assert.Contains(GenerationRan, build.Output);
        Assert.Contains(Path.Combine(temp.Combine("restored"), "migratewcf.build", version, "tools", "net10.0", "any", "migrate-wcf.dll"), build.Output);
        Assert.True(File.Exists(Path.Combine(migrated, "obj", "Release", "net10.0", "migrate-wcf", "MigratedServices.g.cs")));
    }

    /// <summary>
    /// An old-style .NET Framework project as WCF teams wrote them: an explicit <c>Compile Include</c> list with
    /// backslashes, <c>Properties\AssemblyInfo.cs</c>, the contracts in a folder, and a console host whose <c>Main</c>
    /// opens a <c>ServiceHost</c> (left out of the migrated project, WCFM4008).
    /// </summary>
    private static string WriteOldStyleProject(TempFolder temp)
    {
        temp.WriteFile("Directory.Build.props", "<Project><PropertyGroup><TreatWarningsAsErrors>true</TreatWarningsAsErrors></PropertyGroup></Project>");
        temp.WriteFile("Orders/Orders.csproj", """
            <?xml version="1.0" encoding="utf-8"?>
            <Project ToolsVersion="15.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <Import Project="$(MSBuildExtensionsPath)\$(MSBuildToolsVersion)\Microsoft.Common.props" Condition="Exists('$(MSBuildExtensionsPath)\$(MSBuildToolsVersion)\Microsoft.Common.props')" />
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <RootNamespace>Orders</RootNamespace>
                <AssemblyName>Orders</AssemblyName>
                <TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion>
              </PropertyGroup>
              <ItemGroup>
                <Reference Include="System" />
                <Reference Include="System.Runtime.Serialization" />
                <Reference Include="System.ServiceModel" />
              </ItemGroup>
              <ItemGroup>
                <Compile Include="Contracts\IOrderService.cs" />
                <Compile Include="Contracts\OrderData.cs" />
                <Compile Include="OrderService.cs" />
                <Compile Include="Program.cs" />
                <Compile Include="Properties\AssemblyInfo.cs" />
              </ItemGroup>
              <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
            </Project>
            """);
        temp.WriteFile("Orders/Properties/AssemblyInfo.cs", """
            using System.Reflection;
            [assembly: AssemblyTitle("Orders")]
            [assembly: AssemblyVersion("1.0.0.0")]
            """);
        temp.WriteFile("Orders/Contracts/IOrderService.cs", """
            using System.ServiceModel;

            namespace Orders.Contracts
            {
                [ServiceContract(Namespace = "http://orders.example/")]
                public interface IOrderService
                {
                    [OperationContract]
                    OrderData GetOrder(int id);

                    [OperationContract]
                    int PlaceOrder(OrderData order);
                }
            }
            """);
        temp.WriteFile("Orders/Contracts/OrderData.cs", """
            using System.Runtime.Serialization;

            namespace Orders.Contracts
            {
                [DataContract(Namespace = "http://orders.example/data")]
                public class OrderData
                {
                    [DataMember] public int Id { get; set; }
                    [DataMember] public string Customer { get; set; }
                    [DataMember] public decimal Total { get; set; }
                }
            }
            """);
        temp.WriteFile("Orders/OrderService.cs", """
            using System.ServiceModel;
            using Orders.Contracts;

            namespace Orders
            {
                [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single)]
                public class OrderService : IOrderService
                {
                    public OrderData GetOrder(int id) => new OrderData { Id = id, Customer = "Contoso", Total = 12.5m };

                    public int PlaceOrder(OrderData order) => order.Id + 1;
                }
            }
            """);
        temp.WriteFile("Orders/Program.cs", """
            using System;
            using System.ServiceModel;

            namespace Orders
            {
                internal static class Program
                {
                    private static void Main()
                    {
                        using (var host = new ServiceHost(typeof(OrderService)))
                        {
                            host.Open();
                            Console.ReadLine();
                        }
                    }
                }
            }
            """);
        return temp.Combine("Orders", "Orders.csproj");
    }

    private static void EditData(string project, string find, string replace)
    {
        var path = Path.Combine(Path.GetDirectoryName(project)!, "Contracts", "OrderData.cs");
        var text = File.ReadAllText(path);
        Assert.Contains(find, text);
        File.WriteAllText(path, text.Replace(find, replace, StringComparison.Ordinal));
    }

    /// <summary>Every file the build wrote into the intermediate folder: its bytes and when it was last written.</summary>
    private static Dictionary<string, (string Content, DateTime Written)> Outputs(string folder)
        => Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories)
            .ToDictionary(f => Path.GetRelativePath(folder, f), f => (File.ReadAllText(f), File.GetLastWriteTimeUtc(f)));

    private static int FieldNumber(string proto, string field)
        => int.Parse(FieldPattern(field).Match(proto) is { Success: true } m ? m.Groups[1].Value : throw new Xunit.Sdk.XunitException($"no field '{field}' in:\n{proto}"), System.Globalization.CultureInfo.InvariantCulture);

    private static Regex FieldPattern(string field) => new($@"\s{Regex.Escape(field)} = (\d+);");

    private static IEnumerable<string> Lines(string output) => output.Split('\n').Select(l => l.Trim());

    /// <summary><c>dotnet build -c Release</c> at normal verbosity, without the summary that repeats every warning; its output.</summary>
    private static (int ExitCode, string Output) Build(string folder, params string[] extra)
        => Dotnet(folder, ["build", "-c", "Release", "-nologo", "-v:n", "-clp:NoSummary", "-tl:off", "--disable-build-servers", .. extra]);

    /// <summary><c>dotnet</c> with <paramref name="arguments"/> in <paramref name="folder"/>, outside any CI setting and finding the engine as a user's build does.</summary>
    private static (int ExitCode, string Output) Dotnet(string folder, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { WorkingDirectory = folder, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        // The test process may run under CI=true; these builds say for themselves whether they are CI builds.
        start.Environment.Remove("CI");
        start.Environment.Remove("ContinuousIntegrationBuild");
        start.Environment.Remove(BuildEngine.Variable);
        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output + error.Result);
    }
}
