Console.Error.WriteLine("usage: migrate-wcf <proto|analyze> ... (arrives with issue 5)");
return 2;
