"""The teaching and batch panes of the main window: anatomy, grammar, batch checker and matching.

:class:`TeachingPanes` makes the four panes over one engine and the current tag; the main window
places them in its tabs (after its own), gives them their shortcuts and shuts the batch checker down
when it closes or rebuilds its panes. The primer dialog is :class:`.primer.PrimerDialog`.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QWidget

from ..core.engine.tag import TagEngine
from ..core.text.catalogue import N_
from .anatomy_pane import AnatomyPane
from .batch_pane import BatchPane
from .grammar_pane import GrammarPane
from .matching_pane import MatchingPane
from .state import TagState

__all__ = ["TEACHING_TABS", "TeachingPanes"]

#: (attribute, tab title, shortcut) of each pane, in tab order after the window's own.
TEACHING_TABS = (
    ("anatomy", N_("&Anatomy"), "Ctrl+5"),
    ("grammar", N_("&Grammar"), "Ctrl+6"),
    ("batch", N_("Ba&tch"), "Ctrl+7"),
    ("matching", N_("Matchi&ng"), "Ctrl+8"),
)


@dataclass
class TeachingPanes:
    """The anatomy, grammar, batch and matching panes over one engine."""

    anatomy: AnatomyPane
    grammar: GrammarPane
    batch: BatchPane
    matching: MatchingPane

    @classmethod
    def create(cls, state: TagState, engine: TagEngine) -> TeachingPanes:
        """Make the four panes; the anatomy and grammar panes follow *state*'s current tag."""
        panes = cls(AnatomyPane(state, engine), GrammarPane(state, engine), BatchPane(engine), MatchingPane(engine))
        for (key, _title, _shortcut), widget in zip(TEACHING_TABS, panes.widgets(), strict=True):
            widget.setObjectName(f"{key}_pane")
        return panes

    def widgets(self) -> list[QWidget]:
        """Return the panes in tab order."""
        return [self.anatomy, self.grammar, self.batch, self.matching]

    def pane(self, key: str) -> QWidget:
        """Return the pane called *key* (a key of :data:`TEACHING_TABS`)."""
        return {"anatomy": self.anatomy, "grammar": self.grammar, "batch": self.batch, "matching": self.matching}[key]

    def dispose(self) -> None:
        """Stop a running batch check (no worker outlives the panes) and delete the panes."""
        self.batch.shutdown()
        for w in self.widgets():
            w.deleteLater()
