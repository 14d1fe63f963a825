using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.References;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads service contracts, operations, implementations and every data type they reach from one compilation into a
/// <see cref="ContractModel"/>. Symbol work stays here; nothing downstream sees a symbol. Each contract and type is
/// analysed inside its own guard, so one bad symbol yields a finding and the rest of the run continues.
/// </summary>
internal sealed partial class ContractDiscovery
{
    private const string TempUri = "http://tempuri.org/";
    private const string DataContractNamespacePrefix = "http://schemas.datacontract.org/2004/07/";

    private static readonly SymbolDisplayFormat KeyFormat = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters);

    private static readonly SymbolDisplayFormat DisplayFormat = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameOnly,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
        miscellaneousOptions: SymbolDisplayMiscellaneousOptions.UseSpecialTypes | SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    private readonly Compilation _compilation;
    private readonly WcfSymbols _wcf;
    private readonly CancellationToken _cancellationToken;
    private readonly Dictionary<string, string> _contractNamespaces;

    // Data types admitted so far, by key. Written only by the coordinating instance between readers; readers (one per
    // contract or type) only look things up in it.
    private readonly Dictionary<string, INamedTypeSymbol> _knownTypes;

    // Keys and display names by type, shared by all readers: the same few types are named by thousands of members.
    private readonly Dictionary<ITypeSymbol, string> _keys;
    private readonly Dictionary<ITypeSymbol, string> _displays;

    // What this instance found: findings, and data types it met that are not known yet, in the order it met them.
    private readonly List<Finding> _findings = new();
    private readonly List<KeyValuePair<string, INamedTypeSymbol>> _metTypes = new();
    private readonly HashSet<string> _metTypeKeys = new(StringComparer.Ordinal);

    private ContractDiscovery(Compilation compilation, CancellationToken cancellationToken)
    {
        _compilation = compilation;
        _wcf = WcfSymbols.Create(compilation);
        _cancellationToken = cancellationToken;
        _contractNamespaces = new Dictionary<string, string>(StringComparer.Ordinal);
        _knownTypes = new Dictionary<string, INamedTypeSymbol>(StringComparer.Ordinal);
        _keys = new Dictionary<ITypeSymbol, string>(SymbolEqualityComparer.Default);
        _displays = new Dictionary<ITypeSymbol, string>(SymbolEqualityComparer.IncludeNullability);
    }

    /// <summary>A reader of one contract or type, sharing the run's symbols and known types, with its own results.</summary>
    private ContractDiscovery(ContractDiscovery run)
    {
        _compilation = run._compilation;
        _wcf = run._wcf;
        _cancellationToken = run._cancellationToken;
        _contractNamespaces = run._contractNamespaces;
        _knownTypes = run._knownTypes;
        _keys = run._keys;
        _displays = run._displays;
    }

    public static (ContractModel Model, ImmutableArray<Finding> Findings) Discover(Compilation compilation, CancellationToken cancellationToken)
    {
        var discovery = new ContractDiscovery(compilation, cancellationToken);
        var model = discovery.Run();
        return (model, discovery._findings.ToImmutableArray());
    }

    /// <summary>
    /// Reads every source type, then the data types they reach, wave by wave: each wave reads the types the previous
    /// one met, in order, on the caller's thread (the host decides parallelism, not the engine). The model is sorted.
    /// </summary>
    private ContractModel Run()
    {
        if (!_wcf.HasWcf)
        {
            return ContractModel.Empty;
        }

        ReadAssemblyContractNamespaces();
        var sourceTypes = SourceTypes(_compilation.Assembly.GlobalNamespace).ToList();

        var services = new List<ServiceContractModel>();
        var implementations = new List<ServiceImplementationModel>();
        var wave = new List<KeyValuePair<string, INamedTypeSymbol>>();
        foreach (var read in InOrder(sourceTypes, (reader, type) => reader.ReadSourceType(type)))
        {
            if (read.Result.Service is { } service)
            {
                services.Add(service);
            }

            if (read.Result.Implementation is { } implementation)
            {
                implementations.Add(implementation);
            }

            Join(read.Reader, wave);
        }

        var dataTypes = new Dictionary<string, DataTypeModel>(StringComparer.Ordinal);
        while (wave.Count > 0)
        {
            var next = new List<KeyValuePair<string, INamedTypeSymbol>>();
            foreach (var read in InOrder(wave, (reader, pending) => reader.ReadPendingType(pending)))
            {
                if (read.Result is { } dataType)
                {
                    dataTypes[dataType.Key] = dataType;
                }

                Join(read.Reader, next);
            }

            wave = next;
        }

        var hosting = ReadHostingUsages();

        return new ContractModel(
            services.OrderBy(s => s.Key, StringComparer.Ordinal).ToEquatableArray(),
            dataTypes.Values.OrderBy(t => t.Key, StringComparer.Ordinal).ToEquatableArray(),
            implementations.OrderBy(i => i.Key, StringComparer.Ordinal).ToEquatableArray(),
            hosting);
    }

    private (ServiceContractModel? Service, ServiceImplementationModel? Implementation) ReadSourceType(INamedTypeSymbol type)
    {
        ServiceContractModel? service = null;
        ServiceImplementationModel? implementation = null;
        Guard(type, RuleIds.ContractAnalysisFailed, () =>
        {
            if (WcfSymbols.Find(type, _wcf.ServiceContract) is { } contractAttribute)
            {
                service = ReadServiceContract(type, contractAttribute);
            }

            if (type.TypeKind == TypeKind.Class)
            {
                implementation = ReadImplementation(type);
            }
        });
        return (service, implementation);
    }

    private DataTypeModel? ReadPendingType(KeyValuePair<string, INamedTypeSymbol> pending)
    {
        DataTypeModel? dataType = null;
        Guard(pending.Value, RuleIds.TypeAnalysisFailed, () => dataType = ReadDataType(pending.Key, pending.Value));
        return dataType;
    }

    /// <summary>Takes a reader's findings, and admits the data types it met that no earlier reader met, in order.</summary>
    private void Join(ContractDiscovery reader, List<KeyValuePair<string, INamedTypeSymbol>> wave)
    {
        _findings.AddRange(reader._findings);
        foreach (var met in reader._metTypes)
        {
            if (!_knownTypes.ContainsKey(met.Key))
            {
                _knownTypes.Add(met.Key, met.Value);
                wave.Add(met);
            }
        }
    }

    /// <summary>Runs <paramref name="read"/> over the items in order, each with its own reader.</summary>
    private (TResult Result, ContractDiscovery Reader)[] InOrder<TItem, TResult>(IReadOnlyList<TItem> items, Func<ContractDiscovery, TItem, TResult> read)
    {
        var results = new (TResult, ContractDiscovery)[items.Count];
        for (var i = 0; i < items.Count; i++)
        {
            _cancellationToken.ThrowIfCancellationRequested();
            var reader = new ContractDiscovery(this);
            results[i] = (read(reader, items[i]), reader);
        }

        return results;
    }

    private void Guard(ISymbol symbol, string ruleId, Action action)
    {
        try
        {
            action();
        }
        catch (Exception ex) when (ex is not OperationCanceledException)
        {
            _findings.Add(RuleCatalog.CreateFinding(
                ruleId,
                $"'{symbol.ToDisplayString(DisplayFormat)}' could not be analysed ({ex.GetType().Name}: {ex.Message})",
                PositionOf(symbol)));
        }
    }

    // ───────────────────────────── service contracts ─────────────────────────────

    private ServiceContractModel ReadServiceContract(INamedTypeSymbol type, AttributeData attribute)
    {
        var name = WcfSymbols.Named<string?>(attribute, "Name", null) ?? type.Name;
        var contractNamespace = WcfSymbols.Named<string?>(attribute, "Namespace", null) ?? TempUri;
        var sessionMode = (SessionModeValue)WcfSymbols.Named(attribute, "SessionMode", 0);
        var callback = WcfSymbols.NamedType(attribute, "CallbackContract") as INamedTypeSymbol;

        var inherited = new List<string>();
        var methods = new List<IMethodSymbol>(OperationMethods(type));
        if (type.TypeKind == TypeKind.Interface)
        {
            foreach (var baseInterface in type.AllInterfaces)
            {
                if (WcfSymbols.Has(baseInterface, _wcf.ServiceContract))
                {
                    inherited.Add(Key(baseInterface));
                    methods.AddRange(OperationMethods(baseInterface));
                }
            }
        }

        var operations = BuildOperations(methods, type);
        var callbackOperations = EquatableArray<OperationModel>.Empty;
        if (callback is not null && callback.TypeKind != TypeKind.Error)
        {
            var callbackMethods = new List<IMethodSymbol>(OperationMethods(callback));
            foreach (var baseInterface in callback.AllInterfaces)
            {
                callbackMethods.AddRange(OperationMethods(baseInterface));
            }

            callbackOperations = BuildOperations(callbackMethods, callback);
        }

        var knownTypes = new List<TypeRef>();
        foreach (var known in WcfSymbols.FindAll(type, _wcf.ServiceKnownType))
        {
            knownTypes.AddRange(ReadKnownTypeAttribute(known, type));
        }

        var doc = DocComment.For(type);
        return new ServiceContractModel(
            Key(type),
            name,
            type.Name,
            Namespace(type),
            contractNamespace,
            type.TypeKind == TypeKind.Class,
            sessionMode,
            callback is null ? null : Key(callback),
            operations,
            callbackOperations,
            Distinct(knownTypes),
            inherited.ToEquatableArray(),
            WcfSymbols.Has(type, _wcf.XmlSerializerFormat),
            doc.Summary,
            PositionOf(type));
    }

    private IEnumerable<IMethodSymbol> OperationMethods(INamedTypeSymbol type)
        => InSourceOrder(type.GetMembers().OfType<IMethodSymbol>().Where(m => WcfSymbols.Has(m, _wcf.OperationContract)));

    /// <summary>
    /// Members of a partial type come back in the order of the compilation's syntax trees; sort them by file path, then
    /// position, so the emitted order does not depend on the order the caller listed the files in.
    /// </summary>
    private static IEnumerable<T> InSourceOrder<T>(IEnumerable<T> members)
        where T : ISymbol
        => members.Select(m => (Member: m, Location: m.Locations.FirstOrDefault(l => l.IsInSource)))
            .OrderBy(m => m.Location?.SourceTree?.FilePath ?? string.Empty, StringComparer.Ordinal)
            .ThenBy(m => m.Location?.SourceSpan.Start ?? 0)
            .Select(m => m.Member);

    private sealed record Candidate(IMethodSymbol Method, AttributeData Attribute, string OperationName, OperationForms Form, List<ParameterModel> Parameters, TypeRef Return, DocComment Doc);

    private EquatableArray<OperationModel> BuildOperations(List<IMethodSymbol> methods, INamedTypeSymbol contract)
    {
        var candidates = new List<Candidate>();
        foreach (var method in methods)
        {
            _cancellationToken.ThrowIfCancellationRequested();
            var candidate = ReadCandidate(method, contract);
            if (candidate is not null)
            {
                candidates.Add(candidate);
            }
        }

        // Sync, Task and Begin/End methods with the same operation name are one operation in WCF; collapse them. Two
        // methods of the same form under one name are a contract WCF rejects; keep both so mapping can report them.
        var operations = new List<OperationModel>();
        foreach (var group in candidates.GroupBy(c => c.OperationName, StringComparer.Ordinal))
        {
            var members = group.ToList();
            var collapsible = members.GroupBy(c => c.Form).All(g => g.Count() == 1);
            if (collapsible)
            {
                operations.Add(ToOperation(members, contract));
            }
            else
            {
                operations.AddRange(members.Select(m => ToOperation(new List<Candidate> { m }, contract)));
            }
        }

        return operations.ToEquatableArray();
    }

    private Candidate? ReadCandidate(IMethodSymbol method, INamedTypeSymbol contract)
    {
        var attribute = WcfSymbols.Find(method, _wcf.OperationContract)!;
        var explicitName = WcfSymbols.Named<string?>(attribute, "Name", null);
        var asyncPattern = WcfSymbols.Named(attribute, "AsyncPattern", false);
        var parameters = method.Parameters;
        var doc = DocComment.For(method);

        if (asyncPattern && method.Name.StartsWith("Begin", StringComparison.Ordinal) && parameters.Length >= 2
            && WcfSymbols.Is(parameters[parameters.Length - 2].Type, _wcf.AsyncCallback))
        {
            var baseName = method.Name.Substring(5);
            var end = method.ContainingType.GetMembers("End" + baseName).OfType<IMethodSymbol>()
                .FirstOrDefault(m => m.Parameters.Length >= 1 && WcfSymbols.Is(m.Parameters[m.Parameters.Length - 1].Type, _wcf.AsyncResult));
            var inParameters = parameters.Take(parameters.Length - 2).Select(p => ReadParameter(p, doc)).ToList();
            if (end is null)
            {
                AddFinding(RuleIds.IncompleteAsyncPattern, $"'{method.Name}' has AsyncPattern = true but no matching 'End{baseName}(IAsyncResult)'", method);
                return new Candidate(method, attribute, explicitName ?? baseName, OperationForms.BeginEnd, inParameters, TypeRef.Void, doc);
            }

            var endDoc = DocComment.For(end);
            inParameters.AddRange(end.Parameters.Take(end.Parameters.Length - 1).Select(p => ReadParameter(p, endDoc)));
            return new Candidate(method, attribute, explicitName ?? baseName, OperationForms.BeginEnd, inParameters, Classify(end.ReturnType), doc);
        }

        var allParameters = parameters.Select(p => ReadParameter(p, doc)).ToList();
        if (WcfSymbols.Is(method.ReturnType, _wcf.Task) || WcfSymbols.Is(method.ReturnType, _wcf.ValueTask))
        {
            return new Candidate(method, attribute, explicitName ?? StripAsync(method.Name), OperationForms.TaskBased, allParameters, TypeRef.Void, doc);
        }

        if ((WcfSymbols.Is(method.ReturnType, _wcf.TaskOfT) || WcfSymbols.Is(method.ReturnType, _wcf.ValueTaskOfT))
            && method.ReturnType is INamedTypeSymbol { TypeArguments.Length: 1 } task)
        {
            return new Candidate(method, attribute, explicitName ?? StripAsync(method.Name), OperationForms.TaskBased, allParameters, Classify(task.TypeArguments[0], task.TypeArgumentNullableAnnotations[0]), doc);
        }

        return new Candidate(method, attribute, explicitName ?? method.Name, OperationForms.Synchronous, allParameters, Classify(method.ReturnType, method.ReturnNullableAnnotation), doc);
    }

    private static string StripAsync(string name)
        => name.Length > 5 && name.EndsWith("Async", StringComparison.Ordinal) ? name.Substring(0, name.Length - 5) : name;

    private ParameterModel ReadParameter(IParameterSymbol parameter, DocComment doc)
    {
        var direction = parameter.RefKind switch
        {
            RefKind.Out => ParameterDirection.Out,
            RefKind.Ref => ParameterDirection.Ref,
            _ => ParameterDirection.In,
        };
        doc.Parameters.TryGetValue(parameter.Name, out var text);
        // Code with syntax errors can leave a parameter without a name; give it one a lock file can key on.
        var name = parameter.Name.Length > 0 ? parameter.Name : "param" + (parameter.Ordinal + 1);
        return new ParameterModel(name, Classify(parameter.Type, parameter.NullableAnnotation), direction, text);
    }

    private OperationModel ToOperation(List<Candidate> forms, INamedTypeSymbol contract)
    {
        var primary = forms.FirstOrDefault(f => f.Form == OperationForms.Synchronous)
            ?? forms.FirstOrDefault(f => f.Form == OperationForms.TaskBased)
            ?? forms[0];
        var faults = new List<TypeRef>();
        var knownTypes = new List<TypeRef>();
        string? transactionFlow = null;
        foreach (var form in forms)
        {
            foreach (var fault in WcfSymbols.FindAll(form.Method, _wcf.FaultContract))
            {
                if (fault.ConstructorArguments.Length == 1 && fault.ConstructorArguments[0].Value is ITypeSymbol detail)
                {
                    faults.Add(Classify(detail));
                }
            }

            foreach (var known in WcfSymbols.FindAll(form.Method, _wcf.ServiceKnownType))
            {
                knownTypes.AddRange(ReadKnownTypeAttribute(known, contract));
            }

            if (WcfSymbols.Find(form.Method, _wcf.TransactionFlow) is { } flow
                && flow.ConstructorArguments.Length == 1 && flow.ConstructorArguments[0].Value is int option && option != 0)
            {
                // TransactionFlowOption: NotAllowed = 0, Allowed = 1, Mandatory = 2.
                transactionFlow = option == 2 ? "Mandatory" : "Allowed";
            }
        }

        var formsFlags = forms.Aggregate(OperationForms.None, (all, f) => all | f.Form);
        var doc = primary.Doc;
        return new OperationModel(
            primary.OperationName,
            primary.Method.Name,
            formsFlags,
            WcfSymbols.Named(primary.Attribute, "IsOneWay", false),
            WcfSymbols.Named(primary.Attribute, "IsInitiating", true),
            WcfSymbols.Named(primary.Attribute, "IsTerminating", false),
            primary.Parameters.ToEquatableArray(),
            primary.Return,
            Distinct(faults),
            Distinct(knownTypes),
            transactionFlow,
            WcfSymbols.Named<string?>(primary.Attribute, "Action", null),
            Key(primary.Method.ContainingType),
            doc.Summary,
            doc.Returns,
            PositionOf(primary.Method));
    }

    private IEnumerable<TypeRef> ReadKnownTypeAttribute(AttributeData attribute, INamedTypeSymbol owner)
    {
        if (attribute.ConstructorArguments.Length >= 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol type)
        {
            return new[] { Classify(type) };
        }

        if (attribute.ConstructorArguments.Length >= 1 && attribute.ConstructorArguments[0].Value is string methodName)
        {
            var declaring = attribute.ConstructorArguments.Length >= 2 && attribute.ConstructorArguments[1].Value is INamedTypeSymbol d ? d : owner;
            return KnownTypesFromMethod(declaring, methodName, owner);
        }

        return Enumerable.Empty<TypeRef>();
    }

    /// <summary>
    /// The method form of <c>[KnownType("M")]</c> returns types at run time; we read the <c>typeof(...)</c> expressions in
    /// its body, which covers the usual <c>return new[] { typeof(A), typeof(B) }</c>. A body that calls methods (typically
    /// reflection such as <c>Assembly.GetTypes()</c>) computes its list at run time, so we report it even when it names
    /// some types; the declaring type's own <c>typeof</c> (a filter's base class) is not a known type.
    /// </summary>
    private IEnumerable<TypeRef> KnownTypesFromMethod(INamedTypeSymbol declaring, string methodName, ISymbol reportOn)
    {
        var method = declaring.GetMembers(methodName).OfType<IMethodSymbol>().FirstOrDefault();
        var result = new List<TypeRef>();
        var computedAtRunTime = false;
        if (method is not null)
        {
            foreach (var reference in method.DeclaringSyntaxReferences)
            {
                var syntax = reference.GetSyntax(_cancellationToken);
                var semanticModel = _compilation.GetSemanticModel(syntax.SyntaxTree);
                computedAtRunTime |= syntax.DescendantNodes().OfType<InvocationExpressionSyntax>().Any();
                foreach (var typeOf in syntax.DescendantNodes().OfType<TypeOfExpressionSyntax>())
                {
                    if (semanticModel.GetTypeInfo(typeOf.Type, _cancellationToken).Type is { } type
                        && !SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, declaring.OriginalDefinition))
                    {
                        result.Add(Classify(type));
                    }
                }
            }
        }

        if (result.Count == 0)
        {
            AddFinding(RuleIds.KnownTypeNotResolved, $"Known types of '{reportOn.Name}' come from method '{declaring.Name}.{methodName}', whose types could not be read statically", reportOn);
        }
        else if (computedAtRunTime)
        {
            AddFinding(RuleIds.KnownTypeNotResolved, $"Known types of '{reportOn.Name}' come from method '{declaring.Name}.{methodName}', which computes them at run time; only the types it names with typeof get oneof cases", reportOn);
        }

        return result;
    }

    // ───────────────────────────── implementations ─────────────────────────────

    private ServiceImplementationModel? ReadImplementation(INamedTypeSymbol type)
    {
        var contractKeys = new List<string>();
        foreach (var @interface in type.AllInterfaces)
        {
            if (WcfSymbols.Has(@interface, _wcf.ServiceContract))
            {
                contractKeys.Add(Key(@interface));
            }
        }

        for (var current = type; current is not null; current = current.BaseType)
        {
            if (WcfSymbols.Has(current, _wcf.ServiceContract))
            {
                contractKeys.Add(Key(current));
            }
        }

        var behavior = WcfSymbols.Find(type, _wcf.ServiceBehavior);
        if (contractKeys.Count == 0 && behavior is null)
        {
            return null;
        }

        var instanceExplicit = behavior is not null && behavior.NamedArguments.Any(a => a.Key == "InstanceContextMode");
        var concurrencyExplicit = behavior is not null && behavior.NamedArguments.Any(a => a.Key == "ConcurrencyMode");
        var instance = behavior is null ? InstanceMode.PerSession : (InstanceMode)WcfSymbols.Named(behavior, "InstanceContextMode", 0);
        var concurrency = behavior is null ? ConcurrencyModeValue.Single : (ConcurrencyModeValue)WcfSymbols.Named(behavior, "ConcurrencyMode", 0);

        var operationBehaviors = new List<OperationBehaviorModel>();
        foreach (var method in InSourceOrder(type.GetMembers().OfType<IMethodSymbol>()))
        {
            if (WcfSymbols.Find(method, _wcf.OperationBehavior) is { } operationBehavior)
            {
                operationBehaviors.Add(new OperationBehaviorModel(
                    method.Name,
                    WcfSymbols.Named(operationBehavior, "TransactionScopeRequired", false),
                    PositionOf(operationBehavior) ?? PositionOf(method)));
            }
        }

        return new ServiceImplementationModel(
            Key(type),
            type.Name,
            Namespace(type),
            contractKeys.Distinct(StringComparer.Ordinal).ToEquatableArray(),
            instance,
            instanceExplicit,
            concurrency,
            concurrencyExplicit,
            operationBehaviors.ToEquatableArray(),
            PositionOf(type),
            behavior is null ? null : PositionOf(behavior));
    }

    // ───────────────────────────── hosting code ─────────────────────────────

    /// <summary>
    /// Finds bindings, service hosts and client channels created or derived from in code, in tree order.
    /// </summary>
    private EquatableArray<HostingUsageModel> ReadHostingUsages()
    {
        if (_wcf.Binding.IsEmpty && _wcf.ServiceHostBase.IsEmpty && _wcf.ClientChannels.IsEmpty)
        {
            return EquatableArray<HostingUsageModel>.Empty;
        }

        var trees = _compilation.SyntaxTrees.Where(t => t.FilePath != CoreWcfDeclarations.FileName).ToList();
        return InOrder(trees, (reader, tree) => reader.ReadHostingUsages(tree)).SelectMany(read => read.Result).ToEquatableArray();
    }

    private List<HostingUsageModel> ReadHostingUsages(SyntaxTree tree)
    {
        var usages = new List<HostingUsageModel>();
        var root = tree.GetRoot(_cancellationToken);
        var newKeywords = NewKeywordOffsets(tree.GetText(_cancellationToken));
        SemanticModel? semanticModel = null;
        foreach (var node in root.DescendantNodes(node => MayHoldHostingCode(node, newKeywords)))
        {
            ITypeSymbol? type = null;
            if (node is ObjectCreationExpressionSyntax creation)
            {
                // The created type is the type its syntax names; binding just that name in scope (usings, aliases, type
                // parameters) avoids binding the whole enclosing statement, lambdas and overloads included.
                semanticModel ??= _compilation.GetSemanticModel(tree);
                type = semanticModel.GetSpeculativeTypeInfo(TypeLookupPosition(creation), creation.Type, SpeculativeBindingOption.BindAsTypeOrNamespace).Type;
            }
            else if (node is ImplicitObjectCreationExpressionSyntax targetTyped)
            {
                // new() takes its type from the context, so only binding the expression can tell.
                semanticModel ??= _compilation.GetSemanticModel(tree);
                type = semanticModel.GetTypeInfo(targetTyped, _cancellationToken).Type;
            }
            else if (node is ClassDeclarationSyntax { BaseList: not null } declaration)
            {
                semanticModel ??= _compilation.GetSemanticModel(tree);
                type = semanticModel.GetDeclaredSymbol(declaration, _cancellationToken)?.BaseType;
            }

            if (type is null || type.TypeKind == TypeKind.Error)
            {
                continue;
            }

            HostingUsageKind? kind =
                WcfSymbols.DerivesFrom(type, _wcf.Binding) ? HostingUsageKind.Binding
                : WcfSymbols.DerivesFrom(type, _wcf.ServiceHostBase) ? HostingUsageKind.ServiceHost
                : WcfSymbols.DerivesFrom(type, _wcf.ClientChannels) ? HostingUsageKind.ClientChannel
                : null;
            if (kind is { } k)
            {
                var wcfType = type;
                while (wcfType.BaseType is not null && !IsWcfAssemblyType(wcfType))
                {
                    wcfType = wcfType.BaseType;
                }

                usages.Add(new HostingUsageModel(k, Key(wcfType.OriginalDefinition), PositionOf(node.GetLocation())));
            }
        }

        return usages;
    }

    /// <summary>Where the text says <c>new</c>, in order. Matches in comments, strings or longer names only cost a walk.</summary>
    private static List<int> NewKeywordOffsets(SourceText text)
    {
        var content = text.ToString();
        var offsets = new List<int>();
        for (var i = content.IndexOf("new", StringComparison.Ordinal); i >= 0; i = content.IndexOf("new", i + 3, StringComparison.Ordinal))
        {
            offsets.Add(i);
        }

        return offsets;
    }

    /// <summary>
    /// Whether to walk into a node: an object creation needs the <c>new</c> keyword, so a node whose text lacks it holds
    /// none. Namespaces and types are always walked, since the classes they declare may derive from a hosting type.
    /// </summary>
    private static bool MayHoldHostingCode(SyntaxNode node, List<int> newKeywords)
    {
        if (node is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax or TypeDeclarationSyntax)
        {
            return true;
        }

        var span = node.FullSpan;
        var index = newKeywords.BinarySearch(span.Start);
        index = index < 0 ? ~index : index;
        return index < newKeywords.Count && newKeywords[index] < span.End;
    }

    /// <summary>
    /// Where to look up the type an object creation names: a position with the same names in scope whose binding does
    /// not need the member's body. Inside a method, property, constructor or field initializer, Roslyn resolves a position
    /// by building the binders of the whole body (or of the statement around a lambda); bodies declare no types, so the
    /// member's signature sees the same names: usings, aliases, containing types and their type parameters, and a
    /// generic method's own type parameters at its return type. A local function's type parameters are in scope only
    /// inside it, so the search stops there, before the outermost lambda or query inside it.
    /// </summary>
    private static int TypeLookupPosition(ObjectCreationExpressionSyntax creation)
    {
        var position = creation.Type.SpanStart;
        for (var node = creation.Parent; node is not null; node = node.Parent)
        {
            switch (node)
            {
                case LocalFunctionStatementSyntax:
                    return position;
                case AnonymousFunctionExpressionSyntax or QueryExpressionSyntax:
                    position = node.SpanStart;
                    break;
                case MethodDeclarationSyntax method:
                    return method.ReturnType.SpanStart;
                case BaseMethodDeclarationSyntax other:
                    return other.ParameterList.SpanStart;
                case BasePropertyDeclarationSyntax property:
                    return property.Type.SpanStart;
                case BaseFieldDeclarationSyntax field:
                    return field.Declaration.Type.SpanStart;
                case MemberDeclarationSyntax:
                    // Types, namespaces, enum members, top-level statements: keep the position found so far.
                    return position;
            }
        }

        return position;
    }

    private static bool IsWcfAssemblyType(ITypeSymbol type)
    {
        var ns = type.ContainingNamespace?.ToDisplayString() ?? string.Empty;
        return ns.StartsWith("System.ServiceModel", StringComparison.Ordinal) || ns.StartsWith("CoreWCF", StringComparison.Ordinal);
    }

    // ───────────────────────────── helpers ─────────────────────────────

    private static IEnumerable<INamedTypeSymbol> SourceTypes(INamespaceSymbol ns)
    {
        foreach (var type in ns.GetTypeMembers().OrderBy(t => t.MetadataName, StringComparer.Ordinal))
        {
            foreach (var nested in WithNested(type))
            {
                if (nested.Locations.Any(l => l.IsInSource && l.SourceTree?.FilePath != CoreWcfDeclarations.FileName))
                {
                    yield return nested;
                }
            }
        }

        foreach (var child in ns.GetNamespaceMembers().OrderBy(n => n.Name, StringComparer.Ordinal))
        {
            foreach (var type in SourceTypes(child))
            {
                yield return type;
            }
        }
    }

    private static IEnumerable<INamedTypeSymbol> WithNested(INamedTypeSymbol type)
    {
        yield return type;
        foreach (var nested in type.GetTypeMembers().OrderBy(t => t.MetadataName, StringComparer.Ordinal))
        {
            foreach (var inner in WithNested(nested))
            {
                yield return inner;
            }
        }
    }

    private void ReadAssemblyContractNamespaces()
    {
        foreach (var attribute in WcfSymbols.FindAll(_compilation.Assembly, _wcf.ContractNamespace))
        {
            if (attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is string contractNamespace)
            {
                var clrNamespace = WcfSymbols.Named(attribute, "ClrNamespace", string.Empty);
                _contractNamespaces[clrNamespace] = contractNamespace;
            }
        }
    }

    /// <summary>A type's stable key, e.g. <c>System.Collections.Generic.List&lt;Contoso.Order&gt;</c>; one string per type, shared by every use.</summary>
    private string Key(ITypeSymbol type)
    {
        if (!_keys.TryGetValue(type, out var key))
        {
            _keys.Add(type, key = type.ToDisplayString(KeyFormat).Replace(" ", string.Empty));
        }

        return key;
    }

    /// <summary>A type as C# readers write it, nullable annotations included.</summary>
    private string Display(ITypeSymbol type)
    {
        if (!_displays.TryGetValue(type, out var display))
        {
            _displays.Add(type, display = type.ToDisplayString(DisplayFormat));
        }

        return display;
    }

    private static string Namespace(INamedTypeSymbol type)
        => type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() : string.Empty;

    private static EquatableArray<TypeRef> Distinct(List<TypeRef> types)
        => types.GroupBy(t => t.Key, StringComparer.Ordinal).Select(g => g.First()).ToEquatableArray();

    private void AddFinding(string ruleId, string message, ISymbol symbol)
        => _findings.Add(RuleCatalog.CreateFinding(ruleId, message, PositionOf(symbol)));

    internal static SourcePosition? PositionOf(ISymbol symbol)
    {
        foreach (var location in symbol.Locations)
        {
            if (PositionOf(location) is { } position)
            {
                return position;
            }
        }

        return null;
    }

    private static SourcePosition? PositionOf(AttributeData attribute)
        => attribute.ApplicationSyntaxReference is { } reference ? PositionOf(reference.SyntaxTree.GetLocation(reference.Span)) : null;

    internal static SourcePosition? PositionOf(Location location)
    {
        if (!location.IsInSource || location.SourceTree?.FilePath == CoreWcfDeclarations.FileName)
        {
            return null;
        }

        var span = location.GetLineSpan();
        return new SourcePosition(span.Path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1);
    }
}
