using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads WCF's REST programming model on an operation method: <c>[WebGet]</c> / <c>[WebInvoke]</c> (System.ServiceModel.Web
/// or CoreWCF.Web) with their Method, UriTemplate, RequestFormat, ResponseFormat and BodyStyle, WCF's defaults applied.
/// What they become (a google.api.http rule) is mapping's decision.
/// </summary>
internal sealed class WebHttpReader
{
    private const string WebOperationContextName = "WebOperationContext";
    private const string UriTemplateMatchName = "UriTemplateMatch";

    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;

    public WebHttpReader(DiscoveryContext context)
    {
        _context = context;
        _wcf = context.Wcf;
    }

    /// <summary>
    /// Whether any source names System.ServiceModel.Web's <c>WebOperationContext</c> (an implementation, or a helper or
    /// base class it reaches), and whether one reads its request's <c>UriTemplateMatch</c>: the C# emitters then supply
    /// their stand-ins, which no attribute tells.
    /// </summary>
    public ServiceModelTypes WebOperationContextUse()
    {
        if (_wcf.WebOperationContext.IsEmpty)
        {
            return ServiceModelTypes.None;
        }

        var used = ServiceModelTypes.None;
        foreach (var tree in _context.Compilation.SyntaxTrees)
        {
            // Most files never mention it; only a tree that names it is bound.
            var text = tree.GetText(_context.CancellationToken).ToString();
            if (text.IndexOf(WebOperationContextName, StringComparison.Ordinal) < 0 && text.IndexOf(UriTemplateMatchName, StringComparison.Ordinal) < 0)
            {
                continue;
            }

            var model = _context.Compilation.GetSemanticModel(tree);
            foreach (var name in tree.GetRoot(_context.CancellationToken).DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                if (name.Identifier.ValueText == WebOperationContextName
                    && WcfSymbols.Is(model.GetSymbolInfo(name, _context.CancellationToken).Symbol as ITypeSymbol, _wcf.WebOperationContext))
                {
                    used |= ServiceModelTypes.WebOperationContext;
                }
                else if (name.Identifier.ValueText == UriTemplateMatchName
                         && model.GetSymbolInfo(name, _context.CancellationToken).Symbol is { } symbol
                         && WcfSymbols.Is(symbol as ITypeSymbol ?? (symbol as IPropertySymbol)?.Type, _wcf.UriTemplateMatch))
                {
                    used |= ServiceModelTypes.UriTemplateMatch;
                }
            }
        }

        // The match is reached through WebOperationContext; its stand-in has no other way in.
        return (used & ServiceModelTypes.WebOperationContext) != 0 ? used : ServiceModelTypes.None;
    }

    /// <summary>The REST attribute of <paramref name="method"/>; null when it has neither (WebGet wins over a second WebInvoke, as WCF refuses both).</summary>
    public WebHttpModel? Read(IMethodSymbol method)
    {
        if (_wcf.WebGet.IsEmpty && _wcf.WebInvoke.IsEmpty)
        {
            return null;
        }

        var isGet = true;
        var attribute = WcfSymbols.Find(method, _wcf.WebGet);
        if (attribute is null)
        {
            isGet = false;
            attribute = WcfSymbols.Find(method, _wcf.WebInvoke);
        }

        if (attribute is null)
        {
            return null;
        }

        var httpMethod = isGet ? "GET" : WcfSymbols.Named<string?>(attribute, "Method", null) is { Length: > 0 } given ? given.Trim().ToUpperInvariant() : "POST";
        var template = WcfSymbols.Named<string?>(attribute, "UriTemplate", null);
        return new WebHttpModel(
            httpMethod,
            template,
            Format(attribute, "RequestFormat"),
            Format(attribute, "ResponseFormat"),
            BodyStyle(attribute),
            isGet,
            attribute.AttributeClass?.ContainingNamespace?.ToDisplayString() == WcfSymbols.WebNamespace,
            DiscoveryContext.PositionOf(attribute) ?? DiscoveryContext.PositionOf(method));
    }

    // Enum-typed named arguments arrive as their underlying int.
    private static WebFormat Format(AttributeData attribute, string name)
        => WcfSymbols.Named(attribute, name, (int)WebFormat.Xml) == (int)WebFormat.Json ? WebFormat.Json : WebFormat.Xml;

    private static WebBodyStyle BodyStyle(AttributeData attribute)
    {
        var value = WcfSymbols.Named(attribute, "BodyStyle", (int)WebBodyStyle.Bare);
        return Enum.IsDefined(typeof(WebBodyStyle), value) ? (WebBodyStyle)value : WebBodyStyle.Bare;
    }
}
