"""Before Qt starts on Linux/X11: find the system libraries Qt's xcb platform plugin needs and lacks.

Without them Qt aborts the process (exit 134) with a message that names one library, often not
the missing one. This reads the plugin's ELF ``NEEDED`` entries (and those of the Qt libraries
it pulls in from the wheel), tries to load each system library the way the dynamic loader
would (``dlopen``), and names the Debian packages of those that fail. Nothing here imports Qt.
"""

from __future__ import annotations

import importlib.util
import os
import struct
import sys
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "NO_DISPLAY_MESSAGE",
    "README_APT_LINE",
    "debian_package",
    "elf_needed",
    "missing_libraries",
    "missing_message",
    "no_display",
    "xcb_wanted",
]

#: Said (and the app exits with status 1) when started on Linux without a display, e.g. in an SSH shell.
NO_DISPLAY_MESSAGE = (
    "bcp47-explorer: no display: DISPLAY (X11) and WAYLAND_DISPLAY are not set, so there is no screen to open "
    "the window on (an SSH shell without -X?). Start it in a desktop session, or use the command line: "
    "bcp47 check TAG."
)

#: The README's install line (kept equal to it by a test).
README_APT_LINE = (
    "apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 "
    "libxcb-shape0 libxkbcommon-x11-0"
)

# Libraries whose Debian package name does not follow from the soname by the usual rule.
_PACKAGES = {
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libGL.so.1": "libgl1",
    "libEGL.so.1": "libegl1",
    "libOpenGL.so.0": "libopengl0",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libgobject-2.0.so.0": "libglib2.0-0",
    "libstdc++.so.6": "libstdc++6",
    "libgcc_s.so.1": "libgcc-s1",
    "libc.so.6": "libc6",
    "libm.so.6": "libc6",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}


def debian_package(soname: str) -> str:
    """Return the Debian package that ships *soname* (``libxcb-icccm.so.4`` → ``libxcb-icccm4``).

    >>> debian_package("libxcb-render-util.so.0"), debian_package("libX11-xcb.so.1"), debian_package("libfoo2.so.1")
    ('libxcb-render-util0', 'libx11-xcb1', 'libfoo2-1')
    """
    if soname in _PACKAGES:
        return _PACKAGES[soname]
    stem, _, version = soname.partition(".so.")
    stem = stem.lower()
    return f"{stem}-{version}" if stem[-1:].isdigit() else f"{stem}{version}"


def elf_needed(path: Path) -> list[str]:
    """Return the ``DT_NEEDED`` sonames of the ELF file *path* (empty when it cannot be read)."""
    try:
        data = path.read_bytes()
    except OSError:
        return []
    if data[:4] != b"\x7fELF" or len(data) < 64:
        return []
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    try:
        if is64:
            (shoff,) = struct.unpack_from(end + "Q", data, 0x28)
            shentsize, shnum = struct.unpack_from(end + "HH", data, 0x3A)
        else:
            (shoff,) = struct.unpack_from(end + "I", data, 0x20)
            shentsize, shnum = struct.unpack_from(end + "HH", data, 0x2E)
        sections = []
        for i in range(shnum):
            base = shoff + i * shentsize
            if is64:
                _name, stype, _flags, _addr, off, size, link = struct.unpack_from(end + "IIQQQQI", data, base)
            else:
                _name, stype, _flags, _addr, off, size, link = struct.unpack_from(end + "IIIIIII", data, base)
            sections.append((stype, off, size, link))
        out = []
        for stype, off, size, link in sections:
            if stype != 6:  # SHT_DYNAMIC
                continue
            _st, str_off, _sz, _ln = sections[link]
            fmt, step = (end + "qQ", 16) if is64 else (end + "iI", 8)
            for pos in range(off, off + size, step):
                tag, val = struct.unpack_from(fmt, data, pos)
                if tag == 0:
                    break
                if tag == 1:  # DT_NEEDED
                    stop = data.index(b"\0", str_off + val)
                    out.append(data[str_off + val : stop].decode("ascii", "replace"))
        return out
    except (struct.error, IndexError, ValueError):
        return []


def _loadable(soname: str) -> bool:
    import ctypes  # only when Qt's xcb platform is about to be loaded (not offscreen, not Wayland)

    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def xcb_wanted(environ: os._Environ[str] | dict[str, str] | None = None) -> bool:
    """Tell whether Qt will use its xcb (X11) plugin here: Linux, and no other platform chosen."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    return not (env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland")


def no_display(environ: os._Environ[str] | dict[str, str] | None = None) -> bool:
    """Tell whether Qt would look for a display and find none: xcb wanted, neither DISPLAY nor WAYLAND_DISPLAY set."""
    env = os.environ if environ is None else environ
    return xcb_wanted(env) and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY")


def _qt_dir() -> Path | None:
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    qt = Path(next(iter(spec.submodule_search_locations))) / "Qt"
    return qt if qt.is_dir() else None


def missing_libraries(qt_dir: Path | None = None, can_load: Callable[[str], bool] | None = None) -> list[str]:
    """Return the system libraries the xcb plugin needs (itself or through Qt's X11 library) that cannot be loaded."""
    load = can_load if can_load is not None else _loadable
    qt = qt_dir if qt_dir is not None else _qt_dir()
    if qt is None:
        return []
    plugin = qt / "plugins" / "platforms" / "libqxcb.so"
    if not plugin.is_file():
        return []
    bundled = {p.name: p for p in (qt / "lib").glob("*.so*")} if (qt / "lib").is_dir() else {}
    seen: set[str] = set()
    missing: list[str] = []
    todo = [plugin]
    while todo:
        for name in elf_needed(todo.pop()):
            if name in seen:
                continue
            seen.add(name)
            if name in bundled:  # Qt's own: only the X11 one is followed (Core and Gui load before any plugin)
                if "Xcb" in name:
                    todo.append(bundled[name])
            elif not load(name):
                missing.append(name)
    return missing


def missing_message(missing: list[str]) -> str:
    """Return the one message that names the missing libraries, their packages and the README's line."""
    packages = sorted(dict.fromkeys(debian_package(n) for n in missing))
    return (
        "bcp47-explorer: cannot start on X11: Qt's xcb platform plugin needs system libraries that are "
        f"missing here: {', '.join(missing)}.\n"
        f"On Debian or Ubuntu install them with:\n  sudo apt-get install {' '.join(packages)}\n"
        f"(the README's line for every library Qt's X11 plugin uses:\n  sudo {README_APT_LINE})\n"
        "Or run without X11, for example QT_QPA_PLATFORM=offscreen for a test run."
    )
