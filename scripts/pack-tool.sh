#!/usr/bin/env bash
# Packs migrate-wcf as a .NET tool (PackAsTool, command migrate-wcf) into a local package folder, artifacts/packages by
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
ls "$out"/migrate-wcf.*.nupkg
