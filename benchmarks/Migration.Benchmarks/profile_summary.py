#!/usr/bin/env python3
"""Summarises `perf script -F comm,pid,tid,ip,sym,dso` output (from stdin) for profile-row.sh: for each of the named
processes, its share of all samples, by thread name, by where the sampled instruction was (kernel, the .NET runtime,
JIT-compiled code, libc, other), by what the sample's stack was doing in the kernel (any frame), and its top symbols.
Usage: perf script ... | profile_summary.py client=PID server=PID"""
import collections
import re
import sys

processes = dict(argument.split("=", 1) for argument in sys.argv[1:])
names = {pid: name for name, pid in processes.items()}
header = re.compile(r"^(?P<comm>.*?)\s+(?P<pid>\d+)/(?P<tid>\d+)\s*$")
frame = re.compile(r"^\s+[0-9a-f]+\s+(?P<sym>.*?)\s+\((?P<dso>[^)]*)\)\s*$")

# The kernel paths a sample's stack can be in (any frame, first match in this order).
KERNEL_PATHS = [
    ("context switch (schedule)", ("__schedule", "schedule_")),
    ("futex (wait and wake)", ("futex",)),
    ("socket send", ("unix_stream_sendmsg", "sock_sendmsg", "sock_write_iter")),
    ("socket receive", ("unix_stream_recvmsg", "unix_stream_read_generic", "sock_recvmsg", "sock_read_iter")),
    ("epoll", ("epoll",)),
    ("page faults", ("page_fault", "handle_mm_fault")),
]


def where(dso):
    if dso.startswith("[kernel"):
        return "kernel"
    if "libcoreclr" in dso or "libclrjit" in dso:
        return ".NET runtime (libcoreclr, the JIT)"
    if dso.startswith("[JIT]") or dso.startswith("/tmp/perf-") or "doublemapper" in dso:
        return "managed code (JIT-compiled)"
    if "libc.so" in dso or "libpthread" in dso:
        return "libc"
    return "other: " + dso


samples = []
current = None
for line in sys.stdin:
    match = header.match(line)
    if match and not line.startswith(("\t", " ")):
        current = {"comm": match["comm"].strip(), "pid": match["pid"], "frames": []}
        samples.append(current)
        continue
    match = frame.match(line)
    if match and current is not None:
        current["frames"].append((match["sym"], match["dso"]))

total = len(samples)
print(f"{total} samples on every CPU while the row ran (perf record -a -F 999)")
for pid, name in names.items():
    mine = [s for s in samples if s["pid"] == pid]
    if not mine:
        continue
    print(f"\n## {name} (pid {pid}): {len(mine)} samples, {100 * len(mine) / total:.1f}% of all")
    for title, key in [
        ("by thread", lambda s: s["comm"]),
        ("by where the sampled instruction was", lambda s: where(s["frames"][0][1]) if s["frames"] else "unknown"),
        ("by kernel path (any frame of the stack)", lambda s: next(
            (label for label, parts in KERNEL_PATHS if any(any(p in sym for p in parts) for sym, dso in s["frames"] if dso.startswith("[kernel"))),
            "none of these" if any(dso.startswith("[kernel") for _, dso in s["frames"]) else "not in the kernel")),
        ("top symbols (the sampled instruction)", lambda s: f"{s['frames'][0][0]} ({where(s['frames'][0][1])})" if s["frames"] else "unknown"),
    ]:
        counts = collections.Counter(key(s) for s in mine)
        print(f"\n{title}:")
        for value, count in counts.most_common(15):
            print(f"  {100 * count / len(mine):5.1f}%  {value}")
