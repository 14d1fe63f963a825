using System.Collections.Generic;
using System.Linq;
using System.ServiceModel;

namespace ValuesService
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class ValuesService : IValues
    {
        private readonly object _gate = new object();
        private readonly List<ValueItem> _values = new List<ValueItem>
        {
            new ValueItem { Id = 1, Text = "value1" },
            new ValueItem { Id = 2, Text = "value2" },
        };

        public List<ValueItem> GetValues()
        {
            lock (_gate)
            {
                return _values.ToList();
            }
        }

        public ValueItem GetValue(string id)
        {
            int key;
            if (!int.TryParse(id, out key))
            {
                return null;
            }

            lock (_gate)
            {
                return _values.FirstOrDefault(v => v.Id == key);
            }
        }

        public ValueItem AddValue(ValueItem item)
        {
            lock (_gate)
            {
                var added = new ValueItem { Id = _values.Count == 0 ? 1 : _values.Max(v => v.Id) + 1, Text = item == null ? null : item.Text };
                _values.Add(added);
                return added;
            }
        }

        public void DeleteValue(string id)
        {
            int key;
            if (int.TryParse(id, out key))
            {
                lock (_gate)
                {
                    _values.RemoveAll(v => v.Id == key);
                }
            }
        }
    }
}
