#!/usr/bin/python3
"""The floor check: a raw 1-byte echo over a Unix socket in Python, to compare with the benchmark's own floor in the
same run. Blocking sockets, one thread per connection, as the .NET floor.

  raw_echo.py serve PATH          listen on PATH; prints READY; echoes until killed
  raw_echo.py call PATH SECONDS   one connection; echoes 1 byte for SECONDS after a short warm-up; prints each
                                  round trip in nanoseconds, one per line
"""
import socket
import sys
import threading
import time

sys.dont_write_bytecode = True


def echo(connection):
    with connection:
        while True:
            byte = connection.recv(1)
            if not byte:
                return
            connection.sendall(byte)


def serve(path):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(128)
    print("READY", flush=True)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=echo, args=(connection,), daemon=True).start()


def call(path, seconds):
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(path)
    clock = time.perf_counter_ns
    latencies = []
    warm_until = time.monotonic() + 0.2
    end = warm_until + seconds
    while True:
        now = time.monotonic()
        if now >= end:
            break
        start = clock()
        connection.sendall(b"x")
        if connection.recv(1) != b"x":
            sys.exit("wrong echo")
        if now >= warm_until:
            latencies.append(clock() - start)
    sys.stdout.write("\n".join(map(str, latencies)) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2])
    else:
        call(sys.argv[2], float(sys.argv[3]))
