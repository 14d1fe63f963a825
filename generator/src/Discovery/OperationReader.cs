using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads the operation methods of a service or callback contract into operations: parameters and result, faults, known
/// types, one-way, sessions and transactions; sync, Task and Begin/End methods of one operation name become one
/// operation. As in WCF, a method is an operation when it carries <c>[OperationContract]</c> or another attribute that
/// provides one (<c>[WebGet]</c>, <c>[WebInvoke]</c>: an operation with <c>[OperationContract]</c>'s defaults).
/// </summary>
internal sealed class OperationReader
{
    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;
    private readonly TypeClassifier _types;
    private readonly DataTypeReader _dataTypes;
    private readonly BehaviorReader _behaviors;
    private readonly WebHttpReader _webHttp;

    public OperationReader(DiscoveryContext context, TypeClassifier types, DataTypeReader dataTypes, BehaviorReader behaviors, WebHttpReader webHttp)
    {
        _webHttp = webHttp;
        _context = context;
        _wcf = context.Wcf;
        _types = types;
        _dataTypes = dataTypes;
        _behaviors = behaviors;
    }

    /// <param name="Attribute">The method's <c>[OperationContract]</c>; null for an operation made by <c>[WebGet]</c> or <c>[WebInvoke]</c> alone, which has its defaults.</param>
    private sealed record Candidate(IMethodSymbol Method, AttributeData? Attribute, string OperationName, OperationForms Form, List<ParameterModel> Parameters, TypeRef Return, DocComment Doc)
    {
        /// <summary>The C# methods of this form (Begin and, when found, End).</summary>
        public List<OperationMethod> Methods { get; } = new();
    }

    /// <summary>The operation methods of <paramref name="type"/> itself (<see cref="WcfSymbols.OperationAttribute"/>), in source order.</summary>
    public IEnumerable<IMethodSymbol> OperationMethods(INamedTypeSymbol type)
        => DiscoveryContext.MembersInSourceOrder(type).OfType<IMethodSymbol>().Where(m => _wcf.OperationAttribute(m) is not null);

    /// <summary>The operations <paramref name="methods"/> declare, for <paramref name="contract"/>.</summary>
    public EquatableArray<OperationModel> Read(List<IMethodSymbol> methods, INamedTypeSymbol contract)
    {
        var candidates = new List<Candidate>();
        foreach (var method in methods)
        {
            _context.CancellationToken.ThrowIfCancellationRequested();
            candidates.Add(ReadCandidate(method));
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

    private Candidate ReadCandidate(IMethodSymbol method)
    {
        var attribute = WcfSymbols.Find(method, _wcf.OperationContract);
        var explicitName = attribute is null ? null : WcfSymbols.Named<string?>(attribute, "Name", null);
        var asyncPattern = attribute is not null && WcfSymbols.Named(attribute, "AsyncPattern", false);
        var parameters = method.Parameters;
        var doc = _context.Doc(method);
        if (method.IsGenericMethod)
        {
            // Read once per contract that inherits it; named after its declaration, so those findings are one.
            var declaration = method.OriginalDefinition;
            _context.Report(FindingMessages.GenericOperation, declaration, $"{_context.Display(declaration.ContainingType)}.{declaration.Name}", string.Join(", ", declaration.TypeParameters.Select(p => p.Name)));
        }

        if (asyncPattern && OperationNames.IsBegin(method.Name) && parameters.Length >= 2
            && WcfSymbols.Is(parameters[parameters.Length - 2].Type, _wcf.AsyncCallback))
        {
            var baseName = OperationNames.WithoutBeginPrefix(method.Name);
            var end = method.ContainingType.GetMembers(OperationNames.EndMethod(baseName)).OfType<IMethodSymbol>()
                .FirstOrDefault(m => m.Parameters.Length >= 1 && WcfSymbols.Is(m.Parameters[m.Parameters.Length - 1].Type, _wcf.AsyncResult));
            var inParameters = parameters.Take(parameters.Length - 2).Select(p => ReadParameter(p, doc)).ToList();
            Candidate beginEnd;
            if (end is null)
            {
                _context.Report(FindingMessages.IncompleteAsyncPattern, method, method.Name, baseName);
                beginEnd = new Candidate(method, attribute, explicitName ?? baseName, OperationForms.BeginEnd, inParameters, TypeRef.Void, doc);
            }
            else
            {
                var endDoc = _context.Doc(end);
                inParameters.AddRange(end.Parameters.Take(end.Parameters.Length - 1).Select(p => ReadParameter(p, endDoc)));
                beginEnd = new Candidate(method, attribute, explicitName ?? baseName, OperationForms.BeginEnd, inParameters, _types.Classify(end.ReturnType), doc);
            }

            if (_context.ReadsEmitterFacts)
            {
                var beginMethod = _context.CSharp.Method(method, OperationMethodRole.Begin);
                beginEnd.Methods.Add(beginMethod);
                if (end is not null)
                {
                    // End's operation parameters (ref and out ones) follow Begin's.
                    beginEnd.Methods.Add(_context.CSharp.Method(end, OperationMethodRole.End) with { FirstOperationParameter = beginMethod.OperationParameterCount });
                }
            }

            return beginEnd;
        }

        var allParameters = parameters.Select(p => ReadParameter(p, doc)).ToList();
        Candidate candidate;
        if (WcfSymbols.Is(method.ReturnType, _wcf.Task) || WcfSymbols.Is(method.ReturnType, _wcf.ValueTask))
        {
            candidate = new Candidate(method, attribute, explicitName ?? OperationNames.WithoutAsyncSuffix(method.Name), OperationForms.TaskBased, allParameters, TypeRef.Void, doc);
        }
        else if ((WcfSymbols.Is(method.ReturnType, _wcf.TaskOfT) || WcfSymbols.Is(method.ReturnType, _wcf.ValueTaskOfT))
            && method.ReturnType is INamedTypeSymbol { TypeArguments.Length: 1 } task)
        {
            candidate = new Candidate(method, attribute, explicitName ?? OperationNames.WithoutAsyncSuffix(method.Name), OperationForms.TaskBased, allParameters, _types.Classify(task.TypeArguments[0], task.TypeArgumentNullableAnnotations[0]), doc);
        }
        else
        {
            candidate = new Candidate(method, attribute, explicitName ?? method.Name, OperationForms.Synchronous, allParameters, _types.Classify(method.ReturnType, method.ReturnNullableAnnotation), doc);
        }

        if (_context.ReadsEmitterFacts)
        {
            candidate.Methods.Add(_context.CSharp.Method(method, candidate.Form == OperationForms.TaskBased ? OperationMethodRole.TaskBased : OperationMethodRole.Synchronous));
        }

        return candidate;
    }

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
        if (direction == ParameterDirection.In && WcfSymbols.Is(parameter.Type, _wcf.MsmqMessage) && parameter.Type is INamedTypeSymbol { TypeArguments.Length: 1 } envelope)
        {
            // MSMQ integration delivered the queued message's body deserialized as T; its MSMQ properties (label, queues,
            // times) have no gRPC counterpart. The body travels as a T parameter would, never null (WCF's constructor
            // and Body setter refuse null); the adapter wraps it in MigrateWcf.Compatibility's MsmqMessage<T>.
            var body = _types.Classify(envelope.TypeArguments[0], envelope.TypeArgumentNullableAnnotations[0]).WithNullability(NullabilityValue.NotNull);
            var display = _context.Display(envelope);
            var method = parameter.ContainingSymbol as IMethodSymbol;
            _context.Report(FindingMessages.MsmqMessageParameter, parameter, method is null ? name : $"{_context.Display(method.ContainingType)}.{method.Name}", name, display, body.Display);
            return new ParameterModel(name, body, direction, text)
            {
                Envelope = new ParameterEnvelope(_context.ReadsEmitterFacts ? _context.CSharp.Declared(envelope, NullableAnnotation.NotAnnotated) : null, display),
            };
        }

        return new ParameterModel(name, _types.Classify(parameter.Type, parameter.NullableAnnotation), direction, text);
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
                    faults.Add(_types.Classify(detail));
                }
            }

            foreach (var known in WcfSymbols.FindAll(form.Method, _wcf.ServiceKnownType))
            {
                knownTypes.AddRange(_dataTypes.ReadKnownTypes(known, contract));
            }

            transactionFlow = _behaviors.TransactionFlow(form.Method) ?? transactionFlow;
        }

        var (isInitiating, isTerminating) = BehaviorReader.SessionBounds(primary.Attribute);
        var doc = primary.Doc;
        return new OperationModel(
            primary.OperationName,
            primary.Method.Name,
            forms.Aggregate(OperationForms.None, (all, f) => all | f.Form),
            primary.Attribute is not null && WcfSymbols.Named(primary.Attribute, "IsOneWay", false),
            isInitiating,
            isTerminating,
            primary.Parameters.ToEquatableArray(),
            primary.Return,
            DataTypeReader.DistinctByKey(faults),
            DataTypeReader.DistinctByKey(knownTypes),
            transactionFlow,
            primary.Attribute is null ? null : WcfSymbols.Named<string?>(primary.Attribute, "Action", null),
            _context.Key(primary.Method.ContainingType),
            doc.Summary,
            doc.Returns,
            DiscoveryContext.PositionOf(primary.Method))
        {
            Methods = forms.SelectMany(f => f.Methods).ToEquatableArray(),
            DeclaringCSharpName = _context.Declared(primary.Method.ContainingType),
            WebHttp = _webHttp.Read(primary.Method) ?? forms.Select(f => _webHttp.Read(f.Method)).FirstOrDefault(w => w is not null),
        };
    }
}
