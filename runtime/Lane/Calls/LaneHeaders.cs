using Google.Protobuf;
using Google.Protobuf.Collections;
using Grpc.Core;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime;

/// <summary>gRPC metadata as the call lane's headers and back.</summary>
internal static class LaneHeaders
{
    public static void Add(RepeatedField<LaneHeader> headers, Metadata? metadata)
    {
        if (metadata is null)
        {
            return;
        }

        foreach (var entry in metadata)
        {
            headers.Add(entry.IsBinary
                ? new LaneHeader { Key = entry.Key, Binary = ByteString.CopyFrom(entry.ValueBytes) }
                : new LaneHeader { Key = entry.Key, Text = entry.Value });
        }
    }

    /// <summary>The metadata the headers hold; an <see cref="ArgumentException"/> for a key gRPC does not allow (the
    /// peer broke the protocol).</summary>
    public static Metadata ToMetadata(RepeatedField<LaneHeader> headers)
    {
        var metadata = new Metadata();
        foreach (var header in headers)
        {
            if (header.ValueCase == LaneHeader.ValueOneofCase.Binary)
            {
                metadata.Add(header.Key, header.Binary.ToByteArray());
            }
            else
            {
                metadata.Add(header.Key, header.Text);
            }
        }

        return metadata;
    }
}
