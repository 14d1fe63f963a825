// Compiled by ClientsAndAccessibilityTests together with tests/Corpus/NetFramework/ClientsBesideService, protoc's output
// and the emitted C#, as a migrated project would be: the generated hosting serves the scenario on a Unix socket and
// the generated client factory calls it.
#nullable enable
using System;
using System.Threading.Tasks;
using Contoso.Quotes;
using Microsoft.AspNetCore.Builder;
using MigrateWcf.Runtime;
using Xunit;

namespace ClientsBesideServiceCheck
{
    public static class Driver
    {
        /// <summary>Calls the quote service and the duplex ticker through the generated proxies: the real implementations answer, not the ClientBase classes beside them.</summary>
        public static async Task ServeAsync(string socketPath)
        {
            var endpoint = GrpcEndpoint.UnixSocket(socketPath);
            var builder = WebApplication.CreateSlimBuilder();
            builder.AddGrpcEndpoint(endpoint);
            Contoso.Quotes.Grpc.MigratedServices.AddMigratedServices(builder.Services);
            await using var app = builder.Build();
            Contoso.Quotes.Grpc.MigratedServices.MapMigratedServices(app);
            await app.StartAsync();
            using var factory = new Contoso.Quotes.Grpc.MigratedClientFactory(endpoint);

            var quotes = factory.CreateQuoteService();
            try
            {
                var quote = quotes.GetQuote("MSFT");
                Assert.Equal(("MSFT", 42.0m), (quote.Symbol, quote.Price));
            }
            finally
            {
                ((IDisposable)quotes).Dispose();
            }

            var callback = new Ticker();
            var ticker = factory.CreateQuoteTicker(callback);
            try
            {
                ticker.Subscribe("CTSO");
                var changed = await callback.Changed.Task.WaitAsync(TimeSpan.FromMinutes(1));
                Assert.Equal(("CTSO", 1m), (changed.Symbol, changed.Price));
            }
            finally
            {
                ((IDisposable)ticker).Dispose();
            }
        }

        private sealed class Ticker : IQuoteTickerCallback
        {
            public TaskCompletionSource<Quote> Changed { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

            public void PriceChanged(Quote quote) => Changed.TrySetResult(quote);
        }
    }
}
