using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Xml;
using System.Xml.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads the <c>&lt;system.serviceModel&gt;</c> section of an app.config or web.config, given as text (the front end
/// reads the file): services and their endpoints, client endpoints, the bindings endpoints name, endpoint and base
/// addresses, and the security modes of binding configurations. Each becomes a <see cref="HostingUsageModel"/> placed
/// in the config file, like hosting code in C#; mapping decides which are findings. Text that is not XML becomes one
/// <see cref="HostingUsageKind.UnreadableConfiguration"/> usage, never an exception.
/// </summary>
internal static class ConfigurationReader
{
    private const string SectionName = "system.serviceModel";

    /// <summary>True when <paramref name="text"/> may hold a <c>&lt;system.serviceModel&gt;</c> section (a cheap look before parsing).</summary>
    public static bool MayHoldServiceModel(string text) => text.IndexOf(SectionName, StringComparison.Ordinal) >= 0;

    public static List<HostingUsageModel> Read(string path, string text)
    {
        var usages = new List<HostingUsageModel>();
        if (!MayHoldServiceModel(text))
        {
            return usages;
        }

        if (!TryParse(path, text, out var document, out var unreadable))
        {
            usages.Add(unreadable!);
            return usages;
        }

        foreach (var section in document!.Descendants().Where(e => e.Name.LocalName == SectionName))
        {
            var throttling = MaxConcurrentCalls(section);
            foreach (var service in Children(section, "services", "service"))
            {
                if (throttling.TryGetValue(Attribute(service, "behaviorConfiguration")?.Trim() ?? string.Empty, out var calls))
                {
                    usages.Add(new HostingUsageModel(HostingUsageKind.ServiceThrottling, Attribute(service, "name") ?? "(unnamed)", Position(path, calls.Attribute))
                    {
                        Detail = calls.Value.ToString(System.Globalization.CultureInfo.InvariantCulture),
                    });
                }

                var endpoints = service.Elements().Where(e => e.Name.LocalName == "endpoint").ToList();
                usages.Add(new HostingUsageModel(HostingUsageKind.ConfiguredService, Attribute(service, "name") ?? "(unnamed)", Position(path, service))
                {
                    Detail = endpoints.Count.ToString(System.Globalization.CultureInfo.InvariantCulture),
                });
                foreach (var baseAddress in Children(service, "host", "baseAddresses").SelectMany(b => b.Elements()).Where(e => e.Name.LocalName == "add"))
                {
                    AddAddress(usages, path, baseAddress, "baseAddress");
                }

                foreach (var endpoint in endpoints)
                {
                    AddEndpoint(usages, path, endpoint);
                }
            }

            foreach (var endpoint in Children(section, "client", "endpoint"))
            {
                usages.Add(new HostingUsageModel(HostingUsageKind.ConfiguredClientEndpoint, Attribute(endpoint, "name") ?? "(unnamed)", Position(path, endpoint))
                {
                    Detail = Attribute(endpoint, "contract") ?? string.Empty,
                });
                AddEndpoint(usages, path, endpoint);
            }

            foreach (var bindingType in section.Elements().Where(e => e.Name.LocalName == "bindings").SelectMany(b => b.Elements()))
            {
                foreach (var binding in bindingType.Elements().Where(e => e.Name.LocalName == "binding"))
                {
                    foreach (var security in binding.Elements().Where(e => e.Name.LocalName == "security"))
                    {
                        if (security.Attributes().FirstOrDefault(a => a.Name.LocalName == "mode") is { } mode)
                        {
                            usages.Add(new HostingUsageModel(HostingUsageKind.SecurityMode, bindingType.Name.LocalName + "/" + (Attribute(binding, "name") ?? string.Empty), Position(path, mode))
                            {
                                Detail = mode.Value.Trim(),
                            });
                        }
                    }
                }
            }
        }

        // What the translation to the host's appsettings.json says about this file's settings (one place decides both).
        if (ReadModel(path, document!) is { } model)
        {
            foreach (var finding in HostTranslation.Translate(new[] { model }, string.Empty).Findings)
            {
                usages.Add(new HostingUsageModel(HostingUsageKind.ConfigurationTranslation, finding.MessageId, finding.Position) { Finding = finding });
            }
        }

        return usages;
    }

    /// <summary>
    /// The <c>&lt;system.serviceModel&gt;</c> of <paramref name="text"/> with every setting and its place; null when the
    /// text has no such section or is not XML (<see cref="Read"/> reports that).
    /// </summary>
    public static ServiceModelConfiguration? ReadModel(string path, string text)
        => MayHoldServiceModel(text) && TryParse(path, text, out var document, out _) ? ReadModel(path, document!) : null;

    private static ServiceModelConfiguration? ReadModel(string path, XDocument document)
    {
        var sections = document.Descendants().Where(e => e.Name.LocalName == SectionName).ToList();
        if (sections.Count == 0)
        {
            return null;
        }

        var services = new List<ConfiguredService>();
        var clients = new List<ConfiguredEndpoint>();
        var bindings = new List<ConfiguredBinding>();
        var behaviors = new List<ConfiguredBehavior>();
        foreach (var section in sections)
        {
            foreach (var service in Children(section, "services", "service"))
            {
                var baseAddresses = Children(service, "host", "baseAddresses").SelectMany(b => b.Elements()).Where(e => e.Name.LocalName == "add")
                    .Select(a => a.Attributes().FirstOrDefault(x => x.Name.LocalName == "baseAddress")).OfType<XAttribute>()
                    .Select(a => new ConfigurationSetting("baseAddress", a.Value.Trim(), Position(path, a)!));
                services.Add(new ConfiguredService(
                    Trimmed(service, "name"),
                    Trimmed(service, "behaviorConfiguration"),
                    service.Elements().Where(e => e.Name.LocalName == "endpoint").Select(e => Endpoint(path, e)).ToEquatableArray(),
                    baseAddresses.ToEquatableArray(),
                    Position(path, service)!));
            }

            clients.AddRange(Children(section, "client", "endpoint").Select(e => Endpoint(path, e)));
            foreach (var bindingType in section.Elements().Where(e => e.Name.LocalName == "bindings").SelectMany(b => b.Elements()))
            {
                bindings.AddRange(bindingType.Elements().Where(e => e.Name.LocalName == "binding")
                    .Select(b => new ConfiguredBinding(bindingType.Name.LocalName, Trimmed(b, "name"), Settings(path, b).ToEquatableArray(), Position(path, b)!)));
            }

            foreach (var kind in section.Elements().Where(e => e.Name.LocalName == "behaviors").SelectMany(b => b.Elements()))
            {
                behaviors.AddRange(kind.Elements().Where(e => e.Name.LocalName == "behavior")
                    .Select(b => new ConfiguredBehavior(kind.Name.LocalName, Trimmed(b, "name"), Settings(path, b).ToEquatableArray(), Position(path, b)!)));
            }
        }

        return new ServiceModelConfiguration(path, services.ToEquatableArray(), clients.ToEquatableArray(), bindings.ToEquatableArray(), behaviors.ToEquatableArray());
    }

    private static ConfiguredEndpoint Endpoint(string path, XElement endpoint)
    {
        var position = Position(path, endpoint)!;
        var address = endpoint.Attributes().FirstOrDefault(a => a.Name.LocalName == "address");
        return new ConfiguredEndpoint(Trimmed(endpoint, "name"), address?.Value.Trim() ?? string.Empty, Trimmed(endpoint, "binding"), Trimmed(endpoint, "bindingConfiguration"), Trimmed(endpoint, "contract"), position)
        {
            AddressPosition = address is null ? position : Position(path, address)!,
        };
    }

    /// <summary>Every attribute below <paramref name="owner"/> but its own name (paths relative to it), and every
    /// descendant element with neither attributes nor child elements, in document order.</summary>
    private static IEnumerable<ConfigurationSetting> Settings(string path, XElement owner)
    {
        foreach (var attribute in owner.Attributes().Where(a => a.Name.LocalName != "name" && !a.IsNamespaceDeclaration))
        {
            yield return new ConfigurationSetting(attribute.Name.LocalName, attribute.Value.Trim(), Position(path, attribute)!);
        }

        foreach (var element in owner.Descendants())
        {
            var name = string.Join("/", element.AncestorsAndSelf().TakeWhile(e => e != owner).Reverse().Select(e => e.Name.LocalName));
            var attributes = element.Attributes().Where(a => !a.IsNamespaceDeclaration).ToList();
            if (attributes.Count == 0 && !element.HasElements)
            {
                yield return new ConfigurationSetting(name, string.Empty, Position(path, element)!) { IsElement = true };
            }

            foreach (var attribute in attributes)
            {
                yield return new ConfigurationSetting(name + "/" + attribute.Name.LocalName, attribute.Value.Trim(), Position(path, attribute)!);
            }
        }
    }

    private static bool TryParse(string path, string text, out XDocument? document, out HostingUsageModel? unreadable)
    {
        try
        {
            // No DTDs and no external resolution: a config file is data, never a reason to fetch anything.
            var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null };
            using var reader = XmlReader.Create(new StringReader(text), settings);
            document = XDocument.Load(reader, LoadOptions.SetLineInfo);
            unreadable = null;
            return true;
        }
        catch (XmlException ex)
        {
            var position = new SourcePosition(path, Math.Max(ex.LineNumber, 1), Math.Max(ex.LinePosition, 1));
            document = null;
            unreadable = new HostingUsageModel(HostingUsageKind.UnreadableConfiguration, FileName(path), position) { Detail = ex.Message };
            return false;
        }
    }

    private static string Trimmed(XElement element, string name) => Attribute(element, name)?.Trim() ?? string.Empty;

    /// <summary>Each service behavior's serviceThrottling maxConcurrentCalls (a positive number), by behavior name ("" for
    /// the unnamed one, which WCF applies to services that name none).</summary>
    private static Dictionary<string, (int Value, XAttribute Attribute)> MaxConcurrentCalls(XElement section)
    {
        var found = new Dictionary<string, (int, XAttribute)>(StringComparer.Ordinal);
        foreach (var behavior in Children(section, "behaviors", "serviceBehaviors").SelectMany(b => b.Elements()).Where(e => e.Name.LocalName == "behavior"))
        {
            var calls = behavior.Elements().Where(e => e.Name.LocalName == "serviceThrottling")
                .Select(t => t.Attributes().FirstOrDefault(a => a.Name.LocalName == "maxConcurrentCalls")).FirstOrDefault(a => a is not null);
            if (calls is not null && int.TryParse(calls.Value.Trim(), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var value) && value > 0)
            {
                var name = Attribute(behavior, "name")?.Trim() ?? string.Empty;
                if (!found.ContainsKey(name))
                {
                    found[name] = (value, calls);
                }
            }
        }

        return found;
    }

    private static void AddEndpoint(List<HostingUsageModel> usages, string path, XElement endpoint)
    {
        AddAddress(usages, path, endpoint, "address");
        if (endpoint.Attributes().FirstOrDefault(a => a.Name.LocalName == "binding") is { } binding && binding.Value.Trim().Length > 0)
        {
            usages.Add(new HostingUsageModel(HostingUsageKind.ConfiguredBinding, binding.Value.Trim(), Position(path, binding)));
        }
    }

    private static void AddAddress(List<HostingUsageModel> usages, string path, XElement element, string attributeName)
    {
        if (element.Attributes().FirstOrDefault(a => a.Name.LocalName == attributeName) is { } address && address.Value.Trim().Length > 0)
        {
            usages.Add(new HostingUsageModel(HostingUsageKind.Address, "System.String", Position(path, address)) { Detail = address.Value.Trim() });
        }
    }

    private static IEnumerable<XElement> Children(XElement parent, string group, string name)
        => parent.Elements().Where(e => e.Name.LocalName == group).SelectMany(g => g.Elements()).Where(e => e.Name.LocalName == name);

    private static string? Attribute(XElement element, string name)
        => element.Attributes().FirstOrDefault(a => a.Name.LocalName == name)?.Value;

    /// <summary>The element's or attribute's name as the place (XML line info points at the name).</summary>
    private static SourcePosition? Position(string path, XObject node)
    {
        var name = node switch
        {
            XElement element => element.Name.LocalName,
            XAttribute attribute => attribute.Name.LocalName,
            _ => string.Empty,
        };
        return node is IXmlLineInfo info && info.HasLineInfo()
            ? new SourcePosition(path, info.LineNumber, info.LinePosition) { EndLine = info.LineNumber, EndColumn = info.LinePosition + name.Length }
            : new SourcePosition(path, 1, 1);
    }

    /// <summary>The last segment of a path given with '/' or '\' (the engine builds no paths: System.IO.Path is banned).</summary>
    private static string FileName(string path) => path.Substring(Math.Max(path.LastIndexOf('/'), path.LastIndexOf('\\')) + 1);
}
