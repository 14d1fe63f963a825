using System.Net.Http.Headers;
using Microsoft.AspNetCore.Http;

namespace MigrateWcf.Runtime.Internal;

/// <summary>Converts between <see cref="Metadata"/> and HTTP header collections; the only place that knows the -bin encoding.</summary>
internal static class MetadataHeaders
{
    public static Metadata FromRequest(IHeaderDictionary headers)
    {
        var metadata = new Metadata(headers.Count);
        foreach (var header in headers)
        {
            if (GrpcProtocol.IsReservedHeader(header.Key)) continue;
            var key = header.Key.ToLowerInvariant();
            foreach (var value in header.Value)
            {
                if (value is null) continue;
                AddValue(metadata, key, value);
            }
        }
        return metadata;
    }

    public static void AddFromHttp(Metadata metadata, HttpHeaders headers)
    {
        foreach (var header in headers.NonValidated)
        {
            if (GrpcProtocol.IsReservedHeader(header.Key)) continue;
            var key = header.Key.ToLowerInvariant();
            foreach (var value in header.Value)
            {
                AddValue(metadata, key, value);
            }
        }
    }

    private static void AddValue(Metadata metadata, string key, string value)
    {
        if (Metadata.IsBinaryKey(key))
        {
            // Intermediaries may join repeated headers with commas; base64 has no comma, so split.
            if (value.Contains(','))
            {
                foreach (var part in value.Split(','))
                {
                    metadata.Add(Metadata.Entry.CreateTrusted(key, GrpcProtocol.DecodeBinaryValue(part)));
                }
            }
            else
            {
                metadata.Add(Metadata.Entry.CreateTrusted(key, GrpcProtocol.DecodeBinaryValue(value)));
            }
        }
        else
        {
            metadata.Add(Metadata.Entry.CreateTrusted(key, value));
        }
    }

    public static void AppendTo(IHeaderDictionary headers, Metadata metadata)
    {
        foreach (var entry in metadata)
        {
            var value = entry.IsBinary ? GrpcProtocol.EncodeBinaryValue(entry.ValueBytes) : entry.Value;
            headers.Append(entry.Key, value);
        }
    }

    public static void AppendTo(HttpHeaders headers, Metadata metadata)
    {
        foreach (var entry in metadata)
        {
            if (GrpcProtocol.IsReservedHeader(entry.Key)) continue;
            var value = entry.IsBinary ? GrpcProtocol.EncodeBinaryValue(entry.ValueBytes) : entry.Value;
            headers.TryAddWithoutValidation(entry.Key, value);
        }
    }
}
