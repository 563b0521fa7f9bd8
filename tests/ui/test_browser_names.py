"""The registry browser searches the one name index and shows SIL's tag sets on a language's card (issue 21).

Pins, typing into the real search box: a name in any language and any word order finds its record
("Deutsch" → de, "Arabic, Tunisian" / "tunisian arabic" / "arabic tunisian" → aeb, "Derja" → aeb,
"britain" lists GB), the details say which name found it and where that name comes from, the Type
filter still applies; a language's card lists SIL's tag sets (full tag and equivalent tags) under a
heading that says they are SIL's, and a click on one of its tags asks to open it in the editor.
"""

from __future__ import annotations

import pytest
from bcp47_explorer.ui.browser import BrowserPane
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument


@pytest.fixture
def pane(qtbot, registry) -> BrowserPane:  # type: ignore[no-untyped-def]
    widget = BrowserPane(registry)
    qtbot.addWidget(widget)
    widget.resize(1200, 700)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(lambda: widget.names_ready, timeout=60000)
    return widget


def _type(qtbot, pane: BrowserPane, text: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    pane.search_edit.clear()
    qtbot.keyClicks(pane.search_edit, text)
    qtbot.keyClick(pane.search_edit, Qt.Key.Key_Return)  # searches at once, focus to the results
    return [(r.type, r.code) for r in pane.visible_records()]


@pytest.mark.parametrize("text", ["Arabic, Tunisian", "tunisian arabic", "arabic tunisian", "Derja", "Tounsi"])
def test_any_name_in_any_word_order_finds_aeb_first(qtbot, pane: BrowserPane, text: str) -> None:  # type: ignore[no-untyped-def]
    assert _type(qtbot, pane, text)[0] == ("language", "aeb")
    assert pane.current_record() is not None and pane.current_record().code == "aeb"


def test_an_autonym_finds_its_language_and_the_card_says_which_name(qtbot, pane: BrowserPane) -> None:  # type: ignore[no-untyped-def]
    rows = _type(qtbot, pane, "Deutsch")
    assert rows[0] == ("language", "de")
    assert ("region", "DE") in rows  # "Deutschland", CLDR's name in German
    text = pane.details.toPlainText()
    assert "Found by the name “Deutsch” (autonym (CLDR))." in text.splitlines()
    # The Type filter applies to the names' hits too.
    pane.type_combo.setCurrentIndex(pane.type_combo.findData("region"))
    first = pane.visible_records()[0]
    assert (first.type, first.code) == ("region", "DE")
    assert "Found by the name “Deutschland” (CLDR name in German)." in pane.details.toPlainText().splitlines()
    assert all(r.type == "region" for r in pane.visible_records())


def test_britain_lists_gb_and_brazilian_portuguese_lists_pt(qtbot, pane: BrowserPane) -> None:  # type: ignore[no-untyped-def]
    rows = _type(qtbot, pane, "britain")
    assert ("region", "GB") in rows[:2]
    assert _type(qtbot, pane, "brazilian portuguese")[0] == ("language", "pt")


def test_a_language_card_lists_sils_tag_sets(qtbot, pane: BrowserPane) -> None:  # type: ignore[no-untyped-def]
    assert _type(qtbot, pane, "aa")[0] == ("language", "aa")
    lines = pane.details.toPlainText().splitlines()
    start = lines.index("SIL's tag sets (langtags data, not the registry)")
    assert lines[start + 1] == "Each full tag (SIL's maximal form), with the tags SIL treats as equivalent."
    # One cell a line: the header, then each set's full tag and its equivalent tags, SIL's own set first.
    assert lines[start + 2 : start + 14] == [
        "Full tag", "Equivalent tags",
        "aa-Latn-ET", "aa, aa-ET, aa-Latn",
        "aa-Arab-ET", "aa-Arab",
        "aa-Latn-DJ", "aa-DJ",
        "aa-Latn-ER", "aa-ER",
        "aa-Ethi-ET", "aa-Ethi",
    ]  # fmt: skip
    # A click on SIL's full tag asks to open it in the editor.
    cursor = pane.details.document().find("aa-Latn-DJ", 0, QTextDocument.FindFlag.FindCaseSensitively)
    assert not cursor.isNull()
    cursor.setPosition(cursor.selectionStart() + 2)
    pane.details.setTextCursor(cursor)
    pane.details.ensureCursorVisible()
    point = pane.details.cursorRect(cursor).center()
    assert pane.details.anchorAt(point) == "tag:aa-Latn-DJ"
    with qtbot.waitSignal(pane.open_tag_requested, timeout=2000) as blocker:
        qtbot.mouseClick(pane.details.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert blocker.args == ["aa-Latn-DJ"]


def test_english_card_says_how_many_tag_sets_it_leaves_out(qtbot, pane: BrowserPane) -> None:  # type: ignore[no-untyped-def]
    assert _type(qtbot, pane, "en")[0] == ("language", "en")
    lines = pane.details.toPlainText().splitlines()
    assert "The first 8 of SIL's 104 tag sets for en." in lines
    start = lines.index("SIL's tag sets (langtags data, not the registry)")
    assert lines[start + 4 : start + 8] == ["en-Latn-US", "en, en-Latn, en-US", "en-Latn-001", "en-001"]


def test_without_sil_data_for_a_language_the_card_says_so(qtbot, pane: BrowserPane) -> None:  # type: ignore[no-untyped-def]
    assert pane.show_record("language", "qaa")
    assert "SIL's tag sets" not in pane.details.toPlainText()  # a range record: no card section
    assert pane.show_record("language", "tw")
    assert "SIL has no tag set for tw." in pane.details.toPlainText().splitlines()


def test_a_later_search_forgets_which_name_found_a_record(qtbot, pane: BrowserPane) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, pane, "Deutsch")
    assert "Found by the name “Deutsch” (autonym (CLDR))." in pane.details.toPlainText().splitlines()
    assert _type(qtbot, pane, "de-CH")[:2] == [("language", "de"), ("region", "CH")]  # a tag: its subtags' records
    assert "Found by" not in pane.details.toPlainText()
