using System.Buffers;
using System.Globalization;
using System.Text;

namespace MigrateWcf.Runtime.Internal;

/// <summary>Wire constants and small encoders of the gRPC over HTTP/2 protocol (grpc doc/PROTOCOL-HTTP2.md).</summary>
internal static class GrpcProtocol
{
    public const string ContentType = "application/grpc";
    public const string TimeoutHeader = "grpc-timeout";
    public const string EncodingHeader = "grpc-encoding";
    public const string AcceptEncodingHeader = "grpc-accept-encoding";
    public const string StatusHeader = "grpc-status";
    public const string MessageHeader = "grpc-message";
    public const string StatusDetailsHeader = "grpc-status-details-bin";
    /// <summary>grpc-dotnet's way for code to ask for compression through metadata; honoured for compatibility and never sent.</summary>
    public const string InternalEncodingRequestHeader = "grpc-internal-encoding-request";
    public const string TeHeader = "te";
    public const string UserAgent = "grpc-dotnet-migratewcf/0.1";
    public const string Identity = "identity";
    public const string Gzip = "gzip";
    public const string SupportedEncodings = "identity,gzip";
    public const int HeaderSize = 5;
    public const int DefaultMaxReceiveMessageSize = 4 * 1024 * 1024;

    /// <summary>True for <c>application/grpc</c>, <c>application/grpc+proto</c>, <c>application/grpc;…</c>.</summary>
    public static bool IsGrpcContentType(string? contentType)
    {
        if (contentType is null || !contentType.StartsWith(ContentType, StringComparison.OrdinalIgnoreCase)) return false;
        if (contentType.Length == ContentType.Length) return true;
        var next = contentType[ContentType.Length];
        return next is '+' or ';';
    }

    public static bool IsSupportedEncoding(string encoding) =>
        string.Equals(encoding, Gzip, StringComparison.Ordinal) || string.Equals(encoding, Identity, StringComparison.Ordinal);

    /// <summary>Headers the transport owns; they never appear in user-visible metadata.</summary>
    public static bool IsReservedHeader(string name)
    {
        if (name.Length == 0 || name[0] == ':') return true;
        switch (name.Length)
        {
            case 2: return name.Equals("te", StringComparison.OrdinalIgnoreCase);
            case 4: return name.Equals("host", StringComparison.OrdinalIgnoreCase);
            case 10: return name.Equals("user-agent", StringComparison.OrdinalIgnoreCase);
            case 11: return name.Equals(StatusHeader, StringComparison.OrdinalIgnoreCase);
            case 12: return name.Equals("content-type", StringComparison.OrdinalIgnoreCase) || name.Equals(MessageHeader, StringComparison.OrdinalIgnoreCase) || name.Equals(TimeoutHeader, StringComparison.OrdinalIgnoreCase);
            case 13: return name.Equals(EncodingHeader, StringComparison.OrdinalIgnoreCase);
            case 14: return name.Equals("content-length", StringComparison.OrdinalIgnoreCase);
            case 15: return name.Equals("accept-encoding", StringComparison.OrdinalIgnoreCase);
            case 17: return name.Equals("transfer-encoding", StringComparison.OrdinalIgnoreCase);
            case 20: return name.Equals(AcceptEncodingHeader, StringComparison.OrdinalIgnoreCase);
            case 30: return name.Equals(InternalEncodingRequestHeader, StringComparison.OrdinalIgnoreCase);
            default: return false;
        }
    }

    // ---- grpc-timeout: 1-8 ASCII digits followed by a unit H M S m u n ----

    public static bool TryParseTimeout(string? value, out TimeSpan timeout)
    {
        timeout = default;
        if (value is null || value.Length < 2 || value.Length > 9) return false;
        long amount = 0;
        for (var i = 0; i < value.Length - 1; i++)
        {
            var c = value[i];
            if (c < '0' || c > '9') return false;
            amount = amount * 10 + (c - '0');
        }
        long ticks;
        switch (value[^1])
        {
            case 'H': ticks = amount * TimeSpan.TicksPerHour; break;
            case 'M': ticks = amount * TimeSpan.TicksPerMinute; break;
            case 'S': ticks = amount * TimeSpan.TicksPerSecond; break;
            case 'm': ticks = amount * TimeSpan.TicksPerMillisecond; break;
            case 'u': ticks = amount * 10; break;
            case 'n': ticks = amount / 100; break;
            default: return false;
        }
        timeout = TimeSpan.FromTicks(ticks);
        return true;
    }

    /// <summary>Formats a positive timeout in the smallest unit that fits eight digits, rounding up so the server never fires first.</summary>
    public static string FormatTimeout(TimeSpan timeout)
    {
        var ticks = Math.Max(1, timeout.Ticks);
        const long maxAmount = 99_999_999;
        var micros = CeilDiv(ticks, 10);
        if (micros <= maxAmount) return micros.ToString(CultureInfo.InvariantCulture) + "u";
        var millis = CeilDiv(ticks, TimeSpan.TicksPerMillisecond);
        if (millis <= maxAmount) return millis.ToString(CultureInfo.InvariantCulture) + "m";
        var seconds = CeilDiv(ticks, TimeSpan.TicksPerSecond);
        if (seconds <= maxAmount) return seconds.ToString(CultureInfo.InvariantCulture) + "S";
        var minutes = CeilDiv(ticks, TimeSpan.TicksPerMinute);
        if (minutes <= maxAmount) return minutes.ToString(CultureInfo.InvariantCulture) + "M";
        return Math.Min(CeilDiv(ticks, TimeSpan.TicksPerHour), maxAmount).ToString(CultureInfo.InvariantCulture) + "H";
    }

    private static long CeilDiv(long a, long b) => (a + b - 1) / b;

    // ---- grpc-message: percent-encoded UTF-8; bytes outside 0x20-0x7E and '%' are escaped ----

    public static string PercentEncode(string message)
    {
        var needsEncoding = false;
        foreach (var c in message)
        {
            if (c < 0x20 || c > 0x7E || c == '%')
            {
                needsEncoding = true;
                break;
            }
        }
        if (!needsEncoding) return message;

        var utf8 = Encoding.UTF8.GetBytes(message);
        var builder = new StringBuilder(utf8.Length * 2);
        foreach (var b in utf8)
        {
            if (b < 0x20 || b > 0x7E || b == '%')
            {
                builder.Append('%').Append(HexUpper(b >> 4)).Append(HexUpper(b & 0xF));
            }
            else
            {
                builder.Append((char)b);
            }
        }
        return builder.ToString();
    }

    private static char HexUpper(int nibble) => (char)(nibble < 10 ? '0' + nibble : 'A' + nibble - 10);

    /// <summary>Decodes percent-encoding; a malformed escape is kept as it is, as the spec asks.</summary>
    public static string PercentDecode(string value)
    {
        if (value.IndexOf('%') < 0) return value;
        var bytes = ArrayPool<byte>.Shared.Rent(value.Length * 3);
        try
        {
            var count = 0;
            for (var i = 0; i < value.Length; i++)
            {
                var c = value[i];
                if (c == '%' && i + 2 < value.Length && TryHex(value[i + 1], out var hi) && TryHex(value[i + 2], out var lo))
                {
                    bytes[count++] = (byte)(hi << 4 | lo);
                    i += 2;
                }
                else if (c < 0x80)
                {
                    bytes[count++] = (byte)c;
                }
                else
                {
                    // Raw non-ASCII should not arrive, but keep surrogate pairs together if it does.
                    var width = char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]) ? 2 : 1;
                    count += Encoding.UTF8.GetBytes(value.AsSpan(i, width), bytes.AsSpan(count));
                    i += width - 1;
                }
            }
            return Encoding.UTF8.GetString(bytes, 0, count);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(bytes);
        }
    }

    private static bool TryHex(char c, out int value)
    {
        value = c switch
        {
            >= '0' and <= '9' => c - '0',
            >= 'a' and <= 'f' => c - 'a' + 10,
            >= 'A' and <= 'F' => c - 'A' + 10,
            _ => -1,
        };
        return value >= 0;
    }

    // ---- -bin values: base64, emitted unpadded, accepted padded or not ----

    public static string EncodeBinaryValue(byte[] value)
    {
        var encoded = Convert.ToBase64String(value);
        return encoded.TrimEnd('=');
    }

    public static byte[] DecodeBinaryValue(string value)
    {
        var trimmed = value.AsSpan().Trim();
        var end = trimmed.Length;
        while (end > 0 && trimmed[end - 1] == '=') end--;
        trimmed = trimmed[..end];
        var padding = (4 - trimmed.Length % 4) % 4;
        if (padding == 3) throw new FormatException("Invalid base64 length in binary metadata.");
        Span<char> chars = trimmed.Length + padding <= 1024 ? stackalloc char[trimmed.Length + padding] : new char[trimmed.Length + padding];
        trimmed.CopyTo(chars);
        chars[trimmed.Length..].Fill('=');
        var result = new byte[chars.Length / 4 * 3];
        if (!Convert.TryFromBase64Chars(chars, result, out var written)) throw new FormatException("Invalid base64 in binary metadata.");
        return written == result.Length ? result : result.AsSpan(0, written).ToArray();
    }

    /// <summary>The gRPC status a client reports for a non-200 HTTP response (doc/http-grpc-status-mapping.md).</summary>
    public static StatusCode StatusFromHttpStatus(int httpStatus) => httpStatus switch
    {
        400 => StatusCode.Internal,
        401 => StatusCode.Unauthenticated,
        403 => StatusCode.PermissionDenied,
        404 => StatusCode.Unimplemented,
        429 or 502 or 503 or 504 => StatusCode.Unavailable,
        _ => StatusCode.Unknown,
    };
}
