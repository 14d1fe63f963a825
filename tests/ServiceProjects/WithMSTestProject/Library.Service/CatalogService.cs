using System;
using System.Collections.Generic;
using System.Linq;

namespace Library.Service
{
    public class CatalogService : ICatalog
    {
        private static readonly List<Book> Books = new List<Book>
        {
            new Book { Isbn = "978-0201633610", Title = "Design Patterns", Author = "Gamma et al.", Year = 1994 },
            new Book { Isbn = "978-0321125217", Title = "Domain-Driven Design", Author = "Evans", Year = 2003 },
            new Book { Isbn = "978-0321127426", Title = "Patterns of Enterprise Application Architecture", Author = "Fowler", Year = 2002 },
        };

        public Book FindByIsbn(string isbn)
        {
            return Books.FirstOrDefault(b => b.Isbn == isbn);
        }

        public List<Book> Search(string text)
        {
            if (string.IsNullOrWhiteSpace(text))
            {
                return new List<Book>();
            }

            return Books.Where(b => b.Title.IndexOf(text, StringComparison.OrdinalIgnoreCase) >= 0
                                 || b.Author.IndexOf(text, StringComparison.OrdinalIgnoreCase) >= 0).ToList();
        }

        public int Count()
        {
            return Books.Count;
        }
    }
}
