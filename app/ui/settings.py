"""Typed, persistent settings over QSettings, with one table of defaults.

Every key has a default of a fixed type; a value read back from the file that
does not fit that type (a hand-edited or corrupt file) gives the default, so a
broken settings file can never stop the app.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

__all__ = ["DEFAULTS", "HISTORY_MAX", "Settings"]

log = logging.getLogger(__name__)

HISTORY_MAX = 50

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
}


class Settings:
    """Read and write the app's settings; unknown keys are refused, bad stored values give defaults."""

    def __init__(self, path: str | Path | None = None) -> None:
        if path is None:
            self._qs = QSettings(
                QSettings.Format.IniFormat, QSettings.Scope.UserScope, "bcp47-explorer", "bcp47-explorer"
            )
        else:
            self._qs = QSettings(str(path), QSettings.Format.IniFormat)
        if self._qs.status() != QSettings.Status.NoError:
            # Qt reads what it can from a damaged file; say so, then carry on with what is usable.
            log.warning(
                "settings file %s could not be read fully (%s); using defaults where needed",
                self._qs.fileName(),
                self._qs.status().name,
            )

    def file_name(self) -> str:
        """Return the path of the settings file."""
        return self._qs.fileName()

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
        """Write pending changes to disk."""
        self._qs.sync()

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
