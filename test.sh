#!/usr/bin/env bash
# Runs every test of migrate-wcf on a fresh machine: set-up (SDK check, apt, npm, NuGet), Release build, all test projects.
# Usage: ./test.sh [extra dotnet test arguments, e.g. --filter FullyQualifiedName~Interop]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$root"
bash scripts/setup.sh

echo "[test] building Migration.sln (Release, warnings as errors)" >&2
dotnet build Migration.sln -c Release --no-restore -nologo -clp:ErrorsOnly

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
echo "[test] running tests" >&2
set +e
dotnet test Migration.sln -c Release --no-build -nologo --blame-hang-timeout 10m "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

# The Windows lane (tests/Windows.Tests under Wine): its own program, not a `dotnet test` project; its closing line has
# dotnet test's form, so the summary below counts it. Skipped when the arguments choose tests (--filter ...).
if [ "$#" -eq 0 ]; then
  echo "[test] running the Windows tests under Wine (scripts/windows-tests.sh)" >&2
  set +e
  bash scripts/windows-tests.sh 2>&1 | tee -a "$log"
  windows_status=${PIPESTATUS[0]}
  set -e
  if [ "$windows_status" -ne 0 ]; then
    echo "[test] the Windows lane exited $windows_status" >&2
    [ "$status" -ne 0 ] || status=$windows_status
  fi
fi

# One closing line over all test assemblies, e.g. "Tests: 120 passed, 0 failed, 3 skipped".
summary="$(grep -E '^(Passed|Failed)!' "$log" | sed -E 's/.*Failed: *([0-9]+), *Passed: *([0-9]+), *Skipped: *([0-9]+).*/\1 \2 \3/' |
  awk '{f+=$1; p+=$2; s+=$3} END {printf "%d passed, %d failed, %d skipped", p, f, s}')"
echo "Tests: ${summary:-0 passed, 0 failed}"
if [ "$status" -ne 0 ]; then echo "[test] dotnet test exited $status" >&2; fi
exit "$status"
