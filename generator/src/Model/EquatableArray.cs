using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;

namespace MigrateWcf.Generator.Model;

/// <summary>
/// An immutable array compared by its elements, so records holding it stay value-equal (ImmutableArray compares by reference).
/// </summary>
public readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IReadOnlyList<T>
    where T : IEquatable<T>
{
    private readonly ImmutableArray<T> _items;

    public EquatableArray(ImmutableArray<T> items) => _items = items;

    public static EquatableArray<T> Empty => new(ImmutableArray<T>.Empty);

    public ImmutableArray<T> AsImmutableArray() => _items.IsDefault ? ImmutableArray<T>.Empty : _items;

    public int Count => _items.IsDefault ? 0 : _items.Length;

    public T this[int index] => AsImmutableArray()[index];

    public bool Equals(EquatableArray<T> other) => AsImmutableArray().SequenceEqual(other.AsImmutableArray());

    public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

    public override int GetHashCode()
    {
        var hash = 17;
        foreach (var item in AsImmutableArray())
        {
            hash = unchecked((hash * 31) + (item is null ? 0 : item.GetHashCode()));
        }

        return hash;
    }

    public static bool operator ==(EquatableArray<T> left, EquatableArray<T> right) => left.Equals(right);

    public static bool operator !=(EquatableArray<T> left, EquatableArray<T> right) => !left.Equals(right);

    /// <summary>A struct enumerator, so <c>foreach</c> over the model allocates nothing.</summary>
    public ImmutableArray<T>.Enumerator GetEnumerator() => AsImmutableArray().GetEnumerator();

    /// <summary>Whether an element equals <paramref name="item"/>; without LINQ's boxing of this array and its enumerator.</summary>
    public bool Contains(T item)
    {
        foreach (var element in AsImmutableArray())
        {
            if (EqualityComparer<T>.Default.Equals(element, item))
            {
                return true;
            }
        }

        return false;
    }

    // Through the interfaces (LINQ): one enumerator object, none for an empty array. Boxing the ImmutableArray to ask it
    // would allocate the box and its own enumerator object.
    IEnumerator<T> IEnumerable<T>.GetEnumerator() => Count == 0 ? EmptyEnumerator.Instance : new ObjectEnumerator(_items);

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<T>)this).GetEnumerator();

    private sealed class ObjectEnumerator : IEnumerator<T>
    {
        private readonly ImmutableArray<T> _items;
        private int _index = -1;

        public ObjectEnumerator(ImmutableArray<T> items) => _items = items;

        public T Current => _items[_index];

        object? IEnumerator.Current => Current;

        public bool MoveNext() => ++_index < _items.Length;

        public void Reset() => _index = -1;

        public void Dispose()
        {
        }
    }

    private sealed class EmptyEnumerator : IEnumerator<T>
    {
        public static readonly EmptyEnumerator Instance = new();

        public T Current => throw new InvalidOperationException();

        object? IEnumerator.Current => Current;

        public bool MoveNext() => false;

        public void Reset()
        {
        }

        public void Dispose()
        {
        }
    }

    public override string ToString() => "[" + string.Join(", ", AsImmutableArray()) + "]";
}

public static class EquatableArray
{
    public static EquatableArray<T> ToEquatableArray<T>(this IEnumerable<T> items)
        where T : IEquatable<T>
        => new(items.ToImmutableArray());
}
