using System.Configuration;

namespace Greeting.Service
{
    public class GreeterService : IGreeter
    {
        public string GetGreeting()
        {
            return ConfigurationManager.AppSettings["Greeting"];
        }

        public string Greet(string name)
        {
            var maxLength = GetMaxNameLength();
            var shown = string.IsNullOrEmpty(name) ? "stranger" : name.Length > maxLength ? name.Substring(0, maxLength) : name;
            return string.Format("{0}, {1}!", GetGreeting(), shown);
        }

        public int GetMaxNameLength()
        {
            int length;
            return int.TryParse(ConfigurationManager.AppSettings["MaxNameLength"], out length) ? length : 20;
        }
    }
}
