using System.Diagnostics;
using System.Runtime.InteropServices;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// Ctrl+C at any point of a real <c>migrate-wcf generate</c> process over a large input: the run stops cooperatively
/// (exit 130, "nothing was written") or, once the switch of the output has begun, finishes it (exit 0): the output is
/// always all old or all new, and no staging folder stays. SIGINT is sent with kill(2), as a terminal sends it.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class InterruptionTests
{
    private const int Contracts = 120;
    private const int SigInt = 2;

    [DllImport("libc", SetLastError = true)]
    private static extern int kill(int pid, int signal);

    [Fact]
    public async Task CtrlCAtAnyPointOfGenerate_LeavesTheOutputAllOldOrAllNew_AndNoStagingFolder()
    {
        using var temp = new TempFolder();
        var input = temp.Combine("Services");
        WriteContracts(input, "Name");
        var output = temp.Combine("migrated");
        Assert.Equal(0, (await RunToEnd(input, output)).ExitCode);
        var old = TempFolder.Snapshot(output);
        TempFolder.CopyFolder(output, temp.Combine("old"));

        // All new: what an uninterrupted run makes of the old output (its lock file keeps the renamed member's number reserved).
        WriteContracts(input, "Title");
        TempFolder.CopyFolder(temp.Combine("old"), temp.Combine("uninterrupted"));
        var timer = Stopwatch.StartNew();
        Assert.Equal(0, (await RunToEnd(input, temp.Combine("uninterrupted"))).ExitCode);
        var duration = timer.Elapsed;
        var allNew = TempFolder.Snapshot(temp.Combine("uninterrupted"));
        Assert.NotEqual(old, allNew);

        // Points spread over the whole run, from start-up to the last moves (a fixed seed: the same points each time).
        var random = new Random(25);
        var outcomes = new List<string>();
        foreach (var fraction in new[] { 0.1, 0.35, 0.6, 0.8, 0.9, 0.97, 1.05, 1.5 }.Select(f => f + (random.NextDouble() * 0.04)))
        {
            Directory.Delete(output, recursive: true);
            TempFolder.CopyFolder(temp.Combine("old"), output);

            var process = Start(input, output);
            await Task.Delay(duration * fraction);
            if (!process.HasExited)
            {
                Assert.Equal(0, kill(process.Id, SigInt));
            }

            await process.WaitForExitAsync();
            var error = await process.StandardError.ReadToEndAsync();
            var now = TempFolder.Snapshot(output);
            Assert.True(process.ExitCode is 0 or (int)ExitCode.Cancelled, $"exit {process.ExitCode}: {error}");
            Assert.True(now.SequenceEqual(old) || now.SequenceEqual(allNew), $"at {fraction:P0} of the run: the output is neither all old nor all new (exit {process.ExitCode}).");
            if (process.ExitCode == (int)ExitCode.Cancelled)
            {
                Assert.Contains("cancelled; nothing was written.", error, StringComparison.Ordinal);
                Assert.Equal(old, now);
            }

            Assert.Empty(Directory.EnumerateDirectories(temp.Path, ".migrated.migrate-wcf-*"));
            outcomes.Add(process.ExitCode == 0 ? "new" : "old");
        }

        // The early points always stop the run (how many later ones land after the switch depends on the machine's load).
        Assert.True(outcomes[0] == "old", string.Join(", ", outcomes));
    }

    private static void WriteContracts(string folder, string memberName)
    {
        Directory.CreateDirectory(folder);
        for (var i = 0; i < Contracts; i++)
        {
            File.WriteAllText(Path.Combine(folder, $"Service{i}.cs"), $$"""
                using System.Runtime.Serialization;
                using System.ServiceModel;

                namespace Contoso.Part{{i}}
                {
                    [DataContract]
                    public class Item
                    {
                        [DataMember(Order = 1)] public int Id { get; set; }
                        [DataMember(Order = 2)] public string {{memberName}} { get; set; }
                    }

                    [ServiceContract]
                    public interface IService{{i}}
                    {
                        [OperationContract] Item Get(int id);
                    }

                    public class Service{{i}} : IService{{i}}
                    {
                        public Item Get(int id) { return new Item { Id = id }; }
                    }
                }
                """);
        }
    }

    private static Process Start(string input, string output)
    {
        var process = ToolProcess.Start(Path.GetDirectoryName(input)!, "generate", input, "--out", output, "--no-verify", "--project-name", "Services.Migrated");
        // Standard output is not read here; drain it so a full pipe never blocks the tool.
        _ = process.StandardOutput.ReadToEndAsync();
        return process;
    }

    private static async Task<(int ExitCode, string Error)> RunToEnd(string input, string output)
    {
        using var process = Start(input, output);
        var error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        return (process.ExitCode, await error);
    }
}
