"""Calls samples/Migrated/Host from Python (C-core: Debian's python3-grpcio) using only the .proto files migrate-wcf
emitted for the legacy sample (plus google/api/*.proto they import and google/rpc/status.proto to read
grpc-status-details-bin, from Google.Api.CommonProtos).

  sample_client.py SOCKET PROTO_ROOT INCLUDE...

SOCKET is a Unix socket path, or https://127.0.0.1:PORT for the host's TLS endpoint, whose authority certificate is the
PEM file named by the environment variable MIGRATE_WCF_ROOT_CERT (the server certificate is for localhost).

PROTO_ROOT holds the emitted .proto files; each INCLUDE is a protoc include folder (google/protobuf/*.proto, and
Google.Api.CommonProtos' content/protos for google/api and google/rpc). Debian's grpcio-tools is too old to emit service stubs, so the messages come from
Debian's protoc (3.21, matching python3-protobuf) and calls go through grpc's generic API. Prints one line per result:

  rpc <service>/<method> <status code name>    every rpc of every emitted service, called with a default request
  quote <unit price> <total> <price date kind> GetQuote's decimals (migrate_wcf.Decimal read with decimal.Decimal)
  fault <status code> <OrderFault code> <order id matches> <occurred_at kind>  CancelOrder's typed fault, from the trailer
  callback <sku> <on hand>                     IStockWatch's callback on the Callbacks stream of a session
"""
import decimal
import glob
import importlib
import os
import subprocess
import sys
import tempfile
import uuid

import grpc

HERE = os.path.dirname(os.path.abspath(__file__))
# The Decimal conversions docs/decimal.md shows, kept in one place.
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "..", "Generator.Corpus.Tests", "Python")))
from decimal_message import from_decimal, to_decimal  # noqa: E402

SESSION_HEADER = "migrate-wcf-session"  # runtime/README.md, "Sessions": calls with one id form one WCF session
TIMEOUT = 60
QUOTE_PRICE = decimal.Decimal("1049382767.77493827065")


def load(proto_root, includes, out):
    """Compiles every emitted .proto (and the google/api and google/rpc ones they and the callers import) into out;
    returns their modules, emitted ones first."""
    protos = sorted(os.path.relpath(p, proto_root) for p in glob.glob(os.path.join(proto_root, "**", "*.proto"), recursive=True))
    arguments = ["/usr/bin/protoc", "-I", proto_root] + [a for i in includes for a in ("-I", i)] + ["--python_out", out]
    common = ["google/api/annotations.proto", "google/api/http.proto", "google/rpc/status.proto"]
    subprocess.run(arguments + protos + common, check=True)
    sys.path.insert(0, out)
    modules = [importlib.import_module(p[:-len(".proto")].replace("/", ".") + "_pb2") for p in protos]
    return modules, importlib.import_module("google.rpc.status_pb2")


def message_class(descriptor):
    from google.protobuf import symbol_database
    return symbol_database.Default().GetSymbol(descriptor.full_name)


def session():
    return ((SESSION_HEADER, str(uuid.uuid4())),)


def call_every_rpc(channel, modules):
    for module in modules:
        for service in module.DESCRIPTOR.services_by_name.values():
            for method in service.methods:
                path = "/%s/%s" % (service.full_name, method.name)
                request = message_class(method.input_type)()
                response = message_class(method.output_type)
                if method.server_streaming:
                    call = channel.unary_stream(path, request.SerializeToString, response.FromString)(
                        request, timeout=TIMEOUT, metadata=session())
                    call.initial_metadata()  # the stream is open (or has failed) once headers arrived
                    code = call.code() if call.done() else grpc.StatusCode.OK
                    call.cancel()
                else:
                    try:
                        channel.unary_unary(path, request.SerializeToString, response.FromString)(request, timeout=TIMEOUT)
                        code = grpc.StatusCode.OK
                    except grpc.RpcError as error:
                        code = error.code()
                print("rpc %s/%s %s" % (service.full_name, method.name, code.name), flush=True)


def unary(channel, service, method, request, response, metadata=()):
    return channel.unary_unary("/migrate_wcf.legacy.%s/%s" % (service, method), request.SerializeToString,
                               response.FromString)(request, timeout=TIMEOUT, metadata=metadata)


def quote(channel, pb):
    request = pb.order_service_pb2.GetQuoteRequest(sku="SKU-1001", quantity=3, tier=pb.data_types_pb2.CUSTOMER_TIER_GOLD)
    from_decimal(QUOTE_PRICE, request.unit_price)
    request.price_date.value.seconds = 1714550400  # 2024-05-01T08:00:00Z
    request.price_date.kind = pb.common_pb2.DATE_TIME_KIND_UTC
    result = unary(channel, "OrderService", "GetQuote", request, pb.order_service_pb2.GetQuoteResponse).result
    kind = pb.common_pb2.DateTimeKind.Name(result.price_date.kind)
    print("quote %s %s %s" % (to_decimal(result.unit_price), to_decimal(result.total), kind), flush=True)


def typed_fault(channel, pb, status_pb2):
    order_id = str(uuid.uuid4())
    request = pb.order_service_pb2.CancelOrderRequest(order_id=order_id, reason="from python")
    try:
        unary(channel, "OrderService", "CancelOrder", request, pb.order_service_pb2.CancelOrderResponse)
        print("fault none: the call succeeded", flush=True)
        return
    except grpc.RpcError as error:
        trailer = dict(error.trailing_metadata() or ())
        status = status_pb2.Status.FromString(trailer["grpc-status-details-bin"])
        fault = pb.data_types_pb2.OrderFault()
        detail = next(d for d in status.details if d.Is(fault.DESCRIPTOR))
        detail.Unpack(fault)
        kind = pb.common_pb2.DateTimeKind.Name(fault.occurred_at.kind)
        print("fault %s %s %s %s" % (error.code().name, fault.code, fault.order_id == order_id, kind), flush=True)


def callback(channel, pb):
    metadata = session()
    stream = channel.unary_stream("/migrate_wcf.legacy.StockWatch/Callbacks", lambda m: m.SerializeToString(),
                                  pb.stock_watch_pb2.StockWatchCallback.FromString)(
        pb.empty_pb2.Empty(), timeout=TIMEOUT, metadata=metadata)
    stream.initial_metadata()  # the session has bound its callback stream
    request = pb.stock_watch_pb2.SubscribeRequest()
    request.skus.items.append("SKU-1001")
    watched = unary(channel, "StockWatch", "Subscribe", request, pb.stock_watch_pb2.SubscribeResponse, metadata).result
    level = next(stream).stock_changed.level
    stream.cancel()
    print("callback %s %d (watching %d)" % (level.sku, level.on_hand, watched), flush=True)


class Modules:
    """The generated modules by short name (order_service_pb2, data_types_pb2, common_pb2, ...)."""

    def __init__(self, modules):
        from google.protobuf import empty_pb2
        self.empty_pb2 = empty_pb2
        for module in modules:
            setattr(self, module.__name__.rsplit(".", 1)[-1], module)


def open_channel(target):
    if not target.startswith("https://"):
        return grpc.insecure_channel("unix:" + target)
    with open(os.environ["MIGRATE_WCF_ROOT_CERT"], "rb") as root:
        credentials = grpc.ssl_channel_credentials(root_certificates=root.read())
    return grpc.secure_channel(target[len("https://"):], credentials, options=[("grpc.ssl_target_name_override", "localhost")])


def main(argv):
    socket, proto_root, includes = argv[1], argv[2], argv[3:]
    with tempfile.TemporaryDirectory(prefix="migrated-py-") as out:
        modules, status_pb2 = load(proto_root, includes, out)
        pb = Modules(modules)
        with open_channel(socket) as channel:
            call_every_rpc(channel, modules)
            quote(channel, pb)
            typed_fault(channel, pb, status_pb2)
            callback(channel, pb)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
