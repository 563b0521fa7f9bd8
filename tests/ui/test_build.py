"""Pins the Build pane (issue 10): tags built by keyboard only, each checked against the engine (valid, canonical,
no Prefix warning); the pickers follow a tag typed in the editor; the script and variant pickers explain what
they offer; "Use in tag" in the Registry pane places variants by the same rules (issue 11 item 4)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.data import bundled_cldr, bundled_engine
from bcp47_explorer.ui.build import STEPS, BuildPane
from bcp47_explorer.ui.editor import EditorPane
from bcp47_explorer.ui.settings import Settings
from bcp47_explorer.ui.state import TagState
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QApplication, QHBoxLayout, QWidget

ALT = Qt.KeyboardModifier.AltModifier


class Setup:
    def __init__(self, qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
        self.state = TagState("")
        engine = bundled_engine()
        self.window = QWidget()
        self.editor = EditorPane(self.state, engine, registry, Settings(settings_path))
        self.pane = BuildPane(self.state, engine, registry, bundled_cldr())
        layout = QHBoxLayout(self.window)
        layout.addWidget(self.editor)
        layout.addWidget(self.pane)
        qtbot.addWidget(self.window)
        self.window.resize(1600, 720)
        self.window.show()
        self.window.activateWindow()
        qtbot.waitExposed(self.window)
        qtbot.waitUntil(self.window.isActiveWindow)
        self.qtbot = qtbot

    def focused(self) -> QWidget:
        widget = QApplication.focusWidget()
        assert widget is not None
        return widget

    def type(self, text: str) -> None:
        """Type *text* where the keyboard focus is, then press Enter."""
        widget = self.focused()
        if text.isascii():
            self.qtbot.keyClicks(widget, text)
        else:  # QTest types only Latin-1: other characters come as a keyboard layout sends them, key 0 with text
            for ch in text:
                for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                    QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))
        self.qtbot.keyClick(self.focused(), Qt.Key.Key_Return)

    def alt(self, digit: int) -> None:
        self.qtbot.keyClick(self.focused(), getattr(Qt.Key, f"Key_{digit}"), ALT)


@pytest.fixture
def setup(qtbot, registry, settings_path) -> Setup:  # type: ignore[no-untyped-def]
    s = Setup(qtbot, registry, settings_path)
    qtbot.waitUntil(lambda: s.pane.ready, timeout=20000)
    s.pane.go_to_step(0)
    return s


# Each build: what to type, step by step (a digit is Alt+digit, to jump to that step).
BUILDS = {
    "sr-Latn-RS": ["sr", "Latn", "RS"],
    "sl-IT-rozaj-biske-1994": ["sl", 3, "IT", "rozaj", "biske", "1994"],
    "zh-Hant-TW": ["zh", "Hant", "TW"],
    "en-GB-oxendict": ["en", 3, "GB", "oxendict"],
    "ja-Latn-hepburn": ["ja", "Latn", 4, "hepburn"],
    "de-CH-1901": ["de", 3, "CH", "1901"],
    "yue-HK": ["yue", 3, "HK"],
    "en-t-ar-m0-ungegn": ["en", 6, "ar", "ungegn"],
}


@pytest.mark.parametrize("expected", list(BUILDS))
def test_builds_by_keyboard_a_valid_canonical_tag(setup: Setup, expected: str) -> None:
    for step in BUILDS[expected]:
        if isinstance(step, int):
            setup.alt(step)
        else:
            setup.type(step)
    assert setup.state.tag() == expected
    result = bundled_engine().check(expected)
    assert result.valid
    assert result.canonical == expected
    assert not [d for d in result.diagnostics if d.code == "prefix-mismatch"]
    assert setup.pane.tag_label.text().count("<span") >= 2  # coloured by role
    assert "✔ valid" in setup.pane.status_label.text()
    assert setup.pane.canonical_field.text() == expected


def test_enter_moves_to_the_next_step_and_alt_digits_jump(setup: Setup) -> None:
    setup.type("sr")
    assert setup.pane.steps.currentIndex() == 1
    assert setup.focused() is setup.pane.pickers["script"].filter_edit
    setup.alt(7)
    assert setup.pane.steps.currentIndex() == 6
    assert setup.focused() is setup.pane.x_edit
    setup.qtbot.keyClick(setup.focused(), Qt.Key.Key_Left, ALT)
    assert setup.pane.steps.currentIndex() == 5


def test_result_shows_name_forms_and_copy(setup: Setup) -> None:
    for step in ("sr", "Latn", "RS"):
        setup.type(step)
    pane = setup.pane
    assert pane.name_label.text() == "Serbian (Latin, Serbia)"
    assert pane.unicode_field.text() == "sr-Latn-RS"
    setup.qtbot.mouseClick(pane.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "sr-Latn-RS"
    # The tag's subtags are painted in the editor's role colours.
    from bcp47_explorer.ui.roles import role_colour

    html = pane.tag_label.text()
    assert role_colour("script", pane.palette()).name() in html
    assert role_colour("region", pane.palette()).name() in html


def test_arrows_move_and_enter_chooses_the_moved_to_row(setup: Setup) -> None:
    setup.qtbot.keyClicks(setup.focused(), "serbian")
    picker = setup.pane.pickers["language"]
    rows = picker.model.rows()
    assert rows[0].code == "sr"
    setup.qtbot.keyClick(setup.focused(), Qt.Key.Key_Down)
    assert picker.current_choice() is rows[1]
    setup.qtbot.keyClick(setup.focused(), Qt.Key.Key_Return)
    assert setup.state.tag() == rows[1].target


def test_the_script_picker_puts_likely_and_suppressed_scripts_first(setup: Setup) -> None:
    setup.type("sr")
    picker = setup.pane.pickers["script"]
    rows = picker.model.rows()
    assert [r.code for r in rows[:2]] == ["Cyrl", "Latn"]
    assert rows[0].mark == "likely for sr (CLDR); default for sr (SIL)"
    assert setup.pane.script_advice.text() == (
        "'sr' is written in Cyrillic and Latin; 'sr' alone means Cyrillic (CLDR likely subtags)."
    )
    assert len(rows) == 225  # every script record
    setup.alt(1)
    setup.type("en")
    rows = picker.model.rows()
    assert rows[0].code == "Latn" and "adds nothing" in rows[0].mark
    setup.type("Latn")
    assert "adds nothing" in setup.pane.notice_label.text()
    assert "suppress-script" in [d.code for d in bundled_engine().check(setup.state.tag()).diagnostics]


def test_the_region_picker_puts_the_likely_region_first_and_finds_m49_areas(setup: Setup) -> None:
    setup.type("zh")
    setup.type("Hant")
    rows = setup.pane.pickers["region"].model.rows()
    assert rows[0].code == "TW" and rows[0].mark == "likely for zh-Hant (CLDR); default for zh-Hant (SIL)"
    setup.qtbot.keyClicks(setup.focused(), "latin america")
    assert setup.pane.pickers["region"].current_choice().code == "419"


def test_deprecated_codes_lead_to_their_replacement(setup: Setup) -> None:
    setup.type("iw")
    assert setup.state.tag() == "he"
    assert "deprecated" in setup.pane.notice_label.text()
    setup.alt(3)
    setup.type("BU")
    assert setup.state.tag() == "he-MM"


def test_greyed_variants_say_why_and_are_not_chosen(setup: Setup) -> None:
    setup.type("sl")
    setup.alt(4)
    picker = setup.pane.pickers["variant"]
    biske = next(r for r in picker.model.rows() if r.code == "biske")
    assert not biske.enabled and biske.mark == "needs 'rozaj' first (its Prefix is 'sl-rozaj')"
    setup.type("biske")
    assert setup.state.tag() == "sl"
    assert "needs 'rozaj' first" in setup.pane.notice_label.text()
    # Variants of other languages are greyed with the language they are for.
    oxendict = next(r for r in picker.all_choices() if r.code == "oxendict")
    assert not oxendict.enabled and "is for 'en'" in oxendict.mark
    setup.type("rozaj")
    assert next(r for r in picker.all_choices() if r.code == "biske").enabled
    setup.type("rozaj")  # Enter on a variant already in the tag removes it
    assert setup.state.tag() == "sl"


def test_macrolanguages_specials_and_extlangs_are_marked(setup: Setup) -> None:
    picker = setup.pane.pickers["language"]
    setup.qtbot.keyClicks(setup.focused(), "zh")
    zh = picker.current_choice()
    assert zh.code == "zh" and zh.mark.startswith("macrolanguage of") and "cmn (Mandarin Chinese)" in zh.detail
    setup.qtbot.keyClick(setup.focused(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    setup.qtbot.keyClicks(setup.focused(), "und")
    assert picker.current_choice().mark.startswith("special")
    setup.qtbot.keyClick(setup.focused(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    setup.type("yue")
    assert picker.model.rows()[0].mark == "in zh"
    box = setup.pane.extlang_box
    assert box.isEnabled() and "rarely preferred" in box.text()
    setup.qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert setup.state.tag() == "zh-yue"
    setup.qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert setup.state.tag() == "yue"
    setup.alt(1)
    setup.type("de")
    assert not box.isVisible()


def test_pickers_follow_a_tag_typed_in_the_editor(setup: Setup) -> None:
    setup.editor.focus_input()
    setup.qtbot.keyClicks(setup.editor.editor, "sl-IT-rozaj-biske")
    setup.qtbot.waitUntil(lambda: setup.state.tag() == "sl-IT-rozaj-biske", timeout=3000)
    pane = setup.pane
    titles = [pane.steps.tabText(i) for i in range(len(STEPS))]
    assert titles[:4] == ["1 Language: sl", "2 Script", "3 Region: IT", "4 Variants: rozaj-biske"]
    assert pane.pickers["language"].current_choice().code == "sl"
    assert pane.pickers["region"].current_choice().code == "IT"
    variants = {r.code: r for r in pane.pickers["variant"].model.rows()}
    assert variants["1994"].enabled and variants["biske"].mark == "in the tag (Enter removes it)"
    assert pane.name_label.text() == "Slovenian (Italy, San Giorgio/Bila dialect, Resian)"  # CLDR names it
    # And back: a choice in the pane shows in the editor.
    pane.go_to_step(3)
    setup.type("1994")
    setup.qtbot.waitUntil(lambda: setup.editor.text() == "sl-IT-rozaj-biske-1994", timeout=3000)


def test_private_use_is_set_and_checked(setup: Setup) -> None:
    setup.type("en")
    setup.alt(7)
    setup.type("mine-v2")
    assert setup.state.tag() == "en-x-mine-v2"
    setup.qtbot.keyClick(setup.focused(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    setup.type("toolongvalue")
    assert setup.state.tag() == "en-x-mine-v2"
    assert "cannot be a private-use subtag" in setup.pane.notice_label.text()


def test_t_builder_source_language_uses_the_same_pickers(setup: Setup) -> None:
    setup.type("en")
    setup.alt(6)
    setup.type("sr")
    t = setup.pane.t_builder
    t.tabs.setCurrentIndex(1)
    t.source_pickers["script"].focus_filter()
    assert t.source_pickers["script"].model.rows()[0].code == "Cyrl"
    setup.type("Latn")
    assert setup.state.tag() == "en-t-sr-latn"
    t.free_edit.setFocus()
    setup.type("x0-mine")
    assert setup.state.tag() == "en-t-sr-latn-x0-mine"
    t.free_edit.setFocus()
    setup.type("q")
    assert "letter and a digit" in setup.pane.notice_label.text()
    result = bundled_engine().check(setup.state.tag())
    assert result.valid and result.canonical == "en-t-sr-latn-x0-mine"


@pytest.mark.parametrize(("query", "code"), [("Deutsch", "de"), ("español", "es"), ("日本語", "ja"), ("German", "de"),
                                             ("srpski", "sr"), ("Spanish", "es")])  # fmt: skip
def test_the_language_picker_finds_autonyms_and_english_names_first(setup: Setup, query: str, code: str) -> None:
    setup.type(query)
    assert setup.state.tag() == code


def test_every_picker_has_accessible_names(setup: Setup) -> None:
    for picker in setup.pane.pickers.values():
        assert picker.filter_edit.accessibleName().startswith("Filter ")
        assert picker.view.accessibleName()
    for w in (setup.pane.copy_button, setup.pane.open_button, setup.pane.x_edit):
        assert w.accessibleName()
    assert setup.pane.tag_label.accessibleDescription() == "Built tag"  # its name is the tag it shows


# ----------------------------------------------------------------- issue 11 item 4, in the whole window
@pytest.fixture
def window(qtbot, registry, settings_path):  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.main_window import MainWindow

    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    win.build.load()
    qtbot.waitUntil(lambda: win.build.ready, timeout=20000)
    return win


def _use_in_tag(qtbot, win, query: str) -> None:  # type: ignore[no-untyped-def]
    """Search the Registry pane by keyboard, move into the results with Down, click "Use in tag"."""
    browser = win.browser
    win.show_pane("browser")
    qtbot.keyClick(browser.search_edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(browser.search_edit, query)
    qtbot.keyClick(browser.search_edit, Qt.Key.Key_Down)
    assert browser.current_record().code == query
    qtbot.mouseClick(browser.use_button, Qt.MouseButton.LeftButton)


def test_use_in_tag_places_variants_where_their_prefixes_are_met(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.state.set_tag("sl")
    _use_in_tag(qtbot, window, "biske")
    assert window.state.tag() == "sl-biske"  # alone, biske's Prefix sl-rozaj cannot be met yet
    _use_in_tag(qtbot, window, "rozaj")
    assert window.state.tag() == "sl-rozaj-biske"  # not sl-biske-rozaj
    _use_in_tag(qtbot, window, "1994")
    assert window.state.tag() == "sl-rozaj-biske-1994"
    window.editor.flush()
    assert not [d for d in window.editor.problems.diagnostics() if d.code == "prefix-mismatch"]
    # The Build pane shows the same tag, position by position.
    assert window.build.steps.tabText(3) == "4 Variants: rozaj-biske-1994"


def test_editor_offers_the_reorder_fix(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.show_pane("editor")
    editor = window.editor
    qtbot.keyClicks(editor.editor, "sl-biske-rozaj")
    editor.flush()
    problems = editor.problems
    rows = [d.code for d in problems.diagnostics()]
    assert "prefix-mismatch" in rows
    row = rows.index("prefix-mismatch")
    problems.list.setFocus()
    qtbot.mouseClick(problems.list.viewport(), Qt.MouseButton.LeftButton, pos=problems.list.visualRect(
        problems.model.index(row, 0)).center())  # fmt: skip
    assert problems.fix_button.text() == "Put the variants in the order 'rozaj-biske'"
    qtbot.mouseClick(problems.fix_button, Qt.MouseButton.LeftButton)
    assert editor.text() == "sl-rozaj-biske"
    editor.flush()
    assert not [d for d in problems.diagnostics() if d.code == "prefix-mismatch"]


def test_open_in_editor_shows_the_built_tag(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    window.show_pane("build")
    qtbot.keyClicks(QApplication.focusWidget(), "de")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.mouseClick(window.build.open_button, Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.editor
    assert window.editor.text() == "de"
