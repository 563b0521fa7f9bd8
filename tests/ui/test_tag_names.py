"""The editor's CLDR names: the tag's name and autonym above the tables, each subtag's CLDR name in the
breakdown beside the registry description, the display-language picker (a persisted setting, default the
system language CLDR has), and names loaded only after start-up."""

from __future__ import annotations

import pytest
from bcp47_explorer.core.data import bundled_engine, bundled_namer, bundled_names
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.ui.breakdown import COLUMNS
from bcp47_explorer.ui.editor import EditorPane
from bcp47_explorer.ui.settings import Settings
from bcp47_explorer.ui.state import TagState
from bcp47_explorer.ui.tag_names import SETTING, system_display_language
from PySide6.QtCore import Qt

NAME_COL = [c.header for c in COLUMNS].index("Name (CLDR)")
DESC_COL = [c.header for c in COLUMNS].index("Description")


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


def _pane(qtbot, engine: TagEngine, settings: Settings) -> EditorPane:  # type: ignore[no-untyped-def]
    pane = EditorPane(TagState(), engine, engine.registry, settings)
    qtbot.addWidget(pane)
    pane.show()
    return pane


def _column(pane: EditorPane, col: int) -> list[str]:
    model = pane.breakdown_model
    return [model.data(model.index(r, col)) for r in range(model.rowCount())]


def test_typed_tag_shows_its_name_autonym_and_subtag_names(qtbot, engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = Settings(tmp_path / "s.ini")
    settings.set_value(SETTING, "en")
    pane = _pane(qtbot, engine, settings)
    pane.editor.setFocus()
    qtbot.keyClicks(pane.editor, "sr-Latn-RS")
    bar = pane.names_bar
    qtbot.waitUntil(lambda: bar.name_label.text() == "Serbian (Latin, Serbia)", timeout=5000)
    assert bar.autonym_label.text() == "srpski (latinica, Srbija)"
    qtbot.waitUntil(lambda: _column(pane, NAME_COL) == ["Serbian", "Latin", "Serbia"], timeout=5000)
    assert _column(pane, DESC_COL) == ["Serbian", "Latin", "Serbia"]  # the registry's, beside CLDR's
    assert pane.breakdown_model.headerData(NAME_COL, Qt.Orientation.Horizontal) == "Name (CLDR)"
    tip = pane.breakdown_model.data(pane.breakdown_model.index(1, NAME_COL), Qt.ItemDataRole.ToolTipRole)
    assert tip == "CLDR's name (en); registry: Latin"


def test_picking_a_display_language_by_keyboard_renames_everything_and_persists(qtbot, engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = Settings(tmp_path / "s.ini")
    settings.set_value(SETTING, "en")
    pane = _pane(qtbot, engine, settings)
    pane.set_text("de-CH-u-co-phonebk")
    box = pane.names_bar.language_box
    assert box.count() == 2  # the system entry and the chosen language: the rest waits for the list's use
    box.setFocus()
    qtbot.keyClicks(box, "ja")
    qtbot.waitUntil(lambda: box.currentData() == "ja", timeout=3000)
    assert box.count() == 766  # the 765 CLDR 48 locales other than root, and the system entry
    assert box.currentText() == "ja — 日本語"
    # CLDR ja names de-CH "標準ドイツ語 (スイス)": its parentheses become brackets inside the pattern
    assert pane.names_bar.name_label.text() == "標準ドイツ語 [スイス] (電話帳順)"
    assert _column(pane, NAME_COL)[:2] == ["ドイツ語", "スイス"]
    assert pane.names_bar.autonym_label.text() == "Schweizer Hochdeutsch (Telefonbuch-Sortierung)"
    settings.sync()  # settings reach the file through the one safe writer on sync (the window syncs on close)
    assert Settings(tmp_path / "s.ini").value(SETTING) == "ja"
    # a new editor on the same settings starts in Japanese
    again = _pane(qtbot, engine, Settings(tmp_path / "s.ini"))
    again.set_text("fr")
    assert again.names_bar.name_label.text() == "フランス語"


def test_the_default_follows_the_system_language_cldr_has(qtbot, engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    namer = bundled_namer()
    assert system_display_language(namer, ["tlh", "fr-CA", "de"]) == "fr-CA"
    assert system_display_language(namer, ["tlh", "i-klingon"]) == "en"
    pane = _pane(qtbot, engine, Settings(tmp_path / "s.ini"))
    pane.set_text("de")
    assert pane.names_bar.language_box.currentData() == ""
    assert pane.names_bar.language_box.currentText().startswith("System language (")
    expected = bundled_namer().display_name("de", system_display_language(namer))
    assert pane.names_bar.name_label.text() == expected


def test_a_tag_that_is_not_well_formed_says_it_has_no_name(qtbot, engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = Settings(tmp_path / "s.ini")
    settings.set_value(SETTING, "en")
    pane = _pane(qtbot, engine, settings)
    pane.set_text("en-US-x-")
    assert pane.names_bar.name_label.text() == "(not well-formed: no name)"
    assert pane.names_bar.autonym_label.text() == ""
    pane.set_text("")
    assert pane.names_bar.name_label.text() == "—"


def test_the_names_are_not_loaded_while_the_editor_is_built(qtbot, engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    bundled_names.cache_clear()
    settings = Settings(tmp_path / "s.ini")
    settings.set_value(SETTING, "en")
    pane = EditorPane(TagState(), engine, engine.registry, settings)
    qtbot.addWidget(pane)
    pane.editor.set_text("de")  # no flush: the way typing goes
    qtbot.wait(300)  # the event loop runs, but the pane is not on screen yet: nothing is read
    assert bundled_names.cache_info().currsize == 0  # the pack is not even opened yet
    assert pane.names_bar.name_label.text() == ""
    pane.show()
    assert bundled_names.cache_info().currsize == 0
    qtbot.waitUntil(lambda: pane.names_bar.name_label.text() == "German", timeout=5000)
    assert pane.names_bar.loaded


def test_a_damaged_names_pack_is_reported_in_the_bar_and_editing_goes_on(qtbot, engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.core.data import load_names, resource_path
    from bcp47_explorer.ui import tag_names

    damaged = tmp_path / "names.pack"
    data = bytearray(resource_path("cldr-names.pack").read_bytes())
    data[-5000:] = b"\0" * 5000  # the last locales' blobs are garbage, the header is intact
    damaged.write_bytes(bytes(data))
    pack = load_names(damaged)
    settings = Settings(tmp_path / "s.ini")
    settings.set_value(SETTING, "zu")  # the last locale in the pack: its blob is damaged
    pane = _pane(qtbot, engine, settings)
    original = tag_names.bundled_names
    tag_names.bundled_names = lambda: pack  # type: ignore[assignment]
    try:
        pane.set_text("de")
    finally:
        tag_names.bundled_names = original  # type: ignore[assignment]
    assert pane.names_bar.name_label.text() == "(CLDR display names are not available)"
    assert "damaged" in pane.names_bar.name_label.toolTip()
    assert pane.status.text().startswith("✔ well-formed")  # the rest of the editor carries on


def test_the_name_labels_always_have_a_tooltip(qtbot, engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = Settings(tmp_path / "s.ini")
    settings.set_value(SETTING, "en")
    pane = _pane(qtbot, engine, settings)
    for text in ("", "aaa", "de"):
        pane.set_text(text)
        assert pane.names_bar.name_label.toolTip() and pane.names_bar.autonym_label.toolTip(), text


def test_a_long_name_in_a_narrow_window_ends_with_an_ellipsis(qtbot, engine, tmp_path) -> None:  # type: ignore[no-untyped-def]
    settings = Settings(tmp_path / "s.ini")
    settings.set_value(SETTING, "en")
    pane = _pane(qtbot, engine, settings)
    pane.resize(1200, 450)
    pane.editor.setFocus()
    qtbot.keyClicks(pane.editor, "sl-IT-rozaj-biske-1994")
    bar = pane.names_bar
    qtbot.waitUntil(lambda: bar.name_label.text().startswith("Slovenian (Italy"), timeout=5000)
    full = bar.name_label.text()
    assert bar.name_label.shown_text() == full  # wide enough: the whole name
    pane.resize(500, 450)
    qtbot.waitUntil(lambda: bar.name_label.shown_text() != full, timeout=2000)
    shown = bar.name_label.shown_text()
    assert shown.endswith("…") and full.startswith(shown[:-1])
    assert bar.name_label.fontMetrics().horizontalAdvance(shown) <= bar.name_label.contentsRect().width()
    # A screen reader reads the whole name, not the part that fits, and what the label is (issue 23).
    assert bar.name_label.text() == full and bar.name_label.accessibleName() == full
    assert bar.name_label.accessibleDescription() == "Tag name"
    assert full in bar.name_label.toolTip()
    pane.resize(1200, 450)
    qtbot.waitUntil(lambda: bar.name_label.shown_text() == full, timeout=2000)
