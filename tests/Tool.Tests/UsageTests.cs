using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

public sealed class UsageTests
{
    [Fact]
    public async Task Help_ListsBothCommands_AndExitsZero()
    {
        var result = await MigrateWcfCli.RunAsync("--help");

        Assert.Equal(ExitCode.Success, result.Code);
        Assert.Contains("proto", result.Output);
        Assert.Contains("analyze", result.Output);
    }

    [Fact]
    public async Task ProtoHelp_DescribesOutAndForce()
    {
        var result = await MigrateWcfCli.RunAsync("proto", "--help");

        Assert.Equal(ExitCode.Success, result.Code);
        Assert.Contains("--out", result.Output);
        Assert.Contains("--force", result.Output);
    }

    [Fact]
    public async Task NoCommand_IsUsageError()
    {
        var result = await MigrateWcfCli.RunAsync();

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.Contains("--help", result.Error);
    }

    [Fact]
    public async Task ProtoWithoutOut_IsUsageError_NamingTheOption()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("proto", input);

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.Contains("--out", result.Error);
        Assert.Empty(result.Output);
    }

    [Fact]
    public async Task UnknownOption_IsUsageError()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--frobnicate");

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.Contains("--frobnicate", result.Error);
    }

    [Theory]
    [InlineData("generate", "--frobnicate")]
    [InlineData("check", "--force")]
    [InlineData("generate", "--out=")]
    [InlineData("proto", "--out=")]
    public async Task AnUnknownOptionOrAnEmptyOut_IsUsageError_ForEveryCommand(string command, string wrong)
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("out");
        string[] arguments = wrong == "--out=" ? [command, input, "--out", ""] : [command, input, "--out", output, wrong];

        var result = await MigrateWcfCli.RunAsync(arguments);

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.Contains(wrong == "--out=" ? "--out needs a folder path" : $"'{wrong}'", result.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("internal error", result.Error, StringComparison.Ordinal);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task UnknownFormat_IsUsageError_ListingTheAllowedOnes()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "xml");

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.Contains("xml", result.Error);
        Assert.Contains("json", result.Error);
        Assert.DoesNotContain("   at ", result.Error);
    }
}
