using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Tests;

public sealed class GlobTests
{
    [Theory]
    [InlineData(@"*.cs", "A.cs", true)]
    [InlineData(@"*.cs", "Sub/A.cs", false)]
    [InlineData(@"**\*.cs", "A.cs", true)]
    [InlineData(@"**\*.cs", "Sub/Deeper/A.cs", true)]
    [InlineData(@"Legacy\**", "Legacy/A.cs", true)]
    [InlineData(@"Legacy\**", "Legacy/Sub/A.cs", true)]
    [InlineData(@"Legacy\**", "LegacyOther/A.cs", false)]
    [InlineData(@"Contracts\I?.cs", "Contracts/IA.cs", true)]
    [InlineData(@"Contracts\I?.cs", "Contracts/IAB.cs", false)]
    [InlineData(@"shared\*.CS", "Shared/Dto.cs", true)]
    [InlineData(@".\Models\*.cs", "Models/Order.cs", true)]
    public void Matches_AsMsBuildWildcards(string pattern, string path, bool expected)
        => Assert.Equal(expected, Glob.Create(pattern).IsMatch(path));

    [Theory]
    [InlineData(@"..\Shared\**\*.cs", "../Shared/")]
    [InlineData(@"*.cs", "")]
    [InlineData(@"Models\Order.cs", "Models/")]
    public void FixedPrefix_IsTheFolderBeforeTheFirstWildcard(string pattern, string expected)
        => Assert.Equal(expected, Glob.FixedPrefix(pattern));
}
