"""The teaching and batch panes of the main window: anatomy, grammar, batch checker and matching.

:class:`TeachingPanes` gives the four panes by name; the main window places them in its tabs (after
its own) and makes each one when it is first shown or first used (:meth:`TeachingPanes.make`
imports the pane's module then: a quick start-up, issue 24 item 8). The window shuts the batch
checker down when it closes or rebuilds its panes. The primer dialog is :class:`.primer.PrimerDialog`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QWidget

from ..core.text.catalogue import N_
from .state import TagState

if TYPE_CHECKING:
    from ..core.engine.tag import TagEngine
    from .anatomy_pane import AnatomyPane
    from .batch_pane import BatchPane
    from .grammar_pane import GrammarPane
    from .matching_pane import MatchingPane

__all__ = ["TEACHING_TABS", "TeachingPanes"]

#: (attribute, tab title, shortcut) of each pane, in tab order after the window's own.
TEACHING_TABS = (
    ("anatomy", N_("&Anatomy"), "Ctrl+5"),
    ("grammar", N_("&Grammar"), "Ctrl+6"),
    ("batch", N_("Ba&tch"), "Ctrl+7"),
    ("matching", N_("Matchi&ng"), "Ctrl+8"),
)


class TeachingPanes:
    """The anatomy, grammar, batch and matching panes, each made on first use by *get(key)*."""

    def __init__(self, get: Callable[[str], QWidget], made: Callable[[], list[str]] | None = None) -> None:
        self._get = get
        self._made = made

    @staticmethod
    def make(key: str, state: TagState, engine: TagEngine) -> QWidget:
        """Make the pane *key*; the anatomy and grammar panes follow *state*'s current tag."""
        pane: QWidget
        if key == "anatomy":
            from .anatomy_pane import AnatomyPane

            pane = AnatomyPane(state, engine)
        elif key == "grammar":
            from .grammar_pane import GrammarPane

            pane = GrammarPane(state, engine)
        elif key == "batch":
            from .batch_pane import BatchPane

            pane = BatchPane(engine)
        elif key == "matching":
            from .matching_pane import MatchingPane

            pane = MatchingPane(engine)
        else:
            raise KeyError(key)
        pane.setObjectName(f"{key}_pane")
        return pane

    @property
    def anatomy(self) -> AnatomyPane:
        """The Anatomy pane (made now if it was not)."""
        return cast("AnatomyPane", self._get("anatomy"))

    @property
    def grammar(self) -> GrammarPane:
        """The Grammar pane (made now if it was not)."""
        return cast("GrammarPane", self._get("grammar"))

    @property
    def batch(self) -> BatchPane:
        """The Batch pane (made now if it was not)."""
        return cast("BatchPane", self._get("batch"))

    @property
    def matching(self) -> MatchingPane:
        """The Matching pane (made now if it was not)."""
        return cast("MatchingPane", self._get("matching"))

    def widgets(self) -> list[QWidget]:
        """Return the panes in tab order (each is made now if it was not)."""
        return [self._get(key) for key, _title, _shortcut in TEACHING_TABS]

    def pane(self, key: str) -> QWidget:
        """Return the pane called *key* (a key of :data:`TEACHING_TABS`)."""
        if key not in {k for k, _t, _s in TEACHING_TABS}:
            raise KeyError(key)
        return self._get(key)

    def shutdown(self) -> None:
        """Stop a running batch check, if the Batch pane was made (no worker outlives the panes)."""
        if self._made is not None and "batch" in self._made():
            self.batch.shutdown()
