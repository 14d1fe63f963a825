"""Sends benchmarks/PayloadWcf's IPayloadEcho.EchoDocument a document of each size class from Python (C-core: Debian's
python3-grpcio), using only the .proto files migrate-wcf emitted for it, and checks the answer byte for byte.

  payload_client.py SOCKET PROTO_ROOT INCLUDE

PROTO_ROOT holds the emitted .proto files; INCLUDE is protoc's include folder (google/protobuf/*.proto). Prints one
line per size: echo <bytes> <same|differs|STATUS>. The message limits are raised to 64 MiB (gRPC's default is 4 MB),
as the host's are.
"""
import glob
import importlib
import os
import random
import subprocess
import sys
import tempfile

import grpc

SIZES = [1024, 64 * 1024, 1024 * 1024, 16 * 1024 * 1024]
LIMIT = 64 * 1024 * 1024
TIMEOUT = 120


def main(argv):
    socket, proto_root, include = argv[1], argv[2], argv[3]
    with tempfile.TemporaryDirectory(prefix="payload-py-") as out:
        protos = sorted(os.path.relpath(p, proto_root) for p in glob.glob(os.path.join(proto_root, "**", "*.proto"), recursive=True))
        subprocess.run(["/usr/bin/protoc", "-I", proto_root, "-I", include, "--python_out", out] + protos, check=True)
        sys.path.insert(0, out)
        echo = importlib.import_module("migrate_wcf.payload.payload_echo_pb2")
        types = importlib.import_module("migrate_wcf.payload.payload_types_pb2")
        options = [("grpc.max_receive_message_length", LIMIT), ("grpc.max_send_message_length", LIMIT)]
        with grpc.insecure_channel("unix:" + socket, options=options) as channel:
            call = channel.unary_unary("/migrate_wcf.payload.PayloadEcho/EchoDocument",
                                       echo.EchoDocumentRequest.SerializeToString, echo.EchoDocumentResponse.FromString)
            for size in SIZES:
                content = random.Random(size).randbytes(size)
                request = echo.EchoDocumentRequest(document=types.Document(name="payload.bin", content=content))
                try:
                    answer = call(request, timeout=TIMEOUT).result
                    print("echo %d %s" % (size, "same" if answer.content == content and answer.name == "payload.bin" else "differs"), flush=True)
                except grpc.RpcError as error:
                    print("echo %d %s" % (size, error.code().name), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
