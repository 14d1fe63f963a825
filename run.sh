#!/usr/bin/env bash
# The main job of migrate-wcf: the whole migration of the sample, before and after. It sets the machine up, builds the
# .NET Framework WCF sample (Release), starts its host under Mono on free loopback ports, calls the benchmark contract
# (both implementations) and every operation of the contract family once with the WCF client, and stops the host; then
# migrates the sample with migrate-wcf (analyze, generate, check against the committed samples/Migrated/Service), starts
# the migrated sample (the same service classes on gRPC, over Unix sockets), makes the same calls through the original
# interfaces with the legacy client's own code, and compares the two runs line by line. Safe to run twice; on failure
# it says in one line what went wrong.
# Usage: ./run.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$root"

step="start"
say() { printf '[run] %s\n' "$*" >&2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/migrate-wcf-run.XXXXXX")"
host_pid=""
migrated_pids=()
stop_migrated_hosts() {
  # SIGTERM is the migrated host's stop signal: it removes its socket and exits 0.
  local pid
  for pid in "${migrated_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${migrated_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  migrated_pids=()
}
stop_host() {
  # Closing the host's stdin is its stop signal; SIGTERM and then SIGKILL only if it does not go.
  if [ -n "$host_pid" ] && kill -0 "$host_pid" 2>/dev/null; then
    exec 3>&- 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$host_pid" 2>/dev/null || break; sleep 0.1; done
    kill -TERM "$host_pid" 2>/dev/null || true
    sleep 1
    kill -KILL "$host_pid" 2>/dev/null || true
  fi
  [ -n "$host_pid" ] && wait "$host_pid" 2>/dev/null || true
  host_pid=""
}
cleanup() { stop_host; stop_migrated_hosts; rm -rf "$work"; }
trap 'status=$?; cleanup; if [ "$status" -ne 0 ]; then printf "run.sh: error: %s failed (exit %s)\n" "$step" "$status" >&2; fi' EXIT

# Builds one project in Release into artifacts/run and sets $built to its output assembly, as MSBuild names it (TargetPath);
# on failure prints the distinct error lines and stops the run.
build_release() {
  step="building $1 (Release)"
  say "$step"
  if ! built="$(dotnet build "$2" -c Release --artifacts-path "$artifacts" -nologo -v:q -clp:ErrorsOnly -t:Build -getProperty:TargetPath 2>"$work/build.log")"; then
    grep -E 'error' "$work/build.log" | sort -u | head -20 >&2 || true
    exit 1
  fi
  [ -f "$built" ] || { step="$step: no output assembly ($built)"; exit 1; }
}

# 1. Machine set-up (SDK check, Debian packages incl. Mono's System.ServiceModel, npm peers, NuGet restore).
step="set-up (scripts/setup.sh)"
bash scripts/setup.sh

# 2. Build the legacy sample: .NET Framework 4.7.2 WCF, compiled against the reference assemblies.
artifacts="$root/artifacts/run"
build_release samples/LegacyWcf/Host samples/LegacyWcf/Host/LegacyWcf.Host.csproj
host_exe="$built"
build_release samples/LegacyWcf/Client samples/LegacyWcf/Client/LegacyWcf.Client.csproj
client_exe="$built"

# 3. Start the host under Mono. Mono gives each service its own port (its net.tcp cannot share one), so find 7 free ones.
free_port_block() {
  python3 - "$1" <<'EOF'
import socket, sys
count = int(sys.argv[1])
def free(port):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port)); return True
    except OSError:
        return False
    finally:
        s.close()
for _ in range(50):
    probe = socket.socket(); probe.bind(("127.0.0.1", 0)); first = probe.getsockname()[1]; probe.close()
    if first + count - 1 <= 65535 and all(free(p) for p in range(first, first + count)):
        print(first); sys.exit(0)
sys.exit("no block of free loopback ports found")
EOF
}

step="starting the legacy host under Mono"
say "$step"
mono --version | head -1 | sed 's/^/[run] /' >&2
mkfifo "$work/host.stdin"
address=""
for attempt in 1 2 3; do
  port="$(free_port_block 7)"
  address="net.tcp://127.0.0.1:$port/"
  mono "$host_exe" "$address" <"$work/host.stdin" >"$work/host.out" 2>"$work/host.err" &
  host_pid=$!
  exec 3>"$work/host.stdin"   # holds the host's stdin open; closing it stops the host
  for _ in $(seq 600); do
    grep -q '^ready ' "$work/host.out" 2>/dev/null && break
    kill -0 "$host_pid" 2>/dev/null || break
    sleep 0.1
  done
  if grep -q '^ready ' "$work/host.out"; then break; fi
  exec 3>&-
  host_status=0; wait "$host_pid" || host_status=$?; host_pid=""
  if [ "$host_status" -ne 3 ] || [ "$attempt" -eq 3 ]; then
    step="starting the legacy host under Mono ($(head -1 "$work/host.err" 2>/dev/null || echo "no ready line within 60 s"))"
    exit 1
  fi
done
say "host: $(head -1 "$work/host.out")"

# 4. Call ISimple.Put on both implementations and every family operation once.
step="calling the legacy services with the WCF client"
echo
echo "Legacy WCF sample on Mono ($address): one call per operation"
echo "---------------------------------------------------------------------------------------------"
client_status=0
mono "$client_exe" --address "$address" --tour >"$work/legacy.tour" || client_status=$?
cat "$work/legacy.tour"
echo "---------------------------------------------------------------------------------------------"
[ "$client_status" -eq 0 ] || exit "$client_status"

# 5. Stop the host cleanly (stdin closed) and report how it went.
step="stopping the legacy host"
exec 3>&-
host_status=0
for _ in $(seq 150); do kill -0 "$host_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$host_pid" 2>/dev/null; then exit 1; fi
wait "$host_pid" || host_status=$?
host_pid=""
[ "$host_status" -eq 0 ] || { step="stopping the legacy host (exit $host_status: $(head -1 "$work/host.err"))"; exit 1; }
say "host stopped cleanly"

# 6. The migration: migrate-wcf reads the legacy contracts and services (their .csproj files) and writes the migrated
#    project into artifacts/run/migrated (--force: a second run may regenerate it after a change): a .csproj that
#    compiles the original sources in place and, on each build, generates the .proto files, the C# adapters, client
#    proxies and hosting into obj/ (docs/build-time-generation.md), the lock file and a host. It builds it, as it does
#    by default, so its last line says the migrated project builds (exit 7 if it did not); check then confirms the
#    committed samples/Migrated/Service is exactly what generate writes (the host's build below compiles it).
build_release "migrate-wcf" tool/MigrateWcf.Tool.csproj
migrate_wcf=(dotnet "$built")
step="migrate-wcf analyze samples/LegacyWcf/Contracts"
echo
echo "migrate-wcf analyze samples/LegacyWcf/Contracts/LegacyWcf.Contracts.csproj"
echo "---------------------------------------------------------------------------------------------"
"${migrate_wcf[@]}" analyze samples/LegacyWcf/Contracts/LegacyWcf.Contracts.csproj
echo "---------------------------------------------------------------------------------------------"
legacy_projects=(samples/LegacyWcf/Contracts/LegacyWcf.Contracts.csproj samples/LegacyWcf/Services/LegacyWcf.Services.csproj)
generate_options=(--project-name LegacyWcf.Migrated --runtime-project runtime/MigrateWcf.Runtime.csproj)
step="migrate-wcf generate samples/LegacyWcf"
echo
echo "migrate-wcf generate ${legacy_projects[*]} --out ${artifacts#"$root"/}/migrated"
echo "---------------------------------------------------------------------------------------------"
# Its findings are the ones analyze printed above; they are shown again only if generate fails.
"${migrate_wcf[@]}" generate "${legacy_projects[@]}" --out "$artifacts/migrated" "${generate_options[@]}" --force \
  2>"$work/findings.txt" | tail -2 || { tail -5 "$work/findings.txt" >&2; exit 1; }
echo "---------------------------------------------------------------------------------------------"
step="migrate-wcf check samples/Migrated/Service (the committed migrated sample is what generate writes)"
"${migrate_wcf[@]}" check "${legacy_projects[@]}" --out samples/Migrated/Service "${generate_options[@]}"
say "the migrated project is in ${artifacts#"$root"/}/migrated (committed: samples/Migrated/Service)"

# 7. The migrated sample: the legacy contracts and service classes compiled unchanged on .NET 10 beside what migrate-wcf
#    generated from them (samples/Migrated/Service), served over Unix sockets by the host generate wrote with it
#    (samples/Migrated/Service/Host). ISimple is one gRPC service, so its two implementations get a host each, as the
#    legacy host gave them an endpoint each; the generated host reads which one from configuration.
build_release "samples/Migrated/Service/Host" "samples/Migrated/Service/Host/LegacyWcf.Migrated.Host.csproj"
migrated_host="$built"
build_release "samples/Migrated/Client" "samples/Migrated/Client/Migrated.Client.csproj"
migrated_client="$built"
sockets="$work/sockets"   # created 0700 by the host before its socket (0600) exists
for simple in SimpleMultiple SimpleSingle; do
  step="starting the migrated host ($simple)"
  dotnet "$migrated_host" --socket "$sockets/$simple.sock" --MigratedServices:Simple "$simple" >"$work/$simple.out" 2>"$work/$simple.err" &
  migrated_pids+=($!)
  for _ in $(seq 600); do
    grep -q '^ready ' "$work/$simple.out" 2>/dev/null && break
    kill -0 "${migrated_pids[-1]}" 2>/dev/null || break
    sleep 0.1
  done
  grep -q '^ready ' "$work/$simple.out" || { step="$step: $(head -1 "$work/$simple.err" 2>/dev/null || echo "no ready line within 60 s")"; exit 1; }
  say "host: $(head -1 "$work/$simple.out")"
done

# 8. The same calls through the original interfaces: the legacy client's tour, with only how it obtains a client changed.
step="calling the migrated services through the original interfaces"
echo
echo "Migrated sample on gRPC (unix:$sockets/*.sock): the same calls, the legacy client's code"
echo "---------------------------------------------------------------------------------------------"
client_status=0
dotnet "$migrated_client" --socket "$sockets/SimpleMultiple.sock" --single-socket "$sockets/SimpleSingle.sock" >"$work/migrated.tour" || client_status=$?
cat "$work/migrated.tour"
echo "---------------------------------------------------------------------------------------------"
[ "$client_status" -eq 0 ] || exit "$client_status"
step="stopping the migrated hosts"
stop_migrated_hosts
[ ! -e "$sockets/SimpleMultiple.sock" ] && [ ! -e "$sockets/SimpleSingle.sock" ] || exit 1
say "migrated hosts stopped, sockets removed"

# 9. Compare: the same results call by call. Timings and the random instance ids are not results.
step="comparing the legacy and migrated results"
normalize() { sed -E -e 's/ \([0-9]+ ms\)$//' -e 's/instance [0-9a-f]{8}/instance <id>/' "$1"; }
echo
if diff <(normalize "$work/legacy.tour") <(normalize "$work/migrated.tour") >"$work/tour.diff"; then
  echo "Legacy and migrated: the same results for all $(wc -l <"$work/legacy.tour") calls (timings and instance ids aside)."
else
  echo "Legacy and migrated differ (< legacy, > migrated):"
  cat "$work/tour.diff"
  exit 1
fi
