namespace Contoso.Quotes
{
    public class QuoteService : IQuoteService
    {
        public Quote GetQuote(string symbol) => new Quote { Symbol = symbol, Price = symbol.Length * 10.5m };
    }
}
