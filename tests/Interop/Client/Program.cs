Console.WriteLine("interop Client: arrives with issue 4");
