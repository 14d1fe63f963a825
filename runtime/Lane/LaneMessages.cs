using System.Collections;
using System.Collections.Concurrent;
using Google.Protobuf;
using Google.Protobuf.Reflection;

namespace MigrateWcf.Runtime;

/// <summary>
/// Finds and replaces the bytes values of a protobuf message, in its fields, repeated fields and nested messages, by
/// protobuf reflection (maps are left alone). Per message type the fields that can lead to a bytes value are found once;
/// a type with none costs one dictionary lookup, and looking costs no allocation.
/// </summary>
internal static class LaneMessages
{
    private static readonly ConcurrentDictionary<MessageDescriptor, FieldDescriptor[]> FieldsByType = new();

    /// <summary>Whether a message of type <typeparamref name="T"/> can hold a bytes value (false for a type that is not a
    /// generated protobuf message).</summary>
    public static bool CanCarryBytes<T>() => TypeCarriesBytes<T>.Value;

    public static bool CanCarryBytes(MessageDescriptor descriptor) => Fields(descriptor).Length > 0;

    /// <summary>True when some bytes value of <paramref name="message"/> satisfies <paramref name="predicate"/>.</summary>
    public static bool Any<TState>(IMessage message, TState state, Func<ByteString, TState, bool> predicate)
    {
        foreach (var field in Fields(message.Descriptor))
        {
            if (field.FieldType == FieldType.Bytes)
            {
                if (field.IsRepeated)
                {
                    foreach (var value in (IList<ByteString>)field.Accessor.GetValue(message))
                    {
                        if (predicate(value, state))
                        {
                            return true;
                        }
                    }
                }
                else if (field.Accessor.GetValue(message) is ByteString value && predicate(value, state))
                {
                    return true;
                }
            }
            else if (field.IsRepeated)
            {
                foreach (var item in (IList)field.Accessor.GetValue(message))
                {
                    if (item is IMessage child && Any(child, state, predicate))
                    {
                        return true;
                    }
                }
            }
            else if (field.Accessor.GetValue(message) is IMessage child && Any(child, state, predicate))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Replaces each bytes value for which <paramref name="replace"/> returns another value.</summary>
    public static void Replace<TState>(IMessage message, TState state, Func<ByteString, TState, ByteString?> replace)
    {
        foreach (var field in Fields(message.Descriptor))
        {
            if (field.FieldType == FieldType.Bytes)
            {
                if (field.IsRepeated)
                {
                    var values = (IList<ByteString>)field.Accessor.GetValue(message);
                    for (var i = 0; i < values.Count; i++)
                    {
                        if (replace(values[i], state) is { } replacement)
                        {
                            values[i] = replacement;
                        }
                    }
                }
                else if (field.Accessor.GetValue(message) is ByteString value && replace(value, state) is { } replacement)
                {
                    field.Accessor.SetValue(message, replacement);
                }
            }
            else if (field.IsRepeated)
            {
                foreach (var item in (IList)field.Accessor.GetValue(message))
                {
                    if (item is IMessage child)
                    {
                        Replace(child, state, replace);
                    }
                }
            }
            else if (field.Accessor.GetValue(message) is IMessage child)
            {
                Replace(child, state, replace);
            }
        }
    }

    /// <summary>The type's bytes fields and the message fields whose type can hold one, in declaration order.</summary>
    private static FieldDescriptor[] Fields(MessageDescriptor descriptor) =>
        FieldsByType.TryGetValue(descriptor, out var fields) ? fields
            : FieldsByType.GetOrAdd(descriptor, [.. descriptor.Fields.InDeclarationOrder().Where(f => !f.IsMap
                && (f.FieldType == FieldType.Bytes || (f.FieldType == FieldType.Message && CarriesBytes(f.MessageType, []))))]);

    private static bool CarriesBytes(MessageDescriptor descriptor, HashSet<MessageDescriptor> visiting)
    {
        if (!visiting.Add(descriptor))
        {
            return false;
        }

        foreach (var field in descriptor.Fields.InDeclarationOrder())
        {
            if (!field.IsMap && (field.FieldType == FieldType.Bytes
                || (field.FieldType == FieldType.Message && CarriesBytes(field.MessageType, visiting))))
            {
                return true;
            }
        }

        return false;
    }

    private static class TypeCarriesBytes<T>
    {
        public static readonly bool Value = typeof(T).GetProperty("Descriptor", System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static)
            ?.GetValue(null) is MessageDescriptor descriptor && CanCarryBytes(descriptor);
    }
}
