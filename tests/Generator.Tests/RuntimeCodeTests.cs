using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>Runtime code in C#: OperationContext members, security mode values and net.pipe addresses, however they are written.</summary>
public class RuntimeCodeTests
{
    private static List<string> Found(string source, params string[] ruleIds)
        => Engine.Run(source).Findings.Where(f => ruleIds.Contains(f.RuleId))
            .Select(f => $"{f.RuleId} {f.Position!.Line}:{f.Position.Column} {f.Text().Split(". ")[0]}")
            .ToList();

    [Fact]
    public void OperationContextMembers_AreFoundThroughLocalsConditionalAccessAndQualifiedNames()
    {
        var found = Found("""
            using System.ServiceModel;
            public class Service
            {
                public string Who
                {
                    get
                    {
                        var context = OperationContext.Current;
                        return context?.SessionId + context.IncomingMessageProperties.Count + context.IncomingMessageHeaders.Action;
                    }
                }

                public void Run() => System.Action.Invoke(() => System.ServiceModel.OperationContext.Current.Extensions.Clear());
            }
            """, RuleIds.OperationContextUse, RuleIds.OperationContextUnsupported);

        Assert.Equal(
            [
                "WCFM3009 8:44 'Service.Who' uses OperationContext.Current",
                "WCFM3009 9:29 'Service.Who' uses OperationContext.SessionId",
                "WCFM3009 9:49 'Service.Who' uses OperationContext.IncomingMessageProperties",
                "WCFM3010 9:91 'Service.Who' uses OperationContext.IncomingMessageHeaders, which the migrated OperationContext does not offer",
                "WCFM3010 13:53 'Service.Run' names 'System.ServiceModel.OperationContext' with its namespace, so the migrated OperationContext cannot stand in for it",
                "WCFM3009 13:90 'Service.Run' uses OperationContext.Current",
                "WCFM3010 13:98 'Service.Run' uses OperationContext.Extensions, which the migrated OperationContext does not offer",
            ],
            found);
    }

    [Fact]
    public void SameNamedMembersOfOtherTypes_AreNotOperationContext()
        => Assert.Empty(Found("""
            using System.ServiceModel;
            public class OperationContextLike { public static OperationContextLike Current => null; public string SessionId => ""; }
            public class Service { public string Who() => OperationContextLike.Current.SessionId; }
            """, RuleIds.OperationContextUse, RuleIds.OperationContextUnsupported));

    [Fact]
    public void SecurityModes_WithoutAGrpcEquivalent_AreReportedInAnyBinding()
    {
        var found = Found("""
            using System.ServiceModel;
            public static class Bindings
            {
                public static object[] All() => new object[]
                {
                    new NetTcpBinding(SecurityMode.TransportWithMessageCredential),
                    new BasicHttpBinding(BasicHttpSecurityMode.TransportCredentialOnly),
                    new NetTcpBinding(SecurityMode.Transport),
                    new NetNamedPipeBinding(NetNamedPipeSecurityMode.None),
                };

                public static void Harden(WSHttpBinding binding) { binding.Security.Mode = SecurityMode.Message; }
            }
            """, RuleIds.SecurityModeWithoutEquivalent);

        Assert.Equal(
            [
                "WCFM4005 6:27 'Bindings.All' uses SecurityMode.TransportWithMessageCredential",
                "WCFM4005 7:30 'Bindings.All' uses BasicHttpSecurityMode.TransportCredentialOnly",
                "WCFM4005 12:80 'Bindings.Harden' uses SecurityMode.Message",
            ],
            found);
    }

    [Fact]
    public void NamedPipeBindingsAndAddresses_AreReported()
    {
        var found = Found("""
            using System;
            using System.ServiceModel;
            public static class Pipes
            {
                public static NetNamedPipeBinding Binding() => new NetNamedPipeBinding();
                public static Uri Address(int port) => new Uri("net.pipe://localhost/app-" + port);
                public static string Interpolated(string name) => $"NET.PIPE://localhost/{name}";
                public static Uri Tcp() => new Uri("net.tcp://localhost:1/");
            }
            """, RuleIds.NamedPipeTransport);

        Assert.Equal(
            [
                "WCFM4004 5:52 'System.ServiceModel.NetNamedPipeBinding' is a named-pipe binding",
                "WCFM4004 6:52 'net.pipe://localhost/app-' is a net.pipe address",
                "WCFM4004 7:55 'NET.PIPE://localhost/' is a net.pipe address",
            ],
            found);
    }
}
