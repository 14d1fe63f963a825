namespace MigrateWcf.Tests.Shared;

/// <summary>Why a test that acts as a second, unprivileged user (<c>nobody</c>, through setpriv) cannot run here: it
/// runs only where the tests run as root and setpriv exists; nothing is installed for it.</summary>
internal static class SecondUser
{
    public const string SetPriv = "/usr/bin/setpriv";
    public static readonly string[] AsNobody = ["--reuid=65534", "--regid=65534", "--clear-groups"];

    public static string? WhyNot() =>
        Environment.UserName != "root" ? "Acting as a second user needs root (to switch to nobody); these tests run as " + Environment.UserName + "."
        : !File.Exists(SetPriv) ? "Acting as a second user needs setpriv (util-linux), which this machine lacks."
        : null;
}

/// <summary>A theory that acts as a second user (<see cref="SecondUser"/>), skipped with the reason where it cannot.</summary>
public sealed class TheoryWithSecondUserAttribute : TheoryAttribute
{
    public TheoryWithSecondUserAttribute() => Skip = SecondUser.WhyNot();
}

/// <summary>A fact that acts as a second user (<see cref="SecondUser"/>), skipped with the reason where it cannot.</summary>
public sealed class FactWithSecondUserAttribute : FactAttribute
{
    public FactWithSecondUserAttribute() => Skip = SecondUser.WhyNot();
}
