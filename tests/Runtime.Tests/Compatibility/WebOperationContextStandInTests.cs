using System.Net;
using System.ServiceModel.Web;
using Microsoft.AspNetCore.Http;

namespace MigrateWcf.Runtime.Tests.Compatibility;

/// <summary>
/// MigrateWcf.Compatibility's WebOperationContext over the runtime's <see cref="WcfWebOperationContext"/>: what legacy
/// REST code sets and reads lands in the call's context (WebOperationContextTests shows what callers then see).
/// </summary>
public sealed class WebOperationContextStandInTests
{
    [Fact]
    public void OutsideACall_CurrentIsNull_AsWcfs()
    {
        Assert.Null(WebOperationContext.Current);
    }

    [Fact]
    public void OutgoingResponse_SetsTheCallsStatusDescriptionAndLocation()
    {
        var http = new DefaultHttpContext();
        InCall(http, () =>
        {
            WebOperationContext.Current.OutgoingResponse.SetStatusAsCreated(new Uri("http://shop/items/7"));
            Assert.Equal(HttpStatusCode.Created, WcfWebOperationContext.For(http).StatusCode);
            Assert.Equal("http://shop/items/7", WcfWebOperationContext.For(http).ResponseHeaders[HttpResponseHeader.Location]);

            WebOperationContext.Current.OutgoingResponse.SetStatusAsNotFound("no such item");
            Assert.Equal(HttpStatusCode.NotFound, WcfWebOperationContext.For(http).StatusCode);
            Assert.Equal("no such item", WcfWebOperationContext.For(http).StatusDescription);
        });
    }

    [Fact]
    public void IncomingRequest_ReadsTheCallsMethodHeadersAndUri()
    {
        var http = new DefaultHttpContext();
        http.Request.Method = "PUT";
        http.Request.Scheme = "http";
        http.Request.Host = new HostString("shop", 8080);
        http.Request.Path = "/items/7";
        http.Request.QueryString = new QueryString("?page=2");
        http.Request.Headers.UserAgent = "curl/8";
        http.Request.Headers.Accept = "application/json";
        InCall(http, () =>
        {
            var request = WebOperationContext.Current.IncomingRequest;
            Assert.Equal("PUT", request.Method);
            Assert.Equal("curl/8", request.UserAgent);
            Assert.Equal("application/json", request.Accept);
            Assert.Equal(new Uri("http://shop:8080/items/7?page=2"), request.UriTemplateMatch.RequestUri);
            Assert.Equal("2", request.UriTemplateMatch.QueryParameters["page"]);
        });
    }

    [Fact]
    public void WebFaultExceptions_CarryTheirHttpStatusToTheRuntime()
    {
        IHttpStatusFault plain = new WebFaultException(HttpStatusCode.Conflict);
        IHttpStatusFault typed = new WebFaultException<string>("taken", HttpStatusCode.Gone);

        Assert.Equal(HttpStatusCode.Conflict, plain.StatusCode);
        Assert.Equal(HttpStatusCode.Gone, typed.StatusCode);
        Assert.Equal("taken", ((WebFaultException<string>)typed).Detail);
    }

    /// <summary>Runs <paramref name="call"/> with <paramref name="http"/> as the current request, as ASP.NET Core does with IHttpContextAccessor registered.</summary>
    private static void InCall(HttpContext http, Action call)
    {
        var accessor = new HttpContextAccessor { HttpContext = http };
        try
        {
            call();
        }
        finally
        {
            accessor.HttpContext = null;
        }
    }
}
