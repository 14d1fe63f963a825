using System.Reflection;

[assembly: AssemblyTitle("OldStyle")]
[assembly: AssemblyVersion("1.0.0.0")]
