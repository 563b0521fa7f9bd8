"""The Build pane's language picker searches the one name index: names in any word order, dialect names.

Pins: "Arabic, Tunisian", "Tunisian Arabic" and "arabic tunisian" typed into the language filter list
aeb first and Enter picks it; "brazilian portuguese" typed and picked builds pt-BR; a hit's tooltip
detail says the name it was found by and where that name comes from.
"""

from __future__ import annotations

import pytest
from bcp47_explorer.core.data import bundled_cldr, bundled_engine
from bcp47_explorer.ui.build import BuildPane
from bcp47_explorer.ui.state import TagState
from PySide6.QtCore import Qt


@pytest.fixture
def pane(qtbot, registry, settings_path) -> BuildPane:  # type: ignore[no-untyped-def]
    state = TagState("")
    p = BuildPane(state, bundled_engine(), registry, bundled_cldr())
    qtbot.addWidget(p)
    p.show()
    qtbot.waitExposed(p)
    qtbot.waitUntil(lambda: p.ready and p.names_ready, timeout=60000)
    p.go_to_step(0)
    return p


@pytest.mark.parametrize("text", ["Arabic, Tunisian", "Tunisian Arabic", "arabic tunisian"])
def test_language_picker_lists_aeb_first_for_any_word_order(qtbot, pane: BuildPane, text: str) -> None:  # type: ignore[no-untyped-def]
    picker = pane.pickers["language"]
    qtbot.keyClicks(picker.filter_edit, text)
    first = picker.current_choice()
    assert first is not None and (first.code, first.name) == ("aeb", "Tunisian Arabic")
    qtbot.keyClick(picker.filter_edit, Qt.Key.Key_Return)
    assert pane._state.tag() == "aeb"


def test_brazilian_portuguese_builds_pt_br(qtbot, pane: BuildPane) -> None:  # type: ignore[no-untyped-def]
    picker = pane.pickers["language"]
    qtbot.keyClicks(picker.filter_edit, "brazilian portuguese")
    first = picker.current_choice()
    assert first is not None
    assert (first.code, first.name, first.target) == ("pt-BR", "Brazilian Portuguese", "pt-BR")
    assert first.detail == "“Brazilian Portuguese” (CLDR name in English) is the tag pt-BR."
    qtbot.keyClick(picker.filter_edit, Qt.Key.Key_Return)
    assert pane._state.tag() == "pt-BR"
    assert pane.canonical_field.text() == "pt-BR"
