using MigrateWcf.Runtime.Internal;

namespace MigrateWcf.Runtime.Tests;

public class ProtocolUnitTests
{
    [Theory]
    [InlineData("1H", 36_000_000_000L)]
    [InlineData("2M", 1_200_000_000L)]
    [InlineData("3S", 30_000_000L)]
    [InlineData("250m", 2_500_000L)]
    [InlineData("7u", 70L)]
    [InlineData("900n", 9L)]
    [InlineData("99999999S", 999_999_990_000_000L)]
    public void Timeout_header_parses_every_unit(string text, long ticks)
    {
        Assert.True(GrpcProtocol.TryParseTimeout(text, out var timeout));
        Assert.Equal(ticks, timeout.Ticks);
    }

    [Theory]
    [InlineData("")]
    [InlineData("S")]
    [InlineData("10")]
    [InlineData("10x")]
    [InlineData("-1S")]
    [InlineData("123456789S")]
    public void Timeout_header_rejects_malformed_values(string text) =>
        Assert.False(GrpcProtocol.TryParseTimeout(text, out _));

    [Theory]
    [InlineData(1L)]
    [InlineData(15_000L)]
    [InlineData(10_000_000L)]
    [InlineData(36_000_000_000_000L)]
    public void Formatted_timeouts_fit_eight_digits_and_never_shrink(long ticks)
    {
        var text = GrpcProtocol.FormatTimeout(TimeSpan.FromTicks(ticks));
        Assert.InRange(text.Length, 2, 9);
        Assert.True(GrpcProtocol.TryParseTimeout(text, out var parsed));
        Assert.True(parsed.Ticks >= ticks, $"{text} is shorter than {ticks} ticks");
    }

    [Theory]
    [InlineData("abc", "abc")]
    [InlineData("50%", "50%25")]
    [InlineData("é", "%C3%A9")]
    [InlineData("a\nb", "a%0Ab")]
    public void Percent_encoding_matches_the_spec(string message, string encoded)
    {
        Assert.Equal(encoded, GrpcProtocol.PercentEncode(message));
        Assert.Equal(message, GrpcProtocol.PercentDecode(encoded));
    }

    [Fact]
    public void Percent_decoding_keeps_malformed_escapes() => Assert.Equal("%zz %4", GrpcProtocol.PercentDecode("%zz %4"));

    [Theory]
    [InlineData("AQID", new byte[] { 1, 2, 3 })]
    [InlineData("AQI", new byte[] { 1, 2 })]
    [InlineData("AQI=", new byte[] { 1, 2 })]
    [InlineData("AQ", new byte[] { 1 })]
    [InlineData("AQ==", new byte[] { 1 })]
    [InlineData("", new byte[0])]
    public void Binary_values_decode_with_or_without_padding(string text, byte[] expected) =>
        Assert.Equal(expected, GrpcProtocol.DecodeBinaryValue(text));

    [Fact]
    public void Binary_values_are_emitted_unpadded() => Assert.Equal("AQI", GrpcProtocol.EncodeBinaryValue([1, 2]));

    [Theory]
    [InlineData("application/grpc", true)]
    [InlineData("application/grpc+proto", true)]
    [InlineData("application/grpc; charset=utf-8", true)]
    [InlineData("application/grpc-web", false)]
    [InlineData("application/json", false)]
    [InlineData(null, false)]
    public void Content_type_check(string? contentType, bool expected) =>
        Assert.Equal(expected, GrpcProtocol.IsGrpcContentType(contentType));

    [Theory]
    [InlineData(400, StatusCode.Internal)]
    [InlineData(401, StatusCode.Unauthenticated)]
    [InlineData(403, StatusCode.PermissionDenied)]
    [InlineData(404, StatusCode.Unimplemented)]
    [InlineData(503, StatusCode.Unavailable)]
    [InlineData(500, StatusCode.Unknown)]
    public void Http_status_maps_to_grpc_status(int http, StatusCode expected) =>
        Assert.Equal(expected, GrpcProtocol.StatusFromHttpStatus(http));

    [Theory]
    [InlineData("unix:/tmp/a/b.sock", GrpcEndpointKind.UnixSocket)]
    [InlineData("unix:///tmp/a/b.sock", GrpcEndpointKind.UnixSocket)]
    [InlineData("pipe:my-service", GrpcEndpointKind.NamedPipe)]
    [InlineData("http://127.0.0.1:5000", GrpcEndpointKind.Tcp)]
    public void Endpoints_parse_from_text(string text, GrpcEndpointKind kind)
    {
        var endpoint = GrpcEndpoint.Parse(text);
        Assert.Equal(kind, endpoint.Kind);
        Assert.Equal(endpoint, GrpcEndpoint.Parse(endpoint.ToString()));
    }

    [Fact]
    public void Endpoint_text_forms_carry_their_parts()
    {
        Assert.Equal("/tmp/a/b.sock", GrpcEndpoint.Parse("unix:/tmp/a/b.sock").Path);
        Assert.Equal("my-service", GrpcEndpoint.Parse("pipe:my-service").PipeName);
        var tcp = GrpcEndpoint.Parse("http://127.0.0.1:5000");
        Assert.Equal(("127.0.0.1", 5000), (tcp.Host, tcp.Port));
        Assert.False(GrpcEndpoint.TryParse("ftp://x", out _));
        Assert.False(GrpcEndpoint.TryParse("unix:", out _));
    }
}

public class PercentDecodingOfRawTextTests
{
    [Fact]
    public void Raw_non_ascii_including_surrogate_pairs_passes_through_decoding() =>
        Assert.Equal("smile 😈 ☺ 100%", Internal.GrpcProtocol.PercentDecode("smile 😈 ☺ 100%25"));
}
