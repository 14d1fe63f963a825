namespace MigrateWcf.Runtime.Mapping;

/// <summary>
/// A value the proto form cannot carry, or a message that holds no value of the C# type: what every generated mapper
/// throws instead of sending or returning a value that is not the original (a generated adapter answers a request it
/// cannot read with <c>InvalidArgument</c>).
/// </summary>
public sealed class MessageMappingException : Exception
{
    /// <summary>An error with the sentence that names the value and why it has no proto form.</summary>
    public MessageMappingException(string message)
        : base(message)
    {
    }
}
