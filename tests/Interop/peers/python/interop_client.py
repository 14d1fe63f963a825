#!/usr/bin/python3
"""grpc.testing interop client on python3-grpcio (C-core), per grpc's interop-test-descriptions.md.

Flags: --server_host, --server_port, --unix_socket PATH (wins over host/port), --test_case, --use_tls=false.
Exit 0 when the case passed; otherwise a one-line reason on stderr and exit 1.
"""
import argparse
import queue
import sys

import grpc

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
import interop_common  # noqa: E402

empty_pb2, messages_pb2 = interop_common.load_messages()
m = messages_pb2

SPECIAL_MESSAGE = "\t\ntest with whitespace\r\nand Unicode BMP \u263a and non-BMP \U0001f608\t\n"


class CaseFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CaseFailed(message)


def zeros(size):
    return m.Payload(body=b"\0" * size)


class Pipe:
    """A request iterator the test feeds one message at a time (grpc pulls from it on its own thread)."""

    def __init__(self):
        self._queue = queue.Queue()

    def add(self, message):
        self._queue.put(message)

    def close(self):
        self._queue.put(None)

    def __iter__(self):
        return self

    def __next__(self):
        item = self._queue.get()
        if item is None:
            raise StopIteration
        return item


class Stubs:
    def __init__(self, channel):
        s = "/" + interop_common.SERVICE + "/"
        self.empty_call = channel.unary_unary(
            s + "EmptyCall", empty_pb2.Empty.SerializeToString, empty_pb2.Empty.FromString)
        self.unary_call = channel.unary_unary(
            s + "UnaryCall", m.SimpleRequest.SerializeToString, m.SimpleResponse.FromString)
        self.streaming_output_call = channel.unary_stream(
            s + "StreamingOutputCall", m.StreamingOutputCallRequest.SerializeToString,
            m.StreamingOutputCallResponse.FromString)
        self.streaming_input_call = channel.stream_unary(
            s + "StreamingInputCall", m.StreamingInputCallRequest.SerializeToString,
            m.StreamingInputCallResponse.FromString)
        self.full_duplex_call = channel.stream_stream(
            s + "FullDuplexCall", m.StreamingOutputCallRequest.SerializeToString,
            m.StreamingOutputCallResponse.FromString)
        self.unimplemented_call = channel.unary_unary(
            s + "UnimplementedCall", empty_pb2.Empty.SerializeToString, empty_pb2.Empty.FromString)
        self.unimplemented_service_call = channel.unary_unary(
            "/" + interop_common.UNIMPLEMENTED_SERVICE + "/UnimplementedCall",
            empty_pb2.Empty.SerializeToString, empty_pb2.Empty.FromString)


def expect_rpc_error(code, action, message=None):
    try:
        action()
    except grpc.RpcError as error:
        check(error.code() == code, "expected %s, got %s: %r" % (code, error.code(), error.details()))
        if message is not None:
            check(error.details() == message, "expected message %r, got %r" % (message, error.details()))
        return error
    raise CaseFailed("expected %s, the call succeeded" % code)


def empty_unary(stubs):
    response = stubs.empty_call(empty_pb2.Empty())
    check(isinstance(response, empty_pb2.Empty), "response is not an Empty")


def large_unary(stubs):
    response = stubs.unary_call(m.SimpleRequest(response_size=314159, payload=zeros(271828)))
    check(response.payload.body == b"\0" * 314159, "response body is not 314159 zeros")


def client_compressed_unary(stubs):
    def request(expect):
        return m.SimpleRequest(expect_compressed=m.BoolValue(value=expect), response_size=314159,
                               payload=zeros(271828))
    expect_rpc_error(grpc.StatusCode.INVALID_ARGUMENT, lambda: stubs.unary_call(request(True)))
    for expect in (True, False):
        compression = grpc.Compression.Gzip if expect else grpc.Compression.NoCompression
        response = stubs.unary_call(request(expect), compression=compression)
        check(len(response.payload.body) == 314159, "response body has %d bytes" % len(response.payload.body))


def server_compressed_unary(stubs):
    # The Python API does not expose the response's compressed-flag, which the description allows;
    # this checks the server answers both requests correctly.
    for compressed in (True, False):
        response = stubs.unary_call(m.SimpleRequest(response_compressed=m.BoolValue(value=compressed),
                                                    response_size=314159, payload=zeros(271828)))
        check(response.payload.body == b"\0" * 314159, "response body is not 314159 zeros")


def client_streaming(stubs):
    sizes = (27182, 8, 1828, 45904)
    response = stubs.streaming_input_call(iter([m.StreamingInputCallRequest(payload=zeros(n)) for n in sizes]))
    check(response.aggregated_payload_size == 74922,
          "aggregated_payload_size %d != 74922" % response.aggregated_payload_size)


def server_streaming(stubs):
    sizes = [31415, 9, 2653, 58979]
    request = m.StreamingOutputCallRequest(response_parameters=[m.ResponseParameters(size=n) for n in sizes])
    received = [len(r.payload.body) for r in stubs.streaming_output_call(request)]
    check(received == sizes, "response sizes %s != %s" % (received, sizes))


def ping_pong(stubs):
    pairs = [(31415, 27182), (9, 8), (2653, 1828), (58979, 45904)]
    pipe = Pipe()
    responses = stubs.full_duplex_call(pipe)
    try:
        for response_size, request_size in pairs:
            pipe.add(m.StreamingOutputCallRequest(response_parameters=[m.ResponseParameters(size=response_size)],
                                                  payload=zeros(request_size)))
            response = next(responses)
            check(len(response.payload.body) == response_size,
                  "response has %d bytes, expected %d" % (len(response.payload.body), response_size))
    finally:
        pipe.close()
    check(next(responses, None) is None, "more than four responses")


def empty_stream(stubs):
    responses = list(stubs.full_duplex_call(iter([])))
    check(responses == [], "expected no responses, got %d" % len(responses))


def cancel_after_begin(stubs):
    pipe = Pipe()
    future = stubs.streaming_input_call.future(pipe)
    future.cancel()
    pipe.close()
    check(future.cancelled(), "call was not cancelled")
    check(future.code() == grpc.StatusCode.CANCELLED, "status %s, expected CANCELLED" % future.code())


def cancel_after_first_response(stubs):
    pipe = Pipe()
    responses = stubs.full_duplex_call(pipe)
    pipe.add(m.StreamingOutputCallRequest(response_parameters=[m.ResponseParameters(size=31415)],
                                          payload=zeros(27182)))
    first = next(responses)
    check(len(first.payload.body) == 31415, "first response has %d bytes" % len(first.payload.body))
    responses.cancel()
    pipe.close()
    expect_rpc_error(grpc.StatusCode.CANCELLED, lambda: next(responses))


def timeout_on_sleeping_server(stubs):
    pipe = Pipe()
    responses = stubs.full_duplex_call(pipe, timeout=0.001)
    pipe.add(m.StreamingOutputCallRequest(payload=zeros(27182)))
    try:
        expect_rpc_error(grpc.StatusCode.DEADLINE_EXCEEDED, lambda: next(responses))
    finally:
        pipe.close()


def custom_metadata(stubs):
    initial = ("x-grpc-test-echo-initial", "test_initial_metadata_value")
    trailing = ("x-grpc-test-echo-trailing-bin", b"\xab\xab\xab")
    metadata = (initial, trailing)

    def verify(call, where):
        got_initial = [v for k, v in call.initial_metadata() if k == initial[0]]
        got_trailing = [v for k, v in call.trailing_metadata() if k == trailing[0]]
        check(got_initial == [initial[1]], "%s: initial metadata %r" % (where, got_initial))
        check(got_trailing == [trailing[1]], "%s: trailing metadata %r" % (where, got_trailing))

    response, call = stubs.unary_call.with_call(
        m.SimpleRequest(response_size=314159, payload=zeros(271828)), metadata=metadata)
    check(len(response.payload.body) == 314159, "unary response has %d bytes" % len(response.payload.body))
    verify(call, "UnaryCall")

    request = m.StreamingOutputCallRequest(response_parameters=[m.ResponseParameters(size=314159)],
                                           payload=zeros(271828))
    responses = stubs.full_duplex_call(iter([request]), metadata=metadata)
    sizes = [len(r.payload.body) for r in responses]
    check(sizes == [314159], "duplex response sizes %s" % sizes)
    verify(responses, "FullDuplexCall")


def status_code_and_message(stubs, message="test status message"):
    status = m.EchoStatus(code=2, message=message)
    expect_rpc_error(grpc.StatusCode.UNKNOWN, lambda: stubs.unary_call(m.SimpleRequest(response_status=status)),
                     message)
    expect_rpc_error(grpc.StatusCode.UNKNOWN,
                     lambda: list(stubs.full_duplex_call(iter([m.StreamingOutputCallRequest(
                         response_status=status)]))), message)


def special_status_message(stubs):
    status = m.EchoStatus(code=2, message=SPECIAL_MESSAGE)
    expect_rpc_error(grpc.StatusCode.UNKNOWN, lambda: stubs.unary_call(m.SimpleRequest(response_status=status)),
                     SPECIAL_MESSAGE)


def unimplemented_method(stubs):
    expect_rpc_error(grpc.StatusCode.UNIMPLEMENTED, lambda: stubs.unimplemented_call(empty_pb2.Empty()))


def unimplemented_service(stubs):
    expect_rpc_error(grpc.StatusCode.UNIMPLEMENTED, lambda: stubs.unimplemented_service_call(empty_pb2.Empty()))


CASES = {f.__name__: f for f in (
    empty_unary, large_unary, client_compressed_unary, server_compressed_unary, client_streaming,
    server_streaming, ping_pong, empty_stream, cancel_after_begin, cancel_after_first_response,
    timeout_on_sleeping_server, custom_metadata, status_code_and_message, special_status_message,
    unimplemented_method, unimplemented_service)}


def main():
    parser = argparse.ArgumentParser()
    interop_common.add_flag_arguments(parser, [
        ("server_host", "127.0.0.1"), ("server_port", "0"), ("unix_socket", ""), ("test_case", ""),
        ("use_tls", "false"), ("server_host_override", "")])
    args = parser.parse_args()
    if interop_common.parse_bool(args.use_tls):
        sys.exit("interop_client.py: --use_tls=true is not supported")
    case = CASES.get(args.test_case)
    if case is None:
        sys.exit("interop_client.py: unknown --test_case %r (known: %s)" % (args.test_case, ", ".join(CASES)))
    with grpc.insecure_channel(interop_common.target(args)) as channel:
        try:
            grpc.channel_ready_future(channel).result(timeout=20)
            case(Stubs(channel))
        except CaseFailed as failure:
            print("FAIL %s: %s" % (args.test_case, failure), file=sys.stderr, flush=True)
            sys.exit(1)
        except grpc.RpcError as error:
            print("FAIL %s: unexpected status %s: %r" % (args.test_case, error.code(), error.details()),
                  file=sys.stderr, flush=True)
            sys.exit(1)
    print("PASS %s" % args.test_case, flush=True)


if __name__ == "__main__":
    main()
