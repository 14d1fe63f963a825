using System.Xml.Linq;
using Grpc.Core;
using MigrateWcf.Runtime;
using Xunit.Abstractions;

namespace MigrateWcf.MigratedBuild.Tests;

/// <summary>
/// Each case of tests/ServiceProjects through migrate-wcf as a user runs it: generate → dotnet build of the output with a
/// small host → the host serving it on a Unix socket → every rpc its .proto files declare called with an empty message.
/// A case generate says needs edits (exit 7) must fail to build, only where its error findings say.
/// Unix sockets: not on Windows, where the hosting listens on named pipes.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class ServiceProjectTests(MigratedBuildFixture build, ITestOutputHelper output) : IClassFixture<MigratedBuildFixture>
{
    [Theory]
    [MemberData(nameof(ServiceProjectCases.Running), MemberType = typeof(ServiceProjectCases))]
    public async Task Generated_BuildsAndAnswersEveryRpc_OrFailsOnlyWhereGenerateSaid(string name)
    {
        var expected = ServiceProjectCases.Get(name);
        var run = build[name];
        output.WriteLine($"generate (all cases): {build.GenerateTime.TotalSeconds:F0} s; dotnet build (all hosts): {build.BuildTime.TotalSeconds:F0} s");
        output.WriteLine(run.Generate.ToString());

        Assert.True(expected.ExitCode == run.Generate.ExitCode, $"generate exited {run.Generate.ExitCode}, expected {expected.ExitCode}:\n{run.Generate}");
        var missing = expected.Findings.Where(f => !run.Findings.Any(f.Matches)).ToList();
        Assert.True(missing.Count == 0, $"generate did not report:\n  {string.Join("\n  ", missing)}\nIt reported:\n  {string.Join("\n  ", run.Findings)}");
        var errors = run.Findings.Where(f => f.Severity == "error").ToList();
        Assert.True(
            errors.Count == expected.Errors.Length && expected.Errors.All(e => errors.Count(e.Matches) == 1),
            $"Expected exactly these errors:\n  {string.Join("\n  ", expected.Errors)}\ngenerate reported:\n  {string.Join("\n  ", errors)}");

        if (!expected.Writes)
        {
            // Nothing to migrate, or errors before anything is written: one line says why, and no project is there.
            Assert.Contains(expected.ErrorContains!.Replace("{case}", run.CaseFolder, StringComparison.Ordinal), run.Generate.Error, StringComparison.Ordinal);
            Assert.Null(run.MigratedProject);
            return;
        }

        Assert.NotNull(run.MigratedProject);
        var rpcs = DeclaredRpc.In(run.ProtoFolder);
        Assert.Equal(expected.Services.Order(StringComparer.Ordinal), rpcs.Select(r => r.Service).Distinct().Order(StringComparer.Ordinal));
        // Each original file shows under its project's folder in the IDE: no link climbs out of Original/.
        var links = XDocument.Load(run.MigratedProject).Descendants("Compile").Select(c => (string?)c.Attribute("Link")).OfType<string>().ToList();
        Assert.All(links, link => Assert.True(link.StartsWith("Original/", StringComparison.Ordinal) && !link.Split('/').Contains(".."), link));

        if (expected.ExitCode != 0)
        {
            // The build fails, and only where generate said it would (the compiler's positions are the original files',
            // generated copies included: their #line directives name the originals). Not at every one of them: the
            // compiler leaves method bodies unbound once a declaration has an error. The build compiles as generate's
            // verification does, without the build-time step stopping it at generate's errors.
            Assert.True(run.BuildErrors.Any(), $"The migrated project builds though generate exited {run.Generate.ExitCode}.");
            var said = expected.Errors.Select(e => (e.File, e.Line, e.Column)).ToHashSet();
            var elsewhere = run.BuildErrors.Where(e => !said.Contains((e.File, e.Line, e.Column))).ToList();
            Assert.True(elsewhere.Count == 0, $"The build fails where generate did not say:\n  {string.Join("\n  ", elsewhere)}");
            return;
        }

        Assert.True(!run.BuildErrors.Any(), $"The migrated project or its host does not build:\n  {string.Join("\n  ", run.BuildErrors)}");
        // Generated files build with warnings as errors; the original sources may warn (shown, not failed).
        var generatedWarnings = run.BuildDiagnostics.Where(d => d.Severity == "warning" && !d.InOriginalSource).ToList();
        Assert.True(generatedWarnings.Count == 0, $"Warnings in what generate wrote:\n  {string.Join("\n  ", generatedWarnings)}");
        run.BuildDiagnostics.Where(d => d.InOriginalSource).ToList().ForEach(d => output.WriteLine($"original source: {d}"));
        var dll = run.HostDll(TestEnvironment.BuildConfiguration);
        Assert.True(File.Exists(dll), $"dotnet build exited {build.BuildExitCode} without building {dll}:\n{build.BuildOutput}");

        // The endpoints come from the command line: the translated appsettings.json (tested by HostTranslationTests and
        // HostAppSettingsTests) may ask for TLS certificates this run does not have.
        File.Delete(Path.Combine(Path.GetDirectoryName(dll)!, "appsettings.json"));
        using var socketFolder = new SocketFolder();
        var socket = socketFolder.Combine("grpc.sock");
        string[] httpJson = expected.HttpCalls.IsEmpty
            ? []
            : ["--MigrateWcf:Endpoints:Rest:Url", "http://127.0.0.1:0", "--MigrateWcf:Endpoints:Rest:Protocol", "HttpJson", "--MigrateWcf:Endpoints:Rest:Insecure", "true"];
        using var host = await MigratedHostProcess.StartDllReadyAsync(dll, ["--socket", socket, "--MigrateWcf:Reflection", "true", .. httpJson]);
        using var channel = EndpointChannel.Create(GrpcEndpoint.UnixSocket(socket));
        // It serves every service of its .proto files, as gRPC reflection lists them.
        var served = await ServedServicesAsync(channel);
        var declared = rpcs.Select(r => r.ServiceFullName).Distinct().Order(StringComparer.Ordinal).ToList();
        Assert.True(declared.All(served.Contains), $"The host serves {string.Join(", ", served)}; the .proto files declare {string.Join(", ", declared)}.\nHost output:\n{host.Output}");
        var invoker = channel.CreateCallInvoker();
        var wrong = new List<string>();
        foreach (var rpc in rpcs)
        {
            var call = expected.Calls.SingleOrDefault(c => c.Service == rpc.Service && c.Method == rpc.Method)
                       ?? new ExpectedCall(rpc.Service, rpc.Method, rpc.Kind == MethodType.Unary ? StatusCode.OK : null);
            var answer = await RpcProbe.CallAsync(invoker, rpc, call.Request);
            output.WriteLine($"{rpc}: {answer}");
            if (!call.Matches(answer))
            {
                wrong.Add($"{rpc}: {answer}; expected {call}");
            }
        }

        // A case with REST calls gets an HTTP + JSON endpoint on a loopback port, which the ready line names.
        var origin = expected.HttpCalls.IsEmpty ? null : System.Text.RegularExpressions.Regex.Match(host.Stdout, @"http://127\.0\.0\.1:\d+").Value;
        using var http = new HttpClient { BaseAddress = origin is null ? null : new Uri(origin + "/") };
        foreach (var call in expected.HttpCalls)
        {
            using var request = new HttpRequestMessage(new HttpMethod(call.Method), call.Path);
            if (call.JsonBody is not null)
            {
                request.Content = new StringContent(call.JsonBody, System.Text.Encoding.UTF8, "application/json");
            }

            using var response = await http.SendAsync(request);
            var body = await response.Content.ReadAsStringAsync();
            output.WriteLine($"{call.Method} /{call.Path}: {(int)response.StatusCode} {body}");
            if (!call.Matches((int)response.StatusCode, body, origin!))
            {
                wrong.Add($"{call.Method} /{call.Path}: {(int)response.StatusCode} {body}; expected {call}");
            }
        }

        if (expected.HostOutputContains is { } printed)
        {
            // One-way work runs after its call answered: give it a while.
            var until = DateTime.UtcNow.AddSeconds(30);
            while (!host.Stdout.Contains(printed, StringComparison.Ordinal) && DateTime.UtcNow < until)
            {
                await Task.Delay(100);
            }

            if (!host.Stdout.Contains(printed, StringComparison.Ordinal))
            {
                wrong.Add($"the host did not print '{printed}'");
            }
        }

        Assert.True(wrong.Count == 0, $"Rpcs that answered otherwise:\n  {string.Join("\n  ", wrong)}\nHost output:\n{host.Output}");
        Assert.All(expected.Calls, c => Assert.Contains(rpcs, r => r.Service == c.Service && r.Method == c.Method));
    }

    /// <summary>The services gRPC reflection lists (grpc.reflection.v1alpha, as grpcurl asks).</summary>
    private static async Task<HashSet<string>> ServedServicesAsync(global::Grpc.Net.Client.GrpcChannel channel)
    {
        var client = new global::Grpc.Reflection.V1Alpha.ServerReflection.ServerReflectionClient(channel);
        using var call = client.ServerReflectionInfo(deadline: DateTime.UtcNow.AddMinutes(1));
        await call.RequestStream.WriteAsync(new global::Grpc.Reflection.V1Alpha.ServerReflectionRequest { ListServices = string.Empty });
        await call.RequestStream.CompleteAsync();
        var services = new HashSet<string>(StringComparer.Ordinal);
        while (await call.ResponseStream.MoveNext(CancellationToken.None))
        {
            services.UnionWith(call.ResponseStream.Current.ListServicesResponse.Service.Select(s => s.Name));
        }

        return services;
    }
}

/// <summary>The case list and the folders agree (no case is dropped or left unrun by a typo), and the README names each.</summary>
public sealed class ServiceProjectCaseListTests
{
    [Fact]
    public void EveryFolderIsACase()
    {
        var folders = Directory.EnumerateDirectories(TestEnvironment.ServiceProjects).Select(Path.GetFileName).Order(StringComparer.Ordinal);
        Assert.Equal(folders, ServiceProjectCases.All.Select(c => c.Name).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void TheReadme_DescribesEveryCase()
    {
        var readme = File.ReadAllText(Path.Combine(TestEnvironment.ServiceProjects, "README.md"));
        Assert.All(ServiceProjectCases.All, c => Assert.Contains($"`{c.Name}`", readme, StringComparison.Ordinal));
    }
}
