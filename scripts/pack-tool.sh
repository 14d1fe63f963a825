#!/usr/bin/env bash
# Packs migrate-wcf as a .NET tool (PackAsTool, command migrate-wcf), and the MigrateWcf.Build package (build-time
# generation: its targets and the same engine), into a local package folder, artifacts/packages by default (or the
# folder given as $1). From there:
#   dotnet tool restore --add-source artifacts/packages            # the repository's manifest, .config/dotnet-tools.json
#   dotnet migrate-wcf analyze samples/LegacyWcf
# or, outside the repository:
#   dotnet tool install --global migrate-wcf --add-source artifacts/packages
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/artifacts/packages}"
mkdir -p "$out"
dotnet pack "$root/tool/MigrateWcf.Tool.csproj" -c Release -o "$out" -nologo -v:q -clp:ErrorsOnly >&2
# MigrateWcf.Build: the build targets of build-time generation with this same engine under tools/ (docs/build-time-generation.md).
dotnet pack "$root/tool/package/MigrateWcf.Build.csproj" -c Release -o "$out" -nologo -v:q -clp:ErrorsOnly >&2
ls "$out"/migrate-wcf.*.nupkg "$out"/MigrateWcf.Build.*.nupkg
