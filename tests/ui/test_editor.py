"""Pins the editor pane: typed text is coloured by the engine's roles (read back from the document),
problems are underlined at their span with hover text, the problems list selects spans and applies fixes,
forms copy to the clipboard, the history persists, paste and Enter keep one line, and the pane stays in
step with the shared TagState."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.teaching.examples import EXAMPLES
from bcp47_explorer.ui.editor import EditorPane, compute_forms
from bcp47_explorer.ui.roles import ROLE_STYLES, SEVERITY_STYLES
from bcp47_explorer.ui.settings import Settings
from bcp47_explorer.ui.state import TagState
from bcp47_explorer.ui.tag_edit import Utf16Map, clean_pasted
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QHelpEvent, QPalette, QTextCharFormat
from PySide6.QtWidgets import QToolTip

UL = QTextCharFormat.UnderlineStyle


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


@pytest.fixture
def settings(tmp_path) -> Settings:  # type: ignore[no-untyped-def]
    return Settings(tmp_path / "settings.ini")


@pytest.fixture
def state() -> TagState:
    return TagState()


@pytest.fixture
def pane(qtbot, state, engine, settings) -> EditorPane:  # type: ignore[no-untyped-def]
    w = EditorPane(state, engine, engine.registry, settings)
    w.editor.setPalette(_light())
    qtbot.addWidget(w)
    w.resize(900, 600)
    return w


def _light() -> QPalette:
    pal = QPalette()
    pal.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
    return pal


def fmt_at(pane: EditorPane, qt_pos: int) -> QTextCharFormat:
    """Return the highlighter's format covering UTF-16 position *qt_pos* of the editor's only block."""
    ranges = pane.editor.document().firstBlock().layout().formats()
    for rng in ranges:
        if rng.start <= qt_pos < rng.start + rng.length:
            return QTextCharFormat(rng.format)  # a copy: the range list owns the original
    return QTextCharFormat()


def colour_at(pane: EditorPane, qt_pos: int) -> str:
    return fmt_at(pane, qt_pos).foreground().color().name()


def type_tag(qtbot, pane: EditorPane, text: str) -> None:  # type: ignore[no-untyped-def]
    pane.editor.setFocus()
    qtbot.keyClicks(pane.editor, text)
    qtbot.waitUntil(lambda: pane.breakdown_model.rowCount() > 0 or not text, timeout=1000)
    pane.flush()


def test_typed_subtags_are_coloured_by_role(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    type_tag(qtbot, pane, "sr-Latn-RS-u-nu-latn")
    assert pane.editor.text() == "sr-Latn-RS-u-nu-latn"
    expect = {0: "language", 3: "script", 8: "region", 11: "singleton", 13: "u-key", 16: "u-type"}
    for pos, role in expect.items():
        assert colour_at(pane, pos) == ROLE_STYLES[role].light.lower(), (pos, role)
    # Separators are not part of any subtag and stay unpainted.
    assert fmt_at(pane, 2).foreground().style() == Qt.BrushStyle.NoBrush
    assert [r.role for r in pane.breakdown_model.rows()] == [
        "language",
        "script",
        "region",
        "singleton",
        "u-key",
        "u-type",
    ]


def test_t_source_subtags_are_coloured_and_described_by_their_role(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    type_tag(qtbot, pane, "en-t-de-it")
    # 'it' is the region of the -t- source tag (Italy), not the language Italian.
    assert colour_at(pane, 5) == ROLE_STYLES["t-language"].light.lower()
    assert colour_at(pane, 8) == ROLE_STYLES["t-region"].light.lower()
    assert fmt_at(pane, 8).fontItalic()
    rows = {r.text: r for r in pane.breakdown_model.rows()}
    assert (rows["de"].role, rows["de"].description) == ("t-language", "source language: German")
    assert (rows["it"].role, rows["it"].description) == ("t-region", "source region: Italy")
    assert rows["it"].record_type == "region"


def test_each_keystroke_repaints_without_waiting_for_the_timer(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.editor.setFocus()
    qtbot.keyClicks(pane.editor, "de-C")
    qtbot.keyClicks(pane.editor, "H")
    # The colour is there at once; the tables follow after the debounce.
    assert colour_at(pane, 3) == ROLE_STYLES["region"].light.lower()
    qtbot.waitUntil(lambda: [r.text for r in pane.breakdown_model.rows()] == ["de", "CH"], timeout=1000)


def test_non_bmp_characters_shift_qt_positions(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("en-😀-US")
    # Python index 5 ('U') is UTF-16 position 6 because the emoji takes two code units.
    assert colour_at(pane, 6) == ROLE_STYLES["region"].light.lower()
    assert colour_at(pane, 0) == ROLE_STYLES["language"].light.lower()
    assert fmt_at(pane, 3).underlineStyle() == UL.WaveUnderline
    assert fmt_at(pane, 4).underlineStyle() == UL.WaveUnderline  # second half of the surrogate pair
    assert fmt_at(pane, 6).underlineStyle() == UL.NoUnderline
    m = Utf16Map("a😀b")
    assert [m.to_qt(i) for i in range(4)] == [0, 1, 3, 4] and [m.to_py(q) for q in range(5)] == [0, 1, 1, 2, 3]


def test_problems_are_underlined_at_their_span_by_severity(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("en-US-Latn")
    for pos in range(6, 10):
        f = fmt_at(pane, pos)
        assert f.underlineStyle() == UL.WaveUnderline
        assert f.underlineColor().name() == SEVERITY_STYLES["error"].light.lower()
    assert colour_at(pane, 6) == ROLE_STYLES["script"].light.lower()  # keeps its role colour too
    assert fmt_at(pane, 0).underlineStyle() == UL.NoUnderline
    pane.set_text("iw")
    assert fmt_at(pane, 0).underlineStyle() == UL.DashUnderline  # a warning, not an error


def test_empty_subtag_is_marked_where_it_is_missing(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("en-US-")
    marked = [p for p in range(6) if fmt_at(pane, p).underlineStyle() != UL.NoUnderline]
    assert marked and max(marked) == 5


def test_hover_shows_role_description_and_message(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("en-US-Latn")
    tip = pane.tooltip_at(7)
    assert "Latn" in tip and "script" in tip and "before the region" in tip
    assert "region" in pane.tooltip_at(3) and "United States" in pane.tooltip_at(3)
    # A real tooltip event on the viewport shows the same text.
    pane.show()
    qtbot.waitExposed(pane)
    rect = pane.editor.cursorRect(pane.editor.textCursor())
    cursor = pane.editor.textCursor()
    cursor.setPosition(8)
    rect = pane.editor.cursorRect(cursor)
    vp = pane.editor.viewport()
    pos = QPoint(rect.center().x(), rect.center().y())
    event = QHelpEvent(QEvent.Type.ToolTip, pos, vp.mapToGlobal(pos))
    QGuiApplication.sendEvent(vp, event)
    assert "before the region" in QToolTip.text()


def test_clicking_a_problem_selects_its_span(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("en-US-Latn")
    lst = pane.problems.list
    pane.show()
    qtbot.waitExposed(pane)
    rect = lst.visualRect(lst.model().index(0, 0))
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert pane.editor.selected_span() == (6, 10)
    assert pane.editor.textCursor().selectedText() == "Latn"


def test_fix_button_applies_the_fix(qtbot, state, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("en-US-Latn")
    assert pane.problems.fix_button.isEnabled()  # the first problem with a fix is the current one
    pane.problems.select_row(0)
    assert pane.problems.fix_button.isEnabled()
    assert "order" in pane.problems.fix_button.text()
    qtbot.mouseClick(pane.problems.fix_button, Qt.MouseButton.LeftButton)
    assert pane.editor.text() == "en-Latn-US"
    assert state.tag() == "en-Latn-US"
    assert pane.status.text().startswith("✔ well-formed")
    pane.editor.undo()
    assert pane.editor.text() == "en-US-Latn"


def test_status_line_reports_levels_and_counts(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("en-a-bbb-a-ccc")
    text = pane.status.text()
    assert "✔ well-formed" in text and "✘ not valid" in text and "1 error" in text and "1 warning" in text
    pane.set_text("en--US")
    assert "✘ not well-formed" in pane.status.text()


def test_copy_puts_each_form_on_the_clipboard(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("zh-cmn-Hans-CN")
    assert pane.copy_form("canonical") == "cmn-Hans-CN"
    assert QGuiApplication.clipboard().text() == "cmn-Hans-CN"
    assert pane.form_fields["canonical"].text() == "cmn-Hans-CN"
    assert "cmn" in pane.form_fields["canonical"].toolTip() and "Steps" in pane.form_fields["canonical"].toolTip()
    pane.set_text("yue-HK")
    assert pane.copy_form("extlang") == "zh-yue-HK"
    assert QGuiApplication.clipboard().text() == "zh-yue-HK"
    # The legacy LDML locale of a tag without -u- is its '_' spelling, as `bcp47 explain` gives it (one list
    # of forms); an ill-formed tag has none, and the clipboard is left alone with a message.
    assert pane.copy_form("legacy") == "yue_HK"
    pane.set_text("en--US")
    assert pane.copy_form("legacy") is None
    assert QGuiApplication.clipboard().text() == "yue_HK"
    assert "No Legacy LDML keywords form" in pane.notice.text()


def test_copy_buttons_and_shortcuts(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("de-DE-u-co-phonebk")
    qtbot.mouseClick(pane.form_buttons["legacy"], Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "de_DE@collation=phonebook"
    pane.show()
    qtbot.waitExposed(pane)
    pane.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is not None, timeout=1000)
    pane.editor.setFocus()
    qtbot.keyClick(pane.editor, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert QGuiApplication.clipboard().text() == "de-DE-u-co-phonebk"
    shortcuts = [a.shortcut().toString() for a in pane.form_actions()]
    assert shortcuts == ["Ctrl+Shift+C", "Ctrl+Shift+E", "Ctrl+Shift+U", "Ctrl+Shift+M", "Ctrl+Shift+N", "Ctrl+Shift+L"]


def test_likely_subtag_forms_shown_and_copied_by_shortcut(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    """Typing zh-TW shows the maximized form zh-Hant-TW with why; Ctrl+Shift+M / Ctrl+Shift+N copy max and min."""
    pane.show()
    qtbot.waitExposed(pane)
    pane.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is not None, timeout=1000)
    pane.editor.setFocus()
    pane.editor.clear()
    qtbot.keyClicks(pane.editor, "cmn-TW")
    qtbot.waitUntil(lambda: pane.form_fields["maximized"].text() == "zh-Hant-TW", timeout=2000)
    assert pane.form_fields["minimized"].text() == "zh-TW"
    qtbot.keyClick(pane.editor, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert QGuiApplication.clipboard().text() == "zh-Hant-TW"
    qtbot.keyClick(pane.editor, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert QGuiApplication.clipboard().text() == "zh-TW"
    pane.steps_button.click()
    assert "zh-TW means script Hant (Han (Traditional variant))" in pane.steps_view.toPlainText()
    pane.editor.clear()
    qtbot.keyClicks(pane.editor, "qaa")
    qtbot.waitUntil(lambda: pane.form_fields["maximized"].text() == "", timeout=2000)


def test_steps_are_listed_when_asked(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.show()
    pane.set_text("en-BU")
    assert not pane.steps_view.isVisible()
    pane.steps_button.click()
    assert pane.steps_view.isVisible()
    assert "BU" in pane.steps_view.toPlainText() and "MM" in pane.steps_view.toPlainText()


def test_enter_commits_to_a_history_that_persists(qtbot, tmp_path, state, engine, pane) -> None:  # type: ignore[no-untyped-def]
    type_tag(qtbot, pane, "fr-CA")
    qtbot.keyClick(pane.editor, Qt.Key.Key_Return)
    assert pane.editor.text() == "fr-CA"  # no new line
    pane.set_text("de-AT")
    qtbot.keyClick(pane.editor, Qt.Key.Key_Enter)
    assert pane.history()[:2] == ["de-AT", "fr-CA"]
    pane._settings.sync()
    again = Settings(tmp_path / "settings.ini")
    assert again.value("editor/history")[:2] == ["de-AT", "fr-CA"]
    other = EditorPane(TagState(), engine, engine.registry, again)
    qtbot.addWidget(other)
    menu = other.history_menu()
    menu.aboutToShow.emit()
    texts = [a.text() for a in menu.actions()]
    assert texts[:2] == ["de-AT", "fr-CA"]
    menu.actions()[1].trigger()
    assert other.editor.text() == "fr-CA"


def test_paste_is_trimmed_to_one_line_and_says_so(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.show()
    QGuiApplication.clipboard().setText("  en-GB \r\n")
    pane.editor.paste()
    pane.flush()
    assert pane.editor.text() == "en-GB"
    assert pane.notice.isVisible() and "Removed" in pane.notice.text()
    pane.set_text("")
    QGuiApplication.clipboard().setText("de\nfr\n")
    pane.editor.paste()
    pane.flush()
    assert pane.editor.text() == "de"
    assert "2 lines" in pane.notice.text()
    qtbot.keyClicks(pane.editor, "-CH")
    pane.flush()
    assert "2 lines" not in pane.notice.text()  # the note retires with the next edit
    assert clean_pasted("\t\n") == ("", "Ignored pasted text that held only spaces or line breaks.")
    assert clean_pasted("en") == ("en", None)


def test_non_ascii_input_is_marked_and_explained(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.show()
    pane.set_text("tr-Latı")
    assert fmt_at(pane, 6).background().style() != Qt.BrushStyle.NoBrush
    assert fmt_at(pane, 5).background().style() == Qt.BrushStyle.NoBrush
    assert pane.notice.isVisible()
    assert "U+0131 LATIN SMALL LETTER DOTLESS I at 6" in pane.notice.text()
    assert "not ASCII" in pane.tooltip_at(6)


def test_breakdown_shows_registry_and_cldr_fields(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("en-BU")
    rows = {r.text: r for r in pane.breakdown_model.rows()}
    assert rows["BU"].deprecated == "1989-12-05" and rows["BU"].preferred_value == "MM"
    assert rows["BU"].description == "Burma"
    pane.set_text("sl-rozaj-biske-u-co-phonebk")
    rows = {r.text: r for r in pane.breakdown_model.rows()}
    assert rows["biske"].prefix == "sl-rozaj" and rows["biske"].role == "variant"
    assert rows["co"].description.startswith("Collation")
    assert rows["phonebk"].description.startswith("Phonebook")
    model = pane.breakdown_model
    assert model.headerData(9, Qt.Orientation.Horizontal) == "Preferred-Value"
    assert model.data(model.index(0, 1)) == "language"  # the role is written out, not only coloured
    pane.set_text("ca-islamic-civil".replace("ca-", "ar-u-ca-"))
    rows = pane.breakdown_model.rows()
    assert "islamic-civil" in rows[-2].description and "part of" in rows[-1].description


def test_choosing_a_subtag_shows_its_record_in_the_card(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("sr-Latn-RS")
    pane.show()
    qtbot.waitExposed(pane)
    idx = pane.breakdown_model.index(1, 0)
    qtbot.mouseClick(pane.breakdown.viewport(), Qt.MouseButton.LeftButton, pos=pane.breakdown.visualRect(idx).center())
    assert "Latn" in pane.card_text() and "Latin" in pane.card_text()
    assert pane.editor.selected_span() == (3, 7)
    cursor = pane.editor.textCursor()
    cursor.setPosition(9)
    x = pane.editor.cursorRect(cursor).center()
    # A plain click places the caret only; Ctrl+click shows the record.
    qtbot.mouseClick(pane.editor.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x.x() - 2, x.y()))
    assert "Latin" in pane.card_text() and pane.editor.textCursor().position() in (8, 9)
    qtbot.mouseClick(
        pane.editor.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier, QPoint(x.x() - 2, x.y())
    )
    assert "RS" in pane.card_text() and "Serbia" in pane.card_text()
    pane.set_text("i-klingon")
    assert pane.show_subtag_at(3)
    assert "i-klingon" in pane.card_text() and "grandfathered" in pane.card_text()


def test_pane_follows_and_drives_the_shared_state(qtbot, state, pane) -> None:  # type: ignore[no-untyped-def]
    state.set_tag("ja-Jpan")
    assert pane.editor.text() == "ja-Jpan"
    assert [r.text for r in pane.breakdown_model.rows()] == ["ja", "Jpan"]
    type_tag(qtbot, pane, "-JP")
    qtbot.waitUntil(lambda: state.tag() == "ja-Jpan-JP", timeout=1000)


def test_examples_menu_loads_an_example_with_its_explanation(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    menu = pane.examples_menu()
    subs = [a.menu() for a in menu.actions() if a.menu()]
    actions = [a for m in subs for a in m.actions()]
    assert len(actions) == len(EXAMPLES)
    trap = next(a for a in actions if a.text().startswith("de-1901-1901\t"))
    assert trap.toolTip().endswith(".")
    pane.show()
    trap.trigger()
    assert pane.editor.text() == "de-1901-1901"
    assert "same variant twice" in pane.notice.text()
    assert pane.history()[0] == "de-1901-1901"


def test_dark_palette_switches_role_colours(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.set_text("de-CH")
    assert colour_at(pane, 3) == ROLE_STYLES["region"].light.lower()
    dark = QPalette()
    dark.setColor(QPalette.ColorRole.Base, QColor("#1e1e1e"))
    pane.editor.setPalette(dark)
    pane.highlighter.set_palette(dark)
    assert colour_at(pane, 3) == ROLE_STYLES["region"].dark.lower()


def test_forms_of_an_ill_formed_tag_say_why(engine) -> None:  # type: ignore[no-untyped-def]
    forms = compute_forms(engine, engine.check("en--US"))
    assert all(f.value is None and "not well-formed" in f.note for f in forms.values())


def test_two_status_lines_never_mix_the_verdicts(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    # Typed as a person would: en-u-xx-yyy is valid BCP 47 and not a valid Unicode locale identifier.
    pane.editor.clear()
    qtbot.keyClicks(pane.editor, "en-u-xx-yyy")
    qtbot.waitUntil(lambda: pane.status.text().startswith("✔ well-formed"))
    assert "✔ valid (RFC 5646)" in pane.status.text()
    assert pane.unicode_status.isVisibleTo(pane)
    assert pane.unicode_status.text().startswith("Unicode locale identifier (UTS #35): ✘ not valid: 'xx' is not")
    # An extlang: valid BCP 47, and the Unicode verdict's own problem is listed with the others.
    pane.editor.clear()
    qtbot.keyClicks(pane.editor, "zh-yue-HK")
    qtbot.waitUntil(lambda: "extlang" in pane.unicode_status.text())
    assert "✔ valid (RFC 5646)" in pane.status.text()
    codes = [d.code for d in pane._shown_diagnostics]
    assert "unicode-extlang" in codes
    assert pane.copy_form("unicode") == "yue-HK"
    # Both verdicts pass.
    pane.editor.clear()
    qtbot.keyClicks(pane.editor, "de-DE-u-co-phonebk")
    qtbot.waitUntil(lambda: pane.unicode_status.text().endswith("✔ valid"))
    # Not well-formed: no Unicode line at all.
    pane.editor.clear()
    qtbot.keyClicks(pane.editor, "en--US")
    qtbot.waitUntil(lambda: "✘ not well-formed" in pane.status.text())
    assert not pane.unicode_status.isVisibleTo(pane)
