using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// The one print order of findings (file, line, column, rule id, then text), which every front end shares. The text is
/// made only for findings that tie on place and rule, so these tests pin that ties still follow it, whatever the order
/// the findings came in.
/// </summary>
public class FindingOrderTests
{
    private static readonly SourcePosition Here = new("/src/Orders.cs", 10, 5);

    [Fact]
    public void FindingsAtOnePlaceOfOneRule_AreOrderedByTheirText_WhateverTheInputOrder()
    {
        var b = Finding.Create(FindingMessages.RequiredMember, Here, "Shop.Order", "Total");
        var a = Finding.Create(FindingMessages.RequiredMember, Here, "Shop.Order", "Id");
        var c = Finding.Create(FindingMessages.RequiredMember, Here, "Shop.Order", "Lines");

        Assert.Equal([a, c, b], FindingOrder.Sort([b, c, a]));
        Assert.Equal([a, c, b], FindingOrder.Sort([c, a, b]));
        Assert.True(string.CompareOrdinal(RuleCatalog.Format(a), RuleCatalog.Format(c)) < 0);
    }

    [Fact]
    public void PlaceThenRule_ComeBeforeText_AndExactDuplicatesAreDropped()
    {
        var later = Finding.Create(FindingMessages.RequiredMember, Here with { Line = 11 }, "Shop.Order", "A");
        var otherFile = Finding.Create(FindingMessages.RequiredMember, new SourcePosition("/src/A.cs", 99, 1), "Shop.Order", "Z");
        var nowhere = Finding.Create(FindingMessages.RequiredMember, null, "Shop.Order", "Z");
        var otherRule = Finding.Create(FindingMessages.CustomSerialization, Here, "Shop.Order");
        var required = Finding.Create(FindingMessages.RequiredMember, Here, "Shop.Order", "A");

        var sorted = FindingOrder.Sort([later, required, otherRule, required, otherFile, nowhere]);

        // No place first; then by file and line; on one line WCFM2011 (custom serialization) before WCFM2012.
        Assert.Equal([nowhere, otherFile, otherRule, required, later], sorted);
    }

    [Fact]
    public void EquatableArray_ContainsAndEnumeratesThroughItsInterfaces_LikeTheArrayItHolds()
    {
        var keys = new[] { "a", "b", "c" }.ToEquatableArray();
        IEnumerable<string> asSequence = keys;

        Assert.True(keys.Contains("b"));
        Assert.False(keys.Contains("d"));
        Assert.Equal(["a", "b", "c"], asSequence.ToList());
        Assert.Equal(["a", "b", "c"], ((System.Collections.IEnumerable)keys).Cast<string>().ToList());
        Assert.Empty(default(EquatableArray<string>));
        Assert.False(default(EquatableArray<string>).Contains("a"));
        Assert.Empty((IEnumerable<string>)EquatableArray<string>.Empty);
    }
}
