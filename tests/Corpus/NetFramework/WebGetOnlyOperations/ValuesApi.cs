using System.Collections.Generic;
using System.Linq;

namespace Adatum.Values
{
    public class ValuesApi : IValuesApi
    {
        private static readonly Dictionary<string, string> Store = new Dictionary<string, string> { ["1"] = "a", ["2"] = "b" };

        public string[] GetValues()
        {
            lock (Store)
            {
                return Store.Values.ToArray();
            }
        }

        public ValueEntry GetValue(string id)
        {
            lock (Store)
            {
                return Store.TryGetValue(id, out var value) ? new ValueEntry { Id = id, Value = value } : null;
            }
        }

        public ValueEntry PutValue(string id, ValueEntry entry)
        {
            lock (Store)
            {
                Store[id] = entry.Value;
                return new ValueEntry { Id = id, Value = entry.Value };
            }
        }

        public void DeleteValue(string id)
        {
            lock (Store)
            {
                Store.Remove(id);
            }
        }
    }
}
