using System.Text.Json;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Commands;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// A folder holding project files is one compilation per project (plus one per tree of loose files): whole command lines
/// over real project layouts written to a temporary folder.
/// </summary>
public sealed class ProjectFolderTests
{
    private const string SdkProject = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup>
        </Project>
        """;

    /// <summary>Visual Studio's WCF Service Library template, as two teams each created it; <paramref name="extraMember"/> makes them differ.</summary>
    private static string Service1(string extraMember = "") => $$"""
        using System.Runtime.Serialization;
        using System.ServiceModel;

        namespace WcfService1
        {
            [ServiceContract]
            public interface IService1
            {
                [OperationContract]
                string GetData(int value);

                [OperationContract]
                CompositeType GetDataUsingDataContract(CompositeType composite);
            }

            [DataContract]
            public class CompositeType
            {
                [DataMember]
                public bool BoolValue { get; set; }

                [DataMember]
                public string StringValue { get; set; }
                {{extraMember}}
            }
        }
        """;

    private static string Contract(string ns, string name, string member = "decimal Amount") => $$"""
        using System.Runtime.Serialization;
        using System.ServiceModel;

        namespace {{ns}}
        {
            [DataContract]
            public class {{name}}Data
            {
                [DataMember]
                public {{member}} { get; set; }
            }

            [ServiceContract]
            public interface I{{name}}
            {
                [OperationContract]
                {{name}}Data Get(int id);
            }
        }
        """;

    private static string TwoServiceLibraries(TempFolder temp)
    {
        temp.WriteFile("repo/ServiceA/ServiceA.csproj", SdkProject);
        temp.WriteFile("repo/ServiceA/IService1.cs", Service1());
        temp.WriteFile("repo/ServiceB/ServiceB.csproj", SdkProject);
        temp.WriteFile("repo/ServiceB/IService1.cs", Service1("[DataMember] public int Priority { get; set; }"));
        return temp.Combine("repo");
    }

    [Fact]
    public async Task TwoProjectsDeclaringIService1_EveryContractIsFound_WithItsProject()
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        var root = json.RootElement;
        ReportSchema.AssertConforms(root);
        Assert.Equal(2, root.GetProperty("sourceFiles").GetInt32());
        Assert.Equal(2, root.GetProperty("summary").GetProperty("serviceContracts").GetInt32());
        Assert.Equal(
            [("ServiceA", "WcfService1.IService1", "ServiceA/IService1.cs"), ("ServiceB", "WcfService1.IService1", "ServiceB/IService1.cs")],
            root.GetProperty("services").EnumerateArray().Select(s => (s.GetProperty("project").GetString(), s.GetProperty("key").GetString(), s.GetProperty("file").GetString())));
        Assert.Equal(
            [("ServiceA", 2), ("ServiceB", 3)],
            root.GetProperty("dataTypes").EnumerateArray().Select(t => (t.GetProperty("project").GetString(), t.GetProperty("members").GetInt32())));
        var projects = root.GetProperty("projects").EnumerateArray().ToList();
        Assert.Equal(["ServiceA", "ServiceB"], projects.Select(p => p.GetProperty("name").GetString()));
        Assert.Equal(["ServiceA/ServiceA.csproj", "ServiceB/ServiceB.csproj"], projects.Select(p => p.GetProperty("path").GetString()));
        Assert.All(projects, p => Assert.Equal("sdkProjectFile", p.GetProperty("load").GetString()));
        Assert.Equal(["service_a", "service_b"], projects.Select(p => p.GetProperty("packagePrefix").GetString()));
        Assert.Equal(["ServiceB"], projects[0].GetProperty("clashesWith").EnumerateArray().Select(e => e.GetString()));
        Assert.Equal(1, projects[1].GetProperty("summary").GetProperty("serviceContracts").GetInt32());
    }

    [Fact]
    public async Task TwoProjectsDeclaringIService1_EachProtoIsWrittenOncePerProject_AndProtocAcceptsThemTogether()
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var files = TempFolder.Snapshot(output);
        Assert.Equal(
            [
                "ServiceA/migrate-wcf.lock", "ServiceA/service_a/wcf_service1/service1.proto", "ServiceA/service_a/wcf_service1/wcf_service1_types.proto",
                "ServiceB/migrate-wcf.lock", "ServiceB/service_b/wcf_service1/service1.proto", "ServiceB/service_b/wcf_service1/wcf_service1_types.proto",
            ],
            files.Keys.Order(StringComparer.Ordinal));
        Assert.Contains("package service_a.wcf_service1;", files["ServiceA/service_a/wcf_service1/service1.proto"]);
        Assert.Contains("option csharp_namespace = \"WcfService1.Grpc.ServiceB\";", files["ServiceB/service_b/wcf_service1/wcf_service1_types.proto"]);
        Assert.Contains("int32 priority", files["ServiceB/service_b/wcf_service1/wcf_service1_types.proto"]);
        Assert.DoesNotContain("priority", files["ServiceA/service_a/wcf_service1/wcf_service1_types.proto"]);
        Assert.Contains("2 service contract(s), 4 operation(s), 2 data type(s) in 2 projects", result.Output);
        Assert.Contains("note: project 'ServiceA'", result.Error);

        var (exitCode, protocOutput) = Protoc.CompileTogether(Path.Combine(output, "ServiceA"), Path.Combine(output, "ServiceB"));
        Assert.True(exitCode == 0, protocOutput);
    }

    [Fact]
    public async Task WithoutTheProjectInThePackage_TheSameTwoOutputs_CouldNotBeCompiledTogether()
    {
        // The control for the test above: each project alone gets the plain package, and protoc rejects the pair.
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        var outputA = temp.Combine("a");
        var outputB = temp.Combine("b");

        Assert.Equal(ExitCode.Success, (await MigrateWcfCli.RunAsync("proto", Path.Combine(input, "ServiceA", "ServiceA.csproj"), "--out", outputA)).Code);
        Assert.Equal(ExitCode.Success, (await MigrateWcfCli.RunAsync("proto", Path.Combine(input, "ServiceB", "ServiceB.csproj"), "--out", outputB)).Code);

        Assert.Contains("package wcf_service1;", File.ReadAllText(Path.Combine(outputA, "wcf_service1", "service1.proto")));
        Assert.Contains("different files at this path", Protoc.CompileTogether(outputA, outputB).Output);
    }

    [Fact]
    public async Task TheSameNameInDifferentFiles_IsAClashToo_WhichProtocWouldOtherwiseReject()
    {
        // Echo's data type PingRequest (contoso/contoso_types.proto) and Ping's request message PingRequest
        // (contoso/ping.proto): different files, one proto name.
        using var temp = new TempFolder();
        temp.WriteFile("repo/Echo/Echo.csproj", SdkProject);
        temp.WriteFile("repo/Echo/IEcho.cs", """
            using System.Runtime.Serialization;
            using System.ServiceModel;
            namespace Contoso
            {
                [DataContract] public class PingRequest { [DataMember] public string Text { get; set; } }
                [ServiceContract] public interface IEcho { [OperationContract] string Echo(PingRequest request); }
            }
            """);
        temp.WriteFile("repo/Pinger/Pinger.csproj", SdkProject);
        temp.WriteFile("repo/Pinger/IPing.cs", """
            using System.ServiceModel;
            namespace Contoso { [ServiceContract] public interface IPing { [OperationContract] string Ping(string text); } }
            """);
        var output = temp.Combine("protos");
        var aloneEcho = temp.Combine("echo");
        var alonePinger = temp.Combine("pinger");

        var result = await MigrateWcfCli.RunAsync("proto", temp.Combine("repo"), "--out", output);
        await MigrateWcfCli.RunAsync("proto", temp.Combine("repo", "Echo", "Echo.csproj"), "--out", aloneEcho);
        await MigrateWcfCli.RunAsync("proto", temp.Combine("repo", "Pinger", "Pinger.csproj"), "--out", alonePinger);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("package echo.contoso;", File.ReadAllText(Path.Combine(output, "Echo", "echo", "contoso", "contoso_types.proto")));
        Assert.Contains("package pinger.contoso;", File.ReadAllText(Path.Combine(output, "Pinger", "pinger", "contoso", "ping.proto")));
        var (exitCode, protocOutput) = Protoc.CompileTogether(Path.Combine(output, "Echo"), Path.Combine(output, "Pinger"));
        Assert.True(exitCode == 0, protocOutput);
        var control = Protoc.CompileTogether(aloneEcho, alonePinger);
        Assert.True(control.ExitCode > 0, control.Output);
        Assert.Contains("\"contoso.PingRequest\" is already defined", control.Output);
    }

    [Fact]
    public async Task ProjectsThatDoNotClash_GetExactlyTheOutputEachGetsAlone_InAFolderEach()
    {
        using var temp = new TempFolder();
        temp.WriteFile("repo/Orders/Orders.csproj", SdkProject);
        temp.WriteFile("repo/Orders/IOrders.cs", Contract("Contoso.Orders", "Orders"));
        temp.WriteFile("repo/Billing/Billing.csproj", SdkProject);
        temp.WriteFile("repo/Billing/IBilling.cs", Contract("Contoso.Billing", "Billing"));
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", temp.Combine("repo"), "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.DoesNotContain("note:", result.Error);
        foreach (var project in new[] { "Orders", "Billing" })
        {
            var alone = temp.Combine("alone-" + project);
            Assert.Equal(ExitCode.Success, (await MigrateWcfCli.RunAsync("proto", temp.Combine("repo", project, project + ".csproj"), "--out", alone)).Code);
            Assert.Equal(TempFolder.Snapshot(alone), TempFolder.Snapshot(Path.Combine(output, project)));
        }

        // Both use decimal: each folder has migrate_wcf/common.proto, the same file, compiled once.
        Assert.True(File.Exists(Path.Combine(output, "Orders", "migrate_wcf", "common.proto")));
        var (exitCode, protocOutput) = Protoc.CompileTogether(Path.Combine(output, "Orders"), Path.Combine(output, "Billing"));
        Assert.True(exitCode == 0, protocOutput);
    }

    [Fact]
    public async Task OldStyleProject_BesideAnSdkStyleOne_EachCompilesItsOwnSources()
    {
        // The old-style fixture's unlisted and excluded files hold syntax errors: reading them would fail the run.
        using var temp = new TempFolder();
        temp.CopyFixture("OldStyleProject", "repo/Legacy");
        temp.WriteFile("repo/Modern/Modern.csproj", SdkProject);
        temp.WriteFile("repo/Modern/IModern.cs", Contract("Contoso.Modern", "Modern"));

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("repo"), "--format", "json");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        ReportSchema.AssertConforms(json.RootElement);
        Assert.Equal(
            [("OldStyle", "Legacy/OldStyle.csproj", "oldStyleProjectFile", 3), ("Modern", "Modern/Modern.csproj", "sdkProjectFile", 1)],
            json.RootElement.GetProperty("projects").EnumerateArray().Select(p => (
                p.GetProperty("name").GetString(), p.GetProperty("path").GetString(), p.GetProperty("load").GetString(), p.GetProperty("sourceFiles").GetInt32())));
        Assert.Equal(
            [("OldStyle", "OldStyle.IGreeter"), ("Modern", "Contoso.Modern.IModern")],
            json.RootElement.GetProperty("services").EnumerateArray().Select(s => (s.GetProperty("project").GetString(), s.GetProperty("key").GetString())));
    }

    [Fact]
    public void LooseFiles_FormOneCompilationPerTree()
    {
        using var temp = new TempFolder();
        temp.WriteFile("repo/Program.cs", "class Program { }");
        temp.WriteFile("repo/Tools/Run.cs", "class Run { }");
        temp.WriteFile("repo/Tools/Gen/Gen.cs", "class Gen { }");
        temp.WriteFile("repo/Src/A/A.csproj", SdkProject);
        temp.WriteFile("repo/Src/A/A.cs", "class A { }");
        temp.WriteFile("repo/Src/Helpers.cs", "class Helpers { }");
        temp.WriteFile("repo/Src/Util/Text.cs", "class Text { }");

        var input = InputResolver.Resolve(temp.Combine("repo"));

        Assert.Equal(
            [
                (".", "repo", LoadMode.LooseFiles, "Program.cs"),
                ("Src", "Src", LoadMode.LooseFiles, "Src/Helpers.cs"),
                ("Src/A/A.csproj", "A", LoadMode.SdkProjectFile, "Src/A/A.cs"),
                ("Src/Util", "Util", LoadMode.LooseFiles, "Src/Util/Text.cs"),
                ("Tools", "Tools", LoadMode.LooseFiles, "Tools/Gen/Gen.cs Tools/Run.cs"),
            ],
            input.Projects.Select(p => (input.Origin(p), p.Name, p.Load, string.Join(" ", p.Files.Select(input.Relative)))));
    }

    [Fact]
    public async Task LooseContracts_BesideAProject_AreFound_AndSayTheyAreLooseFiles()
    {
        using var temp = new TempFolder();
        temp.WriteFile("repo/Api/Api.csproj", SdkProject);
        temp.WriteFile("repo/Api/IApi.cs", Contract("Contoso.Api", "Api"));
        temp.WriteFile("repo/Scripts/IScript.cs", Contract("Contoso.Scripts", "Script"));

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("repo"));

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("  Scripts: Scripts (loose files, 1 C# file): 1 service contract, 1 data type", result.Output);
        Assert.Contains("  Api: Api/Api.csproj (SDK-style project file, 1 C# file): 1 service contract, 1 data type", result.Output);
        Assert.Matches(@"(?m)^  Contoso\.Scripts\.IScript \(1 operation\) at Scripts/IScript\.cs:\d+ \[Scripts\]$", result.Output);
        Assert.Matches(@"(?m)^  Contoso\.Api\.IApi \(1 operation\) at Api/IApi\.cs:\d+ \[Api\]$", result.Output);
    }

    [Fact]
    public void NestedProject_OwnsItsFolder_UnlessTheOuterProjectListsAFileExplicitly()
    {
        using var temp = new TempFolder();
        temp.WriteFile("repo/Outer/Outer.csproj", SdkProject);
        temp.WriteFile("repo/Outer/Outer.cs", "class Outer { }");
        temp.WriteFile("repo/Outer/Inner/Inner.csproj", SdkProject);
        temp.WriteFile("repo/Outer/Inner/Inner.cs", "class Inner { }");
        temp.WriteFile("repo/Outer/Inner/Deeper/More.cs", "class More { }");

        var input = InputResolver.Resolve(temp.Combine("repo"));

        Assert.Equal(
            [("Inner", "Outer/Inner/Deeper/More.cs Outer/Inner/Inner.cs"), ("Outer", "Outer/Outer.cs")],
            input.Projects.Select(p => (p.Name, string.Join(" ", p.Files.Select(input.Relative)))).Order());

        temp.WriteFile("repo/Outer/Outer.csproj", """
            <Project Sdk="Microsoft.NET.Sdk">
              <ItemGroup><Compile Include="Inner/Inner.cs" /></ItemGroup>
            </Project>
            """);
        var listed = InputResolver.Resolve(temp.Combine("repo"));
        Assert.Equal("Outer/Inner/Inner.cs Outer/Outer.cs", string.Join(" ", listed.Projects.Single(p => p.Name == "Outer").Files.Select(listed.Relative)));
    }

    [Fact]
    public async Task LinkedFile_IsAnalysedInEachProject_AndTheSameContractKeepsItsPackage()
    {
        // A contract file linked into a server and a client (a common WCF layout): one service, the same wire names in both.
        using var temp = new TempFolder();
        temp.WriteFile("repo/Shared/IClock.cs", """
            using System.ServiceModel;

            namespace Contoso.Time
            {
                [ServiceContract]
                public interface IClock
                {
                    [OperationContract(IsOneWay = true)]
                    void Tick(long ticks);
                }
            }
            """);
        const string Linking = """
            <Project Sdk="Microsoft.NET.Sdk">
              <ItemGroup><Compile Include="..\Shared\IClock.cs" Link="IClock.cs" /></ItemGroup>
            </Project>
            """;
        temp.WriteFile("repo/Server/Server.csproj", Linking);
        temp.WriteFile("repo/Server/ClockService.cs", "namespace Contoso.Time { public class ClockService : IClock { public void Tick(long ticks) { } } }");
        temp.WriteFile("repo/Client/Client.csproj", Linking);
        temp.WriteFile("repo/Client/Program.cs", "static class Program { static void Main() { } }");
        var output = temp.Combine("protos");

        var analyze = await MigrateWcfCli.RunAsync("analyze", temp.Combine("repo"), "--format", "json");
        var proto = await MigrateWcfCli.RunAsync("proto", temp.Combine("repo"), "--out", output);

        Assert.True(analyze.Code == ExitCode.Success, analyze.ToString());
        using var json = JsonDocument.Parse(analyze.Output);
        Assert.Equal(["Client", "Server"], json.RootElement.GetProperty("projects").EnumerateArray().Select(p => p.GetProperty("name").GetString()));
        Assert.Equal(
            [("Client", "Contoso.Time.IClock"), ("Server", "Contoso.Time.IClock")],
            json.RootElement.GetProperty("services").EnumerateArray().Select(s => (s.GetProperty("project").GetString(), s.GetProperty("key").GetString())));
        Assert.All(json.RootElement.GetProperty("projects").EnumerateArray(), p => Assert.Equal(JsonValueKind.Null, p.GetProperty("packagePrefix").ValueKind));
        // The one-way operation's finding, once per project that compiles the file.
        Assert.Equal(
            ["Client", "Server"],
            json.RootElement.GetProperty("findings").EnumerateArray()
                .Where(f => f.GetProperty("ruleId").GetString() == "WCFM1001")
                .Select(f => { Assert.Equal("Shared/IClock.cs", f.GetProperty("file").GetString()); return f.GetProperty("project").GetString(); }));

        Assert.True(proto.Code == ExitCode.Success, proto.ToString());
        var server = TempFolder.Snapshot(Path.Combine(output, "Server"));
        Assert.Equal(server, TempFolder.Snapshot(Path.Combine(output, "Client")));
        Assert.Contains("package contoso.time;", server["contoso/time/clock.proto"]);
        var (exitCode, protocOutput) = Protoc.CompileTogether(Path.Combine(output, "Server"), Path.Combine(output, "Client"));
        Assert.True(exitCode == 0, protocOutput);
    }

    [Fact]
    public async Task ProjectReference_LetsTypesOfTheReferencedProjectBind_InAFolderAndForOneProject()
    {
        using var temp = new TempFolder();
        temp.WriteFile("repo/Dtos/Dtos.csproj", SdkProject);
        temp.WriteFile("repo/Dtos/Order.cs", """
            using System.Runtime.Serialization;
            namespace Contoso.Dtos { [DataContract] public class Order { [DataMember] public int Id { get; set; } } }
            """);
        temp.WriteFile("repo/Api/IOrderApi.cs", """
            using System.ServiceModel;
            namespace Contoso.Api { [ServiceContract] public interface IOrderApi { [OperationContract] Contoso.Dtos.Order Get(int id); } }
            """);
        var referencing = temp.WriteFile("repo/Api/Api.csproj", """
            <Project Sdk="Microsoft.NET.Sdk">
              <ItemGroup><ProjectReference Include="..\Dtos\Dtos.csproj" /></ItemGroup>
            </Project>
            """);

        var folder = await MigrateWcfCli.RunAsync("analyze", temp.Combine("repo"), "--format", "json");
        var alone = await MigrateWcfCli.RunAsync("analyze", referencing, "--format", "json");
        File.WriteAllText(referencing, SdkProject);
        var unreferenced = await MigrateWcfCli.RunAsync("analyze", referencing, "--format", "json");

        Assert.True(folder.Code == ExitCode.Success, folder.ToString());
        using var json = JsonDocument.Parse(folder.Output);
        ReportSchema.AssertConforms(json.RootElement);
        var api = json.RootElement.GetProperty("projects").EnumerateArray().Single(p => p.GetProperty("name").GetString() == "Api");
        Assert.Equal(["Dtos/Dtos.csproj"], api.GetProperty("projectReferences").EnumerateArray().Select(r => r.GetString()));
        Assert.Contains(json.RootElement.GetProperty("dataTypes").EnumerateArray(), t => t.GetProperty("project").GetString() == "Api" && t.GetProperty("key").GetString() == "Contoso.Dtos.Order" && t.GetProperty("file").GetString() == "Dtos/Order.cs");

        // One project given alone: the project it references is compiled with it (outside the input), not analysed.
        Assert.True(alone.Code == ExitCode.Success, alone.ToString());
        using var aloneJson = JsonDocument.Parse(alone.Output);
        Assert.Equal(["Api"], aloneJson.RootElement.GetProperty("projects").EnumerateArray().Select(p => p.GetProperty("name").GetString()));
        Assert.Equal(["../Dtos/Dtos.csproj"], aloneJson.RootElement.GetProperty("projects")[0].GetProperty("projectReferences").EnumerateArray().Select(r => r.GetString()));
        Assert.DoesNotContain("WCFM2003", alone.Output);

        // The control: without the reference the type does not bind.
        Assert.Equal(ExitCode.FindingsWithErrors, unreferenced.Code);
        Assert.Contains("WCFM2003", unreferenced.Output);
    }

    [Fact]
    public async Task ProjectsWithTheSameName_AreNamedByTheirPath()
    {
        using var temp = new TempFolder();
        temp.WriteFile("repo/TeamA/WcfService1/WcfService1.csproj", SdkProject);
        temp.WriteFile("repo/TeamA/WcfService1/IService1.cs", Service1());
        temp.WriteFile("repo/TeamB/WcfService1/WcfService1.csproj", SdkProject);
        temp.WriteFile("repo/TeamB/WcfService1/IService1.cs", Service1("[DataMember] public int Priority { get; set; }"));
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", temp.Combine("repo"), "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Equal(["TeamA.WcfService1.WcfService1", "TeamB.WcfService1.WcfService1"], Directory.EnumerateDirectories(output).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Assert.Contains("package team_a_wcf_service1_wcf_service1.wcf_service1;", File.ReadAllText(Path.Combine(output, "TeamA.WcfService1.WcfService1", "team_a_wcf_service1_wcf_service1", "wcf_service1", "service1.proto")));
        var (exitCode, protocOutput) = Protoc.CompileTogether(Directory.EnumerateDirectories(output).ToArray());
        Assert.True(exitCode == 0, protocOutput);
    }

    [Fact]
    public async Task EachProject_KeepsItsOwnFieldNumbers_InItsOwnLockFile()
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        var output = temp.Combine("protos");
        Assert.Equal(ExitCode.Success, (await MigrateWcfCli.RunAsync("proto", input, "--out", output)).Code);
        var typesA = Path.Combine(output, "ServiceA", "service_a", "wcf_service1", "wcf_service1_types.proto");
        var typesB = Path.Combine(output, "ServiceB", "service_b", "wcf_service1", "wcf_service1_types.proto");
        var before = ProtoCommandTests.FieldNumbers(File.ReadAllText(typesA), "CompositeType");
        var untouchedB = File.ReadAllText(typesB);

        // Without an Order, DataContractSerializer sorts members by name: "AaaFirst" would take number 1 without the lock file.
        File.WriteAllText(Path.Combine(input, "ServiceA", "IService1.cs"), Service1("[DataMember] public int AaaFirst { get; set; }"));
        var second = await MigrateWcfCli.RunAsync("proto", input, "--out", output, "--force");

        Assert.True(second.Code == ExitCode.Success, second.ToString());
        var after = ProtoCommandTests.FieldNumbers(File.ReadAllText(typesA), "CompositeType");
        Assert.All(before, field => Assert.Equal(field.Value, after[field.Key]));
        Assert.Equal(3, after["aaa_first"]);
        Assert.Equal(untouchedB, File.ReadAllText(typesB));
        Assert.Contains("WcfService1.CompositeType AaaFirst aaa_first = 3", File.ReadAllText(Path.Combine(output, "ServiceA", ProtoCommand.LockFileName)));
        Assert.DoesNotContain("AaaFirst", File.ReadAllText(Path.Combine(output, "ServiceB", ProtoCommand.LockFileName)));
    }

    [Fact]
    public async Task ALoneProjectsLockFile_WhereAFolderOfProjectsWritesItsOwn_IsAConflict_AndNothingChanges()
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        var output = temp.Combine("protos");
        Assert.Equal(ExitCode.Success, (await MigrateWcfCli.RunAsync("proto", Path.Combine(input, "ServiceA", "ServiceA.csproj"), "--out", output)).Code);
        var before = TempFolder.Snapshot(output);

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output, "--force");

        Assert.Equal(ExitCode.OutputConflict, result.Code);
        var line = Assert.Single(result.ErrorLines);
        Assert.Contains("single project", line);
        Assert.Contains(Path.Join(output, "ServiceA", ProtoCommand.LockFileName), line);
        Assert.Equal(before, TempFolder.Snapshot(output));
    }

    [Fact]
    public async Task OneProjectInto_AFolderOfProjectsOutput_IsAConflict_AndItsOwnFolderIsTheWayIn()
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        var output = temp.Combine("protos");
        Assert.Equal(ExitCode.Success, (await MigrateWcfCli.RunAsync("proto", input, "--out", output)).Code);
        var before = TempFolder.Snapshot(output);
        var project = Path.Combine(input, "ServiceA", "ServiceA.csproj");

        var conflict = await MigrateWcfCli.RunAsync("proto", project, "--out", output);

        Assert.Equal(ExitCode.OutputConflict, conflict.Code);
        Assert.Contains($"--out (e.g. '{Path.Join(output, "ServiceA")}')", Assert.Single(conflict.ErrorLines));
        Assert.Equal(before, TempFolder.Snapshot(output));

        // Alone, ServiceA no longer clashes, so its package loses the prefix; its numbers come from its own lock file.
        var own = await MigrateWcfCli.RunAsync("proto", project, "--out", Path.Combine(output, "ServiceA"), "--force");
        Assert.True(own.Code == ExitCode.Success, own.ToString());
        Assert.Equal(before["ServiceA/migrate-wcf.lock"], File.ReadAllText(Path.Combine(output, "ServiceA", ProtoCommand.LockFileName)));
    }

    [Fact]
    public async Task ProjectsMappedSideBySide_GiveTheSameOutputAsOneAtATime()
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        temp.WriteFile("repo/Orders/Orders.csproj", SdkProject);
        temp.WriteFile("repo/Orders/IOrders.cs", Contract("Contoso.Orders", "Orders"));

        var parallel = await MigrateWcfCli.RunAsync(deps => deps with { ProjectParallelism = 4 }, "analyze", input, "--format", "json");
        var sequential = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");
        var parallelProto = await MigrateWcfCli.RunAsync(deps => deps with { ProjectParallelism = 4 }, "proto", input, "--out", temp.Combine("p"));
        var sequentialProto = await MigrateWcfCli.RunAsync("proto", input, "--out", temp.Combine("s"));

        Assert.True(parallel.Code == ExitCode.Success, parallel.ToString());
        Assert.Equal(sequential.Output, parallel.Output);
        Assert.Equal(ExitCode.Success, parallelProto.Code);
        Assert.Equal(TempFolder.Snapshot(temp.Combine("s")), TempFolder.Snapshot(temp.Combine("p")));
    }

    [Fact]
    public async Task TextReport_MarksEachContractAndFindingWithItsProject()
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        temp.WriteFile("repo/ServiceB/Half.cs", "class Half {");

        var result = await MigrateWcfCli.RunAsync("analyze", input);

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        Assert.StartsWith($"migrate-wcf analyze: {input} (3 C# files in 2 projects)", result.Output);
        Assert.Contains("  ServiceA: ServiceA/ServiceA.csproj (SDK-style project file, 1 C# file): 1 service contract, 1 data type; packages that clash with ServiceB start with 'service_a.'", result.Output);
        Assert.Matches(@"(?m)^  WcfService1\.IService1 \(2 operations\) at ServiceB/IService1\.cs:\d+ \[ServiceB\]$", result.Output);
        Assert.Matches(@"(?m)^  ServiceB/Half\.cs:1:\d+: error CS1513: .* \[ServiceB\]$", result.Output);
    }

    [Theory]
    [InlineData("analyze")]
    [InlineData("proto")]
    public async Task AProjectFileThatIsNotXml_IsInputError_NamingIt_AndNothingIsWritten(string command)
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        temp.WriteFile("repo/Broken/Broken.csproj", "this is not XML");
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync(command == "proto" ? [command, input, "--out", output] : [command, input]);

        Assert.Equal(ExitCode.InputError, result.Code);
        var line = Assert.Single(result.ErrorLines);
        Assert.Contains($"'{Path.Join(input, "Broken", "Broken.csproj")}' is not a valid project file", line);
        Assert.Empty(result.Output);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task AProjectWhoseSourcesAreMissing_IsInputError_NamingTheItem_AndNothingIsWritten()
    {
        using var temp = new TempFolder();
        var input = TwoServiceLibraries(temp);
        temp.WriteFile("repo/Old/Old.csproj", """
            <Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
              <ItemGroup><Compile Include="Contracts\IGone.cs" /></ItemGroup>
            </Project>
            """);
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.Equal(ExitCode.InputError, result.Code);
        var line = Assert.Single(result.ErrorLines);
        Assert.Contains(@"compiles 'Contracts\IGone.cs', which does not exist", line);
        Assert.Contains(Path.Join(input, "Old", "Old.csproj"), line);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task ProjectReferencesInACycle_AreInputError()
    {
        using var temp = new TempFolder();
        temp.WriteFile("repo/A/A.csproj", """<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../B/B.csproj" /></ItemGroup></Project>""");
        temp.WriteFile("repo/A/A.cs", "class A { }");
        temp.WriteFile("repo/B/B.csproj", """<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../A/A.csproj" /></ItemGroup></Project>""");
        temp.WriteFile("repo/B/B.cs", "class B { }");

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("repo"));

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("the project references form a cycle: A/A.csproj → B/B.csproj → A/A.csproj.", Assert.Single(result.ErrorLines));
    }

    [Fact]
    public async Task AFolderWhoseProjectsCompileNothing_IsInputError()
    {
        using var temp = new TempFolder();
        temp.WriteFile("repo/Empty/Empty.csproj", SdkProject);
        temp.WriteFile("repo/Empty/bin/Leftover.cs", "class Leftover { }");

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("repo"));

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("no C# files found", Assert.Single(result.ErrorLines));
    }
}
