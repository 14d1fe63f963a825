using System.Reflection;

namespace MigrateWcf.Runtime;

/// <summary>
/// Makes a migrated project's <c>App.config</c> (the original configuration's appSettings and connectionStrings, which the
/// build copies beside the host as <c>&lt;assembly&gt;.dll.config</c>) the file System.Configuration.ConfigurationManager
/// reads, so original code reading <c>ConfigurationManager.AppSettings["key"]</c> gets the value it got under WCF. The
/// package reads <c>AppDomain</c> data <c>APP_CONFIG_FILE</c> once, at first use, else the entry assembly's
/// <c>.dll.config</c>; the generated module initializer calls this before any code of the migrated assembly runs.
/// </summary>
public static class MigratedAppConfig
{
    /// <summary>The AppDomain data ConfigurationManager takes its file from (as .NET Framework's AppDomainSetup.ConfigurationFile).</summary>
    public const string AppConfigFileKey = "APP_CONFIG_FILE";

    /// <summary>
    /// Points the process's configuration at <paramref name="migrated"/>'s <c>.dll.config</c> beside the application, unless
    /// the host decided otherwise: it set <c>APP_CONFIG_FILE</c> itself, or has a configuration file of its own (which then
    /// is the process's, as the WCF host's was; the migrated settings go there). True when it did.
    /// </summary>
    public static bool Use(Assembly migrated)
    {
        ArgumentNullException.ThrowIfNull(migrated);
        var file = Path.Combine(AppContext.BaseDirectory, migrated.GetName().Name + ".dll.config");
        if (AppDomain.CurrentDomain.GetData(AppConfigFileKey) is string { Length: > 0 } || HostHasItsOwn() || !File.Exists(file))
        {
            return false;
        }

        AppDomain.CurrentDomain.SetData(AppConfigFileKey, file);
        return true;
    }

    /// <summary>The file ConfigurationManager reads by default, the entry assembly's (single-file too) <c>.dll.config</c>, exists.</summary>
    private static bool HostHasItsOwn()
        => Assembly.GetEntryAssembly()?.GetName().Name is { } host && File.Exists(Path.Combine(AppContext.BaseDirectory, host + ".dll.config"));
}
