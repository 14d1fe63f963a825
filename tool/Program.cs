using MigrateWcf.Tool.Cli;

return await MigrateWcfCommandLine.InvokeAsync(args, CliDependencies.FromConsole());
