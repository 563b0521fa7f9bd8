#!/usr/bin/env bash
# Smoke-test the standalone build: its CLI on a few tags, its GUI offscreen for a few
# seconds (closed by --quit-after), the desktop files beside it; print time and size.
#
#   packaging/smoke_test.sh [--build] [--fresh]
#
# --build   run packaging/build.sh first (always done when no build exists yet)
# --fresh   with --build: from a new venv, as on a clean machine
# Environment: BUILD_DIR as for build.sh; GUI_SECONDS (default 3).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
BUILD_DIR="${BUILD_DIR:-$root/build/standalone}"
GUI_SECONDS="${GUI_SECONDS:-3}"
APP_ID=io.github.bcp47explorer.BCP47Explorer
out="$BUILD_DIR/dist/bcp47-explorer"

build=0
build_args=()
for arg in "$@"; do
    case "$arg" in
        --build) build=1 ;;
        --fresh) build_args+=(--fresh) ;;
        -h|--help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "smoke_test.sh: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
    esac
done

failures=0
pass() { echo "ok    $*"; }
fail() { echo "FAIL  $*"; failures=$((failures + 1)); }
now() { date +%s.%N; }
ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", (b - a) * 1000 }'; }

if [ "$build" = 1 ] || [ ! -x "$out/bcp47-explorer" ]; then
    t0=$(now)
    BUILD_DIR="$BUILD_DIR" "$here/build.sh" "${build_args[@]}"
    echo "build time:   $(ms "$t0" "$(now)") ms"
fi
[ -x "$out/bcp47" ] && [ -x "$out/bcp47-explorer" ] || { echo "smoke_test.sh: no build in $out" >&2; exit 1; }

# Run the built programs as a machine without Python would: no venv, no PYTHONPATH,
# and from a folder outside the checkout so nothing can come from the source tree.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
clean_env=(env -u PYTHONPATH -u PYTHONHOME -u VIRTUAL_ENV -u BCP47_EXPLORER_DATA)

# run NAME EXPECTED_STATUS COMMAND...: run, keep output in $scratch/NAME.{out,err}
run() {
    local name="$1" want="$2"; shift 2
    local status=0
    "${clean_env[@]}" "$@" >"$scratch/$name.out" 2>"$scratch/$name.err" || status=$?
    if [ "$status" = "$want" ]; then
        pass "$name (exit $status)"
    else
        fail "$name: exit $status, expected $want"
        sed 's/^/      /' "$scratch/$name.err" | tail -15
    fi
    return 0
}
contains() {  # contains NAME TEXT
    if grep -qF -- "$2" "$scratch/$1.out"; then pass "$1 prints '$2'"; else fail "$1 does not print '$2'"; fi
}

version="$("${clean_env[@]}" "$out/bcp47" --version 2>&1 || true)"
case "$version" in bcp47\ [0-9]*) pass "bcp47 --version: $version" ;; *) fail "bcp47 --version: '$version'" ;; esac

run registry-info 0 "$out/bcp47" registry info
contains registry-info "2026-09-17"

# `bcp47 check` arrives with the tag engine; until then its absence (and only that) is fine.
"${clean_env[@]}" "$out/bcp47" check en-US >"$scratch/probe.out" 2>"$scratch/probe.err" || true
if grep -q "invalid choice: 'check'" "$scratch/probe.err"; then
    echo "skip  bcp47 check: the verb does not exist yet"
else
    run check-en-US 0 "$out/bcp47" check en-US
    run check-zh-Hant-TW 0 "$out/bcp47" check zh-Hant-TW
    run check-sl-rozaj-biske 0 "$out/bcp47" check sl-rozaj-biske
    run check-invalid 1 "$out/bcp47" check en-US-US
fi

# The GUI, offscreen: it must stay up for GUI_SECONDS and then leave with status 0.
export QT_QPA_PLATFORM=offscreen
t0=$(now)
run gui-offscreen 0 timeout 120 "$out/bcp47-explorer" --quit-after "$((GUI_SECONDS * 1000))"
gui_ms=$(ms "$t0" "$(now)")
if grep -q "Traceback" "$scratch/gui-offscreen.err"; then
    fail "gui-offscreen wrote a traceback"; sed 's/^/      /' "$scratch/gui-offscreen.err" | tail -15
fi
if [ "$gui_ms" -ge "$((GUI_SECONDS * 1000))" ]; then
    pass "gui-offscreen stayed up ${gui_ms} ms"
else
    fail "gui-offscreen left after ${gui_ms} ms, before its ${GUI_SECONDS} s"
fi

# Start-up: --quit-after 0 fires once the event loop runs, i.e. the window is up.
best=""
for _ in 1 2 3; do
    t0=$(now)
    "${clean_env[@]}" "$out/bcp47-explorer" --quit-after 0 >/dev/null 2>&1 || fail "gui start-up run failed"
    t=$(ms "$t0" "$(now)")
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
done
cli_best=""
for _ in 1 2 3; do
    t0=$(now)
    "${clean_env[@]}" "$out/bcp47" registry info >/dev/null 2>&1 || true
    t=$(ms "$t0" "$(now)")
    if [ -z "$cli_best" ] || [ "$t" -lt "$cli_best" ]; then cli_best=$t; fi
done

# Desktop integration files travel with the build.
for f in "share/applications/$APP_ID.desktop" "share/metainfo/$APP_ID.metainfo.xml" \
         "share/icons/hicolor/scalable/apps/$APP_ID.svg" "share/icons/hicolor/16x16/apps/$APP_ID.png" \
         "install-desktop-files.sh" "_internal/bcp47_explorer/resources/language-subtag-registry.txt" \
         "_internal/bcp47_explorer/resources/cldr-names.pack"; do
    if [ -e "$out/$f" ]; then pass "has $f"; else fail "missing $f"; fi
done
if command -v desktop-file-validate >/dev/null 2>&1; then
    if desktop-file-validate "$out/share/applications/$APP_ID.desktop"; then pass "desktop-file-validate"
    else fail "desktop-file-validate"; fi
fi
if command -v appstreamcli >/dev/null 2>&1; then
    if appstreamcli validate --no-net "$out/share/metainfo/$APP_ID.metainfo.xml" >/dev/null; then
        pass "appstreamcli validate --no-net"
    else fail "appstreamcli validate --no-net"; fi
fi

size_kib=$(du -sk "$out" | cut -f1)
echo "folder size:  $(awk -v k="$size_kib" 'BEGIN { printf "%.1f MiB", k / 1024 }') ($(find "$out" -type f | wc -l) files)"
echo "gui start-up: ${best} ms (best of 3, offscreen, window shown then quit)"
echo "cli run:      ${cli_best} ms (best of 3, bcp47 registry info)"
if [ "$failures" -gt 0 ]; then
    echo "smoke test: $failures failed"
    exit 1
fi
echo "smoke test: all passed"
