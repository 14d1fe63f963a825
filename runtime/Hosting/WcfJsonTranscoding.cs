using Google.Protobuf.Reflection;
using Google.Rpc;
using Microsoft.AspNetCore.Grpc.JsonTranscoding;

namespace MigrateWcf.Runtime;

/// <summary>
/// JSON transcoding's settings for migrated WCF REST operations: the JSON WCF's DataContractJsonSerializer wrote, where
/// a setting can say so. A generated <c>MigratedServices.ConfigureJsonTranscoding</c> calls it with the set's fault
/// detail files.
/// </summary>
public static class WcfJsonTranscoding
{
    /// <summary>
    /// Enums and 64-bit integers written as numbers, every member written (default values included); the type registry
    /// holds <c>google.rpc.ErrorInfo</c> and the messages of <paramref name="detailFiles"/>, so a fault's
    /// <c>google.rpc.Status</c> JSON carries its details (transcoding answers 500 with no body for a detail it cannot
    /// resolve).
    /// </summary>
    public static void Configure(GrpcJsonTranscodingOptions options, params IEnumerable<FileDescriptor> detailFiles)
    {
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(detailFiles);
        options.JsonSettings.WriteEnumsAsIntegers = true;
        options.JsonSettings.WriteInt64sAsStrings = false;
        options.JsonSettings.IgnoreDefaultValues = false;
        options.TypeRegistry = TypeRegistry.FromFiles([ErrorInfo.Descriptor.File, .. detailFiles.Distinct()]);
    }
}
