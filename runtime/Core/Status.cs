using System.Diagnostics;

namespace MigrateWcf.Runtime;

/// <summary>The outcome of a call: a code, a human-readable detail and, optionally, the exception that caused it (never sent).</summary>
[DebuggerDisplay("{ToString(),nq}")]
public readonly struct Status : IEquatable<Status>
{
    public static readonly Status DefaultSuccess = new(StatusCode.OK, "");
    public static readonly Status DefaultCancelled = new(StatusCode.Cancelled, "");

    public Status(StatusCode statusCode, string detail) : this(statusCode, detail, null) { }

    public Status(StatusCode statusCode, string detail, Exception? debugException)
    {
        StatusCode = statusCode;
        _detail = detail ?? "";
        DebugException = debugException;
    }

    public StatusCode StatusCode { get; }
    private readonly string? _detail;
    public string Detail => _detail ?? "";
    /// <summary>Local diagnostics only; never transmitted to the peer.</summary>
    public Exception? DebugException { get; }

    public bool Equals(Status other) => StatusCode == other.StatusCode && Detail == other.Detail;
    public override bool Equals(object? obj) => obj is Status s && Equals(s);
    public override int GetHashCode() => HashCode.Combine(StatusCode, Detail);
    public static bool operator ==(Status left, Status right) => left.Equals(right);
    public static bool operator !=(Status left, Status right) => !left.Equals(right);

    public override string ToString() => DebugException is null
        ? $"Status(StatusCode=\"{StatusCode}\", Detail=\"{Detail}\")"
        : $"Status(StatusCode=\"{StatusCode}\", Detail=\"{Detail}\", DebugException=\"{DebugException.GetType()}: {DebugException.Message}\")";
}
