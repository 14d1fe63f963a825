#!/usr/bin/env bash
# The Windows test lane (docs/testing.md): publishes tests/Windows.Tests, the generated host, the migrated client and
# migrate-wcf for win-x64 (self-contained) into artifacts/windows/, and runs the tests under Wine in a throw-away
# WINEPREFIX.
# Ends with one line in `dotnet test`'s form ("Passed!  - Failed: 0, Passed: N, Skipped: N, ...") so ./test.sh counts
# it with the rest; exits non-zero when a test fails or the lane cannot run.
# Usage: scripts/windows-tests.sh [xunit.v3 runner arguments, e.g. -class MigrateWcf.Windows.Tests.PipeHostTests]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { printf '[windows] %s\n' "$*" >&2; }
started=$SECONDS

# shellcheck source=scripts/wine.sh
. "$root/scripts/wine.sh"
wine_find

out="$root/artifacts/windows"
rm -rf "$out"
mkdir -p "$out"
publish() {
  dotnet publish "$root/$1" -c Release -r win-x64 --self-contained -o "$out/$2" -nologo -clp:ErrorsOnly -p:GenerateDocumentationFile=false >&2
}
log "publishing for win-x64 (self-contained) into ${out#"$root"/}"
publish tests/Windows.Tests tests
publish samples/Migrated/Service/Host host
publish samples/Migrated/Client client
publish tool tool

# What the Windows runs are compared with: the same programs on Linux (the Release build ./test.sh made).
mkdir -p "$out/reference"
# Each output's path is asked of MSBuild (whatever the output layout), and the project built if it is absent.
linux_output() {
  local path
  path="$(dotnet msbuild "$root/$1" -p:Configuration=Release -nologo -getProperty:TargetPath)"
  [ -f "$path" ] || dotnet build "$root/$1" -c Release -nologo -clp:ErrorsOnly >&2
  printf '%s\n' "$path"
}
linux_host="$(linux_output samples/Migrated/Service/Host/LegacyWcf.Migrated.Host.csproj)"
linux_client="$(linux_output samples/Migrated/Client/Migrated.Client.csproj)"
sockets="$(mktemp -d)"
linux_hosts=()
stop_linux_hosts() {
  for p in "${linux_hosts[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${linux_hosts[@]}"; do wait "$p" 2>/dev/null || true; done
  linux_hosts=()
}
dotnet "$linux_host" --socket "$sockets/tour.sock" >"$sockets/host.out" 2>&1 &
linux_hosts+=($!)
dotnet "$linux_host" --socket "$sockets/single.sock" --MigratedServices:Simple SimpleSingle >"$sockets/single.out" 2>&1 &
linux_hosts+=($!)
for _ in $(seq 600); do
  grep -q '^ready ' "$sockets/host.out" && grep -q '^ready ' "$sockets/single.out" && break
  sleep 0.1
done
if ! dotnet "$linux_client" --socket "$sockets/tour.sock" --single-socket "$sockets/single.sock" >"$out/reference/tour.txt"; then
  log "error: the migrated client's tour failed on Linux"; cat "$sockets"/*.out >&2; stop_linux_hosts; exit 1
fi
stop_linux_hosts
rm -rf "$sockets"
# The legacy sample as sources (LF, and a copy with CRLF line ends as Windows checkouts have them), and what the Linux
# tool finds and generates for it.
linux_tool="$(linux_output tool/MigrateWcf.Tool.csproj)"
(cd "$root/samples" && tar --exclude=bin --exclude=obj -cf - LegacyWcf) | (cd "$out/reference" && tar -xf -)
cp -r "$out/reference/LegacyWcf" "$out/reference/crlf"
find "$out/reference/crlf" -type f \( -name '*.cs' -o -name '*.config' -o -name '*.csproj' \) -exec sed -i 's/\r*$/\r/' {} +
dotnet "$linux_tool" analyze "$out/reference/LegacyWcf" --format json >"$out/reference/analyze.json"
dotnet "$linux_tool" generate "$out/reference/LegacyWcf" --out "$out/reference/generated" --no-verify >/dev/null 2>&1

wine_prefix

results="$out/results.xml"
# Under Wine a named pipe has wedged now and then (docs/known-gaps.md): past the limit every process of the prefix is
# ended, which ends the run as a failure instead of a hang.
limit=${WINDOWS_TESTS_LIMIT:-480}
(
  trap 'kill "$nap" 2>/dev/null; exit 0' TERM
  sleep "$limit" & nap=$!
  wait "$nap"
  log "error: the tests still run after $limit s; ending every process of the prefix"
  "$wineserver" -k
) &
watchdog=$!
set +e
# The tests' hosts get Ctrl+C through the console they share with this program: `script` gives it a terminal.
# One test at a time: fewer pipes at once under Wine, whose pipes wedged more often with the tests in parallel.
(cd "$out" && script -qefc "$(printf '%q ' "$wine" tests/MigrateWcf.Windows.Tests.exe -noColor -parallelMode none -result-xml results.xml "$@")" /dev/null)
status=$?
set -e
kill "$watchdog" 2>/dev/null || true
wait "$watchdog" 2>/dev/null || true

if [ ! -f "$results" ]; then
  log "error: the test program wrote no results (exit $status)"
  echo "Failed!  - Failed: 1, Passed: 0, Skipped: 0, Total: 1 - MigrateWcf.Windows.Tests.exe (Wine: no results)"
  exit 1
fi
# xunit's XML: one <assembly total= passed= failed= skipped= errors=> per test assembly.
read -r total passed failed skipped errors < <(python3 - "$results" <<'EOF'
import sys, xml.etree.ElementTree as ET
a = ET.parse(sys.argv[1]).getroot().find("assembly")
print(*(a.get(k, "0") for k in ("total", "passed", "failed", "skipped", "errors")))
EOF
)
failed=$((failed + errors))
verdict="Passed!"
if [ "$failed" -ne 0 ] || [ "$status" -ne 0 ]; then verdict="Failed!"; fi
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
log "lane took $((SECONDS - started)) s"
echo "$verdict  - Failed: $failed, Passed: $passed, Skipped: $skipped, Total: $total - MigrateWcf.Windows.Tests.exe (win-x64 under Wine)"
[ "$verdict" = "Passed!" ]
