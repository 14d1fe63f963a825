using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Writes the set-wide C#: the hosting pair <c>AddMigratedServices</c> / <c>MapMigratedServices</c> with its options
/// (which class serves a contract several classes implement), the client factory, the fault detail registrations
/// and, when some field is an <c>object</c>, the Any packing of the set's data types.
/// </summary>
internal static class HostingEmitter
{
    private const string Runtime = "global::MigrateWcf.Runtime";

    public static string Hosting(CSharpPlan plan, ProtoIndex index)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, "the WCF services of this set");
        w.OpenNamespace(plan.Namespace, index.DeclaredTypeNames);
        // The runtime's extension methods live where grpc-dotnet's do (AddGrpc, MapGrpcService).
        w.Using("global::Microsoft.AspNetCore.Builder");
        w.Using("global::Microsoft.Extensions.DependencyInjection");
        foreach (var service in plan.Services.Where(s => s.Choice is not null))
        {
            w.Summary($"The classes implementing {service.ContractKey}; a gRPC server serves one of them under the contract's service name.");
            CSharpEmitter.GeneratedCode(w, plan);
            w.Open($"{CSharpEmitter.Access(service.Choice!.IsInternal)} enum {service.Choice.Enum}");
            foreach (var implementation in service.Implementations)
            {
                w.Summary(implementation.Key + (implementation == service.Implementations[0] ? " (the default)." : "."));
                w.Line(implementation.Member + ",");
            }

            w.Close();
            w.Line();
        }

        w.Summary($"Which class serves each contract several classes implement: ordinary options, bindable from configuration (the generated host binds a section to them).");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open($"public sealed class {plan.OptionsClass}");
        var first = true;
        foreach (var service in plan.Services.Where(s => s.Choice is not null))
        {
            if (!first)
            {
                w.Line();
            }

            first = false;
            w.Summary($"Which class serves {service.ContractKey}.");
            w.Line($"{CSharpEmitter.Access(service.Choice!.IsInternal)} {service.Choice.Enum} {service.Choice.Property} {{ get; set; }} = {service.Choice.Enum}.{service.Implementations[0].Member};");
        }

        w.Close();
        w.Line();

        w.Summary("Hosts the migrated services of this set on the runtime's gRPC hosting (MigratedHost / AddGrpcEndpoint): each served by its implementation class with the InstanceContextMode and ConcurrencyMode of its [ServiceBehavior]. Contracts without an implementation in the set are not served; serve one with AddWcfService<TImpl> and MapGrpcService<{Contract}Adapter<TImpl>>.");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open($"public static class {plan.HostingClass}");
        w.Summary($"Registers every implementation with its instancing and concurrency, the WCF semantics layer and this set's fault detail types. The runtime's WCF options ({Runtime.Substring(8)}.WcfServiceOptions: session and callback timeouts, one-way workers) are ordinary options too.");
        w.Open($"public static global::Microsoft.Extensions.DependencyInjection.IServiceCollection AddMigratedServices(this global::Microsoft.Extensions.DependencyInjection.IServiceCollection services, global::System.Action<{plan.OptionsClass}>? configure = null)");
        w.Line($"services.AddWcfSemantics(wcf => {plan.FaultsClass}.Register(wcf.Faults));");
        w.Line("if (configure is not null) services.Configure(configure);");
        if ((plan.CompatibilityTypes & ServiceModelTypes.WebOperationContext) != 0)
        {
            // The generated WebOperationContext finds the call's HTTP request through IHttpContextAccessor.
            w.Line("services.AddWcfWebOperations();");
        }

        var registered = new HashSet<string>();
        // Every class a contract may be served by: an invoker is built only for the one MapMigratedServices maps, so the
        // choice can come from options read after registration.
        foreach (var implementation in plan.Services.SelectMany(s => s.Implementations))
        {
            if (registered.Add(implementation.Key))
            {
                WriteLines(w, AddService(w, w.Indent, implementation));
            }
        }

        w.Line("return services;");
        w.Close();
        w.Line();
        w.Summary("Maps the service adapter of every served contract and the session endpoint (a client proxy's Close).");
        w.Open("public static global::Microsoft.AspNetCore.Routing.IEndpointRouteBuilder MapMigratedServices(this global::Microsoft.AspNetCore.Routing.IEndpointRouteBuilder endpoints)");
        if (plan.Services.Any(s => s.Choice is not null))
        {
            w.Line($"var options = endpoints.ServiceProvider.GetRequiredService<global::Microsoft.Extensions.Options.IOptions<{plan.OptionsClass}>>().Value;");
        }

        foreach (var service in plan.Services.Where(s => s.Implementations.Count > 0))
        {
            // An adapter beside this class needs no qualifier: the enclosing namespace is looked in first.
            var adapterNamespace = index.Namespace(service.ProtoFile);
            var adapter = (adapterNamespace == plan.Namespace ? "" : "global::" + adapterNamespace + ".") + service.Adapter;
            if (service.Choice is null)
            {
                WriteLines(w, MapService(w, w.Indent, adapter, service.Implementations[0]));
            }
            else
            {
                Switch(w, service, (indent, implementation) => MapService(w, indent, adapter, implementation));
            }
        }

        w.Line("endpoints.MapWcfSessions();");
        w.Line("return endpoints;");
        w.Close();
        if (plan.HasHttpJsonOperations)
        {
            w.Line();
            w.Summary("JSON transcoding as WCF wrote JSON (WcfJsonTranscoding) with this set's fault detail types, so a fault's google.rpc.Status JSON carries its details. Pass it as the hosting's JsonTranscoding option.");
            w.Line("public static void ConfigureJsonTranscoding(global::Microsoft.AspNetCore.Grpc.JsonTranscoding.GrpcJsonTranscodingOptions options)");
            var files = plan.Faults
                .Select(fault => (fault.ScalarWrapper is { } wrapper ? index.Class(wrapper) : index.Class(index.OfType(fault.DetailTypeKey))) + ".Descriptor.File")
                .Distinct();
            WriteLines(w, Call(w, w.Indent + 1, $"=> {Runtime}.WcfJsonTranscoding.Configure", ["options", .. files]).Select(line => "    " + line).ToList());
        }

        w.Close();
        w.Close();
        return w.ToString();
    }

    private static IReadOnlyList<string> AddService(CSharpWriter w, int indent, CSharpImplementation implementation)
    {
        var arguments = new List<string>
        {
            $"{Runtime}.InstanceMode.{implementation.Instancing}",
            $"global::System.ServiceModel.ConcurrencyMode.{implementation.Concurrency}",
        };
        if (implementation.OneWayWorkers is { } workers)
        {
            arguments.Add($"oneWayWorkers: {workers.ToString(System.Globalization.CultureInfo.InvariantCulture)}");
        }

        return Call(w, indent, $"services.AddWcfService<{implementation.CSharpName}>", arguments);
    }

    /// <summary>A call on one line when it fits; otherwise its arguments on the next line, or one per line.</summary>
    private static IReadOnlyList<string> Call(CSharpWriter w, int indent, string method, IReadOnlyList<string> arguments)
    {
        var oneLine = $"{method}({string.Join(", ", arguments)});";
        if (w.Fits(oneLine, indent))
        {
            return [oneLine];
        }

        var argumentLine = $"    {string.Join(", ", arguments)});";
        return w.Fits(argumentLine, indent)
            ? [method + "(", argumentLine]
            : [method + "(", .. arguments.Select((a, i) => "    " + a + (i == arguments.Count - 1 ? ");" : ","))];
    }

    /// <summary>The adapter's MapGrpcService; a type argument too long for the line goes on the next one.</summary>
    private static IReadOnlyList<string> MapService(CSharpWriter w, int indent, string adapter, CSharpImplementation implementation)
    {
        var oneLine = $"endpoints.MapGrpcService<{adapter}<{implementation.CSharpName}>>();";
        return w.Fits(oneLine, indent)
            ? [oneLine]
            : ["endpoints.MapGrpcService<", $"    {adapter}<{implementation.CSharpName}>>();"];
    }

    private static void WriteLines(CSharpWriter w, IReadOnlyList<string> lines)
    {
        foreach (var line in lines)
        {
            w.Line(line);
        }
    }

    /// <param name="statement">The statement's lines for an implementation, given the indentation it is written at.</param>
    private static void Switch(CSharpWriter w, CSharpServicePlan service, System.Func<int, CSharpImplementation, IReadOnlyList<string>> statement)
    {
        w.Open($"switch (options.{service.Choice!.Property})");
        foreach (var implementation in service.Implementations.Skip(1))
        {
            w.Line($"case {service.Choice.Enum}.{implementation.Member}:");
            Case(w, statement(w.Indent + 1, implementation));
        }

        w.Line("default:");
        Case(w, statement(w.Indent + 1, service.Implementations[0]));
        w.Close();
    }

    private static void Case(CSharpWriter w, IReadOnlyList<string> lines)
    {
        foreach (var line in lines)
        {
            w.Line("    " + line);
        }

        w.Line("    break;");
    }

    /// <param name="services">Each proto service of the set with its file, to list the rpcs the factory's proxies call.</param>
    public static string ClientFactory(ContractModel model, CSharpPlan plan, ProtoIndex index, IReadOnlyList<(ProtoFile File, ProtoService Service)> services)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, "the WCF service contracts of this set");
        w.OpenNamespace(plan.Namespace, index.DeclaredTypeNames);
        w.Summary("Creates the client proxies of this set's contracts for one endpoint (a Unix socket path or a pipe name) or a configured client endpoint (one machine or several, TLS, retries), as WCF's ChannelFactory did: existing callers change only how they obtain the client. Dispose it to close the channel its proxies share.");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open($"public sealed class {plan.ClientFactoryClass} : {Runtime}.ClientProxyFactory");
        w.Summary("A factory for the service at endpoint; options set the deadline of each call (WCF's sendTimeout) and whether proxies share a channel.");
        w.Line($"public {plan.ClientFactoryClass}({Runtime}.GrpcEndpoint endpoint, {Runtime}.ClientProxyOptions? options = null)");
        w.Line("    : base(endpoint, options)");
        w.Line("{");
        w.Line("}");
        w.Line();
        w.Summary("A factory for a configured client endpoint: its address or addresses, TLS, load balancing and the rpcs it retries (one-way rpcs are refused there).");
        w.Line($"public {plan.ClientFactoryClass}({Runtime}.ClientEndpointOptions endpoint)");
        w.Line("    : base(endpoint, Rpcs)");
        w.Line("{");
        w.Line("}");
        w.Line();
        w.Summary("The rpcs this set's proxies call, one-way ones marked: Retry:Methods names are matched against them.");
        w.Open($"public static global::System.Collections.Generic.IReadOnlyList<{Runtime}.ClientRpc> Rpcs {{ get; }} = new {Runtime}.ClientRpc[]");
        var contracts = model.Services.ToDictionary(s => s.Key);
        foreach (var (file, service) in services)
        {
            var contract = service.ContractKey is { } key && contracts.TryGetValue(key, out var c) ? c : null;
            var fullName = file.Package.Length == 0 ? service.Name : file.Package + "." + service.Name;
            foreach (var rpc in service.Rpcs)
            {
                var oneWay = contract is not null && rpc.Origin is { OperationIndex: >= 0 } origin && contract.Operations[origin.OperationIndex].IsOneWay;
                w.Line($"new {Runtime}.ClientRpc({CSharpWriter.Literal(fullName)}, {CSharpWriter.Literal(rpc.Name)}, {(oneWay ? "true" : "false")}),");
            }
        }

        w.Close(";");
        w.Line();
        w.Summary("A factory for the client endpoint endpointName of configuration (section MigrateWcf:Clients:<endpointName>), as new ChannelFactory<T>(\"endpointName\") read <client><endpoint name=...>.");
        w.Line($"public static {plan.ClientFactoryClass} FromConfiguration(global::Microsoft.Extensions.Configuration.IConfiguration configuration, string endpointName)");
        w.Line($"    => new {plan.ClientFactoryClass}({Runtime}.ClientEndpointOptions.FromConfiguration(configuration, endpointName));");
        foreach (var service in plan.Services.Where(s => s.Proxy is not null))
        {
            var contract = contracts[service.ContractKey];
            var proxy = "global::" + index.Namespace(service.ProtoFile) + "." + service.Proxy;
            w.Line();
            var (parameter, argument, factory) = contract.CallbackCSharpName is { } callback
                ? ($"{callback} callback", "callback, ", "DuplexChannelFactory")
                : ("", "", "ChannelFactory");
            w.Summary($"A new {contract.ClrName} client (a new session{(argument.Length > 0 ? "; callbacks go to callback" : "")}), as WCF's {factory}.CreateChannel.");
            var signature = $"{CSharpEmitter.Access(service.IsInternal)} {contract.CSharpName} {service.FactoryMethod}({parameter})";
            var body = $"=> new {proxy}({argument}NextChannel(), Options);";
            WriteLines(w, w.Fits($"{signature} {body}") ? [$"{signature} {body}"] : [signature, "    " + body]);
        }

        w.Close();
        w.Close();
        return w.ToString();
    }

    public static string Faults(CSharpPlan plan, ProtoIndex index)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, "the fault contracts of this set");
        w.OpenNamespace(plan.Namespace, index.DeclaredTypeNames);
        w.Summary("The fault detail types of this set's [FaultContract]s with their messages and status codes: a FaultException<T> becomes that status with the detail in grpc-status-details-bin, and the client proxies turn it back into FaultException<T>.");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open($"public static class {plan.FaultsClass}");
        w.Summary("Every fault detail type of this set, registered (the client proxies use it).");
        w.Line($"public static {Runtime}.FaultDetailRegistry Registry {{ get; }} = Register(new {Runtime}.FaultDetailRegistry());");
        w.Line();
        w.Summary("Adds every fault detail type of this set to faults.");
        w.Open($"public static {Runtime}.FaultDetailRegistry Register({Runtime}.FaultDetailRegistry faults)");
        foreach (var fault in plan.Faults)
        {
            var where = CSharpWriter.Literal($"The detail of a FaultException<{fault.DetailTypeKey}>");
            string message;
            string toMessage;
            string fromMessage;
            if (fault.ScalarWrapper is { } wrapper)
            {
                message = index.Class(wrapper);
                var isBytes = wrapper.EndsWith("BytesValue", System.StringComparison.Ordinal);
                var isReference = isBytes || wrapper.EndsWith("StringValue", System.StringComparison.Ordinal);
                var value = isReference ? $"(detail ?? throw {RuntimeMapping.Class}.NotCarried({where}))" : "detail";
                toMessage = $"static detail => new {message} {{ Value = {(isBytes ? ConversionWriter.BytesToProto(value) : value)} }}";
                fromMessage = $"static message => {(isBytes ? ConversionWriter.BytesFromProto("message.Value") : "message.Value")}";
            }
            else
            {
                message = index.Class(index.OfType(fault.DetailTypeKey));
                var mapper = index.MapperClass(fault.DetailTypeKey);
                toMessage = $"static detail => {mapper}.ToMessage(detail ?? throw {RuntimeMapping.Class}.NotCarried({where}), {ConversionWriter.TopDepth})";
                fromMessage = $"static message => {mapper}.FromMessage(message, {ConversionWriter.TopDepth})";
            }

            w.Line($"faults.Add<{fault.CSharpName}, {message}>(");
            w.Line($"    global::Grpc.Core.StatusCode.{fault.StatusCode},");
            w.Line($"    {toMessage},");
            w.Line($"    {fromMessage});");
        }

        w.Line("return faults;");
        w.Close();
        w.Close();
        w.Close();
        return w.ToString();
    }

    public static string Any(CSharpPlan plan, ProtoIndex index)
    {
        var w = new CSharpWriter();
        CSharpEmitter.Header(w, "the data types of this set");
        w.OpenNamespace(plan.Namespace, index.DeclaredTypeNames);
        w.Summary("An object member's value as google.protobuf.Any: a value of one of this set's data types travels as that type's message; anything else has no proto form.");
        CSharpEmitter.GeneratedCode(w, plan);
        w.Open($"internal static class {plan.AnyClass}");
        var types = index.DataTypeKeys.Select(index.DataType).Where(t => !t.IsAbstract && t.Kind != DataTypeKind.Enum && t.Kind != DataTypeKind.MessageContract).ToList();
        w.Summary("The Any holding value's message.");
        w.Open("public static global::Google.Protobuf.WellKnownTypes.Any Pack(object value, int depth)");
        w.Line("var type = value.GetType();");
        foreach (var type in types)
        {
            w.Open($"if (type == typeof({type.CSharpName}))");
            w.Line($"return global::Google.Protobuf.WellKnownTypes.Any.Pack({index.MapperClass(type.Key)}.ToMessage(({type.CSharpName})value, depth));");
            w.Close();
            w.Line();
        }

        w.Line($"throw {RuntimeMapping.Class}.UnknownType(type, \"object (google.protobuf.Any carries this set's data types)\");");
        w.Close();
        w.Line();
        w.Summary("The value an Any holds; null for none.");
        w.Open("public static object? Unpack(global::Google.Protobuf.WellKnownTypes.Any? any, int depth)");
        w.Open("if (any is null)");
        w.Line("return null;");
        w.Close();
        w.Line();
        foreach (var type in types)
        {
            var message = index.Class(index.OfType(type.Key));
            w.Open($"if (any.Is({message}.Descriptor))");
            w.Line($"return {index.MapperClass(type.Key)}.FromMessage(any.Unpack<{message}>(), depth);");
            w.Close();
            w.Line();
        }

        w.Line($"throw new {RuntimeMapping.Exception}(\"An Any holds a \" + any.TypeUrl + \", which is none of this set's data types.\");");
        w.Close();
        w.Close();
        w.Close();
        return w.ToString();
    }
}
