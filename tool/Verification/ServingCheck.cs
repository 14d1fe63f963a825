using System.Collections.Immutable;
using System.ComponentModel;
using System.Diagnostics;
using System.IO.Pipes;
using System.Net.Sockets;
using System.Text;
using Grpc.Core;
using Grpc.Net.Client;
using Grpc.Reflection.V1Alpha;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Verification;

/// <summary>What starting the migrated host showed.</summary>
/// <param name="Served">The gRPC services of the .proto files it served, by full name.</param>
/// <param name="Errors">A WCFM4031 finding per service of the .proto files it did not serve, or one when it served nothing.</param>
internal sealed record ServingOutcome(ImmutableArray<string> Served, ImmutableArray<ReportedFinding> Errors);

/// <summary>
/// <c>generate</c>'s check that the migrated project serves, not only builds: the host it built is started on a socket
/// in a folder only the current user can enter (a pipe of a fresh name on Windows), with
/// <c>MigrateWcf:SocketOnly</c> (its configured endpoints, their certificates and ports, stay out of it) and gRPC
/// reflection on; the services reflection lists are compared with those of the emitted <c>.proto</c> files. Each one not
/// served is a WCFM4031 finding at its contract, with the reason the contract model gives. The host is stopped in every
/// case (Ctrl+C included: its whole process tree is killed) and the folder removed.
/// </summary>
internal static class ServingCheck
{
    /// <summary>Generous: the first start of a host JITs ASP.NET Core and the service's code, on a busy machine.</summary>
    public static readonly TimeSpan StartTimeout = TimeSpan.FromMinutes(2);

    private static readonly TimeSpan AskTimeout = TimeSpan.FromMinutes(1);

    /// <summary>How much of the host's own failure line a finding quotes.</summary>
    private const int MaxQuoted = 300;

    /// <summary>Reflection and health: what the host serves besides the migrated services.</summary>
    private static readonly string[] HostServices = ["grpc.reflection.", "grpc.health."];

    public static async Task<ServingOutcome> CheckAsync(string hostProject, EngineResult result, CliDependencies deps, CancellationToken cancellationToken)
    {
        var folder = Path.GetDirectoryName(hostProject)!;
        var target = await DotnetProcess.RunAsync(deps.DotnetCommand, folder, ["msbuild", hostProject, "-nologo", "-getProperty:TargetPath"], AskTimeout, cancellationToken);
        var dll = target.Output.Trim();
        if (target.NotRun is not null || target.ExitCode != 0 || !File.Exists(dll))
        {
            return NothingServed($"its built assembly could not be found ('dotnet msbuild -getProperty:TargetPath' {(target.NotRun ?? $"answered '{FirstLine(target.Output) ?? string.Empty}'")})");
        }

        deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: verifying: starting the host {ShellArgument.Quote(dll)} on a private socket…");
        // Short: a Unix socket's path is limited to about 100 bytes.
        var socketFolder = deps.TemporaryFolder is { } root
            ? Directory.CreateDirectory(Path.Combine(root, "serve-" + Guid.NewGuid().ToString("N")[..8]))
            : Directory.CreateTempSubdirectory("migrate-wcf-serve-");
        try
        {
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(socketFolder.FullName, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            }

            // On Windows the host listens on a named pipe (current user only) of a name nobody else uses.
            var socket = OperatingSystem.IsWindows() ? "migrate-wcf-serve-" + Guid.NewGuid().ToString("N") : Path.Combine(socketFolder.FullName, "grpc.sock");
            var served = await ServedAsync(deps.DotnetCommand, dll, socket, cancellationToken);
            return served.Failure is { } failure ? NothingServed(failure) : Compare(served.Services, result);
        }
        finally
        {
            try
            {
                socketFolder.Delete(recursive: true);
            }
            catch (IOException)
            {
                // A temporary folder left behind must not hide the outcome.
            }
        }
    }

    /// <summary>The services of the .proto files, each served or a finding at its contract saying why not.</summary>
    internal static ServingOutcome Compare(IReadOnlySet<string> listed, EngineResult result)
    {
        var served = new List<string>();
        var errors = new List<ReportedFinding>();
        foreach (var (file, service) in result.Proto.SelectMany(f => f.Services.Select(s => (File: f, Service: s))))
        {
            var name = file.Package.Length == 0 ? service.Name : file.Package + "." + service.Name;
            if (listed.Contains(name))
            {
                served.Add(name);
                continue;
            }

            if (CalledAsClientOnly(service.ContractKey, result.Model))
            {
                // The contract of a service elsewhere, which this one calls (its client proxy is generated): not this host's.
                continue;
            }

            var contract = result.Model.Services.FirstOrDefault(s => s.Key == service.ContractKey);
            errors.Add(ReportedFinding.From(Finding.Create(FindingMessages.ServiceNotServed, contract?.Position, name, service.ContractKey ?? service.Name, WhyNotServed(service.ContractKey, result.Model))));
        }

        return new ServingOutcome(served.Order(StringComparer.Ordinal).ToImmutableArray(), errors.Order(Comparer<ReportedFinding>.Create(ReportedFinding.Compare)).ToImmutableArray());
    }

    /// <summary>
    /// Whether the input only calls the contract, as a client of a service elsewhere: nothing implements it, and client
    /// code does (a ClientBase proxy, a class built on a channel) or a configured client endpoint names it.
    /// </summary>
    internal static bool CalledAsClientOnly(string? contractKey, ContractModel model)
        => contractKey is not null
           && !model.Implementations.Any(i => i.ContractKeys.Contains(contractKey))
           && (model.ClientClasses.Any(c => c.ContractKeys.Contains(contractKey))
               || model.HostingUsages.Any(u => u.Kind == HostingUsageKind.ConfiguredClientEndpoint && u.Detail == contractKey));

    /// <summary>Why the generated host does not serve a contract, as the contract model tells it.</summary>
    internal static string WhyNotServed(string? contractKey, ContractModel model)
    {
        if (model.Services.FirstOrDefault(s => s.CallbackContractKey == contractKey) is { } duplex)
        {
            return $"it is the callback contract of '{duplex.Key}', whose Callbacks stream carries its operations";
        }

        var implementations = model.Implementations.Where(i => i.ContractKeys.Contains(contractKey ?? string.Empty)).ToList();
        if (implementations.Count == 0)
        {
            return "no class of the input implements it; a class implementing it is what the host serves (AddWcfService<T> and MapGrpcService of its adapter)";
        }

        if (implementations.Count == 1 && implementations[0] is { IsActivatable: false, GenericDefinitionKey: not null } generic)
        {
            var name = generic.Key.Substring(0, generic.Key.IndexOf('<') is var open and > 0 ? open : generic.Key.Length);
            return generic.Closings.Count == 0
                ? $"its implementation '{generic.Key}' is generic, and no code of the input makes a closed type of it (new {name}<X>(), typeof({name}<X>)), which is what WCF's ServiceHost hosted; derive a non-generic class from the closed type to serve, or create one"
                : $"its implementation '{generic.Key}' is generic, and the input makes {generic.Closings.Count} closed types of it ({string.Join(", ", generic.Closings.Select(c => "'" + c + "'"))}), each of which WCF could host at an address of its own, while a gRPC host serves the contract once; derive a non-generic class from the one to serve";
        }

        if (implementations.All(i => !i.IsActivatable))
        {
            return $"its implementation{(implementations.Count == 1 ? string.Empty : "s")} {string.Join(", ", implementations.Select(i => "'" + i.Key + "'"))} cannot be created: abstract, generic, or without a parameterless or public constructor, as WCF's dispatcher could not create {(implementations.Count == 1 ? "it" : "them")} either";
        }

        return "the host did not map its adapter; check that Host/Program.cs calls AddMigratedServices and MapMigratedServices, and which class MigratedServices options choose";
    }

    private static ServingOutcome NothingServed(string why)
        => new([], [ReportedFinding.From(Finding.Create(FindingMessages.HostDoesNotServe, null, why))]);

    /// <summary>Starts the host, waits for its ready line, asks reflection what it serves, and stops it: always.</summary>
    private static async Task<(IReadOnlySet<string> Services, string? Failure)> ServedAsync(string dotnet, string dll, string socket, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo(dotnet)
        {
            WorkingDirectory = Path.GetDirectoryName(dll)!,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
            StandardOutputEncoding = Encoding.UTF8,
            StandardErrorEncoding = Encoding.UTF8,
        };
        foreach (var argument in (string[])[dll, "--socket", socket, "--MigrateWcf:SocketOnly", "true", "--MigrateWcf:Reflection", "true", "--MigrateWcf:BulkLane", "false", "--MigrateWcf:Health:HttpPath", ""])
        {
            start.ArgumentList.Add(argument);
        }

        // Endpoints given in the environment are the user's; SocketOnly ignores them, and their settings stay out.
        foreach (var name in start.Environment.Keys.Where(k => k.StartsWith("MigrateWcf__", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            start.Environment.Remove(name);
        }

        start.Environment["DOTNET_NOLOGO"] = "1";
        Process process;
        try
        {
            process = Process.Start(start) ?? throw new InvalidOperationException($"'{dotnet}' did not start.");
        }
        catch (Win32Exception e)
        {
            return (new HashSet<string>(), $"'{dotnet}' cannot be run ({e.Message})");
        }

        using (process)
        {
            var ready = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
            var stderr = new List<string>();
            process.OutputDataReceived += (_, e) =>
            {
                if (e.Data is null)
                {
                    ready.TrySetResult(false);
                }
                else if (e.Data.StartsWith("ready ", StringComparison.Ordinal))
                {
                    ready.TrySetResult(true);
                }
            };
            process.ErrorDataReceived += (_, e) =>
            {
                if (e.Data is { } line)
                {
                    lock (stderr)
                    {
                        stderr.Add(line);
                    }
                }
            };
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();
            process.StandardInput.Close();
            try
            {
                using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
                limit.CancelAfter(StartTimeout);
                bool started;
                try
                {
                    started = await ready.Task.WaitAsync(limit.Token);
                }
                catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
                {
                    return (new HashSet<string>(), $"the host did not print its ready line within {StartTimeout.TotalMinutes:0} minutes");
                }

                if (!started)
                {
                    await process.WaitForExitAsync(cancellationToken);
                    List<string> lines;
                    lock (stderr)
                    {
                        lines = [.. stderr];
                    }

                    return (new HashSet<string>(), $"the host exited with code {process.ExitCode} before it was ready: {Summary(lines, Path.GetFileNameWithoutExtension(dll))}");
                }

                return (await ListServicesAsync(socket, cancellationToken), null);
            }
            catch (RpcException e)
            {
                return (new HashSet<string>(), $"the host did not answer gRPC reflection ({e.StatusCode})");
            }
            finally
            {
                Stop(process);
            }
        }
    }

    /// <summary>
    /// The host's stderr in one line: its own failure line (<c>Host: message</c>) or an unhandled exception's first line,
    /// cut short; never its log lines or a stack trace.
    /// </summary>
    internal static string Summary(IReadOnlyList<string> stderr, string hostName)
    {
        var prefix = hostName + ": ";
        var line = stderr.LastOrDefault(l => l.StartsWith(prefix, StringComparison.Ordinal)) is { } own ? own[prefix.Length..]
            : stderr.FirstOrDefault(l => l.StartsWith("Unhandled exception. ", StringComparison.Ordinal)) is { } unhandled ? unhandled["Unhandled exception. ".Length..]
            : null;
        if (line is null)
        {
            return stderr.Count == 0 ? "it printed nothing" : $"it printed {stderr.Count} line(s) on stderr and no error of its own; run it to see them";
        }

        line = line.Trim();
        return line.Length > MaxQuoted ? line[..MaxQuoted] + "…" : line;
    }

    /// <summary>The services gRPC reflection lists (<c>grpc.reflection.v1alpha</c>), the host's own aside.</summary>
    private static async Task<IReadOnlySet<string>> ListServicesAsync(string socket, CancellationToken cancellationToken)
    {
        using var handler = new SocketsHttpHandler
        {
            ConnectCallback = async (_, ct) =>
            {
                if (OperatingSystem.IsWindows())
                {
                    var pipe = new NamedPipeClientStream(".", socket, PipeDirection.InOut, PipeOptions.Asynchronous);
                    await pipe.ConnectAsync(ct);
                    return pipe;
                }

                var unix = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
                try
                {
                    await unix.ConnectAsync(new UnixDomainSocketEndPoint(socket), ct);
                    return new NetworkStream(unix, ownsSocket: true);
                }
                catch
                {
                    unix.Dispose();
                    throw;
                }
            },
        };
        using var channel = GrpcChannel.ForAddress("http://localhost", new GrpcChannelOptions { HttpHandler = handler, DisposeHttpClient = false });
        var client = new ServerReflection.ServerReflectionClient(channel);
        using var call = client.ServerReflectionInfo(deadline: DateTime.UtcNow + AskTimeout, cancellationToken: cancellationToken);
        await call.RequestStream.WriteAsync(new ServerReflectionRequest { ListServices = string.Empty }, cancellationToken);
        await call.RequestStream.CompleteAsync();
        var services = new HashSet<string>(StringComparer.Ordinal);
        while (await call.ResponseStream.MoveNext(cancellationToken))
        {
            foreach (var service in call.ResponseStream.Current.ListServicesResponse?.Service ?? [])
            {
                if (!HostServices.Any(h => service.Name.StartsWith(h, StringComparison.Ordinal)))
                {
                    services.Add(service.Name);
                }
            }
        }

        return services;
    }

    private static void Stop(Process process)
    {
        try
        {
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true);
            }

            process.WaitForExit();
        }
        catch (Exception e) when (e is InvalidOperationException or Win32Exception)
        {
            // It ended on its own meanwhile.
        }
    }

    private static string? FirstLine(string text)
        => text.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.Length > 0);
}
