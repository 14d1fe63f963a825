// The one entry point every front end (tool, analyzer, code fix) calls. The engine decides; callers only do IO.
using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Discovery;
using MigrateWcf.Generator.Emit;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator;

/// <summary>What the caller hands the engine besides the compilation.</summary>
/// <param name="LockFileText">Text of the field-number lock file from the previous run, or null for a first run.</param>
public sealed record EngineOptions(string? LockFileText = null)
{
    /// <summary>The app.config / web.config files of the input, read by the caller: their <c>&lt;system.serviceModel&gt;</c> is analysed with the code.</summary>
    public IReadOnlyList<ConfigurationFile> ConfigurationFiles { get; init; } = Array.Empty<ConfigurationFile>();
}

/// <summary>A .config file's path (as findings should name it) and text.</summary>
public sealed record ConfigurationFile(string Path, string Text);

/// <summary>A file the engine produced: a path relative to the output folder, and its full text.</summary>
public sealed record GeneratedFile(string RelativePath, string Content);

/// <summary>Counts for the summary a front end prints.</summary>
public sealed record EngineSummary(int ServiceContracts, int Operations, int DataTypes, int OperationsMappedCleanly, int DataTypesMappedCleanly);

/// <summary>Everything one run produces. <see cref="LockFileText"/> is what the caller writes back.</summary>
public sealed record EngineResult(
    ImmutableArray<Finding> Findings,
    ImmutableArray<GeneratedFile> ProtoFiles,
    string LockFileText,
    EngineSummary Summary)
{
    /// <summary>The discovered contracts (services, operations, data types, implementations), for listings such as <c>analyze</c>.</summary>
    public ContractModel Model { get; init; } = ContractModel.Empty;

    /// <summary>The proto model the files were written from (names, field numbers, rpcs), for emitters of C# code.</summary>
    public ImmutableArray<ProtoFile> Proto { get; init; } = ImmutableArray<ProtoFile>.Empty;
}

public static class MigrationEngine
{
    /// <summary>Discovers every WCF contract in <paramref name="compilation"/>, maps it and emits .proto text. Never throws on bad code.</summary>
    public static EngineResult Run(Compilation compilation, EngineOptions options, CancellationToken cancellationToken = default)
    {
        options ??= new EngineOptions();
        var (model, discoveryFindings) = Discover(compilation, cancellationToken);
        if (options.ConfigurationFiles.Count > 0)
        {
            var configured = options.ConfigurationFiles.SelectMany(f => ConfigurationReader.Read(f.Path, f.Text));
            model = model with { HostingUsages = model.HostingUsages.Concat(configured).ToEquatableArray() };
        }

        return Map(model, discoveryFindings, options);
    }

    /// <summary>
    /// Reads the contract model from <paramref name="compilation"/> (services, operations, data types, behaviors, hosting
    /// code) with the findings met while reading, unsorted. <see cref="Run"/> is this followed by <see cref="Map"/>.
    /// </summary>
    public static (ContractModel Model, ImmutableArray<Finding> Findings) Discover(Compilation compilation, CancellationToken cancellationToken = default)
    {
        if (compilation is null)
        {
            throw new ArgumentNullException(nameof(compilation));
        }

        return ContractDiscovery.Discover(compilation, cancellationToken);
    }

    /// <summary>Maps an already discovered model (discovery findings are passed through), e.g. for tests or cached models.</summary>
    public static EngineResult Map(ContractModel model, IEnumerable<Finding> discoveryFindings, EngineOptions options)
    {
        var findings = new List<Finding>(discoveryFindings);
        var lockFile = LockFile.Parse(options.LockFileText, findings);
        var mapping = ProtoMapper.Map(model, lockFile, findings);
        var files = mapping.Files.Select(f => new GeneratedFile(f.Path, ProtoEmitter.Emit(f))).ToImmutableArray();
        return new EngineResult(FindingOrder.Sort(findings).ToImmutableArray(), files, lockFile.Serialize(), mapping.Summary)
        {
            Model = model,
            Proto = mapping.Files,
        };
    }
}
