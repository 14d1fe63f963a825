namespace System.ServiceModel.Web;

/// <summary>WCF's WebMessageFormat; the migrated service speaks JSON over HTTP (docs/webhttp.md).</summary>
public enum WebMessageFormat
{
    /// <summary>XML (WCF's default); a migrated service answers JSON.</summary>
    Xml = 0,

    /// <summary>JSON.</summary>
    Json = 1,
}
