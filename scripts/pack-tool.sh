#!/usr/bin/env bash
# Packs migrate-wcf as a .NET tool (PackAsTool, command migrate-wcf), the MigrateWcf.Build package (build-time
# generation: its targets and the same engine), and the two packages a migrated project references without
# --runtime-project (MigrateWcf.Runtime, MigrateWcf.Compatibility), into a local package folder, artifacts/packages by
# default (or the folder given as $1). From there:
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
# What generated code runs on (runtime/), and the WCF types its original sources use (runtime/Compatibility), which
# depends on the first: the packages a migrated project outside this repository restores (docs/build-time-generation.md).
dotnet pack "$root/runtime/MigrateWcf.Runtime.csproj" -c Release -o "$out" -nologo -v:q -clp:ErrorsOnly >&2
dotnet pack "$root/runtime/Compatibility/MigrateWcf.Compatibility.csproj" -c Release -o "$out" -nologo -v:q -clp:ErrorsOnly >&2
ls "$out"/migrate-wcf.*.nupkg "$out"/MigrateWcf.Build.*.nupkg "$out"/MigrateWcf.Runtime.*.nupkg "$out"/MigrateWcf.Compatibility.*.nupkg
