#!/usr/bin/env bash
# Where one row of the before/after matrix spends its CPU: runs the benchmark (its arguments after --) with the JIT's
# perf maps on, samples every CPU with perf while the named row runs (from its "[bench] <cell> round R/N: <row>" line
# to the next), and writes a summary of the samples (profile_summary.py): for the client and the server, by thread, by
# where the sampled instruction was, by kernel path and by top symbol.
# Usage: benchmarks/Migration.Benchmarks/profile-row.sh "<cell> round 1/1: <row>" OUT_DIR -- [bench arguments]
# Example: profile-row.sh "8×10000, cpu idle round 1/1: migrated PerCall Multiple ← client shim (ISimple)" /tmp/prof \
#            -- --only "migrated PerCall Multiple ← client shim" --rounds 1
# Needs perf (linux-perf); samples the whole machine, so run it on a quiet one. Not part of the tests.
set -euo pipefail
if [[ $# -lt 3 || "$3" != "--" ]]; then
  echo "usage: $0 \"<cell> round R/N: <row>\" OUT_DIR -- [bench arguments]" >&2
  exit 2
fi
command -v perf >/dev/null || { echo "error: perf is not installed (Debian: linux-perf)" >&2; exit 2; }
row="$1"; out="$2"; shift 3
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
mkdir -p "$out"
log="$out/bench.log"
project="$root/benchmarks/Migration.Benchmarks/MigrateWcf.Migration.Benchmarks.csproj"
dotnet build "$project" -c Release -nologo -clp:ErrorsOnly >&2
# The JIT's perf maps name managed frames; without W^X the JIT's code is not behind a double mapping perf cannot read.
DOTNET_PerfMapEnabled=1 DOTNET_EnableWriteXorExecute=0 \
  dotnet "$root/benchmarks/Migration.Benchmarks/bin/Release/net10.0/MigrateWcf.Migration.Benchmarks.dll" --out "$out/report" "$@" 2>"$log" >/dev/null &
client=$!
perf_pid=""
server=""
# Starts perf at the row's line and stops it at the next line the benchmark writes.
while kill -0 "$client" 2>/dev/null; do
  if [[ -z "$perf_pid" ]] && grep -qF "[bench] $row" "$log"; then
    perf record -a -g -F 999 -o "$out/perf.data" >/dev/null 2>&1 &
    perf_pid=$!
    seen=$(wc -l <"$log")
    server=$(pgrep -P "$client" -f -- "--serve" | head -1)
  elif [[ -n "$perf_pid" ]] && (( $(wc -l <"$log") > seen )); then
    kill -INT "$perf_pid"; wait "$perf_pid" || true
    break
  fi
  sleep 0.2
done
wait "$client" || true
[[ -f "$out/perf.data" ]] || { echo "error: the row never ran: no line '[bench] $row' in $log" >&2; exit 1; }
perf script -i "$out/perf.data" -F comm,pid,tid,ip,sym,dso 2>/dev/null \
  | python3 "$root/benchmarks/Migration.Benchmarks/profile_summary.py" "client=$client" "server=$server" >"$out/summary.txt"
echo "wrote $out/summary.txt" >&2
