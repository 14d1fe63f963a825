using System.Collections.Immutable;
using Grpc.Core;

namespace MigrateWcf.MigratedBuild.Tests;

/// <summary>
/// One folder of tests/ServiceProjects and what migrate-wcf must do with it: the exit code of <c>generate</c> (given the
/// folder, as a user gives it), the findings it must print, the gRPC services its .proto files declare, and how the
/// migrated service answers. A case that exits 0 must build, serve every service on a Unix socket (gRPC reflection lists
/// each) and answer every rpc (unary ones with OK unless <see cref="Calls"/> says otherwise, none with UNIMPLEMENTED); a
/// case that exits 7 must report exactly <see cref="Errors"/>, and its build must fail, only at their positions; a case
/// that exits 1 or 3 writes nothing and says why.
/// </summary>
public sealed record ServiceProjectCase(string Name)
{
    /// <summary>The paths inside the case's folder given to generate, as a user names a contracts and a service project; empty: the folder.</summary>
    public ImmutableArray<string> Inputs { get; init; } = [];

    /// <summary>Pass <c>--restore</c> (the case's packages/ folder is not committed, as in most repositories).</summary>
    public bool Restore { get; init; }

    /// <summary>0 (Success), 7 (NeedsEdits: written, does not build yet), or 1 / 3 (nothing written: errors found, nothing to migrate).</summary>
    public int ExitCode { get; init; }

    /// <summary>A fragment of the one-line error generate prints when it writes nothing (exit 1 or 3).</summary>
    public string? ErrorContains { get; init; }

    /// <summary>Generate writes the migrated project (exit 0 or 7).</summary>
    public bool Writes => ExitCode is 0 or 7;

    /// <summary>The gRPC services the emitted .proto files declare, by service name (without the package): exactly these.</summary>
    public ImmutableArray<string> Services { get; init; } = [];

    /// <summary>Findings that must be among those generate prints (others may be there too).</summary>
    public ImmutableArray<ExpectedFinding> Findings { get; init; } = [];

    /// <summary>Exactly the error-severity findings generate prints (none when it exits 0).</summary>
    public ImmutableArray<ExpectedFinding> Errors { get; init; } = [];

    /// <summary>Rpcs that answer other than OK (a fault of the implementation's own), or with a value to check.</summary>
    public ImmutableArray<ExpectedCall> Calls { get; init; } = [];

    /// <summary>
    /// A fragment of what the host prints once the rpcs were called, waited for (a one-way operation's work, which runs
    /// after its call answered, shows only there).
    /// </summary>
    public string? HostOutputContains { get; init; }

    /// <summary>REST calls through JSON transcoding (HTTP/2 on the same Unix socket), after the rpcs.</summary>
    public ImmutableArray<ExpectedHttpCall> HttpCalls { get; init; } = [];

    public override string ToString() => Name;
}

/// <summary>A finding generate prints: rule, severity and file (relative to the case folder, '/'); line, column and a fragment of the message when given.</summary>
public sealed record ExpectedFinding(string Rule, string Severity, string File)
{
    public int? Line { get; init; }

    public int? Column { get; init; }

    public string? MessageContains { get; init; }

    public bool Matches(ReportedFinding finding)
        => finding.Rule == Rule && finding.Severity == Severity && finding.File == File
           && (Line is null || finding.Line == Line) && (Column is null || finding.Column == Column)
           && (MessageContains is null || finding.Message.Contains(MessageContains, StringComparison.Ordinal));

    public override string ToString()
        => $"{File}{(Line is { } l ? $":{l}" : string.Empty)}{(Column is { } c ? $":{c}" : string.Empty)}: {Severity} {Rule}{(MessageContains is { } m ? $" '…{m}…'" : string.Empty)}";
}

/// <summary>A finding as generate printed it (<c>file:line:column: severity RULE: message</c>).</summary>
public sealed record ReportedFinding(string File, int? Line, int? Column, string Severity, string Rule, string Message)
{
    public override string ToString() => $"{File}{(Line is { } l ? $":{l}:{Column}" : string.Empty)}: {Severity} {Rule}: {Message}";
}

/// <summary>
/// How one rpc, called with an empty request (or <see cref="Request"/>), answers: with <see cref="Status"/> (null: any status but UNIMPLEMENTED, for
/// rpcs whose answer depends on what the runtime does with a caller outside any session), and, when OK, a result
/// field (number 1, the operation's return value) equal to <see cref="Result"/> (a string or an int) or a string
/// containing <see cref="ResultContains"/>.
/// </summary>
public sealed record ExpectedCall(string Service, string Method, StatusCode? Status)
{
    public object? Result { get; init; }

    public string? ResultContains { get; init; }

    /// <summary>The request message's bytes in place of an empty one (a unary rpc whose request must carry a value).</summary>
    public byte[]? Request { get; init; }

    public bool Matches(RpcAnswer answer)
        => (Status is null ? answer.Status != StatusCode.Unimplemented : answer.Status == Status)
           && (Result is null || Equals(answer.Result, Result))
           && (ResultContains is null || answer.Result is string text && text.Contains(ResultContains, StringComparison.Ordinal));

    public override string ToString()
        => $"{Service}/{Method} → {(Status?.ToString() ?? "any status but Unimplemented")}"
           + (Result is null ? string.Empty : $" with result {Result}")
           + (ResultContains is null ? string.Empty : $" with a result containing {ResultContains}");
}

/// <summary>
/// A REST call through JSON transcoding (the host serves it on a loopback port): <see cref="Method"/> <see cref="Path"/>
/// with a JSON body, answered with <see cref="Status"/> and a body containing <see cref="ResponseContains"/>, in which
/// <c>{origin}</c> stands for the host's <c>http://127.0.0.1:port</c>.
/// </summary>
public sealed record ExpectedHttpCall(string Method, string Path, string? JsonBody, int Status)
{
    public string? ResponseContains { get; init; }

    public bool Matches(int status, string body, string origin)
        => status == Status && (ResponseContains is null || body.Contains(ResponseContains.Replace("{origin}", origin, StringComparison.Ordinal), StringComparison.Ordinal));

    public override string ToString()
        => $"{Method} /{Path} → {Status}" + (ResponseContains is null ? string.Empty : $" with a body containing {ResponseContains}");
}
