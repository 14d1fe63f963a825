"""Calls Simple/Put on the generated host's TLS endpoint from Python (C-core: Debian's python3-grpcio), presenting a
client certificate, and prints the status the host answered: OtherLanguageCallerTests' client-certificate caller.

  client_certificate_client.py https://127.0.0.1:PORT

The environment names the PEM files: MIGRATE_WCF_ROOT_CERT (the authority of the server's certificate, which is for
localhost), MIGRATE_WCF_CLIENT_CERT and MIGRATE_WCF_CLIENT_KEY (the certificate presented and its key). Prints one line:

  put <status code name>

Put takes and returns google.protobuf.Empty, which is no bytes, so no message classes are needed.
"""
import os
import sys

import grpc

TIMEOUT = 60


def read(variable):
    with open(os.environ[variable], "rb") as pem:
        return pem.read()


def main(target):
    credentials = grpc.ssl_channel_credentials(
        root_certificates=read("MIGRATE_WCF_ROOT_CERT"),
        private_key=read("MIGRATE_WCF_CLIENT_KEY"),
        certificate_chain=read("MIGRATE_WCF_CLIENT_CERT"))
    options = [("grpc.ssl_target_name_override", "localhost")]
    with grpc.secure_channel(target[len("https://"):], credentials, options=options) as channel:
        put = channel.unary_unary("/migrate_wcf.legacy.Simple/Put", request_serializer=lambda _: b"", response_deserializer=lambda data: data)
        try:
            put(None, timeout=TIMEOUT)
            code = grpc.StatusCode.OK
        except grpc.RpcError as error:
            code = error.code()
    print("put %s" % code.name, flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
