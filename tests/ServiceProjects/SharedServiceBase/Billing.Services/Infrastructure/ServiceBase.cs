using System;
using System.Diagnostics;
using System.ServiceModel;

namespace Billing.Services.Infrastructure
{
    // Every Billing service derives from this: one place for call tracing and the caller's identity.
    public abstract class ServiceBase
    {
        protected static readonly TraceSource Trace = new TraceSource("Billing.Services");

        protected string CallerId
        {
            get
            {
                var context = OperationContext.Current;
                if (context == null || string.IsNullOrEmpty(context.SessionId))
                {
                    return "local";
                }

                return context.SessionId;
            }
        }

        protected T Traced<T>(string operation, Func<T> body)
        {
            var watch = Stopwatch.StartNew();
            try
            {
                return body();
            }
            finally
            {
                Trace.TraceInformation("{0} for {1} took {2} ms", operation, CallerId, watch.ElapsedMilliseconds);
            }
        }
    }
}
