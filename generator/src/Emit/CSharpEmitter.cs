using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// The C# emitters' driver: from the contract model, the proto model and the C# plan to the C# files that compile with
/// what Grpc.Tools generates from the .proto files (<c>GrpcServices="Both"</c>), the legacy sources and
/// MigrateWcf.Runtime. Paths are relative to the .proto files' output folder: a file beside the .proto file its types
/// belong to, set-wide files at the root, compatibility types under <c>Compatibility/</c>. Pure: same input, same bytes.
/// </summary>
internal static class CSharpEmitter
{
    private const string CompatibilityFolder = "Compatibility/";

    public static (ImmutableArray<GeneratedFile> Files, List<Finding> Findings) Emit(ContractModel model, ImmutableArray<ProtoFile> files, CSharpPlan plan)
    {
        var index = new ProtoIndex(model, files, plan);
        var output = new List<GeneratedFile>();
        var findings = new List<Finding>();
        var contracts = model.Services.ToDictionary(s => s.Key, StringComparer.Ordinal);
        var byPath = files.ToDictionary(f => f.Path, StringComparer.Ordinal);

        // Each file is written inside a guard, like mapping: a bug met on one contract costs its files and a finding, not the run.
        void Add(string path, Func<string> emit, Func<Exception, Finding> failed)
        {
            try
            {
                output.Add(new GeneratedFile(path, emit()));
            }
            catch (Exception ex) when (ex is not OperationCanceledException)
            {
                findings.Add(failed(ex));
            }
        }

        var hasCommon = byPath.ContainsKey(ProtoMapper.CommonFile);
        output.Add(new GeneratedFile(Folder(ProtoMapper.CommonFile) + CommonTypesCSharp.FileName, CommonTypesCSharp.Emit(hasCommon, plan.Version)));
        foreach (var mapper in plan.Mappers)
        {
            var file = byPath[mapper.ProtoFile];
            Add(Folder(file.Path) + mapper.ClassName + ".g.cs", () => MapperEmitter.Emit(file, mapper, index, plan),
                ex => Finding.Create(FindingMessages.TypeMappingFailed, null, file.Path, ex.GetType().Name, ex.Message));
        }

        foreach (var service in plan.Services)
        {
            var file = byPath[service.ProtoFile];
            var protoService = file.Services.Single(s => s.ContractKey == service.ContractKey);
            var contract = contracts[service.ContractKey];
            Finding Failed(Exception ex) => Finding.Create(FindingMessages.ContractMappingFailed, contract.Position, contract.Key, ex.GetType().Name, ex.Message);
            Add(Folder(file.Path) + service.Adapter + ".g.cs", () => AdapterEmitter.Emit(file, protoService, contract, service, index, plan), Failed);
            if (service.Proxy is not null)
            {
                Add(Folder(file.Path) + service.Proxy + ".g.cs", () => ProxyEmitter.Emit(file, protoService, contract, service, index, plan), Failed);
            }
        }

        Finding SetFailed(Exception ex) => Finding.Create(FindingMessages.ContractMappingFailed, null, plan.Namespace, ex.GetType().Name, ex.Message);
        Add(plan.HostingClass + ".g.cs", () => HostingEmitter.Hosting(plan, index), SetFailed);
        var protoServices = plan.Services.Where(s => s.Proxy is not null)
            .Select(s => (byPath[s.ProtoFile], byPath[s.ProtoFile].Services.Single(p => p.ContractKey == s.ContractKey))).ToList();
        Add(plan.ClientFactoryClass + ".g.cs", () => HostingEmitter.ClientFactory(model, plan, index, protoServices), SetFailed);
        Add(plan.FaultsClass + ".g.cs", () => HostingEmitter.Faults(plan, index), SetFailed);
        if (plan.AnyClass is not null)
        {
            Add(plan.AnyClass + ".g.cs", () => HostingEmitter.Any(plan, index), SetFailed);
        }

        const ServiceModelTypes web = ServiceModelTypes.WebHttp | ServiceModelTypes.WebOperationContext;
        if ((plan.CompatibilityTypes & ~web) != ServiceModelTypes.None)
        {
            output.Add(new GeneratedFile(CompatibilityFolder + "System.ServiceModel.g.cs", CompatibilityEmitter.ServiceModel(plan)));
        }

        if ((plan.CompatibilityTypes & web) != ServiceModelTypes.None)
        {
            output.Add(new GeneratedFile(CompatibilityFolder + "System.ServiceModel.Web.g.cs", CompatibilityEmitter.ServiceModelWeb(plan)));
        }

        foreach (var @namespace in plan.OperationContextNamespaces)
        {
            output.Add(new GeneratedFile(CompatibilityFolder + (@namespace.Length == 0 ? "global" : @namespace) + ".OperationContext.g.cs", CompatibilityEmitter.OperationContext(@namespace, plan)));
        }

        return (output.OrderBy(f => f.RelativePath, StringComparer.Ordinal).ToImmutableArray(), findings);
    }

    /// <summary>The first lines of every generated file.</summary>
    public static void Header(CSharpWriter w, string source)
    {
        w.Line("// <auto-generated/>");
        w.Line($"// Generated by migrate-wcf from {source}.");
        w.Line("// Do not edit: change the C# contract and run migrate-wcf again.");
        w.Line("#nullable enable");
        w.Line("// The legacy code may mark its contracts and types obsolete; the generated code still calls them.");
        w.Line("#pragma warning disable CS0612, CS0618");
        w.Line();
    }

    /// <summary>The accessibility of generated code: internal when it names a type that is not public (C# requires it), else public.</summary>
    public static string Access(bool isInternal) => isInternal ? "internal" : "public";

    public static void GeneratedCode(CSharpWriter w, CSharpPlan plan)
        => w.Line($"[global::System.CodeDom.Compiler.GeneratedCode(\"migrate-wcf\", \"{plan.Version}\")]");

    /// <summary>The Any packing class of the set, when a field needs it.</summary>
    public static string? AnyClass(CSharpPlan plan) => plan.AnyClass is null ? null : "global::" + plan.Namespace + "." + plan.AnyClass;

    private static string Folder(string path) => path.Substring(0, path.LastIndexOf('/') + 1);
}
