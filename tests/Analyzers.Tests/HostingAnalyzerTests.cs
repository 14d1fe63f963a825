using MigrateWcf.Generator.Rules;
using Verify = MigrateWcf.Analyzers.Tests.Infrastructure.AnalyzerVerifier<MigrateWcf.Analyzers.Hosting.HostingAnalyzer>;

namespace MigrateWcf.Analyzers.Tests;

/// <summary>WCFM4xxx as the IDE and the build see them: hosting and client code, named pipes, security modes, .config files.</summary>
public class HostingAnalyzerTests
{
    private const string Contract = """
        using System;
        using System.ServiceModel;

        [ServiceContract]
        public interface ISimple
        {
            [OperationContract]
            void Put();
        }

        public class Simple : ISimple { public void Put() { } }

        """;

    private static Task Reports(string ruleId, string source, params Microsoft.CodeAnalysis.Testing.DiagnosticResult[] expected)
        => Verify.VerifyOnlyAsync([ruleId], Contract + source, expected);

    [Fact]
    public Task ServiceHostInCode_Reports()
        => Reports(RuleIds.ServiceHostInCode, """
            public static class Program
            {
                public static void Main() { using (var host = {|#0:new ServiceHost(typeof(Simple))|}) { host.Open(); } }
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.ServiceHostInCode).WithLocation(0).WithArguments("System.ServiceModel.ServiceHost"));

    [Fact]
    public Task CodeWithoutServiceHost_DoesNotReport()
        => Reports(RuleIds.ServiceHostInCode, """
            public static class Program
            {
                public static void Main() { new Simple().Put(); }
            }
            """);

    [Fact]
    public Task BindingInCode_Reports()
        => Reports(RuleIds.BindingInCode, """
            public static class Bindings
            {
                public static NetTcpBinding Tcp() => {|#0:new NetTcpBinding(SecurityMode.None)|} { MaxReceivedMessageSize = 1 << 20 };
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.BindingInCode).WithLocation(0).WithArguments("System.ServiceModel.NetTcpBinding"));

    [Fact]
    public Task BindingTypeWithoutCreation_DoesNotReport()
        => Reports(RuleIds.BindingInCode, """
            public static class Bindings
            {
                public static int Size(NetTcpBinding binding) => (int)binding.MaxReceivedMessageSize;
            }
            """);

    [Fact]
    public Task ChannelFactory_Reports()
        => Reports(RuleIds.WcfClientChannel, """
            public static class Client
            {
                public static ISimple Open(System.ServiceModel.Channels.Binding binding)
                    => {|#0:new ChannelFactory<ISimple>(binding, new EndpointAddress("net.tcp://localhost:1/"))|}.CreateChannel();
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.WcfClientChannel).WithLocation(0).WithArguments("System.ServiceModel.ChannelFactory<TChannel>"));

    [Fact]
    public Task DirectCall_DoesNotReportAClientChannel()
        => Reports(RuleIds.WcfClientChannel, """
            public static class Client
            {
                public static ISimple Open() => new Simple();
            }
            """);

    [Fact]
    public Task NamedPipeBindingAndAddress_Report()
        => Reports(RuleIds.NamedPipeTransport, """
            public static class Pipes
            {
                public static NetNamedPipeBinding Binding() => {|#0:new NetNamedPipeBinding()|};
                public static Uri Address() => new Uri({|#1:"net.pipe://localhost/simple"|});
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.NamedPipeBinding).WithLocation(0).WithArguments("System.ServiceModel.NetNamedPipeBinding"),
            Verify.Diagnostic(WcfDiagnostics.NamedPipeAddress).WithLocation(1).WithArguments("net.pipe://localhost/simple"));

    [Fact]
    public Task TcpBindingAndAddress_DoNotReportNamedPipes()
        => Reports(RuleIds.NamedPipeTransport, """
            public static class Tcp
            {
                public static NetTcpBinding Binding() => new NetTcpBinding();
                public static Uri Address() => new Uri("net.tcp://localhost:1/simple");
            }
            """);

    [Fact]
    public Task MessageSecurity_Reports()
        => Reports(RuleIds.SecurityModeWithoutEquivalent, """
            public static class Bindings
            {
                public static WSHttpBinding Create() => new WSHttpBinding({|#0:SecurityMode.Message|});
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.SecurityModeInCode).WithLocation(0).WithArguments("Bindings.Create", "SecurityMode.Message"));

    [Fact]
    public Task TransportSecurity_DoesNotReport()
        => Reports(RuleIds.SecurityModeWithoutEquivalent, """
            public static class Bindings
            {
                public static WSHttpBinding Create() => new WSHttpBinding(SecurityMode.Transport);
            }
            """);

    [Fact]
    public Task PrincipalPermissionAndAuthorizationManager_Report()
        => Reports(RuleIds.AuthorizationWithoutCounterpart, """
            public class Guarded : ISimple
            {
                [{|#0:System.Security.Permissions.PrincipalPermission(System.Security.Permissions.SecurityAction.Demand, Role = "Admins")|}]
                public void Put() { }
            }

            public class Authz : {|#1:ServiceAuthorizationManager|}
            {
                protected override bool CheckAccessCore(OperationContext operationContext) => true;
            }
            """,
            Verify.Diagnostic(WcfDiagnostics.PrincipalPermissionDemand).WithLocation(0).WithArguments("Guarded.Put", "Role = \"Admins\"", "Admins", "RequireRole(\"Admins\")"),
            Verify.Diagnostic(WcfDiagnostics.AuthorizationManagerInCode).WithLocation(1).WithArguments("Authz", "System.ServiceModel.ServiceAuthorizationManager"));

    [Fact]
    public Task CodeWithoutAuthorization_DoesNotReport()
        => Reports(RuleIds.AuthorizationWithoutCounterpart, """
            public class Open : ISimple
            {
                [System.Security.Permissions.PrincipalPermission(System.Security.Permissions.SecurityAction.Demand, Authenticated = false)]
                public void Put() { }
            }
            """);

    [Fact]
    public Task ServiceModelInAppConfig_ReportsServicesClientsPipesAndSecurity()
        => Verify.VerifyWithConfigurationAsync(Contract, ("App.config", """
            <configuration>
              <system.serviceModel>
                <bindings>
                  <netTcpBinding>
                    <binding name="secure"><security {|#0:mode|}="Message" /></binding>
                  </netTcpBinding>
                </bindings>
                <services>
                  <{|#1:service|} name="Simple">
                    <endpoint {|#5:address|}="" {|#2:binding|}="netNamedPipeBinding" contract="ISimple" />
                  </service>
                </services>
                <client>
                  <{|#3:endpoint|} name="simple" {|#4:address|}="net.pipe://localhost/simple" binding="netTcpBinding" contract="ISimple" />
                </client>
              </system.serviceModel>
            </configuration>
            """),
            Verify.Diagnostic(WcfDiagnostics.SecurityModeInConfiguration).WithLocation(0).WithArguments("netTcpBinding/secure", "Message"),
            Verify.Diagnostic(WcfDiagnostics.ServiceInConfiguration).WithLocation(1).WithArguments("Simple", "1"),
            Verify.Diagnostic(WcfDiagnostics.NamedPipeBinding).WithLocation(2).WithArguments("netNamedPipeBinding"),
            Verify.Diagnostic(WcfDiagnostics.ClientEndpointInConfiguration).WithLocation(3).WithArguments("simple", "ISimple"),
            Verify.Diagnostic(WcfDiagnostics.NamedPipeAddress).WithLocation(4).WithArguments("net.pipe://localhost/simple"),
            // No address and no base address of its scheme (a service hosted in IIS): the generated host cannot listen there.
            Verify.Diagnostic(WcfDiagnostics.SettingWithoutCounterpart).WithLocation(5).WithArguments("address=\"\"", "service 'Simple'",
                "it has no absolute address, nor a base address of its scheme (net.pipe) to resolve against (hosted in IIS?); the host serves the service on its other endpoints"));

    [Fact]
    public Task ConfigWithoutServiceModel_DoesNotReport()
        => Verify.VerifyWithConfigurationAsync(Contract, ("App.config", """
            <configuration>
              <appSettings><add key="endpoint" value="pipe:simple" /></appSettings>
            </configuration>
            """));

    [Fact]
    public Task MalformedConfig_ReportsWhereTheXmlBreaks()
        => Verify.VerifyWithConfigurationAsync(Contract, ("Web.config", """
            <configuration>
              <system.serviceModel>
                <services>
              </{|#0:|}system.serviceModel>
            </configuration>
            """),
            Verify.Diagnostic(WcfDiagnostics.ConfigurationUnreadable).WithLocation(0).WithArguments("Web.config", "The 'services' start tag on line 3 position 6 does not match the end tag of 'system.serviceModel'. Line 4, position 5."));
}
