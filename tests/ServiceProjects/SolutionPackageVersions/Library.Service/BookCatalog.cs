using System.Collections.Generic;
using System.Linq;
using Library.Contracts;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Newtonsoft.Json;

namespace Library.Service
{
    public class BookCatalog : IBookCatalog
    {
        private static readonly List<BookInfo> Books = new List<BookInfo>
        {
            new BookInfo { Isbn = "978-0132350884", Title = "Clean Code", Copies = 3 },
            new BookInfo { Isbn = "978-0201633610", Title = "Design Patterns", Copies = 1 },
        };

        private readonly ILogger logger;

        public BookCatalog() : this(NullLogger<BookCatalog>.Instance)
        {
        }

        public BookCatalog(ILogger logger)
        {
            this.logger = logger;
        }

        public BookInfo FindBook(string isbn)
        {
            logger.LogInformation("Looking up {Isbn}", isbn);
            return Books.FirstOrDefault(b => b.Isbn == isbn) ?? Books[0];
        }

        public string ExportCatalogJson()
        {
            logger.LogInformation("Exporting {Count} books", Books.Count);
            return JsonConvert.SerializeObject(Books, Formatting.None);
        }
    }
}
