using System;

namespace RemoteTestHarness
{
    [Serializable]
    public class Message
    {
        public string to { get; set; }
        public string from { get; set; }
        public string author { get; set; } = "";
        public DateTime time { get; set; } = DateTime.Now;
        public string body { get; set; } = "";
    }
}
