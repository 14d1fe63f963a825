Console.WriteLine("interop Server: arrives with issue 4");
