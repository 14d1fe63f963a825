using MigrateWcf.Generator.Emit;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// Where <see cref="LineBreaks"/> breaks a generated line longer than 120 columns: the text is the same C# (the same
/// tokens, only whitespace between them changes), and each break is where a person would put it.
/// </summary>
public sealed class LineBreaksTests
{
    private static List<string> Split(string line, int column = 8)
        => LineBreaks.Split(line, column).Select(l => new string(' ', l.Extra * 4) + l.Text).ToList();

    private static string Tokens(IEnumerable<string> lines) => string.Concat(string.Concat(lines).Where(c => c != ' '));

    [Fact]
    public void A_line_that_fits_stays_as_it_is()
    {
        var line = "value.Price = message.Price?.ToDecimal() ?? default;";

        Assert.Equal([line], Split(line));
    }

    [Fact]
    public void A_conditional_breaks_before_its_question_mark_and_keeps_both_branches_together_when_they_fit()
    {
        var line = "value.BillingAddress = message.BillingAddress is { } billingAddressMessage ? DataTypesMappers.FromMessage(billingAddressMessage, depth + 1) : null;";

        var lines = Split(line);

        Assert.Equal(
            [
                "value.BillingAddress = message.BillingAddress is { } billingAddressMessage",
                "    ? DataTypesMappers.FromMessage(billingAddressMessage, depth + 1) : null;",
            ],
            lines);
    }

    [Fact]
    public void A_long_signature_breaks_after_its_parenthesis()
    {
        var line = "global::Contoso.Orders.Order? global::Contoso.Orders.IOrderService.CancelOrder(global::System.Guid orderId, string? reason)";

        var lines = Split(line);

        Assert.Equal(
            [
                "global::Contoso.Orders.Order? global::Contoso.Orders.IOrderService.CancelOrder(",
                "    global::System.Guid orderId, string? reason)",
            ],
            lines);
    }

    [Fact]
    public void Arguments_that_still_do_not_fit_go_one_per_line_and_type_arguments_keep_their_commas()
    {
        var line = "Dictionary<string, global::Contoso.Inventory.StockLevel> Load(Dictionary<string, global::Contoso.Inventory.StockLevel> levels, global::System.Collections.Generic.IReadOnlyList<string> skus, int max)";

        var lines = Split(line);

        Assert.Equal(
            [
                "Dictionary<string, global::Contoso.Inventory.StockLevel> Load(",
                "    Dictionary<string, global::Contoso.Inventory.StockLevel> levels,",
                "    global::System.Collections.Generic.IReadOnlyList<string> skus,",
                "    int max)",
            ],
            lines);
    }

    [Fact]
    public void An_expression_body_breaks_before_its_arrow()
    {
        var line = "public global::Contoso.Markets.IStockTicker CreateStockTicker(global::Contoso.Markets.ITickerCallback callback) => new StockTickerProxy(callback, NextChannel(), Options);";

        var lines = Split(line);

        Assert.Equal("    => new StockTickerProxy(callback, NextChannel(), Options);", lines[^1]);
        Assert.Equal(Tokens([line]), Tokens(lines));
    }

    [Fact]
    public void A_string_literal_is_never_broken_even_when_it_holds_the_places_a_line_breaks()
    {
        var literal = "\"a (value, of) x ? y : z => w, with \\\"quotes\\\" and more text to pass the width of a line easily\"";
        var line = "throw CommonTypeConversions.NotCarried(" + literal + ");";

        var lines = Split(line);

        Assert.Contains(lines, l => l.Contains(literal, StringComparison.Ordinal));
        Assert.Equal(Tokens([line]), Tokens(lines));
    }

    [Fact]
    public void Comments_and_lines_with_no_place_to_break_stay_as_they_are()
    {
        var comment = "/// " + new string('x', 130);
        var word = new string('y', 130) + ";";

        Assert.Equal([comment], Split(comment));
        Assert.Equal([word], Split(word));
    }
}
