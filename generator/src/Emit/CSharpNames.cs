using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Turns the fully qualified names the emitters write (<c>global::N.T</c>, which cannot bind to the wrong type) into
/// the names a person writes, where that cannot change what they bind to: a type of the file's own namespace by its
/// simple name, and the few runtime, gRPC and BCL types generated code uses through <c>using global::N;</c> inside the
/// namespace declaration (there, an import is consulted before the user's types in the enclosing namespaces). A name
/// stays qualified when a generated type of the same name could hide it. The user's own types always stay qualified: a
/// data type and its message usually share a name.
/// </summary>
internal static class CSharpNames
{
    /// <summary>Imported namespaces and the names bound through them: every name of our runtime's namespaces, and only
    /// the listed ones elsewhere, none of which another imported namespace declares (which would make it ambiguous).</summary>
    private static readonly (string Namespace, HashSet<string>? Types)[] Imports =
    {
        ("MigrateWcf.Runtime.Mapping", null),
        ("MigrateWcf.Runtime", null),
        ("System.Threading.Tasks", new(StringComparer.Ordinal) { "Task" }),
        ("System.Collections.Generic", new(StringComparer.Ordinal) { "List", "Dictionary", "HashSet", "IReadOnlyList" }),
        ("Grpc.Core", new(StringComparer.Ordinal) { "ServerCallContext", "IAsyncStreamReader", "IServerStreamWriter", "RpcException", "Status", "StatusCode", "CallOptions" }),
        ("Google.Protobuf.WellKnownTypes", new(StringComparer.Ordinal) { "Empty" }),
        ("Microsoft.Extensions.DependencyInjection", new(StringComparer.Ordinal) { "IServiceCollection" }),
        ("Microsoft.AspNetCore.Routing", new(StringComparer.Ordinal) { "IEndpointRouteBuilder" }),
        ("System.ServiceModel", new(StringComparer.Ordinal) { "ConcurrencyMode" }),
        ("System", new(StringComparer.Ordinal) { "Action" }),
        ("Microsoft.Extensions.Options", new(StringComparer.Ordinal) { "IOptions" }),
        ("Microsoft.AspNetCore.Grpc.JsonTranscoding", new(StringComparer.Ordinal) { "GrpcJsonTranscodingOptions" }),
    };

    /// <summary>Namespaces inside the runtime's, which are not types.</summary>
    private static readonly HashSet<string> RuntimeNamespaces = new(StringComparer.Ordinal) { "Mapping", "Protocol", "Internal" };

    private static readonly Regex Qualified = new(
        @"global::(?<namespace>" + string.Join("|", Imports.Select(i => Regex.Escape(i.Namespace))) + @")\.(?<type>[A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_])",
        RegexOptions.CultureInvariant);

    /// <summary>
    /// <paramref name="text"/> with names shortened as the class summary says; the namespaces it now relies on are
    /// added to <paramref name="usings"/>.
    /// </summary>
    /// <param name="declared">Every type name the generated code and Grpc.Tools declare in the namespaces of this set.</param>
    public static string Shorten(string text, string @namespace, IReadOnlyCollection<string> declared, ISet<string> usings)
    {
        var own = new Regex(@"global::" + Regex.Escape(@namespace) + @"\.(?=(?<type>[A-Za-z_][A-Za-z0-9_]*))", RegexOptions.CultureInvariant);
        text = own.Replace(text, match => match.Groups["type"].Value == "TService" ? match.Value : string.Empty);
        return Qualified.Replace(text, match =>
        {
            var type = match.Groups["type"].Value;
            var import = Imports.First(i => i.Namespace == match.Groups["namespace"].Value);
            if (declared.Contains(type) || (import.Types is { } types ? !types.Contains(type) : RuntimeNamespaces.Contains(type)))
            {
                return match.Value;
            }

            usings.Add("global::" + import.Namespace);
            return type;
        });
    }
}
