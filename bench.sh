#!/usr/bin/env bash
# The before/after benchmark (issue 16): sets the machine up (scripts/setup.sh), builds the benchmark in Release and runs
# it: the migrated sample's PerCall Single and Multiple services (client shim and plain generated clients) against a
# hand-written grpc-dotnet service and the raw Unix-socket floor, server and client in separate processes.
# Usage: ./bench.sh [--quick] [--rounds N] [--out DIR] [--only TEXT] [--scenario matrix|payload|tuning|load|kill|soak|all] [--duration 10m] [--cpu-state idle|awake]
# Output: benchmarks/results/migration/migration-benchmark.md and .json (or DIR). Exit 1 if any call failed or was lost.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$root"
bash scripts/setup.sh
project=benchmarks/Migration.Benchmarks/MigrateWcf.Migration.Benchmarks.csproj
echo "[bench] building $project (Release)" >&2
dotnet build "$project" -c Release --no-restore -nologo -clp:ErrorsOnly
exec dotnet run -c Release --no-build --project "$project" -- "$@"
