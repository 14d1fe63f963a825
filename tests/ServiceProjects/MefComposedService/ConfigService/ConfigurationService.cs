using System.Collections.Generic;
using System.ComponentModel.Composition;
using System.ComponentModel.Composition.Hosting;
using System.Linq;
using ConfigService.Feeders;

namespace ConfigService
{
    [Export]
    [Export(typeof(IConfigurationService))]
    public class ConfigurationService : IConfigurationService
    {
        [ImportMany]
        private IEnumerable<IConfigurationFeeder> feeders = Enumerable.Empty<IConfigurationFeeder>();

        public ConfigurationService()
        {
            // The custom ServiceHost composes the service; composing it here too keeps it working when WCF creates it.
            using (var catalog = new TypeCatalog(typeof(AppSettingsFeeder), typeof(EnvironmentFeeder)))
            using (var container = new CompositionContainer(catalog))
            {
                feeders = container.GetExportedValues<IConfigurationFeeder>().ToList();
            }
        }

        [ImportingConstructor]
        public ConfigurationService([ImportMany] IEnumerable<IConfigurationFeeder> feeders)
        {
            this.feeders = feeders;
        }

        public string GetSetting(string name)
            => feeders.Select(f => f.Find(name ?? "region")).FirstOrDefault(v => v != null) ?? "(unset)";

        public int CountFeeders() => feeders.Count();
    }
}
