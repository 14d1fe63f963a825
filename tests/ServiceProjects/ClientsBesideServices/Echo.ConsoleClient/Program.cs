using System;
using Echo.ConsoleClient.EchoReference;

namespace Echo.ConsoleClient
{
    class Program
    {
        static void Main(string[] args)
        {
            var client = new EchoClient();
            try
            {
                foreach (var word in args.Length > 0 ? args : new[] { "hello", "world" })
                {
                    Console.WriteLine("{0} -> {1} ({2} chars)", word, client.Echo(word), client.Length(word));
                }

                client.Close();
            }
            catch (Exception)
            {
                client.Abort();
                throw;
            }
        }
    }
}
