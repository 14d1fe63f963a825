using Microsoft.AspNetCore.Http;

namespace MigrateWcf.Runtime.Internal;

/// <summary>Serves one method: checks the request is gRPC over HTTP/2, runs the handler for its call kind and ends the call with a status.</summary>
internal sealed class ServerCallHandler<TRequest, TResponse>
{
    private readonly Method<TRequest, TResponse> _method;
    private readonly Delegate _handler;
    private readonly ServerRuntime _runtime;

    public ServerCallHandler(Method<TRequest, TResponse> method, Delegate handler, ServerRuntime runtime)
    {
        _method = method;
        _handler = handler;
        _runtime = runtime;
    }

    public async Task HandleCallAsync(HttpContext http)
    {
        if (!ServerProtocolChecks.Accept(http)) return;

        var context = new HttpContextServerCallContext(http, _runtime, _method.FullName);
        Exception? error = null;
        MessageReader<TRequest>? reader = null;
        try
        {
            if (!context.Initialize()) return;
            reader = context.CreateReader(_method.RequestMarshaller);
            switch (_method.Type)
            {
                case MethodType.Unary:
                {
                    var request = await ReadSingleRequestAsync(reader, http.RequestAborted).ConfigureAwait(false);
                    var response = await ((UnaryServerMethod<TRequest, TResponse>)_handler)(request, context).ConfigureAwait(false);
                    WriteSingleResponse(context, response);
                    break;
                }
                case MethodType.ClientStreaming:
                {
                    var requestStream = new ServerStreamReader<TRequest>(reader, context);
                    var response = await ((ClientStreamingServerMethod<TRequest, TResponse>)_handler)(requestStream, context).ConfigureAwait(false);
                    WriteSingleResponse(context, response);
                    break;
                }
                case MethodType.ServerStreaming:
                {
                    var request = await ReadSingleRequestAsync(reader, http.RequestAborted).ConfigureAwait(false);
                    var responseStream = new ServerStreamWriter<TResponse>(context, _method.ResponseMarshaller);
                    await ((ServerStreamingServerMethod<TRequest, TResponse>)_handler)(request, responseStream, context).ConfigureAwait(false);
                    break;
                }
                case MethodType.DuplexStreaming:
                {
                    var requestStream = new ServerStreamReader<TRequest>(reader, context);
                    var responseStream = new ServerStreamWriter<TResponse>(context, _method.ResponseMarshaller);
                    await ((DuplexStreamingServerMethod<TRequest, TResponse>)_handler)(requestStream, responseStream, context).ConfigureAwait(false);
                    break;
                }
            }
        }
        catch (Exception ex)
        {
            error = ex;
        }

        try
        {
            context.EndCall(error);
        }
        finally
        {
            reader?.Dispose();
            context.Dispose();
        }
    }

    private void WriteSingleResponse(HttpContextServerCallContext context, TResponse response)
    {
        if (response is null) throw new RpcException(new Status(StatusCode.Internal, "The handler returned no response message."));
        // Past the deadline the client has given up; send DEADLINE_EXCEEDED alone rather than a late answer.
        if (context.DeadlineExceeded) return;
        context.WriteMessage(response, _method.ResponseMarshaller);
    }

    private static async ValueTask<TRequest> ReadSingleRequestAsync(MessageReader<TRequest> reader, CancellationToken cancellationToken)
    {
        if (!await reader.ReadNextAsync(cancellationToken).ConfigureAwait(false))
        {
            throw new RpcException(new Status(StatusCode.Internal, "The request did not include a message."));
        }
        var request = reader.Current;
        if (await reader.ReadNextAsync(cancellationToken).ConfigureAwait(false))
        {
            throw new RpcException(new Status(StatusCode.Internal, "Additional data after the request message."));
        }
        return request;
    }
}

/// <summary>Checks every gRPC route applies before a call starts, and the UNIMPLEMENTED answer for unknown routes.</summary>
internal static class ServerProtocolChecks
{
    public static bool Accept(HttpContext http)
    {
        var request = http.Request;
        if (!GrpcProtocol.IsGrpcContentType(request.ContentType))
        {
            // The spec asks for 415 so that non-gRPC clients don't read a 200 as success.
            Refuse(http, StatusCodes.Status415UnsupportedMediaType, $"Content-Type '{request.ContentType}' is not supported.");
            return false;
        }
        if (!HttpMethods.IsPost(request.Method))
        {
            Refuse(http, StatusCodes.Status405MethodNotAllowed, $"Method '{request.Method}' is not supported.");
            return false;
        }
        if (!HttpProtocol.IsHttp2(request.Protocol) && !HttpProtocol.IsHttp3(request.Protocol))
        {
            // As grpc-dotnet does: 426 with grpc-status INTERNAL, so both HTTP and gRPC clients see a failure.
            Refuse(http, StatusCodes.Status426UpgradeRequired, $"Request protocol '{request.Protocol}' is not supported.");
            return false;
        }
        return true;
    }

    private static void Refuse(HttpContext http, int httpStatus, string message)
    {
        var response = http.Response;
        response.StatusCode = httpStatus;
        response.Headers[GrpcProtocol.StatusHeader] = "13";
        response.Headers[GrpcProtocol.MessageHeader] = GrpcProtocol.PercentEncode(message);
    }

    public static Task HandleUnimplemented(HttpContext http, ServerRuntime runtime)
    {
        if (!GrpcProtocol.IsGrpcContentType(http.Request.ContentType))
        {
            // Not a gRPC request: leave it as an ordinary unknown route.
            http.Response.StatusCode = StatusCodes.Status404NotFound;
            return Task.CompletedTask;
        }
        if (!Accept(http)) return Task.CompletedTask;
        var service = http.Request.RouteValues["unimplementedService"] as string ?? "";
        var response = http.Response;
        response.ContentType = GrpcProtocol.ContentType;
        response.Headers[GrpcProtocol.StatusHeader] = "12";
        response.Headers[GrpcProtocol.MessageHeader] = runtime.HasService(service) ? "Method is unimplemented." : "Service is unimplemented.";
        return Task.CompletedTask;
    }
}
