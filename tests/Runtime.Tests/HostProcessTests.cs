using System.Diagnostics;

namespace MigrateWcf.Runtime.Tests;

/// <summary>A real host process (the interop server, grpc-dotnet hosted by MigrateWcf.Runtime): its exit code and
/// message when it cannot listen, and its socket file after a signal.</summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public class HostProcessTests
{
    [Fact]
    public async Task A_regular_file_at_the_socket_path_survives_and_the_host_exits_non_zero_with_one_line()
    {
        using var temp = new TempDirectory();
        var path = temp.Combine("svc.sock");
        File.WriteAllText(path, "not a socket");

        var (exitCode, stdout, stderr) = await Processes.RunInteropServerAsync("--unix_socket=" + path);

        Assert.Equal(1, exitCode);
        Assert.Equal($"interop server: Cannot listen on unix:{path}: a regular file is there (it is not removed; delete it or choose another path).", stderr.TrimEnd());
        Assert.Equal("", stdout);
        Assert.Equal("not a socket", File.ReadAllText(path));
    }

    [Theory]
    [InlineData("TERM")]
    [InlineData("INT")]
    public async Task The_socket_is_gone_after_the_host_is_stopped_by_a_signal(string signal)
    {
        using var temp = new TempDirectory();
        var path = temp.Combine("svc.sock");
        using var server = Processes.StartInteropServer("--unix_socket=" + path);
        try
        {
            var ready = await Eventually.Within(server.StandardOutput.ReadLineAsync());
            Assert.StartsWith("READY http://unix:" + path, ready);
            Assert.True(File.Exists(path));

            var kill = await Processes.RunAsync("kill", "-" + signal, server.Id.ToString(System.Globalization.CultureInfo.InvariantCulture));
            Assert.Equal(0, kill.ExitCode);
            await Eventually.Within(server.WaitForExitAsync());

            Assert.Equal(0, server.ExitCode);
            Assert.False(File.Exists(path));
        }
        finally
        {
            if (!server.HasExited)
            {
                server.Kill();
            }
        }
    }
}
