using System;
using System.Collections.Concurrent;

namespace Calculator.Host
{
    public class AuditLog
    {
        private readonly ConcurrentQueue<string> _entries = new ConcurrentQueue<string>();

        public int Count
        {
            get { return _entries.Count; }
        }

        public double Record(string operation, double n1, double n2, double result)
        {
            _entries.Enqueue(string.Format("{0:o} {1}({2}, {3}) = {4}", DateTime.UtcNow, operation, n1, n2, result));
            return result;
        }

        public void Error(Exception error)
        {
            _entries.Enqueue(string.Format("{0:o} error: {1}", DateTime.UtcNow, error.Message));
        }
    }
}
