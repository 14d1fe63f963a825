using System.Diagnostics;
using System.Text;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// Input a careless user or an attacker leaves in the folder (issue 25): links that loop, a FIFO named like a source
/// file, a copy of a file beside it, an output folder reached through a link, huge and binary files. Each run finishes,
/// reads each real file once and says in a short finding what it left out.
/// </summary>
public sealed class HostileInputTests
{
    private const string Service = """
        using System.ServiceModel;

        namespace Demo
        {
            [ServiceContract]
            public interface IGreeter
            {
                [OperationContract]
                string Greet(string name);
            }

            public class Greeter : IGreeter
            {
                public string Greet(string name) => "Hello " + name;
            }
        }
        """;

    [FactOnUnix]
    public async Task FolderLinkBackToItsParent_IsNotFollowed_AndTheFileIsReadOnce()
    {
        using var temp = new TempFolder();
        temp.WriteFile("c/Svc.cs", Service);
        Directory.CreateDirectory(temp.Combine("c", "sub"));
        Directory.CreateSymbolicLink(temp.Combine("c", "sub", "loop"), "..");

        var result = await MigrateWcfCli.RunAsync("proto", temp.Combine("c"), "--out", temp.Combine("out"));

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var proto = File.ReadAllText(temp.Combine("out", "demo", "greeter.proto"));
        Assert.Contains("rpc Greet(", proto);
        Assert.DoesNotContain("Greet2", proto);
        var note = Assert.Single(result.ErrorLines, l => l.Contains("sub/loop", StringComparison.Ordinal));
        Assert.Contains("not followed", note);
    }

    [FactOnUnix]
    public async Task TwoLoops_OneRelativeOneAbsolute_Finish()
    {
        using var temp = new TempFolder();
        temp.WriteFile("c/Svc.cs", Service);
        Directory.CreateDirectory(temp.Combine("c", "sub"));
        Directory.CreateSymbolicLink(temp.Combine("c", "sub", "loop"), "..");
        Directory.CreateSymbolicLink(temp.Combine("c", "sub", "abs"), temp.Combine("c"));

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("c"), "--format", "json");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("\"operations\": 1", result.Output);
        Assert.Equal(2, result.ErrorLines.Count(l => l.Contains("not followed", StringComparison.Ordinal)));
    }

    [FactOnUnix]
    public async Task FileReachedTwiceThroughLinks_IsReadOnce()
    {
        using var temp = new TempFolder();
        temp.WriteFile("c/Svc.cs", Service);
        File.CreateSymbolicLink(temp.Combine("c", "Alias.cs"), "Svc.cs");
        Directory.CreateSymbolicLink(temp.Combine("c", "Mirror"), temp.Combine("c"));

        var result = await MigrateWcfCli.RunAsync("proto", temp.Combine("c"), "--out", temp.Combine("out"));

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.DoesNotContain("CS0101", result.Error);
        Assert.DoesNotContain("Greet2", File.ReadAllText(temp.Combine("out", "demo", "greeter.proto")));
    }

    [FactOnUnix]
    public async Task FifoNamedLikeASourceFile_IsNotOpened_AndIsAFinding()
    {
        using var temp = new TempFolder();
        temp.WriteFile("c/Svc.cs", Service);
        MakeFifo(temp.Combine("c", "Pipe.cs"));

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("c"));

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        var finding = Assert.Single(result.Output.Split('\n'), l => l.Contains("Pipe.cs", StringComparison.Ordinal));
        Assert.Contains("error CS1504", finding);
        Assert.Contains("FIFO", finding);
        Assert.Contains("WCFM1014", result.Output);
    }

    [Fact]
    public async Task CopyOfASourceFileBesideIt_IsAnErrorNamingBothFiles()
    {
        using var temp = new TempFolder();
        temp.WriteFile("c/Svc.cs", Service);
        temp.WriteFile("c/Svc - Copy.cs", Service);

        var result = await MigrateWcfCli.RunAsync("generate", temp.Combine("c"), "--out", temp.Combine("out"), "--no-verify");

        Assert.NotEqual(ExitCode.Success, result.Code);
        var all = result.Output + result.Error;
        var duplicate = Assert.Single(all.Split('\n'), l => l.Contains("CS0101", StringComparison.Ordinal) && l.Contains("'IGreeter'", StringComparison.Ordinal));
        Assert.Contains("Svc.cs:", duplicate);
        Assert.Contains("Svc - Copy.cs:", duplicate);
        Assert.Contains("error", duplicate);
    }

    [FactOnUnix]
    public async Task ProtoOutputInsideTheInputThroughALink_IsUsageError_AndNothingIsWritten()
        => await OutputThroughALinkIsRefused("proto");

    [FactOnUnix]
    public async Task GenerateOutputInsideTheInputThroughALink_IsUsageError_AndNothingIsWritten()
        => await OutputThroughALinkIsRefused("generate");

    private static async Task OutputThroughALinkIsRefused(string command)
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders", "c9");
        var link = temp.Combine("c9link");
        Directory.CreateSymbolicLink(link, input);
        var before = TempFolder.Snapshot(input);

        var result = await MigrateWcfCli.RunAsync(command, input, "--out", Path.Combine(link, "gen"));

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.Contains("is inside the input", Assert.Single(result.ErrorLines));
        Assert.Equal(before, TempFolder.Snapshot(input));
    }

    [Fact]
    public async Task SourceFileOverTheSizeLimit_IsNotRead_AndTheFindingNamesItsSize()
    {
        using var temp = new TempFolder();
        temp.WriteFile("c/Svc.cs", Service);
        // 11 MB of valid C#: a class of constants, as generated code can be.
        var big = new StringBuilder("namespace Big\n{\n    public static class Filler\n    {\n");
        for (var i = 0; big.Length < 11 * 1024 * 1024; i++)
        {
            big.Append("        public const int Field").Append(i).Append(" = ").Append(i).Append(";\n");
        }

        var bigFile = temp.WriteFile("c/Big.cs", big.Append("    }\n}\n").ToString());

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("c"));

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        var finding = Assert.Single(result.Output.Split('\n'), l => l.Contains("Big.cs", StringComparison.Ordinal));
        Assert.Contains("error CS1504", finding);
        Assert.Contains(new FileInfo(bigFile).Length.ToString("N0", System.Globalization.CultureInfo.InvariantCulture) + " bytes", finding);
        Assert.Contains("WCFM1014", result.Output);
    }

    [Fact]
    public async Task BinaryFileNamedLikeASourceFile_IsOneShortFinding()
    {
        using var temp = new TempFolder();
        temp.WriteFile("c/Svc.cs", Service);
        var bytes = new byte[400_000];
        new Random(25).NextBytes(bytes);
        bytes[100] = 0;
        File.WriteAllBytes(temp.Combine("c", "X.cs"), bytes);

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("c"));

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        var finding = Assert.Single(result.Output.Split('\n'), l => l.Contains("X.cs", StringComparison.Ordinal));
        Assert.Contains("error CS1504", finding);
        Assert.Contains("binary", finding);
        Assert.All((result.Output + result.Error).Split('\n'), line => Assert.True(line.Length <= 1000, $"a line of {line.Length} characters"));
    }

    [Fact]
    public async Task GarbageWithoutNulBytes_PrintsNoLineOverAThousandCharacters()
    {
        using var temp = new TempFolder();
        temp.WriteFile("c/Svc.cs", Service);
        // One 400,000-character line of bytes that are not C#, with no NUL (so not recognised as binary): the compiler quotes what it cannot parse.
        var bytes = new byte[400_000];
        new Random(11).NextBytes(bytes);
        for (var i = 0; i < bytes.Length; i++)
        {
            bytes[i] = bytes[i] is 0 or (byte)'\n' or (byte)'\r' ? (byte)'@' : bytes[i];
        }

        File.WriteAllBytes(temp.Combine("c", "Y.cs"), bytes);

        var result = await MigrateWcfCli.RunAsync("analyze", temp.Combine("c"));

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        Assert.All((result.Output + result.Error).Split('\n'), line => Assert.True(line.Length <= 1000, $"a line of {line.Length} characters"));
    }

    internal static void MakeFifo(string path)
    {
        using var mkfifo = Process.Start(new ProcessStartInfo("mkfifo", [path]) { UseShellExecute = false })!;
        mkfifo.WaitForExit();
        Assert.Equal(0, mkfifo.ExitCode);
    }
}
