#!/usr/bin/env bash
# Add BCP 47 Explorer to the desktop's application menu (XDG desktop entry, AppStream
# metainfo, hicolor icons), or remove it again.
#
#   install-desktop-files.sh [--prefix DIR] [--exec COMMAND] [--uninstall]
#
# --prefix   where to install; default ~/.local (files go to DIR/share/...); use /usr/local as root
# --exec     the command the menu entry runs. Default: the bcp47-explorer executable beside this
#            script when run from a standalone build, else `bcp47-explorer` (the wheel's script,
#            which must then be on PATH).
# Works from a source checkout (packaging/install-desktop-files.sh) and from the folder of a
# PyInstaller build (./install-desktop-files.sh), which carries the same files under share/.
set -euo pipefail

APP_ID=io.github.bcp47explorer.BCP47Explorer
SIZES="16 32 48 64 128 256 512"
prefix="${HOME}/.local"
exec_cmd=""
uninstall=0

usage() { sed -n '2,13s/^# \{0,1\}//p' "$0"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install-desktop-files.sh: --prefix needs a folder" >&2; exit 2; }
                  prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#*=}"; shift ;;
        --exec) [ $# -ge 2 ] || { echo "install-desktop-files.sh: --exec needs a command" >&2; exit 2; }
                exec_cmd="$2"; shift 2 ;;
        --exec=*) exec_cmd="${1#*=}"; shift ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install-desktop-files.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done

here="$(cd "$(dirname "$0")" && pwd)"
if [ -f "$here/share/applications/$APP_ID.desktop" ]; then
    # A standalone build: the files sit under share/ beside the executables.
    desktop="$here/share/applications/$APP_ID.desktop"
    metainfo="$here/share/metainfo/$APP_ID.metainfo.xml"
    png() { echo "$here/share/icons/hicolor/${1}x${1}/apps/$APP_ID.png"; }
    svg="$here/share/icons/hicolor/scalable/apps/$APP_ID.svg"
    [ -n "$exec_cmd" ] || exec_cmd="$here/bcp47-explorer"
else
    # A source checkout.
    root="$(dirname "$here")"
    desktop="$here/linux/$APP_ID.desktop"
    metainfo="$here/linux/$APP_ID.metainfo.xml"
    png() { echo "$root/resources/icons/bcp47-explorer-$1.png"; }
    svg="$root/resources/icons/bcp47-explorer.svg"
    [ -n "$exec_cmd" ] || exec_cmd="bcp47-explorer"
fi

share="$prefix/share"
targets=("$share/applications/$APP_ID.desktop" "$share/metainfo/$APP_ID.metainfo.xml"
         "$share/icons/hicolor/scalable/apps/$APP_ID.svg")
for size in $SIZES; do targets+=("$share/icons/hicolor/${size}x${size}/apps/$APP_ID.png"); done

refresh() {
    # Menus and icon caches pick the change up without a new login; missing tools are fine.
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$share/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$share/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t "$share/icons/hicolor" 2>/dev/null || true
    fi
}

if [ "$uninstall" = 1 ]; then
    rm -f -- "${targets[@]}"
    refresh
    echo "removed $APP_ID from $share"
    exit 0
fi

for f in "$desktop" "$metainfo" "$svg" $(for s in $SIZES; do png "$s"; done); do
    [ -f "$f" ] || { echo "install-desktop-files.sh: missing $f" >&2; exit 1; }
done

# Desktop entries split Exec on spaces, so a path with spaces must be quoted.
case "$exec_cmd" in
    *" "*) exec_line="\"$(printf '%s' "$exec_cmd" | sed 's/[\\"`$]/\\\\&/g')\"" ;;
    *) exec_line="$exec_cmd" ;;
esac

install -d "$share/applications" "$share/metainfo" "$share/icons/hicolor/scalable/apps"
sed -e "s|^Exec=.*|Exec=$exec_line|" -e "s|^TryExec=.*|TryExec=$exec_cmd|" "$desktop" \
    > "$share/applications/$APP_ID.desktop"
chmod 644 "$share/applications/$APP_ID.desktop"
install -m 644 "$metainfo" "$share/metainfo/$APP_ID.metainfo.xml"
install -m 644 "$svg" "$share/icons/hicolor/scalable/apps/$APP_ID.svg"
for size in $SIZES; do
    install -d "$share/icons/hicolor/${size}x${size}/apps"
    install -m 644 "$(png "$size")" "$share/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
done
refresh
echo "installed $APP_ID into $share (menu entry runs: $exec_cmd)"
