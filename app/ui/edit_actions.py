"""The Edit menu's Undo, Redo, Cut, Copy, Paste and Select All: they act on the widget that has the focus.

Text fields handle these keys themselves (Qt gives a focused field the standard keys first); the menu entries
make them discoverable, work from the mouse, and give item views a Copy (the current cell's text).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from ..core.text.catalogue import N_, _

__all__ = ["EDIT_COMMANDS", "add_edit_actions", "run_edit_command"]

#: (command, menu text, standard key, tooltip) in menu order (texts translated where shown).
EDIT_COMMANDS = (
    ("undo", N_("&Undo"), QKeySequence.StandardKey.Undo, N_("Undo in the focused field")),
    ("redo", N_("&Redo"), QKeySequence.StandardKey.Redo, N_("Redo in the focused field")),
    ("cut", N_("Cu&t"), QKeySequence.StandardKey.Cut, N_("Cut in the focused field")),
    ("copy", N_("&Copy"), QKeySequence.StandardKey.Copy, N_("Copy in the focused field")),
    ("paste", N_("&Paste"), QKeySequence.StandardKey.Paste, N_("Paste in the focused field")),
    ("selectAll", N_("Select &all"), QKeySequence.StandardKey.SelectAll, N_("Select all in the focused field")),
)


def run_edit_command(command: str, widget: QWidget | None = None) -> bool:
    """Run *command* ("copy", "undo"…) on *widget* (the focused one by default); return whether it could."""
    target = widget if widget is not None else QApplication.focusWidget()
    if target is None:
        return False
    # A read-only field cannot be cut, pasted into or undone: Qt's own methods would still change it.
    read_only = getattr(target, "isReadOnly", None)
    if command in ("cut", "paste", "undo", "redo") and read_only is not None and read_only():
        return False
    method: Callable[[], object] | None = getattr(target, command, None)
    if method is not None and callable(method):
        method()
        return True
    from PySide6.QtWidgets import QAbstractItemView  # (not needed to start: Qt makes its class on first use)

    if command == "copy" and isinstance(target, QAbstractItemView):
        index = target.currentIndex()
        text = index.data() if index.isValid() else None
        if text is not None:
            QGuiApplication.clipboard().setText(str(text))
            return True
    return False


def add_edit_actions(menu: QMenu, parent: QWidget) -> dict[str, QAction]:
    """Add the edit commands to *menu*; return the actions by command."""
    actions: dict[str, QAction] = {}
    for command, text, key, tip in EDIT_COMMANDS:
        action = QAction(_(text), parent)
        action.setShortcut(QKeySequence(key))
        action.setToolTip(_(tip))
        action.triggered.connect(lambda _checked=False, c=command: run_edit_command(c))
        menu.addAction(action)
        actions[command] = action
    return actions
