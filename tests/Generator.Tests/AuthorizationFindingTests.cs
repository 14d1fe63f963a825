using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// WCFM4012: authorization in code the migrated gRPC service does not run, [PrincipalPermission] demands and
/// ServiceAuthorizationManager subclasses, each at its place with the ASP.NET Core policy that replaces it.
/// </summary>
public class AuthorizationFindingTests
{
    private const string Contract = """
        using System.Security.Permissions;
        using System.ServiceModel;

        [ServiceContract]
        public interface IOrders
        {
            [OperationContract]
            void Cancel(int id);
        }

        """;

    /// <summary>Each WCFM4012 finding as <c>line:column message</c> (the message without the rule's common text).</summary>
    private static List<string> Found(string source, bool withCoreWcf = false)
    {
        var suffix = ". " + RuleCatalog.Get(RuleIds.AuthorizationWithoutCounterpart).GrpcInstead;
        return Engine.Run(Contract + source, withCoreWcf: withCoreWcf).FindingsOf(RuleIds.AuthorizationWithoutCounterpart)
            .Select(f => $"{f.Position!.Line}:{f.Position.Column} {f.Text()[..^suffix.Length]}")
            .ToList();
    }

    [Fact]
    public void PrincipalPermissionWithARole_IsReportedAtTheAttribute_WithItsPolicy()
    {
        var found = Found("""
            public class Orders : IOrders
            {
                [PrincipalPermission(SecurityAction.Demand, Role = "Admins")]
                public void Cancel(int id) { }
            }
            """);

        Assert.Equal(
            [
                "12:6 [PrincipalPermission(Role = \"Admins\")] on 'Orders.Cancel' is not checked by the migrated gRPC service: "
                    + "add the policy options.AddPolicy(\"Admins\", p => p.RequireRole(\"Admins\")) in AddAuthorization and put [Authorize(Policy = \"Admins\")] on 'Orders.Cancel'",
            ],
            found);
    }

    [Fact]
    public void NameAuthenticatedAndBoth_BecomeTheirRequirements_OnClassesAndMethods()
    {
        var found = Found("""
            [PrincipalPermission(SecurityAction.Demand, Name = @"CONTOSO\bob")]
            public class Orders : IOrders
            {
                [PrincipalPermission(SecurityAction.Demand, Authenticated = true)]
                public void Cancel(int id) { }

                [System.Security.Permissions.PrincipalPermission(SecurityAction.Demand)]
                public void Ship(int id) { }

                [PrincipalPermission(SecurityAction.Demand, Role = "Clerks", Name = "ann")]
                public void Hold(int id) { }

                [PrincipalPermission(SecurityAction.Demand, Authenticated = false)]
                public void Peek(int id) { }
            }
            """);

        Assert.Equal(
            [
                "10:2 [PrincipalPermission(Name = \"CONTOSO\\\\bob\")] on 'Orders' is not checked by the migrated gRPC service: "
                    + "add the policy options.AddPolicy(\"CONTOSO\\\\bob\", p => p.RequireUserName(\"CONTOSO\\\\bob\")) in AddAuthorization and put [Authorize(Policy = \"CONTOSO\\\\bob\")] on 'Orders'",
                "13:6 [PrincipalPermission(Authenticated = true)] on 'Orders.Cancel' is not checked by the migrated gRPC service: "
                    + "add the policy options.AddPolicy(\"Authenticated\", p => p.RequireAuthenticatedUser()) in AddAuthorization and put [Authorize(Policy = \"Authenticated\")] on 'Orders.Cancel'",
                "16:6 [PrincipalPermission(Authenticated = true)] on 'Orders.Ship' is not checked by the migrated gRPC service: "
                    + "add the policy options.AddPolicy(\"Authenticated\", p => p.RequireAuthenticatedUser()) in AddAuthorization and put [Authorize(Policy = \"Authenticated\")] on 'Orders.Ship'",
                "19:6 [PrincipalPermission(Role = \"Clerks\", Name = \"ann\")] on 'Orders.Hold' is not checked by the migrated gRPC service: "
                    + "add the policy options.AddPolicy(\"Clerks/ann\", p => p.RequireRole(\"Clerks\").RequireUserName(\"ann\")) in AddAuthorization and put [Authorize(Policy = \"Clerks/ann\")] on 'Orders.Hold'",
            ],
            found);
    }

    [Fact]
    public void ServiceAuthorizationManagerSubclasses_AreReportedAtTheirBaseType()
    {
        var found = Found("""
            public class Orders : IOrders { public void Cancel(int id) { } }

            public class OrdersAuthorization : ServiceAuthorizationManager
            {
                protected override bool CheckAccessCore(OperationContext operationContext) => true;
            }

            public sealed class StrictAuthorization : OrdersAuthorization { }

            public static class Program
            {
                public static void Main()
                {
                    using var host = new ServiceHost(typeof(Orders));
                    host.Authorization.ServiceAuthorizationManager = new StrictAuthorization();
                }
            }
            """);

        const string Rest = "whose CheckAccessCore the migrated gRPC service never calls: do its checks in an IAuthorizationHandler of a policy registered with AddAuthorization "
            + "and named by [Authorize(Policy = \"...\")] on the implementation, or in a gRPC server interceptor";
        Assert.Equal(
            [
                "12:36 'OrdersAuthorization' derives from 'System.ServiceModel.ServiceAuthorizationManager', " + Rest,
                "17:43 'StrictAuthorization' derives from 'System.ServiceModel.ServiceAuthorizationManager', " + Rest,
            ],
            found);
    }

    [Fact]
    public void CoreWcfServiceAuthorizationManager_IsReportedToo()
    {
        var found = Found("""
            namespace CoreWCF { public class ServiceAuthorizationManager { } }
            public class Authz : CoreWCF.ServiceAuthorizationManager { }
            """);

        Assert.Equal(["11:22 'Authz' derives from 'CoreWCF.ServiceAuthorizationManager', " + found.Single().Split(", ", 2)[1]], found);
    }

    [Fact]
    public void CodeWithoutAuthorization_AndSameNamedTypesOfOtherNamespaces_AreNotReported()
        => Assert.Empty(Found("""
            namespace Lookalike
            {
                public sealed class PrincipalPermissionAttribute : System.Attribute { public string Role { get; set; } }
                public class ServiceAuthorizationManager { }
            }

            [Lookalike.PrincipalPermission(Role = "Admins")]
            public class Orders : IOrders
            {
                public void Cancel(int id) => System.Console.WriteLine(id);
            }

            public class Authz : Lookalike.ServiceAuthorizationManager { }
            """));
}
