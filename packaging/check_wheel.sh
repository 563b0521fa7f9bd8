#!/usr/bin/env bash
# Check the wheel the way a user gets it: build it in a fresh venv, install it into another
# fresh venv, run `bcp47 registry info` there, and verify the data files sit inside the
# installed package (bcp47_explorer/resources), not in the checkout.
#
#   packaging/check_wheel.sh
#
# Environment: PYTHON (default python3), WORK_DIR (default: a temporary folder, removed after).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
PYTHON="${PYTHON:-python3}"
if [ -n "${WORK_DIR:-}" ]; then
    work="$WORK_DIR"; mkdir -p "$work"
else
    work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
fi

failures=0
pass() { echo "ok    $*"; }
fail() { echo "FAIL  $*"; failures=$((failures + 1)); }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

t0=$(now)
"$PYTHON" -m venv "$work/build-venv"
"$work/build-venv/bin/python" -m pip install -q --upgrade pip build
rm -rf "$work/dist"
# Build from a copy of the tracked files, so stray local files cannot leak into the wheel.
mkdir -p "$work/src"
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$root" ls-files -z | (cd "$root" && xargs -0 tar -cf -) | tar -xf - -C "$work/src"
else
    cp -a "$root/." "$work/src/"
fi
"$work/build-venv/bin/python" -m build --wheel --outdir "$work/dist" "$work/src" >"$work/build.log" 2>&1 \
    || { tail -30 "$work/build.log"; echo "check_wheel.sh: building the wheel failed" >&2; exit 1; }
wheel="$(ls "$work"/dist/*.whl)"
t1=$(now)
pass "built $(basename "$wheel") in $(secs "$t0" "$t1") s"

"$PYTHON" -m venv "$work/user-venv"
"$work/user-venv/bin/python" -m pip install -q "$wheel"
t2=$(now)
pass "installed into a fresh venv in $(secs "$t1" "$t2") s"

# Everything below runs outside the checkout, so only the installed package can answer.
cd "$work"
py="$work/user-venv/bin/python"
bin="$work/user-venv/bin"

# The wheel itself must hold the data.
for f in bcp47_explorer/resources/language-subtag-registry.txt bcp47_explorer/resources/language-tag-extensions-registry.txt \
         bcp47_explorer/resources/cldr-bcp47.json bcp47_explorer/resources/cldr-names.pack bcp47_explorer/resources/LICENSE-CLDR bcp47_explorer/resources/icons/bcp47-explorer.svg \
         bcp47_explorer/resources/icons/bcp47-explorer-16.png bcp47_explorer/resources/icons/bcp47-explorer-512.png \
         bcp47_explorer/locale/de/LC_MESSAGES/bcp47_explorer.mo bcp47_explorer/locale/zh-Hans/LC_MESSAGES/bcp47_explorer.mo \
         bcp47_explorer/locale/ar/LC_MESSAGES/bcp47_explorer.mo; do
    if "$py" -c 'import sys, zipfile; sys.exit(sys.argv[2] not in zipfile.ZipFile(sys.argv[1]).namelist())' \
        "$wheel" "$f"; then pass "wheel has $f"; else fail "wheel lacks $f"; fi
done

# ...and the installed package must find it inside itself.
where="$(env -u BCP47_EXPLORER_DATA "$py" -c 'from bcp47_explorer.core.data import resources_dir; print(resources_dir())' 2>&1)" \
    || true
case "$where" in
    "$work/user-venv/"*/site-packages/bcp47_explorer/resources) pass "data found at <venv>/site-packages/bcp47_explorer/resources" ;;
    *) fail "data not found inside the installed package: $where" ;;
esac

status=0
env -u BCP47_EXPLORER_DATA "$bin/bcp47" registry info >"$work/info.out" 2>"$work/info.err" || status=$?
if [ "$status" = 0 ] && grep -q "2026-09-17" "$work/info.out"; then
    pass "bcp47 registry info (exit 0, File-Date 2026-09-17)"
else
    fail "bcp47 registry info: exit $status"; sed 's/^/      /' "$work/info.err" "$work/info.out" | tail -15
fi

named="$(env -u BCP47_EXPLORER_DATA "$bin/bcp47" name --in de sr-Latn-RS 2>&1 | head -1 || true)"
case "$named" in
    "sr-Latn-RS: Serbisch (Lateinisch, Serbien)") pass "bcp47 name --in de sr-Latn-RS (CLDR names from the wheel)" ;;
    *) fail "bcp47 name --in de sr-Latn-RS: '$named'" ;;
esac

version="$("$bin/bcp47" --version 2>&1 || true)"
case "$version" in bcp47\ [0-9]*) pass "bcp47 --version: $version" ;; *) fail "bcp47 --version: '$version'" ;; esac

# The GUI script, offscreen, once bcp47_explorer/__main__.py exists (it closes itself via --quit-after).
if "$py" -c 'import zipfile, sys; sys.exit("bcp47_explorer/__main__.py" not in zipfile.ZipFile(sys.argv[1]).namelist())' "$wheel"; then
    status=0
    QT_QPA_PLATFORM=offscreen timeout 120 "$bin/bcp47-explorer" --quit-after 1000 >"$work/gui.out" 2>"$work/gui.err" \
        || status=$?
    if [ "$status" = 0 ] && ! grep -q Traceback "$work/gui.err"; then pass "bcp47-explorer starts and quits offscreen"
    else fail "bcp47-explorer offscreen: exit $status"; sed 's/^/      /' "$work/gui.err" | tail -15; fi
else
    echo "skip  bcp47-explorer: the wheel has no bcp47_explorer/__main__.py yet"
fi

echo "wheel check: $(secs "$t0" "$(now)") s in all"
if [ "$failures" -gt 0 ]; then echo "wheel check: $failures failed"; exit 1; fi
echo "wheel check: all passed"
