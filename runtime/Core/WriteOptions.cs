namespace MigrateWcf.Runtime;

[Flags]
public enum WriteFlags
{
    None = 0,
    /// <summary>Accepted for compatibility; every message is flushed anyway.</summary>
    BufferHint = 0x1,
    /// <summary>Send this message uncompressed even when the call compresses.</summary>
    NoCompress = 0x2,
}

/// <summary>Options for writing one message.</summary>
public sealed class WriteOptions
{
    public static readonly WriteOptions Default = new();

    public WriteOptions(WriteFlags flags = WriteFlags.None) => Flags = flags;

    public WriteFlags Flags { get; }
}
