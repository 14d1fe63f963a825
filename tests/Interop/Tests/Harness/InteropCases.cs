namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>The interop cases of grpc's doc/interop-test-descriptions.md that every client here implements.</summary>
public static class InteropCases
{
    public static IReadOnlyList<string> All { get; } =
    [
        "empty_unary",
        "large_unary",
        "client_compressed_unary",
        "server_compressed_unary",
        "client_streaming",
        "server_streaming",
        "ping_pong",
        "empty_stream",
        "cancel_after_begin",
        "cancel_after_first_response",
        "timeout_on_sleeping_server",
        "custom_metadata",
        "status_code_and_message",
        "special_status_message",
        "unimplemented_method",
        "unimplemented_service",
    ];
}
