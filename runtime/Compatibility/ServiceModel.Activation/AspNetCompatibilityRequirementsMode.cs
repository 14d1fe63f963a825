namespace System.ServiceModel.Activation;

/// <summary>WCF's AspNetCompatibilityRequirementsMode: whether a service may, must or must not run in ASP.NET's pipeline.</summary>
public enum AspNetCompatibilityRequirementsMode
{
    /// <summary>Must not run in ASP.NET's pipeline (WCF's default).</summary>
    NotAllowed = 0,

    /// <summary>May run in ASP.NET's pipeline.</summary>
    Allowed = 1,

    /// <summary>Must run in ASP.NET's pipeline.</summary>
    Required = 2,
}
