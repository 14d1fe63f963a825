namespace System.ServiceModel.Activation;

/// <summary>
/// WCF's <c>[AspNetCompatibilityRequirements]</c>: it asks to run inside ASP.NET's pipeline, which a migrated service
/// always does (ASP.NET Core's; its HttpContext through IHttpContextAccessor). The attribute compiles and does nothing;
/// <c>HttpContext.Current</c> itself is WCFM4007.
/// </summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class AspNetCompatibilityRequirementsAttribute : Attribute
{
    /// <summary>What the service asked for; no effect.</summary>
    public AspNetCompatibilityRequirementsMode RequirementsMode { get; set; }
}
