using System;
using System.ComponentModel.Composition;

namespace ConfigService.Feeders
{
    [Export(typeof(IConfigurationFeeder))]
    [PartCreationPolicy(CreationPolicy.Shared)]
    public class EnvironmentFeeder : IConfigurationFeeder
    {
        public string Name => "environment";

        public string Find(string setting) => Environment.GetEnvironmentVariable("CONFIG_" + setting);
    }
}
