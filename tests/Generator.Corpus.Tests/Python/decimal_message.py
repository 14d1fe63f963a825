"""Reads and writes migrate_wcf.Decimal with Python's decimal.Decimal, using only protoc's generated code.

The two functions below are the client code docs/decimal.md shows; the rest is the command line the corpus tests
(DecimalMessageTests) drive:

  decimal_message.py PROTO_ROOT INCLUDE decode HEX    prints the decimal the serialized message holds
  decimal_message.py PROTO_ROOT INCLUDE encode TEXT   prints the serialized message for decimal.Decimal(TEXT), in hex

PROTO_ROOT holds migrate_wcf/common.proto as migrate-wcf emitted it; INCLUDE holds google/protobuf/*.proto (imports
only: the generated module uses python3-protobuf's own timestamp_pb2). A value System.Decimal cannot hold exits 1 with
one line on stderr.
"""
import decimal
import subprocess
import sys
import tempfile

MAX_SCALE = 28  # System.Decimal: at most 28 digits after the point
COEFFICIENT_LIMIT = 1 << 96  # System.Decimal: an unsigned 96-bit coefficient


def to_decimal(message):
    """The exact decimal.Decimal a migrate_wcf.Decimal holds, trailing zeros and negative zero included."""
    if message.scale > MAX_SCALE:
        raise ValueError("scale %d is above 28" % message.scale)
    coefficient = (message.coefficient_high << 64) | message.coefficient_low
    # The tuple form is exact; arithmetic such as scaleb() would round to the context's 28 digits.
    return decimal.Decimal((1 if message.negative else 0, tuple(int(d) for d in str(coefficient)), -message.scale))


def from_decimal(value, message):
    """Fills a migrate_wcf.Decimal with value, or raises ValueError when no System.Decimal equals it."""
    if not value.is_finite():
        raise ValueError("%s is not a finite number" % value)
    sign, digits, exponent = value.as_tuple()
    coefficient = int("".join(map(str, digits)))
    if exponent > 0:  # 1E+3: System.Decimal has no negative scale, so the coefficient takes the zeros
        coefficient *= 10 ** exponent
        exponent = 0
    if -exponent > MAX_SCALE:
        raise ValueError("%s has %d digits after the point; System.Decimal holds at most 28" % (value, -exponent))
    if coefficient >= COEFFICIENT_LIMIT:
        raise ValueError("%s needs a coefficient of 2^96 or more" % value)
    message.coefficient_low = coefficient & ((1 << 64) - 1)
    message.coefficient_high = coefficient >> 64
    message.scale = -exponent
    message.negative = bool(sign)


def load_common(proto_root, include, out):
    """Compiles migrate_wcf/common.proto with Debian's protoc (3.21, matching python3-protobuf) into out and imports it."""
    subprocess.run(["/usr/bin/protoc", "-I", proto_root, "-I", include, "--python_out", out, "migrate_wcf/common.proto"], check=True)
    sys.path.insert(0, out)
    from migrate_wcf import common_pb2  # noqa: E402  (generated just above)
    return common_pb2


def main(argv):
    proto_root, include, command, argument = argv[1:5]
    with tempfile.TemporaryDirectory(prefix="decimal-py-") as out:
        return run(load_common(proto_root, include, out), command, argument)


def run(common_pb2, command, argument):
    try:
        if command == "decode":
            # "f": positional notation with every digit, as System.Decimal prints (str() would give 1E-28).
            print(format(to_decimal(common_pb2.Decimal.FromString(bytes.fromhex(argument))), "f"))
        elif command == "encode":
            message = common_pb2.Decimal()
            from_decimal(decimal.Decimal(argument), message)
            print(message.SerializeToString().hex())
        else:
            raise ValueError("unknown command " + command)
    except (ValueError, decimal.InvalidOperation) as error:
        print("rejected: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
