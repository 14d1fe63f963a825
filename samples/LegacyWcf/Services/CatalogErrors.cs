using System;
using System.Net;
using System.ServiceModel.Web;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>
    /// The catalog's HTTP errors, as WCF REST services throw them: <see cref="WebFaultException{T}"/> with a
    /// <see cref="CatalogFault"/> body, or a plain <see cref="WebFaultException"/> whose status code is the whole answer.
    /// The methods return <see cref="Exception"/> so that the operations calling them do not name the WebFault types
    /// themselves: Mono 6.8's System.ServiceModel.Web lacks them, and a method naming a missing type fails as a whole
    /// when Mono compiles it, which would take the operations' successful paths down with their error paths.
    /// </summary>
    internal static class CatalogErrors
    {
        /// <summary>404 with code "ProductNotFound".</summary>
        public static Exception NotFound(string id)
        {
            return new WebFaultException<CatalogFault>(
                new CatalogFault { Code = "ProductNotFound", Message = "No product with id '" + id + "'." },
                HttpStatusCode.NotFound);
        }

        /// <summary>409 with code "DuplicateId".</summary>
        public static Exception DuplicateId(string id)
        {
            return new WebFaultException<CatalogFault>(
                new CatalogFault { Code = "DuplicateId", Message = "A product with id '" + id + "' already exists." },
                HttpStatusCode.Conflict);
        }

        /// <summary>400, no body.</summary>
        public static Exception BadRequest()
        {
            return new WebFaultException(HttpStatusCode.BadRequest);
        }
    }
}
