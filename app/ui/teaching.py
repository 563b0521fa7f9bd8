"""The teaching and batch panes in the main window: anatomy, grammar, batch checker, matching, and the primer.

The main window calls :func:`install_panes` each time it builds its panes (after a registry
change too) and :func:`add_help_actions` once for its Help menu; everything else about these
panes lives here, so the window's own code changes by a few lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMenu, QWidget

from ..core.engine.tag import TagEngine
from .anatomy_pane import AnatomyPane
from .batch_pane import BatchPane
from .grammar_pane import GrammarPane
from .matching_pane import MatchingPane
from .primer import PrimerDialog

if TYPE_CHECKING:
    from .main_window import MainWindow

__all__ = ["TeachingPanes", "install_panes", "add_help_actions", "show_teaching_pane", "TEACHING_TABS"]

#: (attribute, tab title, shortcut) of each pane, in tab order after the window's own.
TEACHING_TABS = (
    ("anatomy", "&Anatomy", "Ctrl+5"),
    ("grammar", "&Grammar", "Ctrl+6"),
    ("batch", "Ba&tch", "Ctrl+7"),
    ("matching", "Matchi&ng", "Ctrl+8"),
)


@dataclass
class TeachingPanes:
    """The panes this module added to a window."""

    anatomy: AnatomyPane
    grammar: GrammarPane
    batch: BatchPane
    matching: MatchingPane

    def widgets(self) -> list[QWidget]:
        """Return the panes in tab order."""
        return [self.anatomy, self.grammar, self.batch, self.matching]


class _CloseWatcher(QObject):
    """Stop a running batch check when the window closes, so no worker outlives it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Cancel the batch worker on the window's Close event."""
        if event.type() == QEvent.Type.Close:
            panes: TeachingPanes | None = getattr(watched, "teaching", None)
            if panes is not None:
                panes.batch.shutdown()
        return False


def install_panes(window: MainWindow, engine: TagEngine | None) -> None:
    """Add the anatomy, grammar, batch and matching tabs to *window* (replacing earlier ones)."""
    old: TeachingPanes | None = getattr(window, "teaching", None)
    if old is not None:
        old.batch.shutdown()
        for w in old.widgets():
            w.deleteLater()
    window.teaching = None  # type: ignore[attr-defined]
    if not isinstance(engine, TagEngine):  # no engine (data missing), or a stand-in in a test
        return
    panes = TeachingPanes(
        AnatomyPane(window.state, engine),
        GrammarPane(window.state, engine),
        BatchPane(engine),
        MatchingPane(engine),
    )
    for (key, title, shortcut), widget in zip(TEACHING_TABS, panes.widgets(), strict=True):
        widget.setObjectName(f"{key}_pane")
        i = window.tabs.addTab(widget, title)
        window.tabs.setTabToolTip(i, f"{title.replace('&', '')} ({shortcut})")
    panes.batch.open_tag_requested.connect(lambda tag: _open_in_editor(window, tag))
    window.teaching = panes  # type: ignore[attr-defined]
    if not hasattr(window, "_teaching_watcher"):
        watcher = _CloseWatcher(window)
        window.installEventFilter(watcher)
        window._teaching_watcher = watcher  # type: ignore[attr-defined]
    # Ctrl+5 to Ctrl+8 are the window's View menu entries (main_window), named, so F1 and the menu list them.


def show_teaching_pane(window: MainWindow, key: str) -> None:
    """Bring the teaching pane *key* ("anatomy", "grammar", "batch", "matching") to the front."""
    panes: TeachingPanes | None = getattr(window, "teaching", None)
    if panes is not None:
        window.tabs.setCurrentWidget(getattr(panes, key))


def _open_in_editor(window: MainWindow, tag: str) -> None:
    window.state.set_tag(tag)
    if window.editor is not None and window.tabs.indexOf(window.editor) >= 0:
        window.show_pane("editor")


def add_help_actions(window: MainWindow, menu: QMenu) -> None:
    """Add Help > Primer to *menu*: a one-page primer whose examples open in the editor."""
    action = menu.addAction("&Primer: how a tag is built")
    action.setStatusTip("One page on the structure of language tags, with examples that open in the editor")

    def show() -> None:
        dialog: PrimerDialog | None = getattr(window, "primer_dialog", None)
        if dialog is None:
            dialog = PrimerDialog(window)
            dialog.tag_chosen.connect(lambda tag: _open_in_editor(window, tag))
            window.primer_dialog = dialog  # type: ignore[attr-defined]
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    action.triggered.connect(lambda _c=False: show())
