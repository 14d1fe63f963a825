using System.ComponentModel.Composition;

namespace ConfigService.Feeders
{
    [Export(typeof(IConfigurationFeeder))]
    public class AppSettingsFeeder : IConfigurationFeeder
    {
        public string Name => "appSettings";

        public string Find(string setting) => setting == "region" ? "eu-west" : null;
    }
}
