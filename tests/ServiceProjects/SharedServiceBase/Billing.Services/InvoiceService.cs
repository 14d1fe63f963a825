using System;
using System.Collections.Generic;
using System.Linq;
using Billing.Services.Infrastructure;

namespace Billing.Services
{
    public class InvoiceService : ServiceBase, IInvoices
    {
        private static readonly List<Invoice> Invoices = new List<Invoice>
        {
            new Invoice { Number = "INV-0001", CustomerId = "C1", Amount = 120.50m, DueDate = new DateTime(2014, 3, 1), Paid = true },
            new Invoice { Number = "INV-0002", CustomerId = "C1", Amount = 99.99m, DueDate = new DateTime(2014, 4, 1) },
        };

        public Invoice GetInvoice(string number)
        {
            return Traced("GetInvoice", () => Invoices.FirstOrDefault(i => i.Number == number));
        }

        public List<Invoice> GetOpenInvoices(string customerId)
        {
            return Traced("GetOpenInvoices", () => Invoices.Where(i => i.CustomerId == customerId && !i.Paid).ToList());
        }

        public string WhoAmI()
        {
            return CallerId;
        }
    }
}
