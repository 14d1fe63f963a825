# Sourced by scripts/windows-tests.sh and scripts/wine-bench.sh (each defines log): Debian's wine64, and a
# throw-away WINEPREFIX for the run, removed with its wineserver at exit, so nothing depends on a prefix made by hand.

# Sets wine and wineserver, or exits: Debian's wine64 does not put its loader on PATH.
wine_find() {
  wine="$(dpkg -L wine64 2>/dev/null | grep -m1 '/wine64$' || true)"
  if [ -z "$wine" ] || [ ! -x "$wine" ]; then
    log "error: wine64 is not installed (scripts/setup.sh installs it)"
    exit 1
  fi
  wineserver="$(dirname "$wine")/wineserver"
}

# Makes and boots the run's prefix (exported as WINEPREFIX); the EXIT trap ends its wineserver and removes it.
wine_prefix() {
  prefix="$(mktemp -d)"
  # winedbg off: a crashing program exits instead of waiting in a debugger. W^X off: under Wine 8, CoreCLR's
  # double-mapped executable memory fails fatally when dynamic methods are freed ("Internal CLR error" in
  # DynamicResolver.DestroyScout.Finalize), which ended test and benchmark runs at random (docs/known-gaps.md).
  export WINEPREFIX="$prefix" WINEDEBUG=-all WINEDLLOVERRIDES="winedbg.exe=d" DOTNET_EnableWriteXorExecute=0
  trap wine_cleanup EXIT
  local boot=$SECONDS
  "$wine" wineboot --init >/dev/null 2>&1
  log "wineboot (new prefix) took $((SECONDS - boot)) s"
}

wine_cleanup() {
  "$wineserver" -k >/dev/null 2>&1 || true
  rm -rf "$prefix"
}
