"""Issue 25 in the GUI: Qt's tr() reads the gettext catalogue; Arabic lays the window out right to left while
the tag line and the anatomy diagram stay left to right; the language dialog, driven by the keyboard, shows
the match and keeps the choice; and the scaffolding the string-wrapping work uses (a pseudo-translation walk
of every pane, flipped to strict by ALL_PANES_WRAPPED)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from bcp47_explorer.core.data import bundled_supplemental
from bcp47_explorer.core.matching.bestfit import Matcher
from bcp47_explorer.core.text import catalogue
from bcp47_explorer.core.text.catalogue import current_language, set_language
from bcp47_explorer.ui.i18n import (
    LANGUAGE_SETTING,
    CatalogueTranslator,
    install_translations,
    negotiate_ui_language,
    qt_catalogue_name,
)
from bcp47_explorer.ui.language_dialog import LanguageDialog
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QWidget

from tests.ui.i18n_support import english, needs_translation, pseudo_language, untranslated

#: Flip to True when every pane's strings are wrapped (the GUI helpers' work): the walk then must pass.
ALL_PANES_WRAPPED = True


@pytest.fixture(autouse=True)
def _english_qt():  # type: ignore[no-untyped-def]
    yield
    english()


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher(bundled_supplemental())


def _catalogue(root: Path, tag: str, entries: dict[object, object]) -> Path:
    cat = Catalog(locale=tag.replace("-", "_"), domain="bcp47_explorer")
    for msgid, msgstr in entries.items():
        if isinstance(msgid, tuple) and len(msgid) == 2 and isinstance(msgid[0], str) and msgid[0].startswith("@"):
            cat.add(msgid[1], msgstr, context=msgid[0][1:])
        else:
            cat.add(msgid, msgstr)
    path = catalogue.catalogue_path(tag, root=root)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fp:
        write_mo(fp, cat)
    return root


def test_qt_tr_reads_the_gettext_catalogue_with_disambiguation_and_plurals(qtbot, tmp_path) -> None:
    root = _catalogue(
        tmp_path,
        "de",
        {
            "Follow the system": "Dem System folgen",
            ("@menu", "Open"): "Öffnen",
            ("%n file", "%n file"): ("%n Datei", "%n Dateien"),
        },
    )
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert set_language("de", root) == "de"
    translator = CatalogueTranslator(app)
    app.installTranslator(translator)
    try:
        label = QLabel()
        qtbot.addWidget(label)
        label.setText(label.tr("Follow the system"))
        assert label.text() == "Dem System folgen"
        assert QCoreApplication.translate("AnyContext", "Open", "menu") == "Öffnen"
        assert QCoreApplication.translate("AnyContext", "Open") == "Open"  # no entry without the context
        assert QCoreApplication.translate("X", "%n file", "", 3) == "3 Dateien"
        assert QCoreApplication.translate("X", "%n file", "", 1) == "1 Datei"
        assert label.tr("Not in the catalogue") == "Not in the catalogue"
    finally:
        app.removeTranslator(translator)


def test_arabic_lays_the_window_out_right_to_left_but_tags_and_the_diagram_left_to_right(
    qtbot, registry, settings_path
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert install_translations(app, "ar") == "ar"
    assert current_language() == "ar"
    assert app.layoutDirection() == Qt.LayoutDirection.RightToLeft
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    assert win.layoutDirection() == Qt.LayoutDirection.RightToLeft
    from bcp47_explorer.ui.anatomy_pane import AnatomyPane
    from bcp47_explorer.ui.tag_edit import TagLineEdit

    lines = win.findChildren(TagLineEdit)
    assert lines and all(w.layoutDirection() == Qt.LayoutDirection.LeftToRight for w in lines)
    anatomy = AnatomyPane(win.state, _engine(win))
    qtbot.addWidget(anatomy)
    assert anatomy.layoutDirection() == Qt.LayoutDirection.RightToLeft
    assert anatomy.view.layoutDirection() == Qt.LayoutDirection.LeftToRight
    assert install_translations(app, "en") == "en"
    assert app.layoutDirection() == Qt.LayoutDirection.LeftToRight


def _engine(win: MainWindow):  # type: ignore[no-untyped-def]
    from bcp47_explorer.core.data import bundled_engine

    return bundled_engine()


def test_qt_own_translations_are_loaded_for_the_same_language(qtbot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    texts = {}
    for tag in ("de", "zh-Hans", "en"):
        install_translations(app, tag)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        qtbot.addWidget(box)
        texts[tag] = box.buttons()[0].text().replace("&", "")
    assert texts == {"de": "Abbrechen", "zh-Hans": "取消", "en": "Cancel"}


def test_qt_own_catalogue_names() -> None:
    assert [qt_catalogue_name(t) for t in ("de", "fr", "es", "ja", "zh-Hans", "ar")] == [
        "de", "fr", "es", "ja", "zh_CN", "ar",
    ]  # fmt: skip


def test_the_gui_negotiates_from_the_command_line_the_setting_the_environment_and_qt(matcher) -> None:
    assert negotiate_ui_language(matcher, "es-MX", "de", {}, ["fr"]).tag == "es"
    assert negotiate_ui_language(matcher, None, "de-AT", {}, ["fr"]).tag == "de"
    assert negotiate_ui_language(matcher, None, "", {"LANGUAGE": "zh_SG", "LANG": "zh_SG.UTF-8"}, ["fr"]).tag == (
        "zh-Hans"
    )
    assert negotiate_ui_language(matcher, None, "", {}, ["zh-TW", "en-US"]).tag == "en"
    assert negotiate_ui_language(matcher, None, "", {}, ["ar-EG"]).tag == "ar"


def test_the_language_dialog_shows_the_match_and_keeps_the_choice_chosen_with_the_keyboard(
    qtbot, settings_path, matcher
) -> None:
    settings = Settings(settings_path)
    dialog = LanguageDialog(settings, matcher, environ={}, system=["gsw-CH", "en"])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.choice.currentData() == ""  # follows the system
    assert (
        dialog.outcome.text()
        == "The application will be in Deutsch (\u2066de\u2069), the closest to \u2066gsw-CH\u2069."
    )
    assert "gsw-CH (gsw-Latn-CH) vs de (de-Latn-DE)" in dialog.reason.text()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.choice.hasFocus)  # the keyboard starts on the choice
    qtbot.keyClick(dialog.choice, Qt.Key.Key_Down)  # English
    assert dialog.choice.currentData() == "en"
    assert dialog.outcome.text() == "The application will be in English (\u2066en\u2069), as preferred."
    for _ in range(6):  # down to Arabic, the last
        qtbot.keyClick(dialog.choice, Qt.Key.Key_Down)
    assert dialog.choice.currentData() == "ar"
    assert dialog.outcome.text() == "The application will be in العربية (\u2066ar\u2069), as preferred."
    qtbot.keyClick(dialog.choice, Qt.Key.Key_Return)
    assert dialog.result() == LanguageDialog.DialogCode.Accepted
    assert Settings(settings_path).value(LANGUAGE_SETTING) == "ar"


def test_cancel_keeps_the_setting(qtbot, settings_path, matcher) -> None:
    settings = Settings(settings_path)
    settings.set_value(LANGUAGE_SETTING, "ja")
    dialog = LanguageDialog(settings, matcher, environ={}, system=["fr"])
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.choice.currentData() == "ja"
    qtbot.keyClick(dialog.choice, Qt.Key.Key_Up)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.result() == LanguageDialog.DialogCode.Rejected
    assert settings.value(LANGUAGE_SETTING) == "ja"
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel) is not None


def test_the_help_menu_opens_the_language_dialog(qtbot, registry, settings_path) -> None:
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.language_action.trigger()
    dialog = win.findChild(LanguageDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.close()


def test_the_untranslated_text_finder_tells_words_from_codes() -> None:
    assert needs_translation("Open the file")
    assert not needs_translation("⟦Open the file⟧")
    assert not needs_translation("en-Latn-US")
    assert not needs_translation("0–2")
    assert not needs_translation("⟦{count} tags⟧ (RFC)")
    assert needs_translation("⟦Open⟧ the file")
    assert not needs_translation("⟦⟦Open⟧ (Ctrl+O)⟧") and not needs_translation("⟦Zoom in⟧ (Ctrl+=)")
    assert needs_translation("⟦⟦Open⟧ the file⟧ and more")
    assert needs_translation("Light") and needs_translation("Colours:")
    assert not needs_translation("Latn") and not needs_translation("US") and not needs_translation("de")
    assert not needs_translation("9,296") and not needs_translation("en-US, fr-CA")


def test_the_language_dialog_has_no_text_outside_the_catalogue(qtbot, settings_path, matcher) -> None:
    pseudo_language()
    dialog = LanguageDialog(Settings(settings_path), matcher, environ={}, system=["de"])
    qtbot.addWidget(dialog)
    left = [t for t in untranslated(dialog) if "QComboBox" not in t or "item 0" in t]
    # The combo box names each language in itself (autonyms are not translated).
    assert left == [], "\n".join(left)


@pytest.mark.xfail(not ALL_PANES_WRAPPED, reason="the GUI's strings are being wrapped (issue 25)", strict=False)
def test_every_pane_shows_only_text_that_went_through_the_catalogue(qtbot, registry, settings_path) -> None:
    pseudo_language()
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    for i in range(win.tabs.count()):
        win.tabs.setCurrentIndex(i)
    win.make_all_panes()  # and the Build pane's -u- and -t- steps (made on their first visit)
    left = untranslated(win)  # the menus are children of the window: their titles and actions are walked too
    assert left == [], f"{len(left)} texts not through the catalogue:\n" + "\n".join(left[:200])


#: The dialogs the menus open, each shown the way a person opens it (the window's own commands).
DIALOGS = ("preferences", "registration", "changes", "extensions", "about", "manual")


def _open_dialog(win: MainWindow, which: str, qtbot) -> QWidget:  # type: ignore[no-untyped-def]
    """Open *which* from *win* as its menu entry does; return the dialog."""
    from bcp47_explorer.ui.about import AboutDialog
    from bcp47_explorer.ui.changes import ChangesDialog
    from bcp47_explorer.ui.extensions_view import ExtensionsDialog
    from bcp47_explorer.ui.manual import ManualDialog
    from bcp47_explorer.ui.preferences import PreferencesDialog
    from bcp47_explorer.ui.registration import RegistrationDialog

    files = win.registry_files
    if which == "preferences":
        win.show_preferences()
        kind: type[QWidget] = PreferencesDialog
    elif which == "registration":
        win.register_action.trigger()
        kind = RegistrationDialog
    elif which == "changes":
        files.confirm = lambda _title, _text: True  # the older file: use it anyway
        assert files.open_file(str(OLD_REGISTRY))
        win.changes_action.trigger()
        kind = ChangesDialog
    elif which == "extensions":
        win.extensions_action.trigger()
        kind = ExtensionsDialog
    elif which == "about":
        win.show_about()
        kind = AboutDialog
    else:
        win.show_manual()
        kind = ManualDialog
    found = [w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()]
    assert found, f"{which}: no {kind.__name__} shown"
    return found[-1]


OLD_REGISTRY = Path(__file__).parent.parent / "data" / "language-subtag-registry-2021-08-06.txt"


@pytest.mark.xfail(not ALL_PANES_WRAPPED, reason="the GUI's strings are being wrapped (issue 25)", strict=False)
@pytest.mark.parametrize("which", DIALOGS)
def test_every_dialog_shows_only_text_that_went_through_the_catalogue(qtbot, registry, settings_path, which) -> None:
    pseudo_language()
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    dialog = _open_dialog(win, which, qtbot)
    try:
        # The names' language box names each language in itself (autonyms are not translated); its first item is.
        left = [t for t in untranslated(dialog) if "Display language of names⟧ item" not in t or "item 0:" in t]
    finally:
        dialog.close()
    assert left == [], f"{which}: {len(left)} texts not through the catalogue:\n" + "\n".join(left[:200])
