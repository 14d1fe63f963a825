using System;

namespace OrderIntake
{
    class Program
    {
        static void Main(string[] args)
        {
            const string queuePath = @".\private$\OrderIntake";
            using (new InboxHost(queuePath))
            {
                var sender = new OrderSender(@"FormatName:DIRECT=OS:" + queuePath);
                Console.WriteLine("Type an order reference to send it, or an empty line to quit.");
                string line;
                while (!string.IsNullOrEmpty(line = Console.ReadLine()))
                {
                    sender.Send(line, 1);
                }
            }
        }
    }
}
