#!/usr/bin/python3
"""grpc.testing.TestService on python3-grpcio (C-core), per grpc's interop-test-descriptions.md.

Flags: --port N (TCP on 127.0.0.1) or --unix_socket PATH, --use_tls=false (TLS is not supported here).
Prints one line "READY <address>" to stdout once serving.
"""
import argparse
import sys
import threading
import time

import grpc

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
import interop_common  # noqa: E402

empty_pb2, messages_pb2 = interop_common.load_messages()

ECHO_INITIAL = "x-grpc-test-echo-initial"
ECHO_TRAILING = "x-grpc-test-echo-trailing-bin"


def zeros(size):
    return messages_pb2.Payload(body=b"\0" * size)


def echo_metadata(context):
    initial = []
    trailing = []
    for key, value in context.invocation_metadata():
        if key == ECHO_INITIAL:
            initial.append((key, value))
        elif key == ECHO_TRAILING:
            trailing.append((key, value))
    if initial:
        context.send_initial_metadata(initial)
    if trailing:
        context.set_trailing_metadata(trailing)


def apply_echo_status(status, context):
    """Ends the call with the requested status; returns True when it did."""
    if status.code == 0:
        return False
    context.set_code(next(c for c in grpc.StatusCode if c.value[0] == status.code))
    context.set_details(status.message)
    return True


def empty_call(request, context):
    echo_metadata(context)
    return empty_pb2.Empty()


def unary_call(request, context):
    echo_metadata(context)
    if request.HasField("expect_compressed") and request.expect_compressed.value:
        # C-core hands the application the decompressed message and no compression flag, so this
        # server cannot honour CompressedRequest; it says so instead of guessing.
        context.set_code(grpc.StatusCode.INVALID_ARGUMENT)
        context.set_details("this server cannot observe request compression")
        return messages_pb2.SimpleResponse()
    if request.HasField("response_status") and apply_echo_status(request.response_status, context):
        return messages_pb2.SimpleResponse()
    if request.HasField("response_compressed"):
        context.set_compression(grpc.Compression.Gzip if request.response_compressed.value
                                else grpc.Compression.NoCompression)
    return messages_pb2.SimpleResponse(payload=zeros(request.response_size))


def stream_responses(request, context):
    for parameters in request.response_parameters:
        if parameters.interval_us > 0:
            time.sleep(parameters.interval_us / 1e6)
        if parameters.HasField("compressed"):
            if parameters.compressed.value:
                context.set_compression(grpc.Compression.Gzip)
            else:
                context.disable_next_message_compression()
        yield messages_pb2.StreamingOutputCallResponse(payload=zeros(parameters.size))


def streaming_output_call(request, context):
    echo_metadata(context)
    if request.HasField("response_status") and apply_echo_status(request.response_status, context):
        return
    yield from stream_responses(request, context)


def streaming_input_call(request_iterator, context):
    echo_metadata(context)
    total = 0
    for request in request_iterator:
        total += len(request.payload.body)
    return messages_pb2.StreamingInputCallResponse(aggregated_payload_size=total)


def full_duplex_call(request_iterator, context):
    echo_metadata(context)
    for request in request_iterator:
        if request.HasField("response_status") and apply_echo_status(request.response_status, context):
            return
        yield from stream_responses(request, context)


def half_duplex_call(request_iterator, context):
    echo_metadata(context)
    requests = list(request_iterator)
    for request in requests:
        if request.HasField("response_status") and apply_echo_status(request.response_status, context):
            return
        yield from stream_responses(request, context)


def handlers():
    m = messages_pb2
    return grpc.method_handlers_generic_handler(interop_common.SERVICE, {
        "EmptyCall": grpc.unary_unary_rpc_method_handler(
            empty_call, empty_pb2.Empty.FromString, empty_pb2.Empty.SerializeToString),
        "UnaryCall": grpc.unary_unary_rpc_method_handler(
            unary_call, m.SimpleRequest.FromString, m.SimpleResponse.SerializeToString),
        "StreamingOutputCall": grpc.unary_stream_rpc_method_handler(
            streaming_output_call, m.StreamingOutputCallRequest.FromString,
            m.StreamingOutputCallResponse.SerializeToString),
        "StreamingInputCall": grpc.stream_unary_rpc_method_handler(
            streaming_input_call, m.StreamingInputCallRequest.FromString,
            m.StreamingInputCallResponse.SerializeToString),
        "FullDuplexCall": grpc.stream_stream_rpc_method_handler(
            full_duplex_call, m.StreamingOutputCallRequest.FromString,
            m.StreamingOutputCallResponse.SerializeToString),
        "HalfDuplexCall": grpc.stream_stream_rpc_method_handler(
            half_duplex_call, m.StreamingOutputCallRequest.FromString,
            m.StreamingOutputCallResponse.SerializeToString),
    })


def main():
    parser = argparse.ArgumentParser()
    interop_common.add_flag_arguments(parser, [("port", "0"), ("use_tls", "false"), ("unix_socket", "")])
    args = parser.parse_args()
    if interop_common.parse_bool(args.use_tls):
        sys.exit("interop_server.py: --use_tls=true is not supported")
    from concurrent import futures
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=32))
    server.add_generic_rpc_handlers((handlers(),))
    if args.unix_socket:
        address = "unix:" + args.unix_socket
        server.add_insecure_port(address)
    else:
        port = server.add_insecure_port("127.0.0.1:%s" % args.port)
        address = "127.0.0.1:%d" % port
    server.start()
    print("READY " + address, flush=True)
    stop = threading.Event()
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    server.stop(0)


if __name__ == "__main__":
    main()
