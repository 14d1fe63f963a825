Console.WriteLine("runtime benchmark: arrives with its issue");
