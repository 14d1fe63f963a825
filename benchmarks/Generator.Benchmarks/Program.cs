Console.WriteLine("generator benchmark: arrives with its issue");
