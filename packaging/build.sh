#!/usr/bin/env bash
# Build the standalone one-folder app with PyInstaller and report its time and size.
#
#   packaging/build.sh [--fresh]
#
# Makes (or reuses) a venv in $BUILD_DIR/venv, installs the project and PyInstaller into it,
# and builds $BUILD_DIR/dist/bcp47-explorer/ holding `bcp47-explorer` (GUI) and `bcp47` (CLI).
# --fresh   remove the venv and the previous build first (what a clean machine does)
# Environment: BUILD_DIR (default <repo>/build/standalone), PYTHON (default python3),
#              PYINSTALLER (pip requirement, default "pyinstaller>=6.10,<7").
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
BUILD_DIR="${BUILD_DIR:-$root/build/standalone}"
PYTHON="${PYTHON:-python3}"
PYINSTALLER="${PYINSTALLER:-pyinstaller>=6.10,<7}"

fresh=0
for arg in "$@"; do
    case "$arg" in
        --fresh) fresh=1 ;;
        -h|--help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) echo "build.sh: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
    esac
done

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

t0=$(now)
if [ "$fresh" = 1 ]; then rm -rf "$BUILD_DIR"; fi
mkdir -p "$BUILD_DIR"
venv="$BUILD_DIR/venv"
if [ ! -x "$venv/bin/python" ]; then
    "$PYTHON" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --upgrade pip
fi
# A regular (not editable) install: the build then ships exactly what the wheel ships.
"$venv/bin/python" -m pip install -q --force-reinstall --no-deps "$root"
"$venv/bin/python" -m pip install -q "$root" "$PYINSTALLER"
t1=$(now)

cd "$BUILD_DIR"  # keep the working folder out of the import path
"$venv/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$BUILD_DIR/dist" --workpath "$BUILD_DIR/work" "$here/bcp47-explorer.spec"
t2=$(now)

out="$BUILD_DIR/dist/bcp47-explorer"
size_kib=$(du -sk "$out" | cut -f1)
files=$(find "$out" -type f | wc -l)
echo "built:        $out"
echo "environment:  $(secs "$t0" "$t1") s (venv and installs)"
echo "pyinstaller:  $(secs "$t1" "$t2") s"
echo "total:        $(secs "$t0" "$t2") s"
echo "size:         $(awk -v k="$size_kib" 'BEGIN { printf "%.1f MiB", k / 1024 }') in $files files"
