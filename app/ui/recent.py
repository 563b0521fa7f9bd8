"""File > Open recent: the registry files and batch inputs opened lately, newest first (kept in the settings)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMenu

from ..core.text.catalogue import N_, _
from .settings import Settings

__all__ = ["KINDS", "RECENT_MAX", "RecentFiles"]

RECENT_MAX = 10
#: What a recent file was opened as, and how the menu names it.
KINDS = {"registry": N_("Registry"), "tags": N_("Tags")}
_SETTING = "recent/files"


class RecentFiles:
    """The list of recent files, as ``(kind, path)`` pairs, and the menu that reopens them."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings

    def entries(self) -> list[tuple[str, str]]:
        """Return the recent files, newest first (unknown kinds in a stored list are skipped)."""
        out = []
        for item in self._settings.value(_SETTING):
            kind, _, path = str(item).partition(":")
            if kind in KINDS and path:
                out.append((kind, path))
        return out[:RECENT_MAX]

    def add(self, kind: str, path: str) -> None:
        """Put *path* (opened as *kind*) first in the list."""
        if kind not in KINDS or not path:
            return
        items = [(k, p) for k, p in self.entries() if (k, p) != (kind, path)]
        items.insert(0, (kind, path))
        self._settings.set_value(_SETTING, [f"{k}:{p}" for k, p in items[:RECENT_MAX]])

    def clear(self) -> None:
        """Forget every recent file."""
        self._settings.set_value(_SETTING, [])

    def fill(self, menu: QMenu, open_as: Callable[[str, str], object]) -> None:
        """Fill *menu* with the recent files; choosing one calls ``open_as(kind, path)``."""
        menu.clear()
        entries = self.entries()
        if not entries:
            menu.addAction(QCoreApplication.translate("RecentFiles", "(no recent files)")).setEnabled(False)
            return
        for i, (kind, path) in enumerate(entries, 1):
            prefix = f"&{i} " if i < 10 else ""
            entry = QCoreApplication.translate("RecentFiles", "{kind}: {path}")
            action = menu.addAction(prefix + entry.format(kind=_(KINDS[kind]), path=path.replace("&", "&&")))
            action.setToolTip(path)
            action.triggered.connect(lambda _c=False, k=kind, p=path: open_as(k, p))
        menu.addSeparator()
        menu.addAction(QCoreApplication.translate("RecentFiles", "&Clear the list")).triggered.connect(self.clear)
