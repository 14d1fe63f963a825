using System;

namespace Echo.Host
{
    public class StatusService : IStatusService
    {
        private readonly DateTime _startedAt;

        internal StatusService()
        {
            _startedAt = DateTime.UtcNow;
        }

        public string GetStatus()
        {
            return "running since " + _startedAt.ToString("u");
        }
    }
}
