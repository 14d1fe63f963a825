using System.Text;

namespace MigrateWcf.Generator.Benchmarks;

/// <summary>
/// Writes a deterministic corpus of realistic WCF code: per contract one service interface, one data-contract file and
/// one implementation (3 files per contract). Shapes vary by index: optional members, collections, maps, faults,
/// one-way operations, explicit Order, known types, nullable values, dates and decimals.
/// </summary>
internal static class CorpusGenerator
{
    private static readonly string[] Nouns =
    [
        "Order", "Customer", "Invoice", "Shipment", "Product", "Payment", "Account", "Ticket", "Booking", "Claim",
        "Policy", "Vehicle", "Patient", "Course", "Supplier", "Contract", "Warehouse", "Employee", "Project", "Device",
    ];

    /// <summary>Module folders; with <c>projects</c>, each is an SDK-style project of its own (the modules share no types).</summary>
    public const int Modules = 40;

    /// <param name="totalFiles">When larger than 3 files per contract, plain C# files with no WCF in them (helpers, as a real
    /// service solution has many more of than contracts) are added across the modules until the corpus has this many.</param>
    public static int Generate(string folder, int contracts, bool projects = false, int totalFiles = 0)
    {
        var files = 0;
        for (var m = 0; projects && m < Math.Min(Modules, contracts); m++)
        {
            var module = $"Module{m:00}";
            Directory.CreateDirectory(Path.Combine(folder, module));
            File.WriteAllText(Path.Combine(folder, module, module + ".csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup>\n</Project>\n");
        }

        for (var i = 0; i < contracts; i++)
        {
            var module = $"Module{i % Modules:00}";
            var name = $"{Nouns[i % Nouns.Length]}{i:0000}";
            var ns = $"Contoso.{module}";
            var contractFolder = Path.Combine(folder, module, name);
            Directory.CreateDirectory(contractFolder);
            File.WriteAllText(Path.Combine(contractFolder, $"I{name}Service.cs"), ServiceContract(ns, module, name, i));
            File.WriteAllText(Path.Combine(contractFolder, $"{name}Data.cs"), DataContracts(ns, module, name, i));
            File.WriteAllText(Path.Combine(contractFolder, $"{name}Service.cs"), Implementation(ns, name, i));
            files += 3;
        }

        for (var i = 0; files < totalFiles; i++)
        {
            var module = $"Module{i % Math.Min(Modules, Math.Max(contracts, 1)):00}";
            var supportFolder = Path.Combine(folder, module, "Support");
            Directory.CreateDirectory(supportFolder);
            File.WriteAllText(Path.Combine(supportFolder, $"Helper{i:0000}.cs"), Helper($"Contoso.{module}.Support", i));
            files++;
        }

        return files;
    }

    /// <summary>A plain class (no contract, no data contract): what the engine must read past.</summary>
    private static string Helper(string ns, int i)
    {
        var b = new StringBuilder();
        b.AppendLine("using System;");
        b.AppendLine("using System.Collections.Generic;");
        b.AppendLine("using System.Linq;");
        b.AppendLine();
        b.AppendLine($"namespace {ns}");
        b.AppendLine("{");
        b.AppendLine($"    /// <summary>Formatting and lookup helpers, set {i}.</summary>");
        b.AppendLine($"    public sealed class Helper{i:0000}");
        b.AppendLine("    {");
        b.AppendLine("        private readonly Dictionary<string, int> _counts = new Dictionary<string, int>();");
        b.AppendLine();
        b.AppendLine("        public string Name { get; set; }");
        b.AppendLine();
        b.AppendLine("        public DateTime Created { get; } = DateTime.UtcNow;");
        b.AppendLine();
        b.AppendLine("        public int Count(string key)");
        b.AppendLine("        {");
        b.AppendLine("            int value;");
        b.AppendLine("            _counts[key] = _counts.TryGetValue(key, out value) ? value + 1 : 1;");
        b.AppendLine("            return _counts[key];");
        b.AppendLine("        }");
        b.AppendLine();
        b.AppendLine("        public static string Describe(IEnumerable<decimal> amounts)");
        b.AppendLine("        {");
        b.AppendLine($"            return string.Join(\", \", amounts.Where(a => a > {i % 50}m).Select(a => a.ToString(\"F2\")));");
        b.AppendLine("        }");
        b.AppendLine("    }");
        b.AppendLine("}");
        return b.ToString();
    }

    private static string ServiceContract(string ns, string module, string name, int i)
    {
        var b = new StringBuilder();
        b.AppendLine("using System;");
        b.AppendLine("using System.Collections.Generic;");
        b.AppendLine("using System.ServiceModel;");
        b.AppendLine();
        b.AppendLine($"namespace {ns}");
        b.AppendLine("{");
        b.AppendLine($"    /// <summary>Manages {name} records for the {module} back office.</summary>");
        b.AppendLine($"    [ServiceContract(Namespace = \"http://contoso.example/{module.ToLowerInvariant()}\")]");
        b.AppendLine($"    public interface I{name}Service");
        b.AppendLine("    {");
        b.AppendLine($"        /// <summary>Returns one {name} or null.</summary>");
        b.AppendLine("        [OperationContract]");
        b.AppendLine($"        {name} Get{name}(Guid id);");
        b.AppendLine();
        b.AppendLine("        [OperationContract]");
        b.AppendLine($"        List<{name}Summary> Find{name}s(string query, int skip, int take, {name}Status? status);");
        b.AppendLine();
        b.AppendLine("        [OperationContract]");
        b.AppendLine($"        [FaultContract(typeof({name}Fault))]");
        b.AppendLine($"        {name} Save{name}({name} item);");
        b.AppendLine();
        b.AppendLine("        [OperationContract(IsOneWay = true)]");
        b.AppendLine($"        void Touch{name}(Guid id, DateTime when);");
        b.AppendLine();
        b.AppendLine("        [OperationContract]");
        b.AppendLine($"        decimal Total{name}Amount(Guid[] ids, DateTimeOffset since);");
        if (i % 3 != 0)
        {
            b.AppendLine();
            b.AppendLine("        [OperationContract]");
            b.AppendLine($"        [FaultContract(typeof({name}Fault))]");
            b.AppendLine($"        bool Delete{name}(Guid id, string reason);");
        }

        if (i % 3 == 2)
        {
            b.AppendLine();
            b.AppendLine("        [OperationContract]");
            b.AppendLine($"        Dictionary<string, int> Count{name}sByStatus(TimeSpan window);");
        }

        b.AppendLine("    }");
        b.AppendLine("}");
        return b.ToString();
    }

    private static string DataContracts(string ns, string module, string name, int i)
    {
        var ordered = i % 2 == 0;
        string Order(int n) => ordered ? $"(Order = {n})" : string.Empty;
        var b = new StringBuilder();
        b.AppendLine("using System;");
        b.AppendLine("using System.Collections.Generic;");
        b.AppendLine("using System.Runtime.Serialization;");
        b.AppendLine();
        b.AppendLine($"namespace {ns}");
        b.AppendLine("{");
        if (i % 10 == 0)
        {
            b.AppendLine($"    [KnownType(typeof(Priority{name}))]");
        }

        b.AppendLine($"    [DataContract(Namespace = \"http://contoso.example/{module.ToLowerInvariant()}/data\")]");
        b.AppendLine($"    public class {name}");
        b.AppendLine("    {");
        string[] members =
        [
            "Guid Id", "string Name", "DateTime CreatedAt", "decimal Amount", $"{name}Status Status",
            $"List<{name}Line> Lines", "Dictionary<string, string> Tags", "Guid? ParentId", "string Notes", "int Version",
        ];
        for (var m = 0; m < members.Length; m++)
        {
            b.AppendLine($"        [DataMember{Order(m + 1)}]");
            b.AppendLine($"        public {members[m]} {{ get; set; }}");
            b.AppendLine();
        }

        b.AppendLine("        /// <summary>Not part of the contract.</summary>");
        b.AppendLine("        public string CachedDisplayName { get; set; }");
        b.AppendLine("    }");
        b.AppendLine();
        if (i % 10 == 0)
        {
            b.AppendLine("    [DataContract]");
            b.AppendLine($"    public class Priority{name} : {name}");
            b.AppendLine("    {");
            b.AppendLine("        [DataMember]");
            b.AppendLine("        public int Priority { get; set; }");
            b.AppendLine("    }");
            b.AppendLine();
        }

        b.AppendLine("    [DataContract]");
        b.AppendLine($"    public class {name}Line");
        b.AppendLine("    {");
        b.AppendLine("        [DataMember] public string Sku { get; set; }");
        b.AppendLine("        [DataMember] public int Quantity { get; set; }");
        b.AppendLine("        [DataMember] public decimal UnitPrice { get; set; }");
        b.AppendLine("        [DataMember] public double? Discount { get; set; }");
        b.AppendLine("    }");
        b.AppendLine();
        b.AppendLine("    [DataContract]");
        b.AppendLine($"    public class {name}Summary");
        b.AppendLine("    {");
        b.AppendLine("        [DataMember] public Guid Id { get; set; }");
        b.AppendLine("        [DataMember] public string Name { get; set; }");
        b.AppendLine($"        [DataMember] public {name}Status Status {{ get; set; }}");
        b.AppendLine("        [DataMember] public long Revision { get; set; }");
        b.AppendLine("    }");
        b.AppendLine();
        b.AppendLine("    [DataContract]");
        b.AppendLine($"    public enum {name}Status");
        b.AppendLine("    {");
        b.AppendLine("        [EnumMember] Draft,");
        b.AppendLine("        [EnumMember] Active,");
        b.AppendLine("        [EnumMember(Value = \"on-hold\")] OnHold,");
        b.AppendLine("        [EnumMember] Closed,");
        b.AppendLine("    }");
        b.AppendLine();
        b.AppendLine("    [DataContract]");
        b.AppendLine($"    public class {name}Fault");
        b.AppendLine("    {");
        b.AppendLine("        [DataMember] public string Code { get; set; }");
        b.AppendLine("        [DataMember] public string Detail { get; set; }");
        b.AppendLine("    }");
        b.AppendLine("}");
        return b.ToString();
    }

    private static string Implementation(string ns, string name, int i)
    {
        var instancing = (i % 3) switch { 0 => "PerCall", 1 => "PerSession", _ => "Single" };
        var b = new StringBuilder();
        b.AppendLine("using System;");
        b.AppendLine("using System.Collections.Generic;");
        b.AppendLine("using System.Linq;");
        b.AppendLine("using System.ServiceModel;");
        b.AppendLine();
        b.AppendLine($"namespace {ns}");
        b.AppendLine("{");
        b.AppendLine($"    [ServiceBehavior(InstanceContextMode = InstanceContextMode.{instancing}, ConcurrencyMode = ConcurrencyMode.{(i % 2 == 0 ? "Single" : "Multiple")})]");
        b.AppendLine($"    public class {name}Service : I{name}Service");
        b.AppendLine("    {");
        b.AppendLine($"        private readonly Dictionary<Guid, {name}> _items = new Dictionary<Guid, {name}>();");
        b.AppendLine();
        b.AppendLine($"        public {name} Get{name}(Guid id) => _items.TryGetValue(id, out var item) ? item : null;");
        b.AppendLine();
        b.AppendLine($"        public List<{name}Summary> Find{name}s(string query, int skip, int take, {name}Status? status)");
        b.AppendLine("        {");
        b.AppendLine("            return _items.Values");
        b.AppendLine("                .Where(x => (status == null || x.Status == status) && (query == null || x.Name.Contains(query)))");
        b.AppendLine("                .Skip(skip).Take(take)");
        b.AppendLine($"                .Select(x => new {name}Summary {{ Id = x.Id, Name = x.Name, Status = x.Status, Revision = x.Version }})");
        b.AppendLine("                .ToList();");
        b.AppendLine("        }");
        b.AppendLine();
        b.AppendLine($"        public {name} Save{name}({name} item)");
        b.AppendLine("        {");
        b.AppendLine("            if (string.IsNullOrEmpty(item.Name))");
        b.AppendLine("            {");
        b.AppendLine($"                throw new FaultException<{name}Fault>(new {name}Fault {{ Code = \"NameRequired\" }}, \"A name is required.\");");
        b.AppendLine("            }");
        b.AppendLine();
        b.AppendLine("            item.Version++;");
        b.AppendLine("            _items[item.Id] = item;");
        b.AppendLine("            return item;");
        b.AppendLine("        }");
        b.AppendLine();
        b.AppendLine($"        public void Touch{name}(Guid id, DateTime when)");
        b.AppendLine("        {");
        b.AppendLine("            if (_items.TryGetValue(id, out var item)) { item.Notes = \"touched \" + when.ToString(\"O\"); }");
        b.AppendLine("        }");
        b.AppendLine();
        b.AppendLine($"        public decimal Total{name}Amount(Guid[] ids, DateTimeOffset since)");
        b.AppendLine("            => ids.Select(Get" + name + ").Where(x => x != null && x.CreatedAt >= since.UtcDateTime).Sum(x => x.Amount);");
        if (i % 3 != 0)
        {
            b.AppendLine();
            b.AppendLine($"        public bool Delete{name}(Guid id, string reason) => _items.Remove(id);");
        }

        if (i % 3 == 2)
        {
            b.AppendLine();
            b.AppendLine($"        public Dictionary<string, int> Count{name}sByStatus(TimeSpan window)");
            b.AppendLine("            => _items.Values.Where(x => x.CreatedAt >= DateTime.UtcNow - window)");
            b.AppendLine("                .GroupBy(x => x.Status.ToString()).ToDictionary(g => g.Key, g => g.Count());");
        }

        b.AppendLine("    }");
        b.AppendLine("}");
        return b.ToString();
    }
}
