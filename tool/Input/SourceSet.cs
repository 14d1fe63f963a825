using System.Collections.Immutable;

namespace MigrateWcf.Tool.Input;

/// <summary>What the path on the command line is.</summary>
public enum InputKind
{
    SourceFile,
    Folder,
    Project,

    /// <summary>A .sln or .slnx: its C# projects.</summary>
    Solution,
}

/// <summary>
/// How a project's sources were found, as reports name it (<c>analyze</c>: "load"). Loading through MSBuild, with real
/// references, is a mode still to come (issue 15).
/// </summary>
public enum LoadMode
{
    /// <summary>An SDK-style .csproj read without MSBuild: its folder's .cs files plus &lt;Compile Include&gt;, minus &lt;Compile Remove&gt;.</summary>
    SdkProjectFile,

    /// <summary>An old-style .csproj read without MSBuild: exactly its &lt;Compile Include&gt; items.</summary>
    OldStyleProjectFile,

    /// <summary>
    /// A restored SDK-style project evaluated by MSBuild (MSBuildWorkspace): its real compile items, references, target
    /// framework and preprocessor symbols.
    /// </summary>
    MSBuild,

    /// <summary>.cs files with no project file above them: one tree of folders (docs in tool/README.md), or the one file given.</summary>
    LooseFiles,
}

/// <summary>
/// One compilation: a project's own sources, or a tree of loose files. The engine runs once per source set.
/// </summary>
/// <param name="Name">Unique within the input: the project file's name without <c>.csproj</c>, or the loose tree's folder name (tool/README.md says how clashes are broken). The output folder of the project when the input holds several.</param>
/// <param name="Folder">The project file's folder, or the root folder of the loose tree.</param>
/// <param name="ProjectFile">The .csproj, or null for loose files.</param>
/// <param name="Files">Full paths, sorted ordinally so every run sees the same order.</param>
/// <param name="NullableEnabled">The project's &lt;Nullable&gt; setting; false (the compiler's default) otherwise.</param>
public sealed record SourceSet(string Name, LoadMode Load, string Folder, string? ProjectFile, ImmutableArray<string> Files, bool NullableEnabled)
{
    /// <summary>The .csproj files this project's &lt;ProjectReference&gt; items name and that exist (full paths, sorted).</summary>
    public ImmutableArray<string> ProjectReferences { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>Assemblies the project references by a &lt;HintPath&gt; that exists on disk (full paths, sorted): compiled against.</summary>
    public ImmutableArray<string> AssemblyReferences { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>
    /// The simple names of the assemblies the project references (every &lt;Reference&gt;, with a HintPath or not, and
    /// those MSBuild adds without one: mscorlib, System.Core, an SDK-style project's implicit framework references),
    /// sorted, any case: a built-in set assembly not among them is left out where it would clash (<see cref="ReferenceSet.ReferencesFor"/>).
    /// </summary>
    public ImmutableArray<string> ReferenceNames { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>
    /// References the tool could not load: a &lt;Reference&gt; whose &lt;HintPath&gt; is not on disk (a <c>packages/</c> folder
    /// that was never restored), a framework assembly outside the built-in set, or a &lt;PackageReference&gt; (packages are
    /// not restored without MSBuild). Types from them are unresolved; the report says so once instead of once per type.
    /// </summary>
    public ImmutableArray<MissingReference> MissingReferences { get; init; } = ImmutableArray<MissingReference>.Empty;

    /// <summary>With <see cref="LoadMode.MSBuild"/>: the target framework analysed (null when the project has one and MSBuild does not name it).</summary>
    public string? TargetFramework { get; init; }

    /// <summary>With <see cref="LoadMode.MSBuild"/>: the other frameworks a multi-targeting project builds for (analysed once, for <see cref="TargetFramework"/>).</summary>
    public ImmutableArray<string> OtherTargetFrameworks { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>Why a restored SDK-style project was read from its project file instead of through MSBuild; null otherwise.</summary>
    public string? LoadNote { get; init; }

    /// <summary>The project's <c>.config</c> files (full paths, sorted), whose <c>&lt;system.serviceModel&gt;</c> the engine reads with the code (<see cref="ConfigurationFileFinder"/>).</summary>
    public ImmutableArray<string> ConfigurationFiles { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>The assembly the project builds (&lt;AssemblyName&gt;, else the file name), so InternalsVisibleTo between projects binds.</summary>
    public string AssemblyName { get; init; } = Name;

    /// <summary>
    /// The packages the project uses: its packages.config entries and its &lt;PackageReference&gt; items with a version (from
    /// the item, else from a Directory.Packages.props above it), in file order; what the migrated project references.
    /// </summary>
    public ImmutableArray<PackageEntry> Packages { get; init; } = ImmutableArray<PackageEntry>.Empty;

    /// <summary>Why the project is a test project, where its project file says so; null when it is not one.</summary>
    public TestProjectMark? TestProject { get; init; }

    /// <summary>
    /// The preprocessor symbols the project's Debug build defines (<see cref="ProjectFileReader.PreprocessorSymbols"/>),
    /// which its files are parsed with; none for loose files.
    /// </summary>
    public ImmutableArray<string> PreprocessorSymbols { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>
    /// For a source set made of several projects' files (generate's one compilation): each file's own project's symbols,
    /// by full path; a file not in it is parsed with <see cref="PreprocessorSymbols"/>.
    /// </summary>
    public ImmutableDictionary<string, ImmutableArray<string>> FileSymbols { get; init; } = ImmutableDictionary<string, ImmutableArray<string>>.Empty.WithComparers(StringComparer.Ordinal);

    /// <summary>The &lt;DefineConstants&gt; of the project (or, combined, of its projects) that could not be read, each with why.</summary>
    public ImmutableArray<SymbolsNotRead> SymbolsNotRead { get; init; } = ImmutableArray<SymbolsNotRead>.Empty;

    /// <summary>
    /// For a source set made of several projects' files (generate's one compilation): the projects among them that the
    /// inputs reference without naming them (a helper library), each with its files that no input project compiles too.
    /// Their contracts are migrated only where the inputs reach them (WCFM1028).
    /// </summary>
    public ImmutableArray<MigrateWcf.Generator.ReferencedProject> ReferencedLibraries { get; init; } = ImmutableArray<MigrateWcf.Generator.ReferencedProject>.Empty;

    /// <summary>The symbols <paramref name="file"/> (one of <see cref="Files"/>) is parsed with.</summary>
    public ImmutableArray<string> SymbolsOf(string file) => FileSymbols.TryGetValue(file, out var symbols) ? symbols : PreprocessorSymbols;
}

/// <summary>A &lt;DefineConstants&gt; of a project file the tool could not evaluate, and why: its symbols are not among those its files are parsed with.</summary>
public sealed record SymbolsNotRead(string Reason, MigrateWcf.Generator.SourcePosition Position);

/// <summary>What makes a project a test project (a test framework referenced, a test project type, IsTestProject).</summary>
/// <param name="Reason">For the finding: "it references MSTest.TestFramework", "its ProjectTypeGuids mark a test project", "IsTestProject is true".</param>
/// <param name="Position">Where the project file (or its packages.config) says so.</param>
public sealed record TestProjectMark(string Reason, MigrateWcf.Generator.SourcePosition Position);

/// <summary>A reference of a project that the tool could not load, and where the project file names it.</summary>
/// <param name="Name">The assembly or package name (the part of <c>Include</c> before the first comma).</param>
/// <param name="Reason">Why it is missing, for the report: "HintPath ..\packages\X.dll not found", "not in the built-in .NET Framework set", "package (not restored)".</param>
public sealed record MissingReference(string Name, string Reason, int Line, int Column)
{
    /// <summary>The full path its &lt;HintPath&gt; names, when it has one (what <c>--restore</c> fills).</summary>
    public string? HintPath { get; init; }

    /// <summary>
    /// A restore could bring it: the project's packages.config lists a package of its name, its HintPath points into a
    /// package's folder, or it is a &lt;PackageReference&gt;. Otherwise the assembly came from the machine that built the
    /// project (an SDK, the GAC) or is a file the repository does not hold.
    /// </summary>
    public bool Restorable { get; init; }

    /// <summary>The project names it without a &lt;HintPath&gt; (and it is not in the built-in set): MSBuild found it on the machine that built the project.</summary>
    public bool WithoutHintPath { get; init; }
}

/// <summary>
/// The input resolved to compilations. <see cref="RootDirectory"/> is what reported paths are relative to and what the
/// output folder must not lie inside (the folder itself, or the folder of the file or project).
/// </summary>
/// <param name="Projects">The source sets to analyse, in the order of their paths relative to the input.</param>
/// <param name="ReferencedProjects">Projects that <see cref="Projects"/> reference but that lie outside the input: compiled so their types bind, never analysed.</param>
public sealed record InputSet(InputKind Kind, string RootDirectory, ImmutableArray<SourceSet> Projects, ImmutableArray<SourceSet> ReferencedProjects)
{
    /// <summary>Each project's files go to a folder of its own (and it keeps its own lock file) when there are several.</summary>
    public bool HasSeveralProjects => Projects.Length > 1;

    /// <summary>What <c>--restore</c> put in place of each packages.config package (nothing without it).</summary>
    public ImmutableArray<RestoredPackage> RestoredPackages { get; init; } = ImmutableArray<RestoredPackage>.Empty;

    /// <summary>
    /// Folder links below a folder input that were not entered because the folder they lead to was walked already (a loop
    /// such as <c>sub/loop → ..</c>, or a second way into one folder); full paths, in walk order.
    /// </summary>
    public ImmutableArray<string> FolderLinksNotFollowed { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>Entries of a solution that are not C# projects (.vbproj, .fsproj, .sqlproj…), as the solution writes them; not analysed.</summary>
    public ImmutableArray<string> OtherSolutionEntries { get; init; } = ImmutableArray<string>.Empty;

    /// <summary>Every C# file of the analysed projects, once (a file linked into two projects counts once).</summary>
    public int FileCount => Projects.SelectMany(p => p.Files).Distinct(StringComparer.Ordinal).Count();

    /// <summary>A path relative to <see cref="RootDirectory"/> with forward slashes, as every report prints it.</summary>
    public string Relative(string fullPath)
    {
        var relative = Path.GetRelativePath(RootDirectory, fullPath);
        return relative.Replace(Path.DirectorySeparatorChar, '/');
    }

    /// <summary>Where a project comes from, relative to the input: its project file, the one .cs file given, or its loose tree's folder (<c>.</c> for the input folder).</summary>
    public string Origin(SourceSet project)
        => project.ProjectFile is { } file ? Relative(file)
            : Kind == InputKind.SourceFile ? Relative(project.Files[0])
            : Relative(project.Folder);
}

/// <summary>A packages.config package <c>--restore</c> put into a packages folder.</summary>
/// <param name="PackagesFolder">Full path of the packages folder.</param>
/// <param name="Requested">The version packages.config asks for.</param>
/// <param name="Version">The version extracted (or found there already).</param>
/// <param name="Note">Why <see cref="Version"/> differs from <see cref="Requested"/>; null when it does not.</param>
public sealed record RestoredPackage(string PackagesFolder, string Id, string Requested, string Version, string? Note);
