using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// The C# plan (<see cref="CSharpPlan"/>): names of the generated types, which implementation serves which contract,
/// the fault registrations and the compatibility types. Made after every proto name is final, so asking for C# never
/// changes the .proto output; each name is claimed in its C# namespace beside the messages protoc writes there.
/// </summary>
internal sealed partial class ProtoMapper
{
    private const string HostingClassName = "MigratedServices";
    private const string OptionsClassName = "MigratedServicesOptions";
    private const string ClientFactoryClassName = "MigratedClientFactory";
    private const string FaultsClassName = "MigratedFaults";
    private const string AnyClassName = "MigratedAny";

    private CSharpPlan PlanCSharp(ImmutableArray<ProtoFile> files, CSharpOptions options)
    {
        var serviceFiles = files.Where(f => f.Services.Count > 0).ToList();
        var setNamespace = options.Namespace
            ?? (serviceFiles.Count > 0 ? serviceFiles : files.ToList()).GroupBy(f => f.CSharpNamespace)
                .OrderByDescending(g => g.Count()).ThenBy(g => g.Key, StringComparer.Ordinal).Select(g => g.Key).FirstOrDefault()
            ?? "Migrated";

        var hosting = _names.ClaimCSharp(HostingClassName, setNamespace);
        var optionsClass = _names.ClaimCSharp(OptionsClassName, setNamespace);
        var factory = _names.ClaimCSharp(ClientFactoryClassName, setNamespace);
        var faults = _names.ClaimCSharp(FaultsClassName, setNamespace);
        var any = files.Any(f => f.Definitions.Any(d => d.Message is { } m && m.Fields.Concat(m.Oneofs.SelectMany(o => o.Fields)).Any(x => HasAny(x.Conversion))))
            ? _names.ClaimCSharp(AnyClassName, setNamespace)
            : null;

        var contracts = _model.Services.ToDictionary(s => s.Key, StringComparer.Ordinal);
        var factoryMethods = new LocalNames();
        var optionProperties = new LocalNames();
        var services = new List<CSharpServicePlan>();
        foreach (var file in serviceFiles)
        {
            foreach (var service in file.Services)
            {
                var contract = contracts[service.ContractKey!];
                var ns = file.CSharpNamespace;
                var members = new LocalNames();
                var serving = Serving(contract.Key);
                var implementations = serving
                    .Select(i => new CSharpImplementation(i.Key, i.CSharpName, members.Claim(i.ClrName), i.InstanceContextMode,
                        i.ConcurrencyMode == ConcurrencyModeValue.Reentrant ? ConcurrencyModeValue.Single : i.ConcurrencyMode)
                    {
                        OneWayWorkers = ConfiguredMaxConcurrentCalls(i.Key),
                    })
                    .ToEquatableArray();
                var choice = implementations.Count > 1
                    ? new CSharpImplementationChoice(_names.ClaimCSharp(service.Name + "Implementation", setNamespace), optionProperties.Claim(service.Name)) { IsInternal = serving.Any(i => i.IsInternal) }
                    : null;
                services.Add(new CSharpServicePlan(
                    contract.Key,
                    file.Path,
                    _names.ClaimCSharp(service.Name + "Adapter", ns),
                    contract.IsClass ? null : _names.ClaimCSharp(service.Name + "Proxy", ns),
                    contract.CallbackContractKey is null ? null : _names.ClaimCSharp(service.Name + "CallbackProxy", ns),
                    factoryMethods.Claim("Create" + service.Name),
                    implementations,
                    choice)
                {
                    IsInternal = contract.IsInternal,
                });
            }
        }

        var mappers = files
            .Where(f => f.Definitions.Any(d => d.Message?.Origin?.Kind is MessageOriginKind.DataType or MessageOriginKind.Generated))
            .Select(f => new CSharpMapperPlan(f.Path, _names.ClaimCSharp(ProtoNames.ToPascal(FileBaseName(f.Path)) + "Mappers", f.CSharpNamespace)))
            .ToEquatableArray();

        var used = _model.Implementations.Aggregate(_model.UsedInCode, (all, i) => all | i.ServiceModelTypesUsed);
        if (_model.Services.SelectMany(s => s.Operations).Any(o => o.WebHttp is { FromServiceModel: true }))
        {
            used |= ServiceModelTypes.WebHttp;
        }

        var compatibility = options.Target == CSharpTarget.ServiceModelPrimitives ? used : used & ~_model.ReferencedServiceModelTypes;
        // The implementations' namespaces, and those of any other type naming it (a base class every service derives from).
        var operationContextNamespaces = _model.Implementations
            .Where(i => i.OperationContextUses.Any(u => u.Kind != OperationContextUseKind.QualifiedName))
            .Select(i => i.CSharpNamespace)
            .Concat(_model.OperationContextNamespaces)
            .Distinct(StringComparer.Ordinal)
            .OrderBy(n => n, StringComparer.Ordinal)
            .ToEquatableArray();

        return new CSharpPlan(setNamespace, hosting, optionsClass, factory, faults, any, services.ToEquatableArray(), mappers, FaultRegistrations(),
            compatibility, operationContextNamespaces, typeof(ProtoMapper).Assembly.GetName().Version?.ToString() ?? "0.0.0.0")
        {
            HasHttpJsonOperations = _hasHttpRules,
        };
    }

    /// <summary>Every [FaultContract] detail type that has a proto form, once, by key, with the status code its rpcs' comments name.</summary>
    private EquatableArray<CSharpFault> FaultRegistrations()
    {
        var faults = new SortedDictionary<string, CSharpFault>(StringComparer.Ordinal);
        foreach (var detail in _model.Services.SelectMany(s => s.Operations).SelectMany(o => o.Faults))
        {
            var code = StatusCodeMember(FaultStatus(detail.Display));
            if (detail.Shape == TypeShape.DataType && _typeInfo.TryGetValue(detail.Key, out var info))
            {
                faults[detail.Key] = new CSharpFault(detail.Key, info.Model.CSharpName, code);
            }
            else if (detail.Shape == TypeShape.Primitive && Primitives.TryGetValue(detail.Key, out var primitive)
                && primitive.Conversion is ConversionKind.Same or ConversionKind.Bytes && ScalarWrappers.TryGetValue(primitive.Proto, out var wrapper))
            {
                // A built-in detail (FaultException<string>) travels in its well-known wrapper message.
                faults[detail.Key] = new CSharpFault(detail.Key, detail.CSharp?.Name ?? detail.Key, code, wrapper);
            }
        }

        return faults.Values.ToEquatableArray();
    }

    /// <summary>A status code's canonical name as its Grpc.Core.StatusCode member: FAILED_PRECONDITION → FailedPrecondition.</summary>
    private static string StatusCodeMember(string canonical)
        => string.Concat(canonical.Split('_').Select(w => w.Substring(0, 1) + w.Substring(1).ToLowerInvariant()));

    private static string FileBaseName(string path)
    {
        var name = path.Substring(path.LastIndexOf('/') + 1);
        return name.EndsWith(".proto", StringComparison.Ordinal) ? name.Substring(0, name.Length - ".proto".Length) : name;
    }

    private static bool HasAny(ProtoConversion? conversion)
        => conversion is not null && (conversion.Kind == ConversionKind.Any || conversion.Arguments.Any(HasAny));

    /// <summary>The serviceThrottling maxConcurrentCalls the .config files give the service named <paramref name="key"/>.</summary>
    private int? ConfiguredMaxConcurrentCalls(string key)
        => _model.HostingUsages.Where(u => u.Kind == HostingUsageKind.ServiceThrottling && u.TypeName == key)
            .Select(u => int.TryParse(u.Detail, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var calls) ? calls : (int?)null)
            .FirstOrDefault(c => c is > 0);
}
