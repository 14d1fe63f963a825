using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>
/// WCF REST operations ([WebGet] / [WebInvoke]) become rpcs with a google.api.http rule that ASP.NET Core's JSON
/// transcoding serves: the path from the UriTemplate, the body from the body style, the response body from the
/// response style, and WCF's JSON member names as json_name. What cannot match exactly is a finding at the attribute
/// (WCFM1019-1022); the rest is WCFM1018, which says whether the operation keeps its HTTP shape exactly (docs/webhttp.md).
/// </summary>
internal sealed partial class ProtoMapper
{
    /// <summary>The keys of data types whose JSON a REST operation reads or writes: their fields keep WCF's member names.</summary>
    private HashSet<string>? _restTypes;

    /// <summary>Whether some rpc of this run got a google.api.http rule (the C# plan turns transcoding on).</summary>
    private bool _hasHttpRules;

    /// <summary>How many REST operations keep their HTTP shape exactly (for the summary).</summary>
    private int _restOperationsKept;

    private HashSet<string> RestTypes => _restTypes ??= FindRestTypes();

    /// <summary>Every data type reachable from a REST operation's parameters and result (members, bases, known and derived types).</summary>
    private HashSet<string> FindRestTypes()
    {
        var found = new HashSet<string>(StringComparer.Ordinal);
        var pending = new Stack<TypeRef>();
        foreach (var operation in _model.Services.SelectMany(s => s.Operations).Where(o => o.WebHttp is not null))
        {
            pending.Push(operation.ReturnType);
            foreach (var parameter in operation.Parameters)
            {
                pending.Push(parameter.Type);
            }
        }

        void Visit(string key)
        {
            if (!found.Add(key) || !_types.TryGetValue(key, out var type))
            {
                return;
            }

            foreach (var member in type.Members)
            {
                pending.Push(member.Type);
            }

            foreach (var known in type.KnownTypes)
            {
                pending.Push(known);
            }

            if (type.BaseTypeKey is { } baseKey)
            {
                Visit(baseKey);
            }

            foreach (var derived in _model.DataTypes.Where(t => t.BaseTypeKey == key))
            {
                Visit(derived.Key);
            }
        }

        while (pending.Count > 0)
        {
            var type = pending.Pop();
            if (type.Shape is TypeShape.DataType or TypeShape.Enum)
            {
                Visit(type.Key);
            }

            foreach (var argument in type.Arguments)
            {
                pending.Push(argument);
            }
        }

        return found;
    }

    /// <summary>The json_name a field needs so its JSON name is <paramref name="wcfName"/>; null when protoc's default already is.</summary>
    private static string? JsonNameFor(string fieldName, string? wcfName)
        => wcfName is null || ProtoNames.DefaultJsonName(fieldName) == wcfName ? null : wcfName;

    /// <summary>How a REST operation's parameters and result travel over HTTP, decided before its messages are built.</summary>
    private sealed class WebPlan
    {
        public WebPlan(WebHttpModel web) => Web = web;

        public WebHttpModel Web { get; }

        public UriTemplateParts Template { get; set; } = new(Array.Empty<UriSegment>(), Array.Empty<UriQueryPart>(), Array.Empty<string>(), null);

        /// <summary>Parameter (C# name) bound by each path variable or wildcard, in template order.</summary>
        public Dictionary<UriSegment, string> PathBindings { get; } = new();

        /// <summary>The JSON names the request and response fields need, by message part key (parameter name or <c>result</c>).</summary>
        public Dictionary<string, string> RequestJsonNames { get; } = new(StringComparer.Ordinal);

        public Dictionary<string, string> ResponseJsonNames { get; } = new(StringComparer.Ordinal);

        public List<string> BodyParameters { get; } = new();

        public bool WrappedRequest { get; set; }

        public bool WrappedResponse { get; set; }

        public List<string> Differences { get; } = new();

        public string? NotServed { get; set; }
    }

    /// <summary>Reads the operation's UriTemplate and body style against its parameters.</summary>
    private static WebPlan PlanWeb(OperationModel operation, WebHttpModel web)
    {
        var plan = new WebPlan(web);
        var inputs = operation.Parameters.Where(p => p.Direction != ParameterDirection.Out).Select(p => p.Name).ToList();
        var isGet = web.Method == "GET";
        plan.WrappedRequest = web.BodyStyle is WebBodyStyle.Wrapped or WebBodyStyle.WrappedRequest;
        plan.WrappedResponse = web.BodyStyle is WebBodyStyle.Wrapped or WebBodyStyle.WrappedResponse;
        if (web.Method == "*")
        {
            plan.NotServed = "Method = \"*\" (any HTTP method) has no google.api.http equivalent";
        }

        var queryBound = new List<string>();
        if (web.UriTemplate is { } template)
        {
            plan.Template = UriTemplates.Parse(template);
            plan.Differences.AddRange(plan.Template.Differences);
            plan.NotServed ??= plan.Template.Unservable;
            foreach (var segment in plan.Template.Segments.Where(s => s.Kind != UriSegmentKind.Literal && s.Text is { Length: > 0 }))
            {
                if (UriTemplates.Match(segment.Text!, inputs) is { } parameter)
                {
                    plan.PathBindings[segment] = parameter;
                }
                else
                {
                    plan.NotServed ??= $"the template variable '{segment.Text}' names no parameter";
                }
            }

            foreach (var part in plan.Template.Query.Where(q => q.Variable is not null))
            {
                if (UriTemplates.Match(part.Variable!, inputs) is { } parameter)
                {
                    queryBound.Add(parameter);
                    plan.RequestJsonNames[parameter] = part.Key;
                }
                else
                {
                    plan.NotServed ??= $"the query variable '{part.Variable}' names no parameter";
                }
            }
        }
        else if (isGet)
        {
            // WCF's default for WebGet: /{Operation}?{p1}={p1}&...
            plan.Template = new UriTemplateParts(new[] { new UriSegment(UriSegmentKind.Literal, operation.Name) }, inputs.Select(p => new UriQueryPart(p, p, null)).ToList(), Array.Empty<string>(), null);
            queryBound.AddRange(inputs);
            foreach (var parameter in inputs)
            {
                plan.RequestJsonNames[parameter] = parameter;
            }
        }
        else
        {
            // WCF's default for WebInvoke: /{Operation}, every parameter in the body.
            plan.Template = new UriTemplateParts(new[] { new UriSegment(UriSegmentKind.Literal, operation.Name) }, Array.Empty<UriQueryPart>(), Array.Empty<string>(), null);
        }

        var bound = new HashSet<string>(plan.PathBindings.Values.Concat(queryBound), StringComparer.Ordinal);
        plan.BodyParameters.AddRange(inputs.Where(p => !bound.Contains(p)));
        if (isGet && plan.BodyParameters.Count > 0)
        {
            // WCF refuses a GET parameter the template leaves out; transcoding reads such a field from the query.
            plan.Differences.Add($"parameter(s) {string.Join(", ", plan.BodyParameters)} of a GET are not in the UriTemplate (WCF refuses this); transcoding reads them from the query string");
            foreach (var parameter in plan.BodyParameters)
            {
                plan.RequestJsonNames[parameter] = parameter;
            }

            plan.BodyParameters.Clear();
        }

        if (!plan.WrappedRequest && plan.BodyParameters.Count > 1)
        {
            plan.Differences.Add($"{plan.BodyParameters.Count} body parameters with BodyStyle Bare (WCF refuses this; the body is read as a wrapped object)");
            plan.WrappedRequest = true;
        }

        if (plan.WrappedRequest && plan.BodyParameters.Count > 0)
        {
            foreach (var parameter in plan.BodyParameters)
            {
                plan.RequestJsonNames[parameter] = parameter;
            }

            if (queryBound.Count > 0)
            {
                plan.Differences.Add($"query variable(s) {string.Join(", ", queryBound)} beside a wrapped body (with body \"*\" transcoding reads every field the path does not bind from the body, so they move into the JSON body)");
            }
        }

        if (plan.WrappedResponse)
        {
            if (operation.ReturnType.Shape != TypeShape.Void)
            {
                plan.ResponseJsonNames["result"] = operation.Name + "Result";
            }

            foreach (var parameter in operation.Parameters.Where(p => p.Direction != ParameterDirection.In))
            {
                plan.ResponseJsonNames[parameter.Name] = parameter.Name;
            }
        }
        else if (operation.Parameters.Any(p => p.Direction != ParameterDirection.In))
        {
            plan.Differences.Add("ref or out parameters with a bare response (WCF refuses this; the response is the whole response message)");
        }

        return plan;
    }

    /// <summary>
    /// The rpc's google.api.http rule, once its request and response messages exist; reports the operation's REST
    /// findings at its attribute. Null when the operation cannot be served over HTTP.
    /// </summary>
    private ProtoHttpRule? MapWeb(OperationPlan plan, WebPlan web, MappingScope scope, string name, ProtoMessage? request, ProtoMessage? response)
    {
        var operation = plan.Operation;
        var position = web.Web.Position ?? operation.Position;
        if (plan.StreamIn || plan.StreamOut || plan.RequestContract is not null || plan.ResponseContract is not null)
        {
            web.NotServed ??= "its request or response is a Stream or a message contract, which JSON transcoding cannot carry as WCF did";
        }

        string FieldOf(ProtoMessage? message, string key)
            => message?.Fields.FirstOrDefault(f => key == "result" ? f.Origin?.Kind == FieldOriginKind.ReturnValue : f.Origin?.Kind == FieldOriginKind.Parameter && f.Origin.MemberName == key)?.Name
                ?? ProtoNames.ToSnake(key);

        // The path: literals as written, variables by the field they bind.
        var path = new List<string>();
        foreach (var segment in web.Template.Segments)
        {
            if (segment.Kind == UriSegmentKind.Literal)
            {
                path.Add(segment.Text!);
            }
            else if (web.PathBindings.TryGetValue(segment, out var parameter))
            {
                var field = request?.Fields.FirstOrDefault(f => f.Name == FieldOf(request, parameter));
                if (field is not null && !IsUrlScalar(field))
                {
                    web.NotServed ??= $"the URL variable '{segment.Text}' binds '{parameter}', a {field.Type} that a URL cannot carry in transcoding";
                }

                path.Add(segment.Kind == UriSegmentKind.Wildcard ? "{" + FieldOf(request, parameter) + "=**}" : "{" + FieldOf(request, parameter) + "}");
            }
            else
            {
                path.Add("**");
            }
        }

        foreach (var parameter in web.RequestJsonNames.Keys.Where(p => !web.BodyParameters.Contains(p)))
        {
            if (request?.Fields.FirstOrDefault(f => f.Name == FieldOf(request, parameter)) is { } field && !IsUrlScalar(field))
            {
                web.NotServed ??= $"the query variable for '{parameter}' binds a {field.Type} that a URL cannot carry in transcoding";
            }
        }

        string? body = null;
        if (web.BodyParameters.Count > 0 && request is not null)
        {
            body = web.WrappedRequest ? "*" : FieldOf(request, web.BodyParameters[0]);
            if (!web.WrappedRequest && request.Fields.FirstOrDefault(f => f.Name == body) is { } bodyField && !IsMessageField(bodyField))
            {
                // JSON transcoding reads a body into a message field only (a scalar body field stops the host at start).
                web.Differences.Add($"the bare body parameter '{web.BodyParameters[0]}' ({(bodyField.Label == ProtoLabel.Repeated ? "repeated " : string.Empty)}{bodyField.Type}) is read by transcoding only as a member of a JSON object: the body is {{\"{body}\": …}} instead of WCF's bare value");
                body = "*";
            }
        }

        string? responseBody = null;
        if (!web.WrappedResponse && response is not null && operation.ReturnType.Shape != TypeShape.Void
            && operation.Parameters.All(p => p.Direction == ParameterDirection.In))
        {
            responseBody = FieldOf(response, "result");
        }

        if (web.NotServed is { } reason)
        {
            Report(scope, FindingMessages.RestNotServed, position, name, reason);
            return null;
        }

        var differs = false;
        foreach (var difference in web.Differences)
        {
            Report(scope, FindingMessages.RestUriTemplateFeature, position, name, difference);
            differs = true;
        }

        var xml = new List<string>();
        if (web.Web.RequestFormat == WebFormat.Xml && body is not null)
        {
            xml.Add("request");
        }

        if (web.Web.ResponseFormat == WebFormat.Xml && operation.ReturnType.Shape != TypeShape.Void)
        {
            xml.Add("response");
        }

        if (xml.Count > 0)
        {
            Report(scope, FindingMessages.RestXmlFormat, position, name, string.Join(" and ", xml));
            differs = true;
        }

        // The JSON that travels: the body parameters of the request, and the result with ref/out parameters.
        var json = new List<(string Where, TypeRef Type)>();
        if (body is not null)
        {
            json.AddRange(operation.Parameters.Where(p => web.BodyParameters.Contains(p.Name)).Select(p => (p.Name, p.Type)));
        }

        if (response is not null)
        {
            if (operation.ReturnType.Shape != TypeShape.Void)
            {
                json.Add(("the result", operation.ReturnType));
            }

            if (responseBody is null)
            {
                json.AddRange(operation.Parameters.Where(p => p.Direction != ParameterDirection.In).Select(p => (p.Name, p.Type)));
            }
        }

        // A void answer: WCF sends 200 with an empty body; the rpc returns google.protobuf.Empty, which transcoding writes as {}.
        if (operation.ReturnType.Shape == TypeShape.Void && operation.Parameters.All(p => p.Direction == ParameterDirection.In))
        {
            Report(scope, FindingMessages.RestJsonDiffers, position, name, "no result", "the answer", "WCF answers with an empty body, transcoding writes google.protobuf.Empty as {}");
            differs = true;
        }

        foreach (var difference in JsonDifferences(json).OrderBy(d => d.Key.What, StringComparer.Ordinal))
        {
            var places = difference.Value.Count > 3 ? string.Join(", ", difference.Value.Take(3)) + $" and {difference.Value.Count - 3} more" : string.Join(", ", difference.Value);
            Report(scope, FindingMessages.RestJsonDiffers, position, name, difference.Key.What, places, difference.Key.How);
            differs = true;
        }

        if (operation.Faults.Count > 0)
        {
            Report(scope, FindingMessages.RestFault, position, name, string.Join(", ", operation.Faults.Select(f => f.Display)));
            differs = true;
        }

        var method = web.Web.Method.ToLowerInvariant();
        var rule = new ProtoHttpRule(
            method is "get" or "put" or "post" or "delete" or "patch" ? method : web.Web.Method,
            "/" + string.Join("/", path),
            body,
            responseBody);
        Report(scope, differs ? FindingMessages.RestOperationChanged : FindingMessages.RestOperationKept, position, name, web.Web.Method, RuleText(rule));
        _hasHttpRules = true;
        _restOperationsKept += differs ? 0 : 1;
        return rule;
    }

    /// <summary>The rule as a finding shows it: the path, then the body and response body when set.</summary>
    private static string RuleText(ProtoHttpRule rule)
        => rule.Path + (rule.Body is null ? string.Empty : $" (body: {rule.Body})") + (rule.ResponseBody is null ? string.Empty : $" (response_body: {rule.ResponseBody})");

    private static readonly HashSet<string> UrlScalars = new(StringComparer.Ordinal)
    {
        "string", "bool", "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "float", "double",
    };

    /// <summary>A field transcoding can fill from a URL: a scalar or an enum, not repeated.</summary>
    private static bool IsUrlScalar(ProtoField field)
        => field.Label != ProtoLabel.Repeated && (UrlScalars.Contains(field.Type) || field.Conversion?.Kind == ConversionKind.Enum
            || field.Conversion is { Kind: ConversionKind.Nullable } nullable && nullable.Arguments.Count == 1 && nullable.Arguments[0].Kind == ConversionKind.Enum);

    /// <summary>A single message field, the only kind of field JSON transcoding takes a request body into.</summary>
    private static bool IsMessageField(ProtoField field)
        => field.Label != ProtoLabel.Repeated && !UrlScalars.Contains(field.Type) && field.Type != "bytes" && field.Conversion?.Kind != ConversionKind.Enum;
}
