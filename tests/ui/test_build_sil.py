"""The Build pane's script and region steps show SIL's scripts and regions beside CLDR's (issue 21).

Pins, driving the real pickers by keyboard and mouse: after a language name is typed and chosen, the
script step lists CLDR's likely script first, then the scripts SIL's langtags data lists, each row's
note naming its source (CLDR / SIL), with SIL's note in a label of its own; Tab into the list, a click
and Enter pick a SIL script, and the region step lists SIL's regions for that script; a language CLDR's
likely subtags cannot maximize (German Sign Language) gets SIL's answer, labelled as SIL's, while the
CLDR advice above it still says CLDR has nothing.
"""

from __future__ import annotations

import pytest
from bcp47_explorer.core.data import bundled_cldr, bundled_engine
from bcp47_explorer.ui.build import BuildPane
from bcp47_explorer.ui.state import TagState
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

SIL = "SIL (langtags data, not CLDR): "


@pytest.fixture
def pane(qtbot, registry, settings_path) -> BuildPane:  # type: ignore[no-untyped-def]
    state = TagState("")
    p = BuildPane(state, bundled_engine(), registry, bundled_cldr())
    qtbot.addWidget(p)
    p.resize(1000, 700)
    p.show()
    qtbot.waitExposed(p)
    p.activateWindow()
    qtbot.waitUntil(lambda: p.ready and p.names_ready, timeout=60000)
    p.go_to_step(0)
    return p


def _rows(pane: BuildPane, key: str, n: int) -> list[tuple[str, str]]:
    return [(r.code, r.mark) for r in pane.pickers[key].model.rows()[:n]]


def test_script_and_region_steps_list_cldr_likely_first_then_sils(qtbot, pane: BuildPane) -> None:  # type: ignore[no-untyped-def]
    lang = pane.pickers["language"]
    qtbot.keyClicks(lang.filter_edit, "Afar")
    qtbot.keyClick(lang.filter_edit, Qt.Key.Key_Return)
    assert pane._state.tag() == "aa"
    script = pane.pickers["script"]
    assert QApplication.focusWidget() is script.filter_edit
    assert _rows(pane, "script", 4) == [
        ("Latn", "likely for aa (CLDR); default for aa (SIL)"),
        ("Arab", "also used for aa (SIL)"),
        ("Ethi", "also used for aa (SIL)"),
        ("Adlm", ""),
    ]
    assert pane.script_advice.text() == "'aa' is written in Latin; 'aa' alone means Latin (CLDR likely subtags)."
    assert pane.sil_script_note.isVisible()
    assert pane.sil_script_note.text() == (
        SIL + "The scripts SIL lists for 'aa': Latin (Latn), Arabic (Arab), Ethiopic (Ethi)."
    )
    assert pane.sil_region_note.text() == (
        SIL + "The regions SIL lists for 'aa': Ethiopia (ET), Djibouti (DJ), Eritrea (ER)."
    )
    # Tab into the list, click SIL's Ethiopic row, Enter: it is in the tag and the region step follows.
    qtbot.keyClick(script.filter_edit, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is script.view
    rect = script.view.visualRect(script.model.index(2, 1))
    qtbot.mouseClick(script.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert script.current_choice() is not None and script.current_choice().code == "Ethi"
    assert script.detail_label.text() == (
        "Ethi — Ethiopic (also used for aa (SIL)). SIL's langtags data also lists Ethiopic for 'aa'."
    )
    qtbot.keyClick(script.view, Qt.Key.Key_Return)
    assert pane._state.tag() == "aa-Ethi"
    region = pane.pickers["region"]
    assert QApplication.focusWidget() is region.filter_edit
    assert _rows(pane, "region", 2) == [
        ("ET", "likely for aa-Ethi (CLDR); default for aa-Ethi (SIL)"),
        ("AA", "private use"),
    ]
    assert pane.sil_region_note.text() == SIL + "The regions SIL lists for 'aa-Ethi': Ethiopia (ET)."
    qtbot.keyClick(region.filter_edit, Qt.Key.Key_Return)
    assert pane._state.tag() == "aa-Ethi-ET"


def test_a_language_cldr_cannot_maximize_gets_sils_answer_labelled(qtbot, pane: BuildPane) -> None:  # type: ignore[no-untyped-def]
    lang = pane.pickers["language"]
    qtbot.keyClicks(lang.filter_edit, "German Sign Language")
    qtbot.keyClick(lang.filter_edit, Qt.Key.Key_Return)
    assert pane._state.tag() == "gsg"
    assert _rows(pane, "script", 2) == [("Zxxx", "default for gsg (SIL)"), ("Adlm", "")]
    # CLDR's verdict stays CLDR's; SIL's answer is in its own label, said to be SIL's.
    assert pane.script_advice.text() == "The data says nothing about the script of 'gsg'."
    answer = "CLDR's likely subtags cannot maximize 'gsg'. SIL's answer: gsg-Zxxx-DE (Unwritten, Germany). "
    assert pane.sil_script_note.text() == SIL + answer + "The scripts SIL lists for 'gsg': Unwritten (Zxxx)."
    assert pane.sil_region_note.text() == SIL + answer + "The regions SIL lists for 'gsg': Germany (DE)."
    script = pane.pickers["script"]
    qtbot.keyClick(script.filter_edit, Qt.Key.Key_Return)  # SIL's default script, the first row
    assert pane._state.tag() == "gsg-Zxxx"
    assert _rows(pane, "region", 1) == [("DE", "default for gsg-Zxxx (SIL)")]
    qtbot.keyClick(pane.pickers["region"].filter_edit, Qt.Key.Key_Return)
    assert pane._state.tag() == "gsg-Zxxx-DE"


def test_without_a_language_no_sil_note_is_shown(qtbot, pane: BuildPane) -> None:  # type: ignore[no-untyped-def]
    pane.go_to_step(1)
    assert not pane.sil_script_note.isVisible() and pane.sil_script_note.text() == ""
    assert [r.mark for r in pane.pickers["script"].model.rows()[:3]] == ["", "", ""]
