using System.Diagnostics;
using MigrateWcf.Generation;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// ConfigurationManager in a migrated service, end to end: <c>generate</c> over an old-style service whose implementation
/// answers with <c>ConfigurationManager.AppSettings["greeting"]</c> and a connection string, then the real .NET SDK builds
/// the migrated project and a host that references it, and the host process serves it on a Unix socket and calls it
/// through the generated client proxy. The answer carries the original App.config's values; a host with a configuration
/// file of its own keeps it (runtime/README.md, "App.config").
/// </summary>
public sealed class OriginalConfigurationTests
{
    private const string Contract = """
        using System.ServiceModel;

        namespace Contoso.Greetings
        {
            [ServiceContract]
            public interface IGreeter
            {
                [OperationContract]
                string Greet(string name);
            }
        }
        """;

    private const string Service = """
        using System.Configuration;

        namespace Contoso.Greetings
        {
            public class GreeterService : IGreeter
            {
                public string Greet(string name)
                {
                    var orders = ConfigurationManager.ConnectionStrings["orders"];
                    return ConfigurationManager.AppSettings["greeting"] + ", " + name + " (" + (orders == null ? "no orders database" : orders.ProviderName) + ")";
                }
            }
        }
        """;

    private const string Host = """
        using Contoso.Greetings.Grpc;
        using Microsoft.AspNetCore.Builder;
        using MigrateWcf.Runtime;

        // Serves the migrated service on a Unix socket in the folder given, calls it once through the generated proxy, prints the answer.
        var endpoint = GrpcEndpoint.UnixSocket(Path.Combine(args[0], "greeter.sock"));
        var builder = WebApplication.CreateSlimBuilder();
        builder.AddGrpcEndpoint(endpoint);
        builder.Services.AddMigratedServices();
        await using var app = builder.Build();
        app.MapMigratedServices();
        await app.StartAsync();
        Console.WriteLine("answer: " + new MigratedClientFactory(endpoint).CreateGreeter().Greet("world"));
        """;

    [Fact]
    public async Task AServiceReadingAppSettings_AnswersWithTheOriginalValue_AndAHostsOwnConfigurationWins()
    {
        using var temp = new TempFolder();
        var project = SourceSelectionTests.OldStyleProject(temp, "Greeter", ("Contract.cs", Contract), ("GreeterService.cs", Service));
        temp.WriteFile("Greeter/App.config", """
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <appSettings>
                <add key="greeting" value="Hello &amp; welcome" />
              </appSettings>
              <connectionStrings>
                <add name="orders" connectionString="Server=db;Password=s3cret" providerName="System.Data.SqlClient" />
              </connectionStrings>
              <system.serviceModel>
                <services>
                  <service name="Contoso.Greetings.GreeterService">
                    <endpoint address="net.tcp://localhost:8000/greeter" binding="netTcpBinding" contract="Contoso.Greetings.IGreeter" />
                  </service>
                </services>
              </system.serviceModel>
            </configuration>
            """);
        var generated = await MigrateWcfCli.RunAsync("generate", project, "--out", temp.Combine("migrated"), "--runtime-project", Repository.Combine("runtime", "MigrateWcf.Runtime.csproj"));
        Assert.True(generated.Code == ExitCode.Success, generated.ToString());
        temp.WriteFile("Host/Host.csproj", """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <TargetFramework>net10.0</TargetFramework>
                <ImplicitUsings>enable</ImplicitUsings>
                <Nullable>enable</Nullable>
              </PropertyGroup>
              <ItemGroup>
                <ProjectReference Include="../migrated/Greeter.Migrated.csproj" />
              </ItemGroup>
            </Project>
            """);
        temp.WriteFile("Host/Program.cs", Host);

        var build = Run(temp.Combine("Host"), "build", "-c", "Release", "--nologo", "-clp:ErrorsOnly", "--disable-build-servers");
        Assert.True(build.ExitCode == 0, build.Output + build.Error);
        var bin = temp.Combine("Host", "bin", "Release", "net10.0");
        // The migrated library's App.config, built as Greeter.Migrated.dll.config, is copied beside the host.
        Assert.True(File.Exists(Path.Combine(bin, "Greeter.Migrated.dll.config")), string.Join("\n", Directory.GetFiles(bin)));

        var migrated = Run(bin, "Host.dll", temp.Path);
        Assert.True(migrated.ExitCode == 0, migrated.Output + migrated.Error);
        Assert.Equal("Hello & welcome, world (System.Data.SqlClient)", Answer(migrated.Output));

        // A host with its own configuration file: it is the process's configuration, as the WCF host's was.
        File.WriteAllText(Path.Combine(bin, "Host.dll.config"), """
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <appSettings>
                <add key="greeting" value="Hello from the host" />
              </appSettings>
            </configuration>
            """);
        var own = Run(bin, "Host.dll", temp.Path);
        Assert.True(own.ExitCode == 0, own.Output + own.Error);
        Assert.Equal("Hello from the host, world (no orders database)", Answer(own.Output));
    }

    /// <summary>The host's answer, on its line among the hosting's log lines.</summary>
    private static string Answer(string output) => output.Split('\n', StringSplitOptions.TrimEntries).Single(l => l.StartsWith("answer: ", StringComparison.Ordinal))["answer: ".Length..];

    /// <summary>Runs dotnet: its exit code, standard output and standard error.</summary>
    private static (int ExitCode, string Output, string Error) Run(string folder, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { WorkingDirectory = folder, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        start.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEndAsync();
        var output = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output, error.Result);
    }
}
