using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>How a call on the local lane ended: its status and trailers (a fault's details among them), the headers the
/// service sent, and the response message's bytes when the status is OK.</summary>
internal sealed record LaneCallResult(Status Status, Metadata Trailers, Metadata? ResponseHeaders, byte[]? Response);
