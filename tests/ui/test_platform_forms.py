"""Pins the editor's platform forms and repair (issue 20): a valid tag's string on each platform is shown and copied
by its button with what it loses, and text that is not a valid tag shows the repair, which a click puts in the
editor; the Build pane shows CLDR's plausibility notes without changing the verdict."""

from __future__ import annotations

import html
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.ui.editor import EditorPane
from bcp47_explorer.ui.settings import Settings
from bcp47_explorer.ui.state import TagState
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


@pytest.fixture
def pane(qtbot, engine, tmp_path) -> EditorPane:  # type: ignore[no-untyped-def]
    w = EditorPane(TagState(), engine, engine.registry, Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(w)
    w.resize(900, 700)
    return w


def _type(qtbot, pane: EditorPane, text: str) -> None:  # type: ignore[no-untyped-def]
    pane.editor.setFocus()
    qtbot.keyClicks(pane.editor, text)
    pane.flush()


def test_a_valid_tag_shows_every_platform_s_form(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, pane, "sr-Latn-RS")
    shown = {k: f.text() for k, f in pane.platforms.fields.items()}
    assert shown == {
        "posix": "sr_RS.UTF-8@latin",
        "java": "sr_RS_#Latn",
        "android": "values-b+sr+Latn+RS",
        "windows": "sr-Latn-RS",
        "apple": "sr-Latn-RS.lproj",
        "icu": "sr_Latn_RS",
    }
    assert pane.platforms.fields["android"].toolTip() == (
        "The tag as Android resources writes it\n"
        "Loses or needs:\n• the 'b+' form needs Android 7.0 (API 24) or later; older versions ignore the folder"
    )
    assert pane.platforms.fields["windows"].toolTip() == "The tag as Windows/.NET writes it"
    assert not pane.platforms.repair_button.isVisibleTo(pane)


def test_a_platform_form_is_copied_by_its_button_and_says_what_it_loses(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, pane, "es-ES-u-co-trad")
    qtbot.mouseClick(pane.platforms.buttons["windows"], Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "es-ES_tradnl"
    assert pane.notice.text() == "Copied the Windows/.NET form: es-ES_tradnl"
    qtbot.mouseClick(pane.platforms.buttons["posix"], Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "es_ES.UTF-8"
    assert pane.notice.text() == (
        "Copied the POSIX (glibc) form: es_ES.UTF-8 (it loses or needs: the extensions u-co-trad (POSIX has no "
        "place for -u- or -t-))"
    )


def test_text_that_is_not_a_valid_tag_shows_the_repair_and_a_click_uses_it(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, pane, "uk-UK")
    assert all(f.text() == "" for f in pane.platforms.fields.values())
    assert pane.platforms.fields["posix"].placeholderText() == "only a valid tag has platform forms"
    assert pane.platforms.repair_label.text() == (
        "Repair: uk-UA — the language code written again as the region (CLDR likely subtags)\n"
        "Alternatives: uk-GB ('UK' is ISO 3166's reserved code for United Kingdom)\n"
        "Note: Two readings are close: 'uk-UK' as Ukrainian in Ukraine (the code written twice) or in United "
        "Kingdom ('UK' reserved for it); the first is taken."
    )
    assert pane.platforms.repair_button.isVisibleTo(pane)
    qtbot.mouseClick(pane.platforms.repair_button, Qt.MouseButton.LeftButton)
    assert pane.editor.text() == "uk-UA"
    assert pane.notice.text() == "Used the repair: the tag is now uk-UA (Ctrl+Z in the editor undoes it)."
    assert pane.platforms.fields["android"].text() == "values-uk-rUA"


def test_a_platform_string_typed_in_the_editor_is_repaired(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, pane, "sr_RS@latin")
    repair = pane.platforms.repair()
    assert repair is not None and repair.tag == "sr-Latn-RS"
    assert pane.platforms.repair_label.text().startswith(
        "Repair: sr-Latn-RS — POSIX locale name (glibc: language_territory.codeset@modifier)"
    )
    assert pane.platforms.repair_label.toolTip() == "the modifier '@latin' names the script Latn"


@pytest.mark.parametrize(
    ("tag", "note"),
    [
        ("es-LA", "Spanish is not among the languages CLDR lists for Laos (LA); Latin America is 419: es-419?"),
        ("vi-VI", "Vietnamese is not among the languages CLDR lists for U.S. Virgin Islands (VI); CLDR's likely "
         "region for it is Vietnam: vi-VN?"),
        ("es-Hant-419", "Spanish is not written in Traditional Han (Hant) in CLDR's likely-subtags data, which "
         "lists Latin."),
    ],
)  # fmt: skip
def test_the_build_pane_shows_plausibility_notes_and_keeps_the_verdict(
    qtbot, engine, tmp_path, tag: str, note: str
) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.core.data import bundled_cldr
    from bcp47_explorer.ui.build import BuildPane

    state = TagState("")
    pane = BuildPane(state, engine, engine.registry, bundled_cldr())
    qtbot.addWidget(pane)
    pane.show()  # the pane loads its language list once shown
    qtbot.waitExposed(pane)
    qtbot.waitUntil(lambda: pane.ready, timeout=20000)
    state.set_tag(tag)
    qtbot.waitUntil(lambda: "Note:" in pane.status_label.text(), timeout=5000)
    text = pane.status_label.text()
    assert text.startswith("<b>✔ valid</b> (RFC 5646 §2.2.9)")
    assert text.endswith(f"Note:</span> {html.escape(note)}")
    assert "no advice" not in text


@pytest.mark.parametrize(
    ("text", "tag"), [("Deutsch", "de"), ("Latin American Spanish", "es-419"), ("Flemish", "nl-BE")]
)
def test_a_name_typed_in_the_editor_is_repaired_once_the_name_index_is_in(qtbot, pane, text: str, tag: str) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, pane, text)
    # The index is built in a worker the first time the text could be a name; the repair is then shown again.
    qtbot.waitUntil(pane.platforms.names_loaded, timeout=60000)
    repair = pane.platforms.repair()
    assert repair is not None and repair.tag == tag
    assert repair.source.startswith("a name: ")
    assert pane.platforms.repair_label.text().startswith(f"Repair: {tag} — a name: ")
    qtbot.mouseClick(pane.platforms.repair_button, Qt.MouseButton.LeftButton)
    assert pane.editor.text() == tag


def test_a_code_typed_in_the_editor_does_not_build_the_name_index(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, pane, "ron-RO")
    assert pane.platforms._loader is None  # codes, platforms' strings and slips need no names
    assert pane.platforms.repair() is not None and pane.platforms.repair().tag == "ro-RO"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "tag", "source"),
    [
        ("de_DE.UTF-8", "de-DE", "POSIX locale name (glibc"),
        ("sr_RS@latin", "sr-Latn-RS", "POSIX locale name (glibc"),
        ("rus_Cyrl", "ru-Cyrl", "CLDR languageAlias"),
        ("values-pt-rBR", "pt-BR", "Android resource qualifier"),
        ("English.lproj", "en", "Apple .lproj folder"),
        ("ron-RO", "ro-RO", None),  # the checker's own "Did you mean" already gives it: no repair row
        ("uk-UK", "uk-UA", None),
    ],
)
def test_the_editor_s_first_fix_is_the_repair(qtbot, pane, text, tag, source) -> None:  # type: ignore[no-untyped-def]
    # The checker's own first fix for 'de_DE.UTF-8' was 'de-DE.UTF-8', still not valid: the repair leads the
    # problems list, is the current row, and "Apply fix" (a click, as a person would) puts its tag in the editor.
    pane.show()
    _type(qtbot, pane, text)
    rows = pane.problems.diagnostics()
    if source is not None:
        assert rows[0].code == "repair", rows
        assert rows[0].message.startswith(f"The repair gives {tag}; source: ") and source in rows[0].message
        assert pane.problems.list.currentIndex().row() == 0
        assert pane.problems.fix_button.text() == f"Use the repair: {tag}"
    else:
        assert all(r.code != "repair" for r in rows)
    button = pane.problems.fix_button
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    pane.flush()
    assert pane.editor.text() == tag
    assert pane.result().valid


def test_a_problem_whose_own_fix_makes_a_valid_tag_stays_first(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.show()
    _type(qtbot, pane, "en_US")  # the checker's own fix ('en-US') is valid: no repair row
    rows = pane.problems.diagnostics()
    assert [r.code for r in rows][:1] != ["repair"] and all(r.code != "repair" for r in rows)
    assert pane.problems.fix_button.text() != "" and "repair" not in pane.problems.fix_button.text()
