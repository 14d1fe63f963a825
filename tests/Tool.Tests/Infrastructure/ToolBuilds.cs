namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>
/// The test classes that build or pack tool/ itself (a pack, the build-time targets building the engine's project): one
/// at a time, since two builds of one project at once race on its obj/.
/// </summary>
[CollectionDefinition(Name)]
public sealed class ToolBuilds
{
    public const string Name = "builds of tool/";
}
