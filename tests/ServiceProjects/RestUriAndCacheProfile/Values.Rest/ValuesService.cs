using System;
using System.Collections.Generic;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace Values.Rest
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single)]
    public class ValuesService : IValues
    {
        private readonly List<string> _values = new List<string> { "first" };

        public List<string> GetValues()
        {
            return _values;
        }

        // Answers 201 with the new value's address, built from the URL the caller posted to.
        public string AddValue(ValueEntry entry)
        {
            _values.Add(entry == null || entry.Text == null ? string.Empty : entry.Text);
            string location = WebOperationContext.Current.IncomingRequest.UriTemplateMatch.RequestUri.ToString() + "/" + (_values.Count - 1);
            WebOperationContext.Current.OutgoingResponse.SetStatusAsCreated(new Uri(location));
            return location;
        }

        public void ReplaceValue(string index, string value)
        {
            int position;
            if (int.TryParse(index, out position) && position >= 0 && position < _values.Count)
            {
                _values[position] = value ?? string.Empty;
            }
        }

        public int AddValues(List<string> values)
        {
            if (values != null)
            {
                _values.AddRange(values);
            }

            return _values.Count;
        }
    }
}
