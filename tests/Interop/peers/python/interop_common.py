"""Shared pieces of the Python (C-core) interop peer: message modules and service wiring.

Debian's grpcio-tools is too old to emit service stubs, so the messages come from Debian's protoc
(3.21, matching python3-protobuf 3.21) at start-up and the service glue uses grpc's generic API.
"""
import os
import shutil
import subprocess
import sys
import tempfile

PROTO_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Protos"))
SERVICE = "grpc.testing.TestService"
UNIMPLEMENTED_SERVICE = "grpc.testing.UnimplementedService"


def load_messages():
    """Compiles the .proto files into a private temp dir and returns (empty_pb2, messages_pb2)."""
    out = tempfile.mkdtemp(prefix="interop-py-")
    protos = ["empty.proto", "messages.proto", "test.proto"]
    subprocess.run(["/usr/bin/protoc", "-I", PROTO_DIR, "--python_out", out] + protos, check=True)
    sys.path.insert(0, out)
    try:
        import empty_pb2  # noqa: E402  (generated just above)
        import messages_pb2  # noqa: E402
    finally:
        # The modules are loaded; the folder is not needed past this point.
        sys.path.remove(out)
        shutil.rmtree(out, ignore_errors=True)
    return empty_pb2, messages_pb2


def add_flag_arguments(parser, names):
    """Interop flags come as --name=value or --name value; booleans as true/false."""
    for name, default in names:
        parser.add_argument("--" + name, default=default)


def parse_bool(text):
    return str(text).lower() in ("1", "true", "yes")


def target(args):
    """A --unix_socket path wins over host and port."""
    if args.unix_socket:
        return "unix:" + args.unix_socket
    return "%s:%s" % (args.server_host, args.server_port)
