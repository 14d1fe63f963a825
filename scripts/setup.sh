#!/usr/bin/env bash
# One-time (and idempotent) machine set-up for migrate-wcf: SDK check, Debian packages, npm peers, NuGet restore.
# Safe to run twice: every step checks before it installs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { printf '[setup] %s\n' "$*" >&2; }

# 1. The .NET SDK band global.json asks for.
if ! command -v dotnet >/dev/null 2>&1; then
  log "error: the .NET SDK 10 is required (dotnet not on PATH); install it from your distribution or Microsoft's packages"
  exit 1
fi
sdk_major="$(cd "$root" && dotnet --version 2>/dev/null | cut -d. -f1 || true)"
if [ "$sdk_major" != "10" ]; then
  log "error: .NET SDK 10.x required (global.json), found '$(dotnet --version 2>&1 | head -1)'"
  exit 1
fi

# 2. Debian packages: Mono's real System.ServiceModel for the legacy WCF sample (Mono.Posix: the host's SIGTERM handler;
#    System.ServiceModel.Web, which brings System.Web.Extensions, for its REST catalog on --http-port); C-core gRPC (python3-grpcio) and
#    protoc 3.21 (matching python3-protobuf) for the interop peers; wine64 (Wine 8) for the Windows lane
#    (scripts/windows-tests.sh, which makes its own throw-away WINEPREFIX each run).
apt_packages=(
  mono-runtime
  libmono-system-servicemodel4.0a-cil
  libmono-system-servicemodel-web4.0-cil
  libmono-posix4.0-cil
  python3-grpcio
  python3-protobuf
  protobuf-compiler
  wine64
)
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    log "error: missing Debian packages (${missing[*]}) and no apt-get to install them"
    exit 1
  fi
  sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
  log "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 3. npm peers (@grpc/grpc-js) for the interop tests, and the SARIF 2.1.0 schema the tool's tests validate against,
#    from the committed lock files.
for pkg in "$root"/tests/Interop/peers/*/package.json "$root"/tests/Tool.Tests/sarif-schema/package.json; do
  [ -f "$pkg" ] || continue
  dir="$(dirname "$pkg")"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules" ]; then
    log "installing npm packages in ${dir#"$root"/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    touch "$dir/node_modules"
  fi
done

# 4. NuGet restore of the whole solution (also proves every pinned package is in the copy).
log "restoring NuGet packages"
(cd "$root" && dotnet restore Migration.sln --verbosity quiet)
log "ready"
