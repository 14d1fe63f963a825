using Microsoft.VisualStudio.TestTools.UnitTesting;

namespace Library.Service.Tests
{
    [TestClass]
    public class CatalogServiceTests
    {
        private CatalogService _service;

        [TestInitialize]
        public void SetUp()
        {
            _service = new CatalogService();
        }

        [TestMethod]
        public void FindByIsbn_KnownIsbn_ReturnsTheBook()
        {
            var book = _service.FindByIsbn("978-0321125217");

            Assert.IsNotNull(book);
            Assert.AreEqual("Domain-Driven Design", book.Title);
        }

        [TestMethod]
        public void Search_ByAuthor_FindsTheirBooks()
        {
            var books = _service.Search("fowler");

            Assert.AreEqual(1, books.Count);
        }

        [TestMethod]
        public void Search_Blank_ReturnsNothing()
        {
            Assert.AreEqual(0, _service.Search("  ").Count);
        }
    }
}
