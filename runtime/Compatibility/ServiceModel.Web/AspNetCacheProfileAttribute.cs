namespace System.ServiceModel.Web;

/// <summary>
/// WCF's <c>[AspNetCacheProfile]</c>: it applied an ASP.NET output-cache profile of Web.config to a REST operation's
/// response. ASP.NET's output cache does not run in a migrated service: the attribute compiles and does nothing, and
/// generate reports each use (WCFM4010).
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class AspNetCacheProfileAttribute : Attribute
{
    /// <summary>An attribute naming the profile <paramref name="cacheProfileName"/>.</summary>
    public AspNetCacheProfileAttribute(string cacheProfileName) => CacheProfileName = cacheProfileName;

    /// <summary>The name of the output-cache profile in the original Web.config.</summary>
    public string CacheProfileName { get; }
}
