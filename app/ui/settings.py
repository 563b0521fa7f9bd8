"""Typed, persistent settings over QSettings, with one table of defaults.

Every key has a default of a fixed type; a value read back from the file that
does not fit that type (a hand-edited or corrupt file) gives the default, so a
broken settings file can never stop the app.

The settings file is only ever written through :mod:`..core.safe_write`: Qt works on a
private copy in a private temporary folder, and :meth:`Settings.sync` writes that copy to
the real file atomically, and only when the real file is new or already a settings file of
ours (recognised by its content: an ini file with only our sections and keys). Any other
target (another file, a link, a device, a FIFO, a folder) is refused when the settings are
opened: :attr:`Settings.refused` says why, and the app runs with its settings kept in memory.
Stored lists are trimmed to their cap when they are read.

Two windows on one settings file (``--new-instance``) each work on their own copy; the last to write would
drop what the other added to the history and the recent files. So :meth:`Settings.sync` merges those lists
(:data:`MERGED_LISTS`) three ways against what the file held when this window last read or wrote it:
entries the other window added are kept after this window's own, and entries either window removed stay
removed.
"""

from __future__ import annotations

import logging
import shutil
import tempfile
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from ..core.files.safe_write import UnsafeWriteError, check_writable, read_small_regular, write_file

__all__ = [
    "DATA_FOLDER_SETTING",
    "DEFAULTS",
    "HISTORY_MAX",
    "MERGED_LISTS",
    "NETWORK_SETTING",
    "SETTINGS_MAX_BYTES",
    "Settings",
    "is_settings_file",
]

log = logging.getLogger(__name__)

#: The setting that holds a chosen data folder ("" = the platform's place); read at start-up (``__main__``).
DATA_FOLDER_SETTING = "data/folder"
#: The setting that allows downloading the registry from IANA (the only network access the app makes).
NETWORK_SETTING = "network/allowed"
HISTORY_MAX = 50
#: The lists that two windows may both add to, with their caps: merged with the file's on every sync.
MERGED_LISTS: Mapping[str, int] = {"editor/history": HISTORY_MAX, "recent/files": 10}

#: Every setting the app knows, with its default; the default's type is the setting's type.
DEFAULTS: Mapping[str, Any] = {
    "window/geometry": QByteArray(),
    "window/state": QByteArray(),
    "window/current_pane": 0,
    "window/theme": "system",
    "editor/last_tag": "",
    "editor/history": [],
    "editor/splitter": QByteArray(),
    "editor/zoom": 0,  # steps of ZOOM_STEP from the tag editor's default font size (Ctrl+= / Ctrl+- / Ctrl+0)
    "builder/splitter": QByteArray(),
    "browser/splitter": QByteArray(),
    "browser/header": QByteArray(),
    "browser/filters": {"query": "", "type": "", "scope": "", "deprecated": ""},
    "browser/last_record": "",
    # Display language of the CLDR names ("" follows the system's UI language when CLDR has it, else English).
    "names/display_language": "",
    # Edit > Preferences > Data folder: where registry copies are kept ("" = the platform's place); used from
    # the next start (the BCP47_EXPLORER_DATA_HOME environment variable, when set, wins).
    "data/folder": "",
    # The UI language chosen in Help > Language of the application (a BCP 47 tag; "" follows the system).
    "ui/language": "",
    # Whether Tools > Download may reach IANA (the app's only network access; Edit > Preferences).
    "network/allowed": True,
    # File > Open recent: "registry:PATH" or "tags:PATH", newest first (ui/recent.py).
    "recent/files": [],
    # The registration assistant's unsent form (issue 24): kept when the dialog is closed, restored when it opens.
    "registration/draft": {
        k: ""
        for k in (
            "type",
            "name",
            "email",
            "subtag",
            "description",
            "prefix",
            "macrolanguage",
            "suppress_script",
            "comments",
            "meaning",
            "reference",
            "other",
        )
    },
}


#: A settings file larger than this is not one of ours (ours are a few kB).
SETTINGS_MAX_BYTES = 1 << 20
#: The longest tag kept in the history; longer entries in a stored history are dropped on load.
HISTORY_ENTRY_MAX = 1000
_SECTIONS: dict[str, frozenset[str]] = {}
for _key in DEFAULTS:
    _section, _, _leaf = _key.partition("/")
    _SECTIONS[_section] = _SECTIONS.get(_section, frozenset()) | {_leaf}


def is_settings_file(content: bytes) -> bool:
    """Tell whether *content* is a settings file of ours: empty, or an ini file with only our sections and keys."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        return False
    section: str | None = "General"
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in ";#":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            if section != "General" and section not in _SECTIONS:
                return False
            continue
        key, eq, _ = line.partition("=")
        if not eq or section is None:
            return False
        known = _SECTIONS.get(section, frozenset())
        if key.strip() not in known:
            return False
    return True


def default_settings_path() -> Path:
    """Return the user's settings file (Qt's per-user ini location)."""
    qs = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "bcp47-explorer", "bcp47-explorer")
    return Path(qs.fileName())


class Settings:
    """Read and write the app's settings; unknown keys are refused, bad stored values give defaults."""

    def __init__(self, path: str | Path | None = None) -> None:
        self._target = Path(path) if path is not None else default_settings_path()
        #: Why the settings file is not used (None when it is): the settings then live in memory only.
        self.refused: str | None = None
        scratch = tempfile.mkdtemp(prefix="bcp47-explorer-settings-")  # private: mode 0700
        weakref.finalize(self, shutil.rmtree, scratch, True)
        work = Path(scratch) / "settings.ini"
        try:
            if path is None:
                self._target.parent.mkdir(parents=True, exist_ok=True)
            check_writable(self._target, is_settings_file, what="settings file", limit=SETTINGS_MAX_BYTES)
            content = read_small_regular(self._target, SETTINGS_MAX_BYTES)
        except OSError as exc:
            self.refused = f"{exc}; the settings are kept in memory and not saved"
            log.warning("settings: %s", self.refused)
            content = None
        if content:
            work.write_bytes(content)
        self._qs = QSettings(str(work), QSettings.Format.IniFormat)
        self._scratch = Path(scratch)
        #: The merged lists as the file held them when last read or written (see sync).
        self._baseline = {key: self.value(key) for key in MERGED_LISTS}
        if self._qs.status() != QSettings.Status.NoError:
            # Qt reads what it can from a damaged file; say so, then carry on with what is usable.
            log.warning(
                "settings file %s could not be read fully (%s); using defaults where needed",
                self._qs.fileName(),
                self._qs.status().name,
            )

    def file_name(self) -> str:
        """Return the path of the settings file."""
        return str(self._target)

    def value(self, key: str) -> Any:
        """Return the stored value of *key* converted to its default's type, or the default."""
        default = DEFAULTS[key]
        try:
            raw = self._qs.value(key, None)
        except (RuntimeError, TypeError, ValueError):
            # PySide6 raises these for a stored variant it cannot turn into a Python value.
            log.warning("settings: cannot read %r; using the default", key)
            return _copy(default)
        if raw is None:
            return _copy(default)
        got = _coerce(raw, default)
        if got is None:
            log.warning("settings: %r holds %r, not a %s; using the default", key, raw, type(default).__name__)
            return _copy(default)
        if key == "editor/history":  # a stored list is trimmed to its cap, however long the file made it
            got = [t for t in got[: HISTORY_MAX * 4] if len(t) <= HISTORY_ENTRY_MAX][:HISTORY_MAX]
        return got

    def set_value(self, key: str, value: Any) -> None:
        """Store *value* under *key* (which must be one of DEFAULTS)."""
        default = DEFAULTS[key]
        if _coerce(value, default) is None:
            raise TypeError(f"setting {key!r} takes a {type(default).__name__}, not {type(value).__name__}")
        if isinstance(default, list | dict):
            # Stored as JSON text: QSettings' own encoding of nested containers differs per format.
            import json

            self._qs.setValue(key, json.dumps(value, ensure_ascii=False))
        else:
            self._qs.setValue(key, value)

    def sync(self) -> None:
        """Write pending changes to the settings file (atomically; nothing when the file was refused)."""
        self._merge_from_file()
        self._qs.sync()
        if self.refused is not None:
            return
        try:
            scratch = Path(self._qs.fileName())
            content = scratch.read_bytes() if scratch.exists() else b""
            write_file(self._target, content, is_ours=is_settings_file, what="settings file")
        except (OSError, UnsafeWriteError) as exc:
            self.refused = f"{exc}; the settings are kept in memory and not saved"
            log.warning("settings: %s", self.refused)

    def _merge_from_file(self) -> None:
        """Keep what another window added to the merged lists since this one read the file."""
        if self.refused is not None:
            return
        try:
            content = read_small_regular(self._target, SETTINGS_MAX_BYTES)
        except OSError:
            return
        if not content or not is_settings_file(content):
            return
        disk_copy = self._scratch / "on-disk.ini"
        disk_copy.write_bytes(content)
        disk = QSettings(str(disk_copy), QSettings.Format.IniFormat)
        for key, cap in MERGED_LISTS.items():
            try:
                theirs = _coerce(disk.value(key, None), DEFAULTS[key]) or []
            except (RuntimeError, TypeError, ValueError):
                continue
            baseline = self._baseline.get(key, [])
            ours = self.value(key)
            added_there = [x for x in theirs if x not in baseline and x not in ours]
            removed_there = {x for x in baseline if x not in theirs}  # cleared or dropped by the other window
            merged = [x for x in ours if x not in removed_there] + added_there
            if merged != ours:
                self.set_value(key, merged[:cap])
            self._baseline[key] = self.value(key)
        del disk

    def push_history(self, tag: str) -> list[str]:
        """Put *tag* first in the editor history (once, at most HISTORY_MAX) and return the history."""
        tag = tag.strip()
        history = [t for t in self.value("editor/history") if t != tag]
        if tag:
            history.insert(0, tag)
        history = history[:HISTORY_MAX]
        self.set_value("editor/history", history)
        return history


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, QByteArray):
        return QByteArray(value)
    return value


def _coerce(raw: Any, default: Any) -> Any:
    """Return *raw* as the type of *default*, or None when it cannot be one."""
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.lower() in ("true", "false"):
            return raw.lower() == "true"
        return None
    if isinstance(default, int):
        if isinstance(raw, bool):
            return None
        try:
            return int(raw)
        except (TypeError, ValueError):
            return None
    if isinstance(default, str):
        return raw if isinstance(raw, str) else None
    if isinstance(default, QByteArray):
        if isinstance(raw, QByteArray):
            return raw
        if isinstance(raw, bytes):
            return QByteArray(raw)
        return None
    if isinstance(default, list | dict):
        if isinstance(raw, str):
            import json

            try:
                raw = json.loads(raw)
            except ValueError:
                return None
        if isinstance(default, list):
            if isinstance(raw, list) and all(isinstance(x, str) for x in raw):
                return list(raw)
            return None
        if isinstance(raw, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in raw.items()):
            return {**default, **{k: v for k, v in raw.items() if k in default}}
        return None
    return raw
