#!/usr/bin/env bash
# The Windows benchmark under Wine (issue 48; docs/benchmarks/windows-under-wine.md): publishes
# benchmarks/Migration.Benchmarks for win-x64 (self-contained) into artifacts/wine-bench/ and runs its `--scenario
# windows` (the migrated sample over named pipes, with and without the call lane, against loopback TCP) in a throw-away
# WINEPREFIX. Writes windows-benchmark.md and .json into benchmarks/results/windows/ (or --out DIR). Wine's figures are
# not Windows': the report says so and gives ratios within one run.
# Usage: scripts/wine-bench.sh [--quick] [--rounds N] [--out DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { printf '[wine-bench] %s\n' "$*" >&2; }
# shellcheck source=scripts/wine.sh
. "$root/scripts/wine.sh"
wine_find

results="$root/benchmarks/results/windows"
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) [ $# -ge 2 ] || { log "error: --out needs a folder"; exit 2; }; results="$(realpath -m "$2")"; shift 2 ;;
    --quick) args+=("$1"); shift ;;
    --rounds) [ $# -ge 2 ] || { log "error: --rounds needs a number"; exit 2; }; args+=("$1" "$2"); shift 2 ;;
    *) log "error: unknown argument '$1'. Usage: scripts/wine-bench.sh [--quick] [--rounds N] [--out DIR]"; exit 2 ;;
  esac
done

out="$root/artifacts/wine-bench"
rm -rf "$out"
log "publishing benchmarks/Migration.Benchmarks for win-x64 (self-contained) into ${out#"$root"/}"
dotnet publish "$root/benchmarks/Migration.Benchmarks" -c Release -r win-x64 --self-contained -o "$out" -nologo -clp:ErrorsOnly -p:GenerateDocumentationFile=false >&2
wine_prefix
mkdir -p "$results"
# The benchmark writes into a Windows path of the same folder (Wine maps / to Z:).
"$wine" "$out/MigrateWcf.Migration.Benchmarks.exe" --scenario windows "${args[@]}" --out "Z:${results//\//\\}"
